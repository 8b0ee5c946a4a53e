"""How the game ends: an army wiped out or every base lost, and the seven tiebreakers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bellica.games.imperio_bellum.board import ATTACKER, DEFENDER, SIDE_NAMES
from bellica.games.imperio_bellum.pieces import CAPTURED, HEADQUARTERS
from bellica.games.imperio_bellum.rules.phases import OVER

if TYPE_CHECKING:
    from bellica.games.imperio_bellum.state import ImperioBellumState


def check(st: ImperioBellumState) -> None:
    """After every combat: a side with no non-base piece on the board, or no base under its
    control, has lost (reinforcements off the board do not save it). Both at once: tiebreakers."""
    units, bases = st.units, st.bases
    attacker_lost = not units[ATTACKER] or not bases[ATTACKER]
    defender_lost = not units[DEFENDER] or not bases[DEFENDER]
    if attacker_lost and defender_lost:
        finish_by_tiebreakers(st, "both armies fell at the same moment")
    elif attacker_lost or defender_lost:
        loser = ATTACKER if attacker_lost else DEFENDER
        why = "has no pieces left on the board" if not units[loser] else "has no bases left"
        finish(st, loser ^ 1, f"the {SIDE_NAMES[loser]} {why}")


def finish(st: ImperioBellumState, winner: int, reason: str) -> None:
    st.phase = OVER
    st.winner = winner
    st.end_reason = reason
    st.selected = -1
    st.pending = None
    st.spawn_queue = []


def holds_headquarters(st: ImperioBellumState, side: int) -> bool:
    """Whether `side` controls its own original headquarters."""
    own_hq = side * 8 + HEADQUARTERS
    return any(p == own_hq and not st.flags[sq] & CAPTURED for sq, p in enumerate(st.board))


TIEBREAKERS = (
    "fewer units deployed on the board at the start",
    "fewer reinforcements at the start",
    "more reinforcements still available",
    "more bases",
    "still holds its own headquarters",
    "never lost control of its headquarters",
    "the defender wins when all else is equal",
)


def tiebreak(st: ImperioBellumState) -> tuple[int, int]:
    """(winning side, number of the deciding tiebreaker, 1-7)."""
    reserves = [sum(st.reserves[ATTACKER]), sum(st.reserves[DEFENDER])]
    hq = [holds_headquarters(st, ATTACKER), holds_headquarters(st, DEFENDER)]
    criteria = (
        (-st.initial_units[ATTACKER], -st.initial_units[DEFENDER]),
        (-st.initial_reserves[ATTACKER], -st.initial_reserves[DEFENDER]),
        (reserves[ATTACKER], reserves[DEFENDER]),
        (st.bases[ATTACKER], st.bases[DEFENDER]),
        (hq[ATTACKER], hq[DEFENDER]),
        (not st.hq_lost[ATTACKER], not st.hq_lost[DEFENDER]),
    )
    for number, (attacker, defender) in enumerate(criteria, start=1):
        if attacker != defender:
            return (ATTACKER if attacker > defender else DEFENDER), number
    return DEFENDER, 7


def finish_by_tiebreakers(st: ImperioBellumState, why: str) -> None:
    side, number = tiebreak(st)
    finish(
        st,
        side,
        f"{why}; tiebreaker {number} ({TIEBREAKERS[number - 1]}) goes to the {SIDE_NAMES[side]}",
    )
