"""The position notation: the rulebook's letter board (O open, B base, K, A, P, F) plus headers.

Upper case is the attacker (red), lower case the defender (blue); H is a headquarters; a `+`
after a pikeman marks it entrenched, a `*` after a base marks it captured (it started on the
other side). Header lines (`key: value`) hold the rest of the state; all are optional.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bellica.core import InvalidPosition
from bellica.games.imperio_bellum.board import (
    ATTACKER,
    DEFENDER,
    FILES,
    SIDE_NAMES,
    SIZE,
    name,
    parse_square,
)
from bellica.games.imperio_bellum.phases import OVER, PHASE_NAMES, PLAY
from bellica.games.imperio_bellum.pieces import (
    ACTED,
    BASE,
    CAPTURED,
    ENTRENCHED,
    KIND_BY_LETTER,
    KNIGHT,
    LETTERS,
    MOVED,
    PIKEMAN,
    UNIT_KINDS,
)
from bellica.games.imperio_bellum.turn import KNIGHT_ACTIONS

if TYPE_CHECKING:
    from bellica.games.imperio_bellum.game import ImperioBellum
    from bellica.games.imperio_bellum.state import ImperioBellumState

HEADER = "imperio-bellum"


def _token(p: int, f: int) -> str:
    letter = LETTERS[p & 7]
    if p >> 3 == DEFENDER:
        letter = letter.lower()
    if f & ENTRENCHED:
        letter += "+"
    if f & CAPTURED:
        letter += "*"
    return letter


def _reserves(counts: list[int]) -> str:
    return " ".join(f"{LETTERS[k]}{counts[k - 1]}" for k in UNIT_KINDS)


def _squares(st: ImperioBellumState, mask: int) -> str:
    return " ".join(name(sq) for sq in range(81) if st.board[sq] and st.flags[sq] & mask)


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
    for rank in range(SIZE - 1, -1, -1):
        row = [
            _token(st.board[rank * SIZE + f], st.flags[rank * SIZE + f])
            if st.board[rank * SIZE + f]
            else "O"
            for f in range(SIZE)
        ]
        lines.append(f"{rank + 1} " + " ".join(f"{t:<2}" for t in row).rstrip())
    lines.append("  " + "  ".join(FILES))
    return "\n".join(lines) + "\n"


def _fail(message: str) -> InvalidPosition:
    return InvalidPosition(f"bad Imperio Bellum position: {message}")


def _side(text: str) -> int:
    text = text.strip().lower()
    if text not in SIDE_NAMES:
        raise _fail(f"{text!r} is not a side (attacker or defender)")
    return SIDE_NAMES.index(text)


def _parse_squares(text: str) -> list[int]:
    try:
        return [parse_square(t) for t in text.split()]
    except ValueError as err:
        raise _fail(str(err)) from None


def _parse_int(text: str, what: str) -> int:
    """A whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise _fail(f"{what} must be a number, not {text!r}") from None
    if value < 0:
        raise _fail(f"{what} cannot be negative ({text!r})")
    return value


def read_position(game: ImperioBellum, text: str) -> ImperioBellumState:
    """Parse a position; raises InvalidPosition saying which line is wrong and why."""
    from bellica.games.imperio_bellum.state import ImperioBellumState

    if not isinstance(text, str):
        raise _fail("a position is text")
    st = ImperioBellumState(game, 0)
    st.phase = PLAY
    st.round = 1
    st.side = ATTACKER
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
            headers[key.strip().lower()] = value.strip()
            continue
        if line.replace(" ", "") == FILES:
            continue
        raise _fail(f"cannot read the line {raw!r}")
    if sorted(ranks) != list(range(1, SIZE + 1)):
        missing = [r for r in range(1, SIZE + 1) if r not in ranks]
        raise _fail(f"the board needs ranks 1 to 9; missing {missing}")
    for rank, tokens in ranks.items():
        if len(tokens) != SIZE:
            raise _fail(f"rank {rank} has {len(tokens)} squares, not 9")
        for f, token in enumerate(tokens):
            _place_token(st, (rank - 1) * SIZE + f, token)
    _read_headers(st, headers)
    _check(st)
    return st


def _place_token(st: ImperioBellumState, sq: int, token: str) -> None:
    if token in ("O", "o", ".", "-"):
        return
    letter, marks = token[0], token[1:]
    kind = KIND_BY_LETTER.get(letter.upper())
    if kind is None or any(m not in "+*" for m in marks):
        raise _fail(f"{token!r} on {name(sq)} is not a piece (H B K A P F, O for open)")
    side = ATTACKER if letter.isupper() else DEFENDER
    flags = 0
    if "+" in marks:
        if kind != PIKEMAN:
            raise _fail(f"only pikemen entrench ({token!r} on {name(sq)})")
        flags |= ENTRENCHED
    if "*" in marks:
        if kind < BASE:
            raise _fail(f"only bases are captured ({token!r} on {name(sq)})")
        flags |= CAPTURED
    st.board[sq] = side * 8 + kind
    st.flags[sq] = flags
    if kind >= BASE:
        st.bases[side] += 1
    else:
        st.units[side] += 1


