"""Starting a game: bases, pieces and reinforcements for each side, then the four alterations."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bellica.core import Action
from bellica.games.imperio_bellum import actions as act
from bellica.games.imperio_bellum.board import (
    ATTACKER,
    DEFENDER,
    SIDE_NAMES,
    SIZE,
    ZONE_LISTS,
    square,
)
from bellica.games.imperio_bellum.data import (
    MAX_KNIGHTS,
    MAX_KNIGHTS_ON_BOARD,
    MAX_PIECES,
    MAX_RESERVES,
)
from bellica.games.imperio_bellum.pieces import (
    BASE,
    BASE_KINDS,
    HEADQUARTERS,
    KNIGHT,
    UNIT_KINDS,
    is_base,
    kind_of,
    piece,
    side_of,
)
from bellica.games.imperio_bellum.rules import turn
from bellica.games.imperio_bellum.rules.phases import (
    ALTERATIONS,
    ATTACKER_BASES,
    ATTACKER_PIECES,
    ATTACKER_RESERVES,
    DEFENDER_BASES,
    DEFENDER_PIECES,
    DEFENDER_RESERVES,
    PLAY,
)

if TYPE_CHECKING:
    from bellica.games.imperio_bellum.state import ImperioBellumState

ALTERATIONS_ALLOWED = 4
N = 81


def knights_on_board(st: ImperioBellumState, side: int) -> int:
    target = piece(side, KNIGHT)
    return sum(1 for p in st.board if p == target)


def _empty_zone(st: ImperioBellumState, side: int) -> list[int]:
    board = st.board
    return [sq for sq in ZONE_LISTS[side] if not board[sq]]


def _bases_placed(st: ImperioBellumState, side: int) -> tuple[bool, int]:
    """Whether the side's headquarters is down, and how many bases of any kind."""
    hq = False
    count = 0
    for p in st.board:
        if p and side_of(p) == side and is_base(p):
            count += 1
            hq = hq or kind_of(p) == HEADQUARTERS
    return hq, count


def _fits(side_name: str, entry_side: str) -> bool:
    return entry_side in ("any", side_name)


# -- legal actions -------------------------------------------------------------------------
def setup_actions(st: ImperioBellumState) -> list[Action]:
    A = st.game.actions
    phase = st.phase
    side = st.side
    if phase in (DEFENDER_BASES, ATTACKER_BASES):
        hq, _count = _bases_placed(st, side)
        out = []
        if not hq:
            out += [
                A[act.FORMATION + i]
                for i, f in enumerate(st.game.setup_data.formation)
                if _fits(SIDE_NAMES[side], f.side)
            ]
        kind = BASE if hq else HEADQUARTERS
        out += [A[act.PLACE + (kind - 1) * N + sq] for sq in _empty_zone(st, side)]
        return out
    if phase in (DEFENDER_PIECES, ATTACKER_PIECES):
        return _placements(st, side) + ([A[act.READY]] if st.units[side] else [])
    if phase in (DEFENDER_RESERVES, ATTACKER_RESERVES):
        # The pile only grows here (so the phase always ends): a ready-made list while it is
        # still empty, or one piece at a time. Taking pieces out is for the alterations.
        on_board = knights_on_board(st, side)
        out = []
        if not any(st.reserves[side]):
            out = [
                A[act.PRESET + i]
                for i, r in enumerate(st.game.setup_data.reinforcements)
                if _fits(SIDE_NAMES[side], r.side) and on_board + r.knight <= MAX_KNIGHTS
            ]
        out.append(A[act.RESERVES_READY])
        return out + _reserve_changes(st, side, removals=False)
    assert phase == ALTERATIONS
    out = _placements(st, side) + _reserve_changes(st, side)
    board = st.board
    empty = _empty_zone(st, side)
    for sq in ZONE_LISTS[side]:
        p = board[sq]
        if p and side_of(p) == side:
            if not is_base(p) and st.units[side] > 1:
                out.append(A[act.REMOVE + sq])
            out += [A[act.RELOCATE + sq * N + to] for to in empty]
    out.append(A[act.ALTERATIONS_DONE])
    return out


