"""The position notation: the rulebook's letter board (O open, B base, K, A, P, F) plus headers.

Upper case is the attacker (red), lower case the defender (blue); H is a headquarters; a `+`
after a pikeman marks it entrenched, a `*` after a base marks it captured (it started on the
other side). Header lines (`key: value`) hold the rest of the state; all are optional.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bellica.core import InvalidPosition
from bellica.games.imperio_bellum.board import (
    AHEAD2,
    ATTACKER,
    DEFENDER,
    FILES,
    NEIGHBOURS,
    SIDE_NAMES,
    SIZE,
    SQUARE_NAMES,
    ZONES,
    name,
    parse_square,
)
from bellica.games.imperio_bellum.data import (
    MAX_KNIGHTS,
    MAX_KNIGHTS_ON_BOARD,
    MAX_PIECES,
    MAX_RESERVES,
)
from bellica.games.imperio_bellum.pieces import (
    ACTED,
    BASE,
    CAPTURED,
    ENTRENCHED,
    HEADQUARTERS,
    KIND_BY_LETTER,
    KNIGHT,
    LETTERS,
    MOVED,
    PIKEMAN,
    UNIT_KINDS,
)
from bellica.games.imperio_bellum.rules import endgame, turn
from bellica.games.imperio_bellum.rules.phases import (
    ALTERATIONS,
    ATTACKER_BASES,
    ATTACKER_PIECES,
    ATTACKER_RESERVES,
    DEFENDER_BASES,
    DEFENDER_PIECES,
    DEFENDER_RESERVES,
    OVER,
    PHASE_NAMES,
    PLAY,
)
from bellica.games.imperio_bellum.rules.setup import ALTERATIONS_ALLOWED
from bellica.games.imperio_bellum.rules.turn import KNIGHT_ACTIONS

if TYPE_CHECKING:
    from bellica.games.imperio_bellum.game import ImperioBellum
    from bellica.games.imperio_bellum.state import ImperioBellumState

HEADER = "imperio-bellum"
N = SIZE * SIZE
MAX_ROUND = 999_999  # when the house turn limit is off
# The side that decides in each setup phase.
SETUP_SIDE = {
    DEFENDER_BASES: DEFENDER,
    DEFENDER_PIECES: DEFENDER,
    DEFENDER_RESERVES: DEFENDER,
    ATTACKER_BASES: ATTACKER,
    ATTACKER_PIECES: ATTACKER,
    ATTACKER_RESERVES: ATTACKER,
    ALTERATIONS: DEFENDER,
}


def _token(p: int, f: int) -> str:
    letter = LETTERS[p & 7]
    if p >> 3 == DEFENDER:
        letter = letter.lower()
    if f & ENTRENCHED:
        letter += "+"
    if f & CAPTURED:
        letter += "*"
    return letter


# A square of the board line as written: its token padded to two columns ("O " when open),
# worked out once per piece and marks.
_CELLS: dict[tuple[int, int], str] = {}


def _cell(p: int, f: int) -> str:
    key = (p, f & (ENTRENCHED | CAPTURED))
    cell = _CELLS.get(key)
    if cell is None:
        cell = _CELLS[key] = f"{_token(p, f) if p else 'O':<2}"
    return cell


def _reserves(counts: list[int]) -> str:
    return " ".join(f"{LETTERS[k]}{counts[k - 1]}" for k in UNIT_KINDS)


def _squares(st: ImperioBellumState, mask: int) -> str:
    flags = st.flags
    return " ".join([SQUARE_NAMES[sq] for sq, p in enumerate(st.board) if p and flags[sq] & mask])


def write_position(st: ImperioBellumState) -> str:
    lines = [
        HEADER,
        f"phase: {PHASE_NAMES[st.phase]}",
        f"round: {st.round}",
        f"to-move: {SIDE_NAMES[st.side]}",
        f"attacker-seat: {st.attacker_seat}",
        f"reinforcements: attacker {_reserves(st.reserves[ATTACKER])}; "
        f"defender {_reserves(st.reserves[DEFENDER])}",
        f"start: attacker {st.initial_units[ATTACKER]} {st.initial_reserves[ATTACKER]}; "
        f"defender {st.initial_units[DEFENDER]} {st.initial_reserves[DEFENDER]}",
        "headquarters-lost: "
        + (" ".join(SIDE_NAMES[s] for s in (0, 1) if st.hq_lost[s]) or "none"),
        f"alterations-left: {st.alterations}",
    ]
    if st.spawn_queue:
        lines.append("spawning: " + " ".join(name(sq) for sq in st.spawn_queue))
    acted = _squares(st, ACTED)
    if acted:
        lines.append(f"acted: {acted}")
    moved = _squares(st, MOVED)
    if moved:
        lines.append(f"moved: {moved}")
    if st.selected >= 0:
        lines.append(
            f"selected: {name(st.selected)} actions {st.knight_actions} tiles {st.knight_charge}"
        )
    if st.pending:
        lines.append(f"base-won: {name(st.pending[0])} by {name(st.pending[1])}")
    if st.phase == OVER:
        lines.append(f"result: {SIDE_NAMES[st.winner]} | {st.end_reason}")
    lines.append("board:")
    board, flags = st.board, st.flags
    for rank in range(SIZE - 1, -1, -1):
        start = rank * SIZE
        row = " ".join(map(_cell, board[start : start + SIZE], flags[start : start + SIZE]))
        lines.append(f"{rank + 1} {row.rstrip()}")
    lines.append("  " + "  ".join(FILES))
    return "\n".join(lines) + "\n"


def _fail(message: str) -> InvalidPosition:
    return InvalidPosition(f"bad Imperio Bellum position: {message}")


def _show(text: str) -> str:
    """`text` quoted for an error message, cut short if it is long."""
    return repr(text) if len(text) <= 24 else f"{text[:20]!r}… ({len(text)} characters)"


def _side(text: str) -> int:
    text = text.strip().lower()
    if text not in SIDE_NAMES:
        raise _fail(f"{_show(text)} is not a side (attacker or defender)")
    return SIDE_NAMES.index(text)


def _parse_square(text: str) -> int:
    try:
        return parse_square(text)
    except ValueError:
        raise _fail(f"{_show(text)} is not a square (a1 … i9)") from None


def _parse_squares(text: str, what: str) -> list[int]:
    squares = [_parse_square(t) for t in text.split()]
    if len(set(squares)) != len(squares):
        raise _fail(f"{what} names a square twice")
    return squares


def _parse_int(text: str, what: str, high: int) -> int:
    """A whole number from 0 to `high`, written in plain digits."""
    if re.fullmatch(r"-[0-9]+", text):
        raise _fail(f"{what} cannot be negative ({_show(text)})")
    if not re.fullmatch(r"[0-9]+", text):
        raise _fail(f"{what} must be a number, not {_show(text)}")
    if len(text) > len(str(high)) or int(text) > high:
        raise _fail(f"{what} is at most {high}, not {_show(text)}")
    return int(text)


def read_position(game: ImperioBellum, text: str) -> ImperioBellumState:
    """Parse a position; raises InvalidPosition saying which line is wrong and why.

    Whatever it accepts is a state the rules could have reached: the board, the counters and
    the headers agree with each other and with the phase, so the state plays on to the end.
    """
    from bellica.games.imperio_bellum.state import ImperioBellumState

    if not isinstance(text, str):
        raise _fail("a position is text")
    st = ImperioBellumState(game, 0)
    headers: dict[str, str] = {}
    ranks: dict[int, list[str]] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or line == HEADER or line == "board:":
            continue
        if line[0] in "0123456789" and len(line) > 1 and line[1] == " ":
            rank = int(line[0])
            if not 1 <= rank <= SIZE or rank in ranks:
                raise _fail(f"rank {line[0]} is out of range or given twice")
            ranks[rank] = line[2:].split()
            continue
        if ":" in line:
            key, _, value = line.partition(":")
            key = key.strip().lower()
            if key in headers:
                raise _fail(f"the header {_show(key)} is given twice")
            headers[key] = value.strip()
            continue
        if line.replace(" ", "") == FILES:
            continue
        raise _fail(f"cannot read the line {_show(raw)}")
    if sorted(ranks) != list(range(1, SIZE + 1)):
        missing = [r for r in range(1, SIZE + 1) if r not in ranks]
        raise _fail(f"the board needs ranks 1 to 9; missing {missing}")
    for rank, tokens in ranks.items():
        if len(tokens) != SIZE:
            raise _fail(f"rank {rank} has {len(tokens)} squares, not 9")
        for f, token in enumerate(tokens):
            _place_token(st, (rank - 1) * SIZE + f, token)
    _read_headers(st, headers)
    if st.phase < PLAY:
        _check_setup(st)
    else:
        _check_play(st, hq_lost_given="headquarters-lost" in headers)
    return st


def _place_token(st: ImperioBellumState, sq: int, token: str) -> None:
    if token in ("O", "o", ".", "-"):
        return
    kind = KIND_BY_LETTER.get(token[0].upper())
    if kind is None or len(token) > 2 or token[1:] not in ("", "+", "*"):
        raise _fail(f"{_show(token)} on {name(sq)} is not a piece (H B K A P F, O for open)")
    side = ATTACKER if token[0].isupper() else DEFENDER
    flags = 0
    if token[1:] == "+":
        if kind != PIKEMAN:
            raise _fail(f"only pikemen entrench ({token!r} on {name(sq)})")
        flags |= ENTRENCHED
    if token[1:] == "*":
        if kind < BASE:
            raise _fail(f"only bases are captured ({token!r} on {name(sq)})")
        flags |= CAPTURED
    st.board[sq] = side * 8 + kind
    st.flags[sq] = flags
    if kind >= BASE:
        st.bases[side] += 1
    else:
        st.units[side] += 1


KNOWN = (
    "phase",
    "round",
    "to-move",
    "attacker-seat",
    "reinforcements",
    "start",
    "headquarters-lost",
    "alterations-left",
    "spawning",
    "acted",
    "moved",
    "selected",
    "base-won",
    "result",
)
PLAY_ONLY = ("spawning", "acted", "moved", "selected", "base-won")


def _read_headers(st: ImperioBellumState, h: dict[str, str]) -> None:
    unknown = sorted(set(h) - set(KNOWN))
    if unknown:
        raise _fail(f"unknown header {_show(unknown[0])}; known: {', '.join(sorted(KNOWN))}")
    _read_phase(st, h)
    setup = st.phase < PLAY
    if setup:
        for key in PLAY_ONLY:
            if key in h:
                raise _fail(f"{key} has no place before play begins (phase {h['phase']})")
    limit = st.game.turn_limit
    # A game the turn limit ended stands in round limit + 1.
    most = limit + (st.phase == OVER) if limit and not setup else MAX_ROUND
    st.round = _parse_int(h.get("round", "0" if setup else "1"), "round", most)
    if setup and st.round:
        raise _fail("the round is 0 until play begins")
    if not setup and st.round < 1:
        raise _fail("play begins in round 1")
    seat = h.get("attacker-seat", "0")
    if seat not in ("0", "1"):
        raise _fail("attacker-seat must be 0 or 1")
    st.attacker_seat = int(seat)
    if "reinforcements" in h:
        _read_reinforcements(st, h["reinforcements"])
    st.initial_units = [0, 0] if setup else st.units[:]
    st.initial_reserves = [0, 0] if setup else [sum(st.reserves[0]), sum(st.reserves[1])]
    if "start" in h:
        _read_start(st, h["start"])
    lost = h.get("headquarters-lost", "none").lower().split()
    if lost != ["none"] and (
        not lost or len(set(lost)) != len(lost) or not set(lost) <= set(SIDE_NAMES)
    ):
        raise _fail("headquarters-lost lists attacker, defender, both or none")
    st.hq_lost = [SIDE_NAMES[s] in lost for s in (0, 1)]
    st.alterations = _parse_int(
        h.get("alterations-left", "0" if not setup else str(ALTERATIONS_ALLOWED)),
        "alterations-left",
        ALTERATIONS_ALLOWED,
    )
    st.spawn_queue = _parse_squares(h.get("spawning", ""), "spawning")
    for key, mark in (("acted", ACTED), ("moved", MOVED)):
        for sq in _parse_squares(h.get(key, ""), key):
            if not st.board[sq]:
                raise _fail(f"{key} names {name(sq)}, an open square")
            st.flags[sq] |= mark
    if "selected" in h:
        _read_selected(st, h["selected"])
    if "base-won" in h:
        words = h["base-won"].split()
        if len(words) != 3 or words[1] != "by":
            raise _fail("base-won looks like 'e9 by e8'")
        st.pending = (_parse_square(words[0]), _parse_square(words[2]))
    if "result" in h:
        side_text, _, reason = h["result"].partition("|")
        st.winner = _side(side_text)
        st.end_reason = reason.strip()


def _read_phase(st: ImperioBellumState, h: dict[str, str]) -> None:
    """The phase, and the side to move (which the phase fixes during setup)."""
    phase = h.get("phase", "over" if "result" in h else "play")
    if phase not in PHASE_NAMES:
        raise _fail(f"unknown phase {_show(phase)}; phases: {', '.join(PHASE_NAMES)}")
    st.phase = PHASE_NAMES.index(phase)
    if st.phase == OVER and "result" not in h:
        raise _fail("a finished game needs a result line ('result: attacker | reason')")
    if "result" in h and st.phase != OVER:
        raise _fail(f"a result belongs to a finished game (phase over), not to phase {phase}")
    fixed = SETUP_SIDE.get(st.phase)
    st.side = _side(h.get("to-move", SIDE_NAMES[fixed if fixed is not None else ATTACKER]))
    if fixed is not None and st.side != fixed:
        raise _fail(f"in phase {phase} the {SIDE_NAMES[fixed]} is to move")


def _read_reinforcements(st: ImperioBellumState, text: str) -> None:
    given: set[int] = set()
    for part in text.split(";"):
        words = part.split()
        if not words:
            continue
        side = _side(words[0])
        if side in given:
            raise _fail(f"reinforcements names the {SIDE_NAMES[side]} twice")
        given.add(side)
        counts = [0, 0, 0, 0]
        kinds: set[int] = set()
        for word in words[1:]:
            kind = KIND_BY_LETTER.get(word[:1].upper())
            if kind not in UNIT_KINDS:
                raise _fail(f"{_show(word)} is not a reinforcement count like K6")
            if kind in kinds:
                raise _fail(f"reinforcements counts {LETTERS[kind]} twice for one side")
            kinds.add(kind)
            counts[kind - 1] = _parse_int(word[1:], "a reinforcement count", MAX_RESERVES)
        if sum(counts) > MAX_RESERVES or counts[KNIGHT - 1] > MAX_KNIGHTS:
            raise _fail(
                f"the {SIDE_NAMES[side]} has more than {MAX_RESERVES} reinforcements or more "
                f"than {MAX_KNIGHTS} knights among them"
            )
        st.reserves[side] = counts


def _read_start(st: ImperioBellumState, text: str) -> None:
    given: set[int] = set()
    for part in text.split(";"):
        words = part.split()
        if len(words) != 3:
            raise _fail("start looks like 'attacker 15 50; defender 15 50'")
        side = _side(words[0])
        if side in given:
            raise _fail(f"start names the {SIDE_NAMES[side]} twice")
        given.add(side)
        st.initial_units[side] = _parse_int(words[1], "start units", SIZE * SIZE)
        st.initial_reserves[side] = _parse_int(words[2], "start reinforcements", MAX_RESERVES)


def _read_selected(st: ImperioBellumState, text: str) -> None:
    """`e5` or `e5 actions 3 tiles 2`: the piece acting now; a knight's actions left and the
    tiles it ran since its last attack."""
    match = re.fullmatch(r"(\S+)(?: actions (\S+))?(?: tiles (\S+))?", text)
    if not match:
        raise _fail("selected looks like 'c3' or 'c3 actions 3 tiles 2'")
    sq = _parse_square(match[1])
    p = st.board[sq]
    if not p or p >> 3 != st.side:
        raise _fail(f"the selected square {name(sq)} holds no piece of the side to move")
    st.selected = sq
    knight = p & 7 == KNIGHT
    actions = match[2] or ("5" if knight else "0")
    tiles = match[3] or "0"
    st.knight_actions = _parse_int(actions, "actions", KNIGHT_ACTIONS)
    st.knight_charge = _parse_int(tiles, "tiles", KNIGHT_ACTIONS)
    if not knight and (st.knight_actions or st.knight_charge):
        raise _fail("only a knight has actions and tiles ('selected: c3 actions 0 tiles 0')")
    if knight and st.knight_charge > KNIGHT_ACTIONS - st.knight_actions:
        raise _fail("a selected knight has run no more tiles than the actions it spent")


# -- consistency ---------------------------------------------------------------------------
def _originals(st: ImperioBellumState, side: int) -> tuple[int, int]:
    """How many headquarters and bases on the board began on `side`, whoever holds them."""
    hq = bases = 0
    for sq, p in enumerate(st.board):
        if p & 7 >= BASE and (p >> 3 == side) != bool(st.flags[sq] & CAPTURED):
            if p & 7 == HEADQUARTERS:
                hq += 1
            else:
                bases += 1
    return hq, bases


def _knights(st: ImperioBellumState, side: int) -> int:
    return st.board.count(side * 8 + KNIGHT)


def _check_setup(st: ImperioBellumState) -> None:
    """Before play each side's zone holds only its own army, as far as setup has come."""
    phase = st.phase
    expected = ALTERATIONS_ALLOWED if phase != ALTERATIONS else None
    if expected is not None and st.alterations != expected:
        raise _fail(f"alterations-left is {expected} until the alterations begin")
    if phase == ALTERATIONS and not st.alterations:
        raise _fail("the alterations are over once none is left (alterations-left 1 to 4)")
    if st.hq_lost != [False, False]:
        raise _fail("no headquarters is lost before play begins")
    if st.initial_units != [0, 0] or st.initial_reserves != [0, 0]:
        raise _fail("start is counted when play begins: 'attacker 0 0; defender 0 0' before")
    for sq, p in enumerate(st.board):
        if p and sq not in ZONES[p >> 3]:
            raise _fail(
                f"before play a piece stands only in its own side's zone, not on {name(sq)}"
            )
        if st.flags[sq]:
            raise _fail(f"before play no piece is entrenched or captured ({name(sq)})")
    for side in (ATTACKER, DEFENDER):
        # 0 nothing yet, 1 placing bases, 2 placing pieces, 3 building the pile, 4 done.
        first = DEFENDER_BASES if side == DEFENDER else ATTACKER_BASES
        stage = 0 if phase < first else min(phase - first + 1, 4)
        who = f"in phase {PHASE_NAMES[phase]} the {SIDE_NAMES[side]}"
        hq, bases = _originals(st, side)
        units = st.units[side]
        if stage == 0 and (hq or bases or units or any(st.reserves[side])):
            raise _fail(f"{who} has not set up anything yet")
        if stage == 1 and (
            units or any(st.reserves[side]) or hq + bases > 2 or hq != (hq + bases > 0)
        ):
            raise _fail(f"{who} places its headquarters first, then up to two bases, nothing else")
        if stage >= 2 and (hq, bases) != (1, 2):
            raise _fail(f"{who} has one headquarters and two bases on the board")
        if stage == 2 and (units >= MAX_PIECES or any(st.reserves[side])):
            raise _fail(f"{who} is placing pieces: fewer than {MAX_PIECES}, no reinforcements yet")
        if stage >= 3 and not 1 <= units <= MAX_PIECES:
            raise _fail(f"{who} has 1 to {MAX_PIECES} pieces on the board")
        knights = _knights(st, side)
        if knights > MAX_KNIGHTS_ON_BOARD or knights + st.reserves[side][KNIGHT - 1] > MAX_KNIGHTS:
            raise _fail(
                f"{who} has more than {MAX_KNIGHTS_ON_BOARD} knights on the board or more than "
                f"{MAX_KNIGHTS} in its army"
            )


