"""A turn of play: spawning, picking a piece, moving and attacking, bases won, ending the turn."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from bellica.core import Action
from bellica.games.imperio_bellum import actions as act
from bellica.games.imperio_bellum.board import (
    AHEAD2,
    ATTACKER,
    DEFENDER,
    LINES,
    NEIGHBOUR_MASKS,
    NEIGHBOUR_SETS,
    NEIGHBOURS,
    SIZE,
    behind,
    step_toward,
)
from bellica.games.imperio_bellum.pieces import (
    ACTED,
    ARCHER,
    BASE,
    CAPTURED,
    ENTRENCHED,
    FOOTSOLDIER,
    HEADQUARTERS,
    KNIGHT,
    MOVED,
    PIKEMAN,
)
from bellica.games.imperio_bellum.rules import endgame
from bellica.games.imperio_bellum.rules.combat import attack_dice, defence_dice
from bellica.games.imperio_bellum.rules.phases import PLAY

if TYPE_CHECKING:
    from bellica.games.imperio_bellum.state import ImperioBellumState

N = 81
KNIGHT_ACTIONS = 5
RANGE_MIN, RANGE_MAX = 2, 5
MAX_AUTO_END = 4  # turns ended in a row because nobody could act, before asking instead
HOUSE_LIMIT = "decided by the house turn limit"  # how an ending by the turn_limit begins
MELEE, SHOT, SPLASH = 0, 1, 2  # how a combat was fought, as `st.combats` notes it
# A combat as `st.combats` notes it: (from, to, attacker kind, defender kind, attack dice,
# defence dice, attack roll, defence roll, how it was fought, the generator's state before
# the attack dice (the dice faces follow from it), the knight's charge, whether the attacker
# and the defender were entrenched). `view.events` tells it, with every modifier.

# Offsets into the action space (local names for speed).
_SELECT, _MOVE, _ATTACK, _SPAWN, _NO_SPAWN = (
    act.SELECT,
    act.MOVE,
    act.ATTACK,
    act.SPAWN,
    act.NO_SPAWN,
)
_CAPTURE, _DESTROY, _HOLD, _END = act.CAPTURE, act.DESTROY, act.HOLD, act.END_TURN


def _behind2(side: int, sq: int) -> int:
    """The square two behind `sq` for `side`: where a pikeman stands whose reach covers `sq`."""
    r = sq // SIZE - (2 if side == ATTACKER else -2)
    return r * SIZE + sq % SIZE if 0 <= r < SIZE else -1


BEHIND2 = tuple(tuple(_behind2(side, sq) for sq in range(N)) for side in (ATTACKER, DEFENDER))


# -- what can be decided -------------------------------------------------------------------
def play_actions(st: ImperioBellumState) -> list[Action]:
    A = st.game.actions
    if st.pending is not None:
        base = st.pending[0]
        return [A[_CAPTURE + base], A[_DESTROY + base]]
    if st.spawn_queue:
        return spawn_actions(st, st.spawn_queue[0])
    if st.selected >= 0:
        return piece_actions(st, st.selected)
    return selection_actions(st)


def selection_actions(st: ImperioBellumState) -> list[Action]:
    """Every piece of the side to move that has not acted and has something to do."""
    A = st.game.actions
    board, flags = st.board, st.flags
    lo = st.side * 8
    hi = lo + 8
    select = _SELECT - (lo + 1) * N  # + piece * 81 + square
    out = [
        A[select + p * N + sq]
        for sq, p in enumerate(board)
        if lo < p < hi and not flags[sq] & ACTED and can_act(st, sq, p)
    ]
    out.append(A[_END])
    return out


def can_act(st: ImperioBellumState, sq: int, p: int) -> bool:
    board = st.board
    lo = p & 8
    if p & 7 >= BASE:
        return not all(board[n] for n in NEIGHBOURS[sq])
    for n in NEIGHBOURS[sq]:
        q = board[n]
        if not q or (q & 8) != lo:
            return True
    kind = p & 7
    # Boxed in by its own side: only a pikeman's reach or an archer's bow can still act.
    if kind == PIKEMAN:
        t = AHEAD2[lo >> 3][sq]
        return t >= 0 and board[t] != 0 and (board[t] & 8) != lo
    if kind == ARCHER:
        return bool(ranged_targets(st, sq, lo >> 3))
    return False


def piece_actions(st: ImperioBellumState, sq: int) -> list[Action]:
    """The moves and attacks of the selected piece."""
    A = st.game.actions
    board = st.board
    p = board[sq]
    side = p >> 3
    lo = side * 8
    kind = p & 7
    move = _MOVE + (kind - 1) * N * N + sq * N
    attack = _ATTACK + (kind - 1) * N * N + sq * N
    out = []
    if kind >= BASE:
        out = [A[move + n] for n in NEIGHBOURS[sq] if not board[n]]
    elif kind != KNIGHT or st.knight_actions > 0:
        # A step or an attack on a neighbour. Next to an enemy or not, a knight may do
        # either; being next to one only makes an attack without a run-up a point-blank one.
        for n in NEIGHBOURS[sq]:
            q = board[n]
            if not q:
                out.append(A[move + n])
            elif (q & 8) != lo:
                out.append(A[attack + n])
        if kind == ARCHER:
            # Two squares in one straight line, over an empty square: never a bent path.
            for line in LINES[sq]:
                if len(line) > 1 and not board[line[0]] and not board[line[1]]:
                    out.append(A[move + line[1]])
            out += [A[attack + t] for t in ranged_targets(st, sq, side)]
        elif kind == PIKEMAN:
            t = AHEAD2[side][sq]
            if t >= 0 and board[t] and (board[t] & 8) != lo:
                out.append(A[attack + t])
    out.append(A[_HOLD + (kind - 1) * N + sq])
    return out


def ranged_targets(st: ImperioBellumState, sq: int, side: int) -> list[int]:
    """Enemy pieces (not bases) an archer on `sq` can shoot: 2-5 squares along one of the
    eight lines, on a square no enemy footsoldier protects from it."""
    board = st.board
    lo = side * 8
    cover = protected_squares(board, sq)
    out = []
    for line in LINES[sq]:
        for t in line[RANGE_MIN - 1 : RANGE_MAX]:
            q = board[t]
            if q and (q & 8) != lo and (q & 7) < BASE and not cover >> t & 1:
                out.append(t)
    return out


def protected_squares(board: list[int], archer: int) -> int:
    """The squares enemy footsoldiers protect from the archer on `archer`, as a bit mask (bit
    `sq` set for square `sq`): the one rule for the archer's shot and for its splash alike.

    Seen from the archer, a footsoldier's front is its neighbour one king-step toward the
    archer. The footsoldier protects its seven other neighbours, and every square further
    back: a square that the straight line from the archer's centre to its own centre reaches
    only by crossing the footsoldier or one of those seven squares (a line that just touches
    a corner crosses nothing). A footsoldier never protects its own square; another one may.
    """
    enemy_foot = ((board[archer] >> 3) ^ 1) * 8 + FOOTSOLDIER
    mask = 0
    for f, p in enumerate(board):
        if p == enemy_foot:
            mask |= shade(f, archer)
    return mask & ~(1 << archer)


@cache
def shade(foot: int, archer: int) -> int:
    """What one footsoldier on `foot` protects from an archer on `archer` (see
    `protected_squares`), worked out the first time the pair is asked for."""
    through = behind(archer)
    front = step_toward(foot, archer)
    covered = NEIGHBOUR_MASKS[foot] & ~(1 << front)  # the seven
    for square in (foot, *NEIGHBOURS[foot]):  # and every square whose line crosses them
        if square != front:
            covered |= through[square]
    return covered & ~(1 << foot)


def spawn_actions(st: ImperioBellumState, base: int) -> list[Action]:
    A = st.game.actions
    board = st.board
    reserves = st.reserves[st.side]
    empty = [n for n in NEIGHBOURS[base] if not board[n]]
    out = [A[_SPAWN + k * N + n] for k in range(4) if reserves[k] for n in empty]
    out.append(A[_NO_SPAWN + base])
    return out


def can_spawn(st: ImperioBellumState, base: int) -> bool:
    board = st.board
    return any(st.reserves[st.side]) and any(not board[n] for n in NEIGHBOURS[base])


# -- carrying out --------------------------------------------------------------------------
def apply_play(st: ImperioBellumState, action: Action) -> None:
    i = action.index
    st.combats = []
    if _MOVE <= i < _ATTACK:
        kind, rest = divmod(i - _MOVE, N * N)
        frm, to = divmod(rest, N)
        _move(st, kind + 1, frm, to)
    elif _SELECT <= i < _MOVE:
        sq = (i - _SELECT) % N
        st.selected = sq
        st.knight_actions = KNIGHT_ACTIONS if st.board[sq] & 7 == KNIGHT else 0
        st.knight_charge = 0
    elif _ATTACK <= i < _CAPTURE:
        rest = (i - _ATTACK) % (N * N)
        frm, to = divmod(rest, N)
        _attack(st, frm, to)
    elif i == _END:
        end_turn(st)
    elif _HOLD <= i < _END:
        _finish_piece(st, (i - _HOLD) % N)
    elif _SPAWN <= i < _NO_SPAWN:
        kind, sq = divmod(i - _SPAWN, N)
        _spawn(st, kind + 1, sq)
    elif _NO_SPAWN <= i < _SELECT:
        _next_spawn(st)
    else:  # capture or destroy the base just won
        _take_base(st, destroy=i >= _DESTROY)
    if st.phase == PLAY:
        _maybe_end_turn(st)


def _finish_piece(st: ImperioBellumState, sq: int) -> None:
    st.flags[sq] |= ACTED
    st.selected = -1


def _move(st: ImperioBellumState, kind: int, frm: int, to: int) -> None:
    board, flags = st.board, st.flags
    board[to] = board[frm]
    board[frm] = 0
    flags[to] = (flags[frm] & CAPTURED) | ACTED | MOVED
    flags[frm] = 0
    if kind == KNIGHT:
        st.knight_actions -= 1
        st.knight_charge += 1
        st.selected = to
        if st.knight_actions <= 0 or enters_pikeman_zone(board, frm, to, board[to] >> 3):
            st.selected = -1
    else:
        st.selected = -1


def zone_pikemen(board: list[int], sq: int, side: int) -> int:
    """The enemy pikemen whose zone of influence holds `sq` (their eight neighbours and the
    square two ahead of them), as a bit mask of their squares."""
    enemy_pike = (side ^ 1) * 8 + PIKEMAN
    mask = 0
    for n in NEIGHBOURS[sq]:
        if board[n] == enemy_pike:
            mask |= 1 << n
    b = BEHIND2[side ^ 1][sq]
    if b >= 0 and board[b] == enemy_pike:
        mask |= 1 << b
    return mask


def in_pikeman_zone(board: list[int], sq: int, side: int) -> bool:
    """Whether `sq` lies in an enemy pikeman's zone of influence."""
    return zone_pikemen(board, sq, side) != 0


