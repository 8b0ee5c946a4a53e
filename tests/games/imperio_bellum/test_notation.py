"""The position notation: written positions read back identically, and every kind of bad text
is refused with an InvalidPosition that says what is wrong."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from imperio_helpers import CAMPS, do, game, header, load, position_text, texts

import bellica
from bellica.games.imperio_bellum.phases import PHASE_NAMES
from bellica.games.imperio_bellum.state import ImperioBellumState


def round_trip(state: ImperioBellumState) -> ImperioBellumState:
    text = state.position()
    again = game().load_position(text)
    assert again.position() == text
    return again


def playout_positions(seed: int, every: int) -> list[ImperioBellumState]:
    """States along a random game from the first setup decision to the end. The player is
    random but keen: it usually fights when it can and rarely ends a turn early, so that
    games reach captured bases, entrenched pikemen and pending base choices."""
    state = game(attacker="roll", turn_limit=20).new_game(seed)
    chooser = random.Random(seed)
    out = [state.clone()]
    steps = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        fights = [a for a in legal if a.kind in ("attack", "capture", "destroy")]
        rest = [a for a in legal if a.kind != "end_turn"] or legal
        if fights and chooser.random() < 0.6:
            action = chooser.choice(fights)
        elif chooser.random() < 0.03:
            action = legal[-1] if legal[-1].kind == "end_turn" else chooser.choice(legal)
        else:
            action = chooser.choice(rest)
        state.apply(action)
        steps += 1
        if steps % every == 0 or state.is_terminal:
            out.append(state.clone())
    return out


def test_round_trip_of_random_playouts() -> None:
    phases, headers, marks, lost = set(), set(), set(), set()
    for state in [s for seed in range(4) for s in playout_positions(seed, every=3)]:
        again = round_trip(state)
        # The state read back offers the same decisions to the same seat.
        assert again.current_player == state.current_player
        assert texts(again) == texts(state)
        text = state.position()
        phases.add(header(state, "phase"))
        headers |= {line.split(":")[0] for line in text.splitlines() if ":" in line}
        marks |= set(text.split("board:")[1]) & {"+", "*"}
        lost.add(header(state, "headquarters-lost"))
    # The playouts went through every phase and wrote every kind of header and mark.
    assert phases == set(PHASE_NAMES)
    assert {"spawning", "acted", "moved", "selected", "base-won", "result"} <= headers
    assert marks == {"+", "*"}
    assert {"none", "attacker", "defender"} <= lost


def test_round_trip_of_written_positions() -> None:
    example = """imperio-bellum
phase: play
round: 3
to-move: attacker
reinforcements: attacker K6 A10 P14 F20; defender K5 A20 P10 F15
board:
9 O  O  b  O  h  O  b  O  O
8 p+ p  f  p  f  p  f  p  p
7 O  O  O  O  O  O  O  O  O
6 O  O  O  O  O  O  O  O  O
5 O  O  O  O  O  O  O  O  O
4 O  O  O  O  O  O  O  O  O
3 O  O  O  O  O  O  O  O  O
2 P  F  K  F  P  F  K  F  P
1 A  K  A  B  H  B  A  K  A
  a  b  c  d  e  f  g  h  i