def _check_play(st: ImperioBellumState, hq_lost_given: bool) -> None:
    """In play the counters, marks and pending decisions agree with the board and each other.
    A side that does not hold its own headquarters has lost it, as headquarters-lost must say
    when it is given."""
    board, flags = st.board, st.flags
    over = st.phase == OVER
    if st.alterations:
        raise _fail("alterations-left is 0 once play has begun")
    for side in (ATTACKER, DEFENDER):
        hq, bases = _originals(st, side)
        if hq > 1 or bases > 2:
            raise _fail(
                f"the {SIDE_NAMES[side]} began with one headquarters and two bases, not {hq} "
                f"and {bases}"
            )
        if sum(st.reserves[side]) > st.initial_reserves[side]:
            raise _fail(
                f"the {SIDE_NAMES[side]} has more reinforcements than it started with "
                "(start: units and reinforcements at the start)"
            )
        if not endgame.holds_headquarters(st, side):
            if hq_lost_given and not st.hq_lost[side]:
                raise _fail(
                    f"the {SIDE_NAMES[side]} does not hold its headquarters, so it has lost it "
                    "(headquarters-lost)"
                )
            st.hq_lost[side] = True
        if not over and not (st.units[side] and st.bases[side]):
            raise _fail(
                f"the {SIDE_NAMES[side]} has no fighting piece or no base, so the game is over: "
                "write phase over and the result"
            )
    for sq in range(N):
        f = flags[sq]
        if f & MOVED and not f & ACTED:
            raise _fail(f"the piece on {name(sq)} moved this turn, so it acted (list it in acted)")
        if f & MOVED and f & ENTRENCHED:
            raise _fail(f"the pikeman on {name(sq)} moved this turn, so it is not entrenched")
        if f & ACTED and not over and board[sq] >> 3 != st.side:
            raise _fail(f"acted names {name(sq)}, but only the side to move acts in a turn")
    if over:
        if st.selected >= 0 or st.pending or st.spawn_queue:
            raise _fail("a finished game has nothing selected, no base won, no spawning")
        return
    if st.spawn_queue:
        _check_spawning(st)
    if st.selected >= 0:
        sq = st.selected
        acted = bool(flags[sq] & ACTED)
        if board[sq] & 7 == KNIGHT:
            if acted != (st.knight_actions < KNIGHT_ACTIONS):
                raise _fail(
                    f"the knight on {name(sq)} has acted if and only if it has spent actions"
                )
            # Its last action may have won a base, still to capture or destroy.
            if not st.knight_actions and not (st.pending and st.pending[1] == sq):
                raise _fail(
                    f"a selected knight has 1 to {KNIGHT_ACTIONS} actions left (none only while "
                    "the base it just beat waits to be taken)"
                )
        elif acted and not (st.pending and st.pending[1] == sq):
            raise _fail(f"the piece on {name(sq)} has acted, so it is not selected any more")
    if st.pending:
        _check_base_won(st)