def enters_pikeman_zone(board: list[int], frm: int, to: int, side: int) -> bool:
    """Whether a knight of `side` stepping from `frm` to `to` enters an enemy pikeman's zone:
    `to` is in the zone of a pikeman whose zone does not hold `frm`. Moving on inside the
    zone it already stands in is no entering; stepping into a second pikeman's zone is."""
    return bool(zone_pikemen(board, to, side) & ~zone_pikemen(board, frm, side))


def _attack(st: ImperioBellumState, frm: int, to: int) -> None:
    board, flags, rng = st.board, st.flags, st.rng
    p = board[frm]
    q = board[to]
    kind = p & 7
    target = q & 7
    adjacent = to in NEIGHBOUR_SETS[frm]
    ranged = kind == ARCHER and not adjacent
    charge = 0
    if kind == KNIGHT:
        charge = st.knight_charge
        st.knight_actions -= 1
        st.knight_charge = 0
    flags[frm] |= ACTED
    a_ent, d_ent = bool(flags[frm] & ENTRENCHED), bool(flags[to] & ENTRENCHED)
    a_dice = attack_dice(kind, target, ranged=ranged, charge=charge, entrenched=a_ent)
    d_dice = defence_dice(target, kind, barrage=ranged, adjacent=adjacent, entrenched=d_ent)
    before = rng.state
    a_roll = rng.roll(a_dice)
    d_roll = rng.roll(d_dice)
    fight = (frm, to, kind, target, a_dice, d_dice, a_roll, d_roll)
    if ranged:
        cover = protected_squares(board, frm)  # as the archer aims, before anything falls
        hit = a_roll > d_roll  # a tie spares the target
        st.combats.append((*fight, SHOT, before, charge, a_ent, d_ent))
        if hit:
            _eliminate(st, to)
        _splash(st, frm, to, cover)
        st.selected = -1
        endgame.check(st)
        return
    if target >= BASE:
        won = a_roll > d_roll  # the base wins a tie
        st.combats.append((*fight, MELEE, before, charge, a_ent, d_ent))
        if won:
            st.pending = (to, frm)
        else:
            _eliminate(st, frm)
            st.selected = -1
            endgame.check(st)
        return
    won = a_roll > d_roll
    tie = a_roll == d_roll
    st.combats.append((*fight, MELEE, before, charge, a_ent, d_ent))
    at = frm
    if won:
        _eliminate(st, to)
        if kind != PIKEMAN:
            _advance(st, frm, to)
            at = to
    else:
        _eliminate(st, frm)
        if tie:
            _eliminate(st, to)
    _after_attack(st, frm, at)
    endgame.check(st)


