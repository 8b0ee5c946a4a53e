"""How an AI judges an Imperio Bellum position: material, bases, reserves and pressure."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from bellica.games.imperio_bellum.board import SIZE
from bellica.games.imperio_bellum.pieces import ARCHER, BASE, FOOTSOLDIER, KNIGHT, PIKEMAN

if TYPE_CHECKING:
    from bellica.games.imperio_bellum.state import ImperioBellumState

PIECE_VALUE = {KNIGHT: 5.0, ARCHER: 4.0, PIKEMAN: 3.0, FOOTSOLDIER: 3.0}
VALUES = (0.0, 5.0, 4.0, 3.0, 3.0, 9.0, 11.0)  # by kind; bases matter most
RESERVE_WEIGHT = 0.4  # a reinforcement is worth less than a piece already fighting
PRESSURE_WEIGHT = 0.35  # per piece, for standing close to an enemy base
SCALE = 25.0


def evaluate(st: ImperioBellumState, seat: int) -> float:
    """A value in [-1, 1] for `seat`: +1 is a won game."""
    if st.is_terminal:
        return 1.0 if st.seat_of(st.winner) == seat else -1.0
    side = st.side_of_seat(seat)
    score = [0.0, 0.0]
    bases: list[list[int]] = [[], []]
    units: list[list[int]] = [[], []]
    for sq, p in enumerate(st.board):
        if p:
            owner = p >> 3
            score[owner] += VALUES[p & 7]
            (bases if p & 7 >= BASE else units)[owner].append(sq)
    for owner in (0, 1):
        score[owner] += RESERVE_WEIGHT * sum(
            v * n for v, n in zip((5.0, 4.0, 3.0, 3.0), st.reserves[owner], strict=True)
        )
        targets = bases[owner ^ 1]
        if targets:
            for sq in units[owner]:
                r, f = divmod(sq, SIZE)
                near = min(
                    max(abs(r - tr), abs(f - tf)) for tr, tf in (divmod(t, SIZE) for t in targets)
                )
                score[owner] += PRESSURE_WEIGHT * (SIZE - 1 - near) / (SIZE - 1)
    if not units[side] or not bases[side]:
        return -1.0
    return math.tanh((score[side] - score[side ^ 1]) / SCALE)