def _read_headers(st: ImperioBellumState, h: dict[str, str]) -> None:
    known = {
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
    }
    unknown = sorted(set(h) - known)
    if unknown:
        raise _fail(f"unknown header {unknown[0]!r}; known: {', '.join(sorted(known))}")
    if "phase" in h:
        if h["phase"] not in PHASE_NAMES:
            raise _fail(f"unknown phase {h['phase']!r}; phases: {', '.join(PHASE_NAMES)}")
        st.phase = PHASE_NAMES.index(h["phase"])
    st.round = _parse_int(h.get("round", "1"), "round")
    st.side = _side(h.get("to-move", "attacker"))
    seat = h.get("attacker-seat", "0")
    if seat not in ("0", "1"):
        raise _fail("attacker-seat must be 0 or 1")
    st.attacker_seat = int(seat)
    if "reinforcements" in h:
        for part in h["reinforcements"].split(";"):
            words = part.split()
            if not words:
                continue
            side = _side(words[0])
            counts = [0, 0, 0, 0]
            for word in words[1:]:
                kind = KIND_BY_LETTER.get(word[:1].upper())
                if kind not in UNIT_KINDS:
                    raise _fail(f"{word!r} is not a reinforcement count like K6")
                counts[kind - 1] = _parse_int(word[1:], "a reinforcement count")
            st.reserves[side] = counts
    st.initial_units = st.units[:]
    st.initial_reserves = [sum(st.reserves[0]), sum(st.reserves[1])]
    if "start" in h:
        for part in h["start"].split(";"):
            words = part.split()
            if len(words) != 3:
                raise _fail("start looks like 'attacker 15 50; defender 15 50'")
            side = _side(words[0])
            st.initial_units[side] = _parse_int(words[1], "start units")
            st.initial_reserves[side] = _parse_int(words[2], "start reinforcements")
    lost = h.get("headquarters-lost", "none").lower().split()
    if any(word not in (*SIDE_NAMES, "none") for word in lost):
        raise _fail("headquarters-lost lists attacker, defender, both or none")
    st.hq_lost = [SIDE_NAMES[s] in lost for s in (0, 1)]
    st.alterations = _parse_int(h.get("alterations-left", "4"), "alterations-left")
    st.spawn_queue = _parse_squares(h.get("spawning", ""))
    for key, mark in (("acted", ACTED), ("moved", MOVED)):
        for sq in _parse_squares(h.get(key, "")):
            if not st.board[sq]:
                raise _fail(f"{key} names {name(sq)}, an open square")
            st.flags[sq] |= mark
    if "selected" in h:
        words = h["selected"].split()
        st.selected = _parse_squares(words[0])[0] if words else -1
        fields = dict(zip(words[1::2], words[2::2], strict=False))
        st.knight_actions = _parse_int(fields.get("actions", "5"), "actions")
        st.knight_charge = _parse_int(fields.get("tiles", "0"), "tiles")
        if st.knight_actions > KNIGHT_ACTIONS:
            raise _fail(f"a knight has at most {KNIGHT_ACTIONS} actions")
    if "base-won" in h:
        words = h["base-won"].split()
        if len(words) != 3 or words[1] != "by":
            raise _fail("base-won looks like 'e9 by e8'")
        st.pending = (_parse_squares(words[0])[0], _parse_squares(words[2])[0])
    if "result" in h:
        side_text, _, reason = h["result"].partition("|")
        st.phase = OVER
        st.winner = _side(side_text)
        st.end_reason = reason.strip()


def _check(st: ImperioBellumState) -> None:
    board = st.board
    if st.selected >= 0:
        p = board[st.selected]
        if not p or p >> 3 != st.side:
            raise _fail(
                f"the selected square {name(st.selected)} holds no piece of the side to move"
            )
        if p & 7 != KNIGHT:
            st.knight_actions = 0
    for sq in st.spawn_queue:
        p = board[sq]
        if not p or p & 7 < BASE or p >> 3 != st.side:
            raise _fail(f"spawning square {name(sq)} holds no base of the side to move")
    if st.pending:
        base, by = st.pending
        if (
            not board[base]
            or board[base] & 7 < BASE
            or board[base] >> 3 == st.side
            or not board[by]
            or board[by] & 7 >= BASE
            or board[by] >> 3 != st.side
        ):
            raise _fail("base-won needs an enemy base and an attacking piece of the side to move")
    if st.round < 0 or not 0 <= st.alterations <= 4:
        raise _fail("round must be 0 or more and alterations-left 0 to 4")
    if st.phase == OVER and st.winner < 0:
        raise _fail("a finished game needs a result line ('result: attacker | reason')")