def _after_attack(st: ImperioBellumState, frm: int, sq: int) -> None:
    """The piece that attacked from `frm` and now stands on `sq` is done, unless it is a knight
    with actions left that did not enter a pikeman's zone by stepping into the square it won."""
    board = st.board
    if (
        board[sq] & 7 == KNIGHT
        and st.knight_actions > 0
        and (sq == frm or not enters_pikeman_zone(board, frm, sq, board[sq] >> 3))
    ):
        st.selected = sq
    else:
        st.selected = -1


def _advance(st: ImperioBellumState, frm: int, to: int) -> None:
    """The winner of a melee steps into the square it won."""
    board, flags = st.board, st.flags
    board[to] = board[frm]
    flags[to] = (flags[frm] & ~ENTRENCHED) | MOVED | ACTED
    board[frm] = 0
    flags[frm] = 0


def _splash(st: ImperioBellumState, archer: int, target: int, cover: int) -> None:
    """One die against every piece, friend or foe, on the eight squares around the target,
    except on squares footsoldiers protect from the archer (`cover`, as the shot was aimed)."""
    board, flags, rng = st.board, st.flags, st.rng
    for n in NEIGHBOURS[target]:
        q = board[n]
        if q and q & 7 < BASE and not cover >> n & 1:
            d_ent = bool(flags[n] & ENTRENCHED)
            d_dice = defence_dice(q & 7, ARCHER, barrage=True, adjacent=False, entrenched=d_ent)
            before = rng.state
            a_roll = rng.roll(1)
            d_roll = rng.roll(d_dice)
            hit = a_roll > d_roll
            fight = (archer, n, ARCHER, q & 7, 1, d_dice, a_roll, d_roll)
            st.combats.append((*fight, SPLASH, before, 0, False, d_ent))
            if hit:
                _eliminate(st, n)