"""
    s = game().load_position(example)
    again = round_trip(s)
    assert header(again, "reinforcements") == "attacker K6 A10 P14 F20; defender K5 A20 P10 F15"
    assert header(again, "start") == "attacker 15 50; defender 9 50"

    # Open squares may be dots; the file line and comments are optional; headers any order.
    dots = "\n".join(
        ["# a comment", "to-move: defender", "round: 12"]
        + [f"{r} " + " ".join("." * 9) for r in range(9, 2, -1)]
        + ["2 . . . . . . . . f", "1 H . . . . . . . h*"]
    )
    s = game().load_position(dots)
    assert (s.side, s.round, s.bases, s.units) == (1, 12, [1, 1], [0, 1])
    round_trip(s)

    # Every header in use at once.
    full = position_text(
        {**CAMPS, "e5": "K", "e8": "b", "e7": "F", "c3": "P+", "g1": "b*", "e2": "B*"},
        round=9,
        attacker_seat=1,
        reinforcements="attacker K1 A2 P3 F4; defender K4 A3 P2 F1",
        start="attacker 12 40; defender 13 45",
        headquarters_lost="attacker defender",
        alterations_left=0,
        acted="e5 e7",
        moved="e5",
        selected="e5 actions 3 tiles 2",
    )
    s = game().load_position(full)
    assert (s.selected, s.knight_actions, s.knight_charge) == (40, 3, 2)
    assert s.current_player == 1
    round_trip(s)

    # A base won and waiting for the choice; a finished game.
    s = do(load({**CAMPS, "e7": "F", "e8": "b"}, dice=[6, 1]), "Footsoldier e7")
    do(s, "Footsoldier e7 attacks e8")
    assert header(round_trip(s), "base-won") == "e8 by e7"
    assert texts(round_trip(s)) == ["Capture the base at e8", "Destroy the base at e8"]
    s = load({**CAMPS, "d4": "F", "d5": "f"}, dice=[6, 1], options={"attacker": "1"})
    do(s, "Footsoldier d4", "Footsoldier d4 attacks d5")
    s = do(load({"a1": "H", "d4": "F", "i9": "h", "d5": "f"}, dice=[6, 1]), "Footsoldier d4")
    do(s, "Footsoldier d4 attacks d5")
    again = round_trip(s)
    assert again.is_terminal and again.outcome() == s.outcome()


GOOD = position_text(CAMPS)
GOOD_LINES = GOOD.splitlines()


def replace_line(prefix: str, new: str) -> str:
    lines = [new if line.startswith(prefix) else line for line in GOOD_LINES]
    assert lines != GOOD_LINES
    return "\n".join(lines)


def with_header(line: str) -> str:
    return "\n".join([GOOD_LINES[0], line, *GOOD_LINES[1:]])


BAD = [
    ("\n".join(line for line in GOOD_LINES if not line.startswith("5 ")), r"missing \[5\]"),
    (replace_line("4 ", "4 O O O O O O O O"), "rank 4 has 8 squares, not 9"),
    (replace_line("4 ", "4 O O O O O O O O O O"), "rank 4 has 10 squares, not 9"),
    (replace_line("4 ", "5 O O O O O O O O O"), "given twice"),
    (replace_line("4 ", "0 O O O O O O O O O"), "rank 0 is out of range"),
    (replace_line("4 ", "4 O O X O O O O O O"), "'X' on c4 is not a piece"),
    (replace_line("4 ", "4 O O K+ O O O O O O"), r"only pikemen entrench \('K\+' on c4\)"),
    (replace_line("4 ", "4 O O F* O O O O O O"), r"only bases are captured \('F\*' on c4\)"),
    (replace_line("4 ", "4 O O P? O O O O O O"), r"'P\?' on c4 is not a piece"),
    (replace_line("4 ", "² O O O O O O O O O"), "cannot read the line"),
    (replace_line("4 ", "four O O O O O O O O O"), "cannot read the line"),
    (with_header("colour: red"), "unknown header 'colour'"),
    (replace_line("phase", "phase: lunch"), "unknown phase 'lunch'"),
    (replace_line("to-move", "to-move: blue"), "'blue' is not a side"),
    (replace_line("round", "round: three"), "round must be a number, not 'three'"),
    (replace_line("round", "round: -2"), "round cannot be negative"),
    (with_header("attacker-seat: 2"), "attacker-seat must be 0 or 1"),
    (with_header("alterations-left: 5"), "alterations-left 0 to 4"),
    (with_header("reinforcements: attacker K6 Q2"), "'Q2' is not a reinforcement count"),
    (with_header("reinforcements: attacker K-1"), "a reinforcement count cannot be negative"),
    (with_header("reinforcements: red K1"), "'red' is not a side"),
    (with_header("start: attacker 15"), "start looks like"),
    (with_header("headquarters-lost: yes"), "headquarters-lost lists"),
    (with_header("acted: z9"), "'z9' is not a square"),
    (with_header("acted: e5"), "acted names e5, an open square"),
    (with_header("moved: e5"), "moved names e5, an open square"),
    (with_header("selected: e5"), "the selected square e5 holds no piece of the side to move"),
    (with_header("selected: i9"), "the selected square i9 holds no piece of the side to move"),
    (with_header("selected: b1 actions 9"), "at most 5 actions"),
    (with_header("spawning: b1"), "spawning square b1 holds no base of the side to move"),
    (with_header("base-won: i9"), "base-won looks like 'e9 by e8'"),
    (with_header("base-won: a1 by b1"), "base-won needs an enemy base"),
    (with_header("base-won: i9 by h9"), "base-won needs an enemy base"),
    (replace_line("phase", "phase: over"), "a finished game needs a result line"),
    (with_header("result: nobody | tired"), "'nobody' is not a side"),
    ("", r"missing \[1, 2, 3, 4, 5, 6, 7, 8, 9\]"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_bad_positions_are_refused_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(bellica.InvalidPosition, match="^bad Imperio Bellum position: .*" + message):
        game().load_position(text)


def test_a_position_must_be_text() -> None:
    with pytest.raises(bellica.InvalidPosition, match="a position is text"):
        game().load_position(None)  # type: ignore[arg-type]


ALPHABET = "OKAPFHBkapfhbo.+*:;|- \n0123456789abcdefghiz#"
KEYS = [
    "phase", "round", "to-move", "attacker-seat", "reinforcements", "start",
    "headquarters-lost", "alterations-left", "spawning", "acted", "moved", "selected",
    "base-won", "result", "board",
]  # fmt: skip


def must_read_or_refuse(text: str) -> None:
    try:
        state = game().load_position(text)
    except bellica.InvalidPosition:
        return
    # Whatever reads must write itself and offer decisions without crashing.
    state.position()
    if not state.is_terminal:
        assert state.legal_actions()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_random_text_is_read_or_refused(text: str) -> None:
    must_read_or_refuse(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_damaged_positions_are_read_or_refused(data: st.DataObject) -> None:
    lines = list(GOOD_LINES)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["delete", "mutate", "header", "duplicate"]))
        if how == "delete":
            del lines[i]
        elif how == "duplicate":
            lines.insert(i, lines[i])
        elif how == "mutate" and lines[i]:
            j = data.draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:j] + data.draw(st.text(ALPHABET, max_size=3)) + lines[i][j + 1 :]
        else:
            key = data.draw(st.sampled_from(KEYS))
            value = data.draw(st.text(ALPHABET.replace("\n", ""), max_size=20))
            lines.insert(1, f"{key}: {value}")
        if not lines:
            break
    must_read_or_refuse("\n".join(lines))
