"""A fast, plausible policy for MCTS rollouts: attack at good odds, shoot, close on the enemy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bellica.core import Action, Rng
from bellica.games.imperio_bellum import actions as act
from bellica.games.imperio_bellum.board import NEIGHBOUR_SETS, SIZE
from bellica.games.imperio_bellum.pieces import ARCHER, BASE, ENTRENCHED, KNIGHT
from bellica.games.imperio_bellum.rules.combat import attack_dice, defence_dice

if TYPE_CHECKING:
    from bellica.games.imperio_bellum.state import ImperioBellumState

N = 81
_NN = N * N


def playout_action(st: ImperioBellumState, rng: Rng) -> Action:
    """One decision of the rollout policy.

    Bases are left where they are, every other piece acts once a turn: it takes the attack
    with the best dice odds if the odds are even or better (archers shoot whenever they can),
    and otherwise steps toward the nearest enemy base. Won bases are captured.
    """
    legal = st.legal_actions()
    if st.pending is not None or len(legal) == 1:
        return legal[0]
    if st.spawn_queue:
        return legal[rng.below(len(legal) - 1)]  # anything but "no spawn"
    if st.selected < 0:
        board = st.board
        units = [a for a in legal[:-1] if board[a.index % N] & 7 < BASE]
        return rng.choice(units) if units else legal[-1]
    return _best_option(st, legal, rng)


def _best_option(st: ImperioBellumState, legal: list[Action], rng: Rng) -> Action:
    board, flags = st.board, st.flags
    sq = st.selected
    p = board[sq]
    kind = p & 7
    side = p >> 3
    r0, f0 = divmod(sq, SIZE)
    enemy_bases = [
        t for t in range(N) if board[t] and board[t] >> 3 != side and board[t] & 7 >= BASE
    ]
    goal = min(enemy_bases, key=lambda t: max(abs(t // SIZE - r0), abs(t % SIZE - f0)), default=-1)
    best: list[Action] = []
    best_score = -99.0
    for action in legal:
        i = action.index
        if act.ATTACK <= i < act.CAPTURE:
            to = (i - act.ATTACK) % N
            target = board[to] & 7
            adjacent = to in NEIGHBOUR_SETS[sq]
            ranged = kind == ARCHER and not adjacent
            charge = st.knight_charge if kind == KNIGHT else 0
            a = attack_dice(
                kind, target, ranged=ranged, charge=charge, entrenched=bool(flags[sq] & ENTRENCHED)
            )
            d = defence_dice(
                target,
                kind,
                barrage=ranged,
                adjacent=adjacent,
                entrenched=bool(flags[to] & ENTRENCHED),
            )
            score = 10.0 + a - d if ranged or a >= d else -5.0 + a - d
        elif act.MOVE <= i < act.ATTACK:
            to = (i - act.MOVE) % _NN % N
            if goal < 0:
                score = 0.0
            else:
                r, f = divmod(to, SIZE)
                score = -float(max(abs(goal // SIZE - r), abs(goal % SIZE - f)))
        else:  # hold: only when nothing else is worth doing
            score = -20.0
        if score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)