def _eliminate(st: ImperioBellumState, sq: int) -> None:
    st.units[st.board[sq] >> 3] -= 1
    st.board[sq] = 0
    st.flags[sq] = 0


def _take_base(st: ImperioBellumState, destroy: bool) -> None:
    """The attacker who beat a base captures it (it changes sides where it stands) or destroys
    it (it leaves the game and the attacker steps into its square, a pikeman even from its
    reach)."""
    assert st.pending is not None
    base, frm = st.pending
    st.pending = None
    board, flags = st.board, st.flags
    b = board[base]
    owner = b >> 3
    original = owner ^ 1 if flags[base] & CAPTURED else owner
    if b & 7 == HEADQUARTERS and owner == original:
        st.hq_lost[original] = True
    st.bases[owner] -= 1
    winner = owner ^ 1
    at = frm
    if destroy:
        board[base] = 0
        flags[base] = 0
        _advance(st, frm, base)
        at = base
    else:
        board[base] = winner * 8 + (b & 7)
        # It joins the captor as a piece that has had its turn: it acts from the next one.
        flags[base] = ACTED | (CAPTURED if winner != original else 0)
        st.bases[winner] += 1
    _after_attack(st, frm, at)
    endgame.check(st)


def _spawn(st: ImperioBellumState, kind: int, sq: int) -> None:
    side = st.side
    st.board[sq] = side * 8 + kind
    st.flags[sq] = ACTED | MOVED  # a piece that arrives this turn does not act until the next
    st.reserves[side][kind - 1] -= 1
    st.units[side] += 1
    _next_spawn(st)


