"""The action space: every Bellum decision, its index, its words and its JSON."""

from __future__ import annotations

from typing import Any

from bellica.core import Action, IllegalAction
from bellica.games.bellum.table import CardTable

MAX_CARDS = 200  # uids per configuration (two boxes hold 188)

# Decisions about one card, in index order; each takes MAX_CARDS indices.
CARD_KINDS = (
    ("play", "Play {}"),
    ("buy", "Buy {}"),
    ("pay", "Discard {} to pay"),
    ("target", "Choose {}"),
    ("discard", "Discard {}"),
    ("sacrifice", "Sacrifice {}"),
    ("remove", "Remove {}"),
    ("resolve", "Resolve {}"),
    ("answer", "Answer with {}"),
    ("attack", "Attack with {}"),
    ("block", "Block with {}"),
    ("use", "Use {}"),
    ("decline", "Decline {}"),
    ("flee", "{} flees"),
)
# Decisions that name no card.
PLAIN_KINDS = (
    ("end_rally", "End the Rally phase"),
    ("end_declare", "Done declaring attackers"),
    ("no_block", "Do not block"),
    ("end_deploy", "End the Deployment phase"),
    ("strategy", "Spend a Strategy charge"),
    ("pass", "Do not answer"),
    ("keep", "Keep this hand"),
    ("no_flee", "Nobody flees"),
    ("skip", "Remove nothing"),
    ("draw_0", "Draw no cards"),
    ("draw_1", "Draw 1 card"),
    ("draw_2", "Draw 2 cards"),
    ("draw_3", "Draw 3 cards"),
)
CARD_BASE = {kind: i * MAX_CARDS for i, (kind, _) in enumerate(CARD_KINDS)}
PLAIN_BASE = len(CARD_KINDS) * MAX_CARDS
PLAIN_INDEX = {kind: PLAIN_BASE + i for i, (kind, _) in enumerate(PLAIN_KINDS)}
SIZE = PLAIN_BASE + len(PLAIN_KINDS)
_CARD_TEXT = dict(CARD_KINDS)
_PLAIN_TEXT = dict(PLAIN_KINDS)


class ActionSpace(dict[int, Action]):
    """Builds each action on first use and keeps it, so equal actions are the same object."""

    def __init__(self, table: CardTable) -> None:
        super().__init__()
        self.table = table

    def __missing__(self, index: int) -> Action:
        if not isinstance(index, int) or not 0 <= index < SIZE:
            raise IllegalAction(f"action index must be in 0..{SIZE - 1}, not {index!r}")
        if index >= PLAIN_BASE:
            kind = PLAIN_KINDS[index - PLAIN_BASE][0]
            action = Action(kind, {}, index, _PLAIN_TEXT[kind])
        else:
            group, uid = divmod(index, MAX_CARDS)
            kind = CARD_KINDS[group][0]
            if uid >= self.table.size:
                raise IllegalAction(f"action index {index} names no card of this game")
            token = self.table.token[uid]
            action = Action(
                kind, {"card": token}, index, _CARD_TEXT[kind].format(self.table.label[uid])
            )
        self[index] = action
        return action

    def card(self, kind: str, uid: int) -> Action:
        return self[CARD_BASE[kind] + uid]

    def plain(self, kind: str) -> Action:
        return self[PLAIN_INDEX[kind]]

    def from_json(self, data: Any) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise IllegalAction(f"an action is a JSON object with a kind, not {data!r}")
        kind = data["kind"]
        if kind in PLAIN_INDEX:
            if set(data) != {"kind"}:
                raise IllegalAction(f"{kind} takes no parameters")
            return self.plain(kind)
        if kind not in CARD_BASE:
            known = ", ".join([k for k, _ in CARD_KINDS] + [k for k, _ in PLAIN_KINDS])
            raise IllegalAction(f"unknown action kind {kind!r}; kinds: {known}")
        token = data.get("card")
        if set(data) != {"kind", "card"} or not isinstance(token, str):
            raise IllegalAction(f'{kind} needs exactly one parameter, card (a token like "045")')
        uid = self.table.uid_by_token.get(token)
        if uid is None:
            raise IllegalAction(f"no card {token!r} in this game")
        return self.card(kind, uid)
