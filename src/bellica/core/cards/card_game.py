"""A card game: its copies in a `CardTable` and its decisions in a `CardActionSpace`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, ClassVar

from bellica.core.action import Action
from bellica.core.cards.action_space import CardActionSpace
from bellica.core.cards.table import CardTable
from bellica.core.errors import IllegalAction
from bellica.core.game import Game, State


class CardGame(Game):
    """What every card game's configuration answers alike: card tokens and uids (for the
    stack's notation), actions read from JSON and decoded from their index. A subclass sets
    `table` and `actions` in `prepare`."""

    table: CardTable[Any]
    actions: CardActionSpace

    # What the lab's per-card rows read from zones (`core.cards.card_log`); the steps between
    # come from the game's events. `hand_family`: the per-side family that is a side's hand
    # (None: the game has no hand); `in_play_families`: per-side families whose cards are in
    # play (held at the end); `card_pool`: the families whose copies at the start each side
    # may come to hold (an owned family's for its side, a shared one's for every side).
    hand_family: ClassVar[str | None] = "hand"
    in_play_families: ClassVar[tuple[str, ...]] = ()
    card_pool: ClassVar[tuple[str, ...]] = ()

    # Fields a card keeps when `bellica cardvalue` puts another card's contents in its place:
    # the ones the card set's structure hangs on (which stack or colour slot it fills).
    card_slot_fields: ClassVar[tuple[str, ...]] = ()

    def unused_uids(self) -> frozenset[int]:
        """The copies this configuration leaves in the box (say, cards marked for more
        players): no game of it ever deals them, so the lab values only the others."""
        return frozenset()

    def card_file(self) -> Path:
        """The card file this configuration plays with: the designer's, or the game's own
        (data/cards.toml in its package)."""
        if self.cards is not None:
            return Path(self.cards)
        module = sys.modules[type(self).__module__]
        return Path(str(module.__file__)).parent / "data" / "cards.toml"

    def opening_done(self, state: Any) -> bool:
        """Whether the set-up is over, so a side's hand now is its opening hand: by default
        once the first round has begun."""
        return bool(state.rounds and state.rounds >= 1)

    def token(self, uid: int) -> str:
        return self.table.token[uid]

    def uid(self, token: str) -> int | None:
        return self.table.uid_by_token.get(token)

    def action_from_json(self, data: Any) -> Action:
        return self.actions.from_json(data)

    def decode(self, index: int, state: State | None = None) -> Action:
        if isinstance(index, bool) or not isinstance(index, int):
            raise IllegalAction(f"action index must be a whole number, not {type(index).__name__}")
        return self.actions[index]