def _next_spawn(st: ImperioBellumState) -> None:
    queue = st.spawn_queue
    queue.pop(0)
    while queue and not can_spawn(st, queue[0]):
        queue.pop(0)


def _maybe_end_turn(st: ImperioBellumState) -> None:
    """A turn ends by itself once the side to move has nothing left to do."""
    for _ in range(MAX_AUTO_END):
        if st.phase != PLAY or st.pending is not None or st.spawn_queue:
            return
        if st.selected >= 0:
            return
        legal = selection_actions(st)
        if len(legal) > 1:
            st.cache_legal(legal)
            return
        end_turn(st)


# -- turns ---------------------------------------------------------------------------------
def end_turn(st: ImperioBellumState) -> None:
    """Entrench the pikemen that stood still, pass the turn, check the turn limit."""
    board, flags = st.board, st.flags
    own_pike = st.side * 8 + PIKEMAN
    for sq in range(N):
        if board[sq] == own_pike and not flags[sq] & MOVED:
            flags[sq] |= ENTRENCHED
    st.selected = -1
    st.side ^= 1
    if st.side == ATTACKER:
        st.round += 1
        limit = st.game.turn_limit
        if limit and st.round > limit:
            endgame.finish_by_tiebreakers(st, f"{HOUSE_LIMIT}: all {limit} rounds were played")
            return
    start_turn(st)


def start_turn(st: ImperioBellumState) -> None:
    """Clear last turn's marks and line up the bases that may spawn."""
    flags = st.flags
    for sq in range(N):
        if flags[sq] & (ACTED | MOVED):
            flags[sq] &= ~(ACTED | MOVED)
    # A base with no empty neighbour cannot spawn this turn; spawning only fills squares, so
    # one that can spawn now may still be passed over later (see `_next_spawn`).
    st.spawn_queue = [b for b in spawning_bases(st, st.side) if can_spawn(st, b)]


def spawning_bases(st: ImperioBellumState, side: int) -> list[int]:
    """The bases `side` controls that may spawn. Bases it captured are useless while one of
    its own bases is held by the enemy."""
    if not any(st.reserves[side]):
        return []
    board, flags = st.board, st.flags
    own: list[int] = []
    captured: list[int] = []
    lost = False
    for sq in range(N):
        p = board[sq]
        if p and p & 7 >= BASE:
            if p >> 3 == side:
                (captured if flags[sq] & CAPTURED else own).append(sq)
            elif flags[sq] & CAPTURED:
                lost = True  # one of our own bases, held by the enemy
    return sorted(own if lost else own + captured)
