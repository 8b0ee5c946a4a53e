"""The action space: every Bellum decision, its index, its words and its JSON."""

from __future__ import annotations

from typing import Any

from bellica.core import Action
from bellica.core.cards import CardActionSpace, CardTable

MAX_CARDS = 200  # uids per configuration (the teams game holds 166)

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
SIZE = len(CARD_KINDS) * MAX_CARDS + len(PLAIN_KINDS)


def action_space(table: CardTable[Any]) -> CardActionSpace:
    return CardActionSpace(table, CARD_KINDS, PLAIN_KINDS, MAX_CARDS)


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
