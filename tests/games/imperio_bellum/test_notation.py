"""The position notation: written positions read back identically, and every kind of bad text
is refused with an InvalidPosition that says what is wrong."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from imperio_helpers import CAMPS, do, game, header, load, position_text, texts

import bellica
from bellica.games.imperio_bellum.rules.phases import PHASE_NAMES
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
        + ["2 F . . . . . . . f", "1 H . . . . . . . b*"]
    )
    s = game().load_position(dots)
    assert (s.side, s.round, s.bases, s.units) == (1, 12, [1, 1], [1, 1])
    # The defender holds no headquarters of its own, so it has lost it.
    assert header(s, "headquarters-lost") == "defender"
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
    (with_header("alterations-left: 5"), "alterations-left is at most 4, not '5'"),
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
    (with_header("selected: b1 actions 9"), "actions is at most 5, not '9'"),
    (with_header("spawning: b1"), "spawning square b1 holds no base of the side to move"),
    (with_header("base-won: i9"), "base-won looks like 'e9 by e8'"),
    (with_header("base-won: a1 by b1"), "base-won needs an enemy base"),
    (with_header("base-won: i9 by h9"), "base-won needs an enemy base"),
    (replace_line("phase", "phase: over"), "a finished game needs a result line"),
    (replace_line("phase", "phase: over\nresult: nobody | tired"), "'nobody' is not a side"),
    ("", r"missing \[1, 2, 3, 4, 5, 6, 7, 8, 9\]"),
    # Tokens, headers and numbers are read strictly.
    (replace_line("4 ", "4 O O P++ O O O O O O"), r"'P\+\+' on c4 is not a piece"),
    (with_header("round: 2"), "the header 'round' is given twice"),
    (
        replace_line("round", "round: " + "9" * 5000),
        r"round is at most 50, not '9999.*5000 characters",
    ),
    (replace_line("round", "round: 51"), "round is at most 50, not '51'"),
    (replace_line("round", "round: 0"), "play begins in round 1"),
    (replace_line("round", "round: ٣"), "round must be a number"),
    (replace_line("round", "round: +3"), "round must be a number"),
    (with_header("reinforcements: attacker F" + "1" * 4000), "a reinforcement count is at most 50"),
    (with_header("reinforcements: attacker F30 A30"), "more than 50 reinforcements"),
    (with_header("reinforcements: attacker K11"), "more than 10 knights"),
    (with_header("reinforcements: attacker F1 F2"), "counts F twice"),
    (with_header("reinforcements: attacker F1; attacker A1"), "names the attacker twice"),
    (with_header("start: attacker 99999 1; defender 1 1"), "start units is at most 81"),
    (with_header("start: attacker 1 1; attacker 1 1"), "start names the attacker twice"),
    (
        with_header("reinforcements: attacker F3\nstart: attacker 1 2; defender 1 0"),
        "more reinforcements than it started with",
    ),
    (with_header("selected:"), "selected looks like"),
    (with_header("selected: b1 actions 0 tiles 0 twice"), "selected looks like"),
    (with_header("selected: b1 actions 1 tiles 0"), "only a knight has actions and tiles"),
    (with_header("spawning: a1 a1"), "spawning names a square twice"),
    # Every phase has its own invariants.
    (with_header("result: attacker | tired"), "a result belongs to a finished game"),
    (with_header("alterations-left: 4"), "alterations-left is 0 once play has begun"),
    (with_header("headquarters-lost: none attacker"), "headquarters-lost lists"),
    (with_header("acted: h9"), "only the side to move acts"),
    (with_header("moved: b1"), "moved this turn, so it acted"),
    (with_header("spawning: a1"), "holds no base of the side to move that may spawn"),
    (
        replace_line("phase", "phase: over\nresult: attacker | x\nselected: b1"),
        "has nothing selected",
    ),
]
PLAY = {"a1": "H", "b1": "F", "i9": "h", "h9": "f"}
SETUP = {"e9": "h", "c9": "b", "g9": "b", "e8": "f"}
BAD_STATES = [
    # In play both sides have a fighting piece and a base, or the game would be over.
    ({"a1": "H", "i9": "h", "h9": "f"}, {}, "has no fighting piece or no base"),
    ({"b1": "F", "i9": "h", "h9": "f"}, {}, "has no fighting piece or no base"),
    # A side began with one headquarters and two bases, whoever holds them now.
    ({**PLAY, "e5": "H"}, {}, "began with one headquarters and two bases, not 2 and 0"),
    (
        {**PLAY, "a1": "h*"},
        {"headquarters_lost": "none"},
        "the attacker does not hold its headquarters",
    ),
    ({**PLAY, "c1": "B", "d1": "B", "e9": "b*"}, {}, "not 1 and 3"),
    ({**PLAY, "e9": "p+"}, {"moved": "e9", "acted": "e9", "to_move": "defender"}, "not entrenched"),
    # The selected piece and the piece that won a base.
    ({**PLAY, "e5": "A"}, {"selected": "e5", "acted": "e5"}, "has acted, so it is not selected"),
    (
        {**PLAY, "e5": "K"},
        {"selected": "e5 actions 5 tiles 0", "acted": "e5"},
        "has acted if and only if",
    ),
    ({**PLAY, "e5": "K"}, {"selected": "e5 actions 3 tiles 0"}, "has acted if and only if"),
    (
        {**PLAY, "e5": "K"},
        {"selected": "e5 actions 0 tiles 0", "acted": "e5"},
        "1 to 5 actions left",
    ),
    ({**PLAY, "e5": "K"}, {"selected": "e5 actions 3 tiles 3", "acted": "e5"}, "no more tiles"),
    (
        {**PLAY, "e7": "F", "e8": "b"},
        {"base_won": "e8 by e7", "acted": "e7"},
        "is the selected one",
    ),
    (
        {**PLAY, "e5": "F", "e8": "b"},
        {"base_won": "e8 by e5", "selected": "e5", "acted": "e5"},
        "cannot have attacked",
    ),
    (
        {**PLAY, "e6": "A", "e8": "b"},
        {"base_won": "e8 by e6", "selected": "e6", "acted": "e6"},
        "cannot have attacked",
    ),
    (
        {**PLAY, "e7": "K", "e8": "b"},
        {"base_won": "e8 by e7", "selected": "e7 actions 3 tiles 1", "acted": "e7"},
        "run no tiles",
    ),
    # Spawning: bases of the side to move, in square order, before anything is selected.
    (
        {**PLAY, "c1": "B", "e5": "K"},
        {"spawning": "c1 a1", "reinforcements": "attacker F2"},
        "in square order",
    ),
    (
        {**PLAY, "c1": "B", "e5": "K"},
        {"spawning": "a1", "selected": "e5", "reinforcements": "attacker F2"},
        "before any piece is selected",
    ),
    (
        {**PLAY, "c1": "B*", "g1": "b*"},
        {"spawning": "c1", "reinforcements": "attacker F2"},
        "that may spawn",
    ),
    (
        {**PLAY, "a2": "F", "b2": "F"},
        {"spawning": "a1", "reinforcements": "attacker F2"},
        "no empty square",
    ),
    # Setup: each side's own zone, as far as setup has come, and nothing of play.
    (SETUP, {"phase": "defender-reinforcements", "to_move": "attacker"}, "the defender is to move"),
    (SETUP, {"phase": "defender-reinforcements", "round": 3}, "the round is 0 until play begins"),
    (SETUP, {"phase": "defender-reinforcements", "acted": "e8"}, "acted has no place before play"),
    (
        SETUP,
        {"phase": "defender-reinforcements", "alterations_left": 3},
        "is 4 until the alterations",
    ),
    (
        SETUP,
        {"phase": "defender-reinforcements", "start": "attacker 1 0; defender 0 0"},
        "start is counted when play begins",
    ),
    (
        SETUP,
        {"phase": "defender-reinforcements", "headquarters_lost": "defender"},
        "no headquarters is lost",
    ),
    ({**SETUP, "e5": "k"}, {"phase": "defender-reinforcements"}, "not on e5"),
    ({**SETUP, "e8": "p+"}, {"phase": "defender-reinforcements"}, "no piece is entrenched"),
    (
        {**SETUP, "e1": "H"},
        {"phase": "defender-reinforcements"},
        "the attacker has not set up anything yet",
    ),
    ({"c9": "b"}, {"phase": "defender-bases"}, "places its headquarters first"),
    ({**SETUP, "a9": "b"}, {"phase": "defender-bases"}, "places its headquarters first"),
    (SETUP, {"phase": "defender-bases"}, "places its headquarters first"),
    ({"e9": "h"}, {"phase": "defender-pieces"}, "has one headquarters and two bases"),
    (SETUP, {"phase": "defender-pieces", "reinforcements": "defender F1"}, "no reinforcements yet"),
    ({**SETUP, "e8": "O"}, {"phase": "defender-reinforcements"}, "has 1 to 15 pieces"),
    (
        {**SETUP, **{f"{f}8": "k" for f in "abcdefghi"}},
        {"phase": "defender-reinforcements"},
        "more than 8 knights",
    ),
    (
        {**SETUP, "e8": "k"},
        {"phase": "defender-reinforcements", "reinforcements": "defender K10"},
        "more than 10 in its army",
    ),
    (SETUP, {"phase": "alterations", "alterations_left": 0}, "alterations-left 1 to 4"),
]


@pytest.mark.parametrize(("pieces", "headers", "message"), BAD_STATES)
def test_inconsistent_states_are_refused(
    pieces: dict[str, str], headers: dict[str, object], message: str
) -> None:
    with pytest.raises(bellica.InvalidPosition, match="^bad Imperio Bellum position: .*" + message):
        game().load_position(position_text(pieces, **headers))


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


# Positions the reader used to accept, each of which then broke the game; now refused.
ZONE_FULL = {f"{f}{r}": "F" for f in "abcdefghi" for r in (8, 9)}
ALTERED = {"e1": "H", "c1": "B", "g1": "B", "e2": "F", "e9": "h", "c9": "b", "g9": "b", "e8": "f"}
USED_TO_BREAK = {
    # No legal action although the game was not over: the defender had nowhere to place.
    "pieces-phase-zone-full": (
        position_text(ZONE_FULL, phase="defender-pieces", to_move="defender"),
        "not on a8",
    ),
    # The attacker placed bases in the defender's phase, and setup ran aground.
    "setup-wrong-side": (
        position_text({}, phase="defender-bases", to_move="attacker"),
        "the defender is to move",
    ),
    # A fifth alteration took alterations-left to -1, and the game's own position was refused.
    "alterations-none-left": (
        position_text(ALTERED, phase="alterations", to_move="defender", alterations_left=0),
        "alterations-left 1 to 4",
    ),
    # Reinforcements of 4,000 digits: the heuristic overflowed converting them to a float.
    "huge-reinforcements": (
        position_text(CAMPS, reinforcements="attacker F" + "9" * 4000),
        "a reinforcement count is at most 50",
    ),
    # A base won from across the board: the winner jumped into it when it destroyed it.
    "base-won-from-afar": (
        position_text({**CAMPS, "e5": "F", "e9": "b"}, base_won="e9 by e5", selected="e5"),
        "cannot have attacked",
    ),
    # A deployed formation overwrote a base placed without a headquarters: 4 bases counted,
    # 3 on the board, and the end-of-game check reads the count.
    "base-before-headquarters": (
        position_text({"a9": "b"}, phase="defender-bases", to_move="defender"),
        "places its headquarters first",
    ),
    # A result line ended a game whose phase said play.
    "result-in-play": (
        position_text(CAMPS, result="attacker | tired"),
        "a result belongs to a finished game",
    ),
}


@pytest.mark.parametrize(("text", "message"), USED_TO_BREAK.values(), ids=USED_TO_BREAK)
def test_positions_that_used_to_break_the_game_are_refused(text: str, message: str) -> None:
    with pytest.raises(bellica.InvalidPosition, match=message):
        game().load_position(text)


def test_a_knight_that_beat_a_base_with_its_last_action_reads_back() -> None:
    """A knight's fifth action wins a base: it is still selected, with no action left, until
    the base is captured or destroyed; that position is the game's own and must read back."""
    game = bellica.load("imperio-bellum", options={"attacker": "0"})
    for seed in range(400):
        state = game.new_game(seed=seed)
        chooser = random.Random(seed)
        while not state.is_terminal:
            text = state.position()
            if "base-won:" in text and "actions 0" in text:
                assert game.load_position(text).position() == text
                return
            legal = state.legal_actions()
            attacks = [a for a in legal if a.kind == "attack" and a.get("piece") == "knight"]
            state.apply(chooser.choice(attacks or legal))
    raise AssertionError("no game reached a knight's last action winning a base")
