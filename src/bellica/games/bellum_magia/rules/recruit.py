"""Recruiting: paying for a face-up creature, sliding it under a side, refilling its place."""

from __future__ import annotations

from dataclasses import dataclass

from bellica.core import Action
from bellica.core.stack import Count, Decision, Side
from bellica.games.bellum_magia.rules import TASKS
from bellica.games.bellum_magia.rules.hordes import slide
from bellica.games.bellum_magia.rules.stock import pay
from bellica.games.bellum_magia.state import FOOD, GLYPH, MagiaState

# What a recruit costs: (food, glyphs) by rank and way of paying (False: with food).
COSTS = {
    ("evil", False): (2, 0),
    ("most_evil", False): (4, 1),
    ("most_evil", True): (0, 3),
}


def offered(state: MagiaState) -> list[tuple[int, list[int], list[int]]]:
    """The face-up creatures as (uid, its row, its pile), Evil first, slot by slot."""
    out = []
    for row, piles in (
        (state.evil_row, state.evil_pile),
        (state.most_evil_row, state.most_evil_pile),
    ):
        for slot in range(2):
            if row[slot]:
                out.append((row[slot][0], row[slot], piles[slot]))
    return out


def ways_to_pay(state: MagiaState, lord: int, uid: int) -> list[bool]:
    """How `lord` can pay for creature `uid` (False: with food, True: with 3 glyphs)."""
    rank = state.game.rank[uid]
    food, glyph = state.held[lord][FOOD], state.held[lord][GLYPH]
    return [
        glyphs
        for glyphs in (False, True)
        if (rank, glyphs) in COSTS
        and food >= COSTS[rank, glyphs][0]
        and glyph >= COSTS[rank, glyphs][1]
    ]


@TASKS.kind("recruit")
@dataclass(frozen=True, slots=True)
class Recruit(Decision):
    """`side` recruits a face-up creature for the left or the right (any number, one at a
    time: `recruited` so far), or stops; a lord who can pay for none is not asked."""

    side: Side
    recruited: Count

    def choices(self, state: MagiaState) -> list[Action]:
        recruit = state.game.actions.recruit
        side = self.side
        out = [
            recruit(uid, right, glyphs)
            for uid, _, _ in offered(state)
            for glyphs in ways_to_pay(state, side, uid)
            for right in (False, True)
        ]
        return [*out, state.game.actions.plain("done")] if out else []

    def choose(self, state: MagiaState, action: Action) -> None:
        if action.kind == "done":
            return
        side = self.side
        uid = state.game.actions.uid(action)
        glyphs = action.kind.endswith("_glyphs")
        food, glyph = COSTS[state.game.rank[uid], glyphs]
        pay(state, side, FOOD, food)
        pay(state, side, GLYPH, glyph)
        state.caused.append(("recruit", side, uid, food, glyph))
        slot = next((row, pile) for card, row, pile in offered(state) if card == uid)
        slot[0].remove(uid)
        slide(state, side, uid, action.kind.startswith("recruit_right"))
        refill_row(state, *slot, state.game.rank[uid])
        state.stack.append(Recruit(side, self.recruited + 1))


def refill_row(state: MagiaState, row: list[int], pile: list[int], rank: str) -> None:
    """Turn the next creature of the slot's pile face up (from the rank's other pile when its
    own is out; none when both are)."""
    if not pile:
        piles = state.evil_pile if rank == "evil" else state.most_evil_pile
        pile = next((p for p in piles if p), pile)
    if pile:
        uid = pile.pop()
        row.append(uid)
        state.caused.append(("face_up", uid))
