"""How an AI judges an Imperio Bellum position: material, bases, reserves and pressure."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from bellica.games.imperio_bellum.board import ATTACKER, SIZE, distance
from bellica.games.imperio_bellum.pieces import BASE
from bellica.games.imperio_bellum.rules.phases import ATTACKER_BASES, PLAY

if TYPE_CHECKING:
    from bellica.games.imperio_bellum.state import ImperioBellumState

VALUES = (0.0, 5.0, 4.0, 3.0, 3.0, 9.0, 11.0)  # by kind: knight … footsoldier, base, headquarters
RESERVE_VALUES = (5.0, 4.0, 3.0, 3.0)
RESERVE_WEIGHT = 0.4  # a reinforcement is worth less than a piece already fighting
PRESSURE_WEIGHT = 0.35  # per piece, for standing close to an enemy base
SCALE = 25.0
# While the defender sets up, the attacker has no army yet, and a side without pieces has lost:
# every set-up choice would look the same. Until the attacker places its headquarters its army
# counts as PAR, a full one: the headquarters and two bases (29), a 15-piece formation (about
# 57) and a pile of 50 at RESERVE_WEIGHT (the rulebook's assault reserve, about 69).
PAR = 155.0

# PRESSURE[t][sq]: how close `sq` is to a base on `t`, from 0 (far corner) to PRESSURE_WEIGHT.
PRESSURE = tuple(
    tuple(PRESSURE_WEIGHT * (SIZE - 1 - distance(t, sq)) / (SIZE - 1) for sq in range(81))
    for t in range(81)
)


def balance(st: ImperioBellumState) -> float:
    """The attacker's value minus the defender's, before scaling."""
    score = [0.0, 0.0]
    bases: list[list[int]] = [[], []]
    units: list[list[int]] = [[], []]
    for sq, p in enumerate(st.board):
        if p:
            owner = p >> 3
            score[owner] += VALUES[p & 7]
            (bases if p & 7 >= BASE else units)[owner].append(sq)
    for owner in (0, 1):
        reserves = st.reserves[owner]
        score[owner] += RESERVE_WEIGHT * (
            RESERVE_VALUES[0] * reserves[0]
            + RESERVE_VALUES[1] * reserves[1]
            + RESERVE_VALUES[2] * reserves[2]
            + RESERVE_VALUES[3] * reserves[3]
        )
        rows = [PRESSURE[t] for t in bases[owner ^ 1]]
        if len(rows) == 1:
            row = rows[0]
            score[owner] += sum(row[sq] for sq in units[owner])
        elif rows:
            score[owner] += sum(max(r[sq] for r in rows) for sq in units[owner])
    return score[0] - score[1]


def setup_balance(st: ImperioBellumState) -> float:
    """The attacker's value minus the defender's while the armies are set up: what each has
    placed and piled so far, the attacker's army counted as PAR until it has begun (so the
    defender's last "ready" changes nothing, and the attacker's choices are all weighed
    against its real army)."""
    begun = st.phase > ATTACKER_BASES or bool(st.bases[ATTACKER])
    return balance(st) + (0.0 if begun else PAR)


def evaluate(st: ImperioBellumState, seat: int) -> float:
    """A value in [-1, 1] for `seat`: +1 is a won game."""
    return values(st)[seat]


def values(st: ImperioBellumState) -> list[float]:
    """Both seats' values at once (they are opposites)."""
    if st.is_terminal:
        return [1.0 if st.seat_of(st.winner) == seat else -1.0 for seat in (0, 1)]
    if st.phase < PLAY:
        attacker = math.tanh(setup_balance(st) / SCALE)
        return [attacker, -attacker] if st.attacker_seat == 0 else [-attacker, attacker]
    units, bases = st.units, st.bases
    if not (units[0] and bases[0] and units[1] and bases[1]):
        attacker = -1.0 if not (units[0] and bases[0]) else 1.0
    else:
        attacker = math.tanh(balance(st) / SCALE)
    return [attacker, -attacker] if st.attacker_seat == 0 else [-attacker, attacker]
