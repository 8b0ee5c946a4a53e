"""A card game: its copies in a `CardTable` and its decisions in a `CardActionSpace`."""

from __future__ import annotations

from typing import Any

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
