"""The card action space: a block of indices per decision kind × card, then plain actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bellica.core.action import Action
from bellica.core.cards.table import CardTable
from bellica.core.errors import IllegalAction
from bellica.core.options import shown


class CardActionSpace(dict[int, Action]):
    """Every decision about one card ("Buy {}", "Block with {}") takes `max_cards` indices, one
    per uid; decisions about no card ("End the Rally phase") follow. Actions are built on first
    use and kept, so equal actions are the same object and the legality check is a scan by
    identity."""

    def __init__(
        self,
        table: CardTable[Any],
        card_kinds: Sequence[tuple[str, str]],
        plain_kinds: Sequence[tuple[str, str]],
        max_cards: int,
    ) -> None:
        super().__init__()
        if table.size > max_cards:
            raise ValueError(f"{table.size} cards do not fit an action space of {max_cards}")
        self.table = table
        self.max_cards = max_cards
        self.card_kinds = tuple(card_kinds)
        self.plain_kinds = tuple(plain_kinds)
        self.card_base = {kind: i * max_cards for i, (kind, _) in enumerate(self.card_kinds)}
        self.plain_base = len(self.card_kinds) * max_cards
        self.plain_index = {kind: self.plain_base + i for i, (kind, _) in enumerate(plain_kinds)}
        self.size = self.plain_base + len(self.plain_kinds)
        self._card_text = dict(self.card_kinds)
        self._plain_text = dict(self.plain_kinds)

    def __missing__(self, index: int) -> Action:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise IllegalAction(f"action index must be in 0..{self.size - 1}, not {shown(index)}")
        if index >= self.plain_base:
            kind = self.plain_kinds[index - self.plain_base][0]
            action = Action(kind, {}, index, self._plain_text[kind])
        else:
            group, uid = divmod(index, self.max_cards)
            kind = self.card_kinds[group][0]
            if uid >= self.table.size:
                raise IllegalAction(f"action index {index} names no card of this game")
            text = self._card_text[kind].format(self.table.label[uid])
            action = Action(kind, {"card": self.table.token[uid]}, index, text)
        self[index] = action
        return action

    def card(self, kind: str, uid: int) -> Action:
        """The action `kind` about card `uid`."""
        return self[self.card_base[kind] + uid]

    def plain(self, kind: str) -> Action:
        return self[self.plain_index[kind]]

    def uid(self, action: Action) -> int:
        """The card an action names (-1 for a plain action)."""
        index = action.index
        return -1 if index >= self.plain_base else index % self.max_cards

    def from_json(self, data: Any) -> Action:
        """The action `action.to_json()` gave; IllegalAction saying what is wrong otherwise."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise IllegalAction(f"an action is a JSON object with a kind, not {shown(data)}")
        kind = data["kind"]
        if kind in self.plain_index:
            if set(data) != {"kind"}:
                raise IllegalAction(f"{kind} takes no parameters")
            return self.plain(kind)
        if kind not in self.card_base:
            kinds = [k for k, _ in self.card_kinds] + [k for k, _ in self.plain_kinds]
            known = ", ".join(kinds[:24]) + (
                f" and {len(kinds) - 24} more" if len(kinds) > 24 else ""
            )
            raise IllegalAction(f"unknown action kind {shown(kind)}; kinds: {known}")
        token = data.get("card")
        if set(data) != {"kind", "card"} or not isinstance(token, str):
            raise IllegalAction(f'{kind} needs exactly one parameter, card (a token like "045")')
        uid = self.table.uid_by_token.get(token)
        if uid is None:
            raise IllegalAction(f"no card {shown(token)} in this game")
        return self.card(kind, uid)


class Worded(dict[tuple[int, str, int], Action]):
    """A card decision in the words of what it concerns ("Block Chimera (013) with Nessus
    (019)"): equal to the plain action (same kind, card and index, so records, JSON and the
    legality check are unchanged), built once per wording and kept."""

    def __init__(self, space: CardActionSpace) -> None:
        super().__init__()
        self.space = space

    def __call__(self, action: Action, template: str, other: int) -> Action:
        """`action` with the text `template`, whose {card} is its card and {other} card
        `other` (-1: none)."""
        key = (action.index, template, other)
        found = self.get(key)
        if found is None:
            label = self.space.table.label
            named = label[other] if other >= 0 else ""
            text = template.format(card=label[self.space.uid(action)], other=named)
            found = self[key] = Action(action.kind, dict(action.params), action.index, text)
        return found