def _check_spawning(st: ImperioBellumState) -> None:
    queue = st.spawn_queue
    if st.selected >= 0 or st.pending:
        raise _fail("bases spawn at the start of a turn, before any piece is selected")
    allowed = turn.spawning_bases(st, st.side)
    for sq in queue:
        if sq not in allowed:
            raise _fail(
                f"spawning square {name(sq)} holds no base of the side to move that may spawn"
            )
    if queue != sorted(queue):
        raise _fail("spawning lists the bases in square order (a1, b1, … i9)")
    if not turn.can_spawn(st, queue[0]):
        raise _fail(
            f"the base on {name(queue[0])} has no reinforcement or no empty square to spawn"
        )


def _check_base_won(st: ImperioBellumState) -> None:
    assert st.pending is not None
    base, by = st.pending
    board = st.board
    b, p = board[base], board[by]
    side = st.side
    if not b or b & 7 < BASE or b >> 3 == side or not p or p & 7 >= BASE or p >> 3 != side:
        raise _fail("base-won needs an enemy base and an attacking piece of the side to move")
    reach = p & 7 == PIKEMAN and AHEAD2[side][by] == base
    if base not in NEIGHBOURS[by] and not reach:
        raise _fail(f"the piece on {name(by)} cannot have attacked the base on {name(base)}")
    if st.selected != by:
        raise _fail(f"the piece that won the base is the selected one ('selected: {name(by)}')")
    if p & 7 == KNIGHT and st.knight_charge:
        raise _fail("a knight that has just attacked has run no tiles since ('tiles 0')")
