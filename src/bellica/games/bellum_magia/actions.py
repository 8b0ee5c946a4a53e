"""The action space: a block per decision about one piece, then the decisions about none."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bellica.core import Action
from bellica.core.cards import CardActionSpace, CardTable

MAX_CARDS = 300  # pieces per card file (ours holds 156: creatures, Places, castles, chests)

# Decisions about one piece, in index order; each takes MAX_CARDS indices.
CARD_KINDS = (
    ("castle", "Take {} as your castle"),
    ("left", "Slide {} under the left of your castle"),
    ("right", "Slide {} under the right of your castle"),
    ("raid", "Raid {}"),
    ("attack", "Attack the castle {}"),
    ("steal", "Steal {}"),
    ("recruit_left", "Recruit {} for the left"),
    ("recruit_right", "Recruit {} for the right"),
    ("recruit_left_glyphs", "Recruit {} for the left"),
    ("recruit_right_glyphs", "Recruit {} for the right"),
)
# Decisions that name no piece.
PLAIN_KINDS = (
    ("keep", "Let the roll stand"),
    ("barrel", "Buy a round: spend a Barrel to have the die rolled again"),
    ("confusion", "Cast a Confusion spell: roll the die again"),
    ("pass", "Make no attack today"),
    ("done", "Recruit no more today"),
)
SIZE = len(CARD_KINDS) * MAX_CARDS + len(PLAIN_KINDS)
RECRUIT_KINDS = ("recruit_left", "recruit_right", "recruit_left_glyphs", "recruit_right_glyphs")
# What a recruit costs, by the creature's rank and the way of paying.
COST_WORDS = {
    ("evil", False): "2 food",
    ("most_evil", False): "1 glyph and 4 food",
    ("most_evil", True): "3 glyphs",
}


class MagiaActions(CardActionSpace):
    """Card and plain actions as in every card game; a recruit's words say what it costs
    ("Recruit Bog Wraith (061) for the left, paying 3 glyphs")."""

    def __init__(self, table: CardTable[Any], rank: Sequence[str]) -> None:
        super().__init__(table, CARD_KINDS, PLAIN_KINDS, MAX_CARDS)
        self.rank = rank

    def __missing__(self, index: int) -> Action:
        action = super().__missing__(index)
        if action.kind in RECRUIT_KINDS:
            uid = self.uid(action)
            paid = COST_WORDS.get((self.rank[uid], action.kind.endswith("_glyphs")))
            if paid is not None:
                text = f"{action.text}, paying {paid}"
                action = self[index] = Action(action.kind, dict(action.params), index, text)
        return action

    def recruit(self, uid: int, right: bool, glyphs: bool) -> Action:
        """Recruiting creature `uid` for one side, paid with food (and a glyph) or glyphs."""
        kind = "recruit_right" if right else "recruit_left"
        return self.card(f"{kind}_glyphs" if glyphs else kind, uid)