def _placements(st: ImperioBellumState, side: int) -> list[Action]:
    if st.units[side] >= MAX_PIECES:
        return []
    A = st.game.actions
    on_board = knights_on_board(st, side)
    kinds = [
        k
        for k in UNIT_KINDS
        if k != KNIGHT
        or (on_board < MAX_KNIGHTS_ON_BOARD and on_board + st.reserves[side][0] < MAX_KNIGHTS)
    ]
    empty = _empty_zone(st, side)
    return [A[act.PLACE + (k - 1) * N + sq] for k in kinds for sq in empty]


def _reserve_changes(st: ImperioBellumState, side: int, removals: bool = True) -> list[Action]:
    A = st.game.actions
    reserves = st.reserves[side]
    out = []
    if sum(reserves) < MAX_RESERVES:
        knights = knights_on_board(st, side) + reserves[0]
        out += [
            A[act.REINFORCE + k - 1] for k in UNIT_KINDS if k != KNIGHT or knights < MAX_KNIGHTS
        ]
    if removals:
        out += [A[act.UNREINFORCE + k - 1] for k in UNIT_KINDS if reserves[k - 1]]
    return out


# -- applying ------------------------------------------------------------------------------
def apply_setup(st: ImperioBellumState, action: Action) -> None:
    i = action.index
    side = st.side
    phase = st.phase
    if i < act.FORMATION:
        kind, sq = divmod(i - act.PLACE, N)
        place(st, side, kind + 1, sq)
        if phase in (DEFENDER_BASES, ATTACKER_BASES):
            if _bases_placed(st, side)[1] == 3:
                st.phase += 1
        elif phase in (DEFENDER_PIECES, ATTACKER_PIECES) and st.units[side] >= MAX_PIECES:
            st.phase += 1
    elif i < act.READY:
        _deploy_formation(st, side, i - act.FORMATION)
        st.phase += 2  # bases and pieces in one decision
    elif i == act.READY:
        st.phase += 1
    elif i < act.UNREINFORCE:
        st.reserves[side][i - act.REINFORCE] += 1
    elif i < act.PRESET:
        st.reserves[side][i - act.UNREINFORCE] -= 1
    elif i < act.RESERVES_READY:
        st.reserves[side] = st.game.setup_data.reinforcements[i - act.PRESET].counts()
    elif i == act.RESERVES_READY:
        st.phase += 1
    elif i < act.RELOCATE:
        remove(st, i - act.REMOVE)
    elif i < act.ALTERATIONS_DONE:
        frm, to = divmod(i - act.RELOCATE, N)
        st.board[to], st.board[frm] = st.board[frm], 0
        st.flags[to], st.flags[frm] = st.flags[frm], 0
    elif i == act.ALTERATIONS_DONE:
        st.alterations = 0
    if st.phase in (ATTACKER_BASES, ALTERATIONS) and phase != st.phase:
        st.side = ATTACKER if st.phase == ATTACKER_BASES else DEFENDER
    if phase == ALTERATIONS and i != act.ALTERATIONS_DONE:
        st.alterations -= 1
    if st.phase == ALTERATIONS and st.alterations <= 0:
        start_play(st)


def place(st: ImperioBellumState, side: int, kind: int, sq: int) -> None:
    st.board[sq] = piece(side, kind)
    st.flags[sq] = 0
    if kind in BASE_KINDS:
        st.bases[side] += 1
    else:
        st.units[side] += 1


def remove(st: ImperioBellumState, sq: int) -> None:
    p = st.board[sq]
    if is_base(p):
        st.bases[side_of(p)] -= 1
    else:
        st.units[side_of(p)] -= 1
    st.board[sq] = 0
    st.flags[sq] = 0


def _deploy_formation(st: ImperioBellumState, side: int, number: int) -> None:
    formation = st.game.setup_data.formation[number]
    edge = 0 if side == ATTACKER else SIZE - 1
    step = 1 if side == ATTACKER else -1
    for file, depth, kind in formation.squares():
        place(st, side, kind, square(file, edge + step * depth))


def start_play(st: ImperioBellumState) -> None:
    """Setup is over: note the starting forces (for the tiebreakers) and begin turn 1."""
    st.phase = PLAY
    st.initial_units = st.units[:]
    st.initial_reserves = [sum(st.reserves[ATTACKER]), sum(st.reserves[DEFENDER])]
    st.round = 1
    st.side = ATTACKER
    turn.start_turn(st)
