"""Decisions that pick one card among several (a blocker, a target, a card to discard)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from bellica.core.action import Action
from bellica.core.stack import Decision


class CardChoice(Decision):
    """`side` picks one of the cards `options` gives: each is the card action `verb` about
    that card in the game's `CardActionSpace` (`state.game.actions`); `extra` adds the ways
    to decline. A pick calls `picked`; anything else calls `declined`."""

    __slots__ = ()
    verb: ClassVar[str] = ""

    def options(self, state: Any) -> Sequence[int]:
        """The cards to pick from, in a fixed order."""
        raise NotImplementedError

    def extra(self, state: Any) -> list[Action]:
        """Actions offered after the cards (declining); none by default."""
        return []

    def picked(self, state: Any, uid: int) -> None:
        """What picking card `uid` does."""
        raise NotImplementedError

    def declined(self, state: Any, action: Action) -> None:
        """What one of the `extra` actions does; nothing by default."""

    def choices(self, state: Any) -> list[Action]:
        card = state.game.actions.card
        verb = self.verb
        out = [card(verb, uid) for uid in self.options(state)]
        extra = self.extra(state)
        return out + extra if extra else out

    def choose(self, state: Any, action: Action) -> None:
        if action.kind == self.verb:
            self.picked(state, state.game.actions.uid(action))
        else:
            self.declined(state, action)
