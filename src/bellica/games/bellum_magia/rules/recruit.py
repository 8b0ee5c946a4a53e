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


@TASKS.kind("recruit")
@dataclass(frozen=True, slots=True)
class Recruit(Decision):
    """`side` recruits a face-up creature for the left or the right (any number, one at a
    time: `recruited` so far), or stops; a lord who can pay for none is not asked."""

    side: Side
    recruited: Count

    def choices(self, state: MagiaState) -> list[Action]:
        game = state.game
        held = state.held[self.side]
        food, glyph = held[FOOD], held[GLYPH]
        out: list[Action] = []
        for row in (*state.evil_row, *state.most_evil_row):
            if row:
                uid = row[0]
                for glyphs, f, g in game.payments[uid]:
                    if food >= f and glyph >= g:
                        out += game.recruit_actions[uid][glyphs]
        if out:
            out.append(game.actions.plain("done"))
        return out

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
        rank = state.game.rank[uid]
        rows, piles = (
            (state.evil_row, state.evil_pile)
            if rank == "evil"
            else (state.most_evil_row, state.most_evil_pile)
        )
        slot = 0 if rows[0] == [uid] else 1
        rows[slot].clear()
        slide(state, side, uid, action.kind.startswith("recruit_right"))
        refill_row(state, rows[slot], piles[slot], rank)
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
