"""The action space: every Bellum decision, its index, its words and its JSON."""

from __future__ import annotations

from typing import Any

from bellica.core.cards import CardActionSpace, CardTable, Worded

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


__all__ = ["CARD_KINDS", "MAX_CARDS", "PLAIN_KINDS", "SIZE", "Worded", "action_space"]
