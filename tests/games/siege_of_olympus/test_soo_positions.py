"""Positions: every state is written and read back unchanged; what could not happen in a game
is refused with a message naming the line."""

from __future__ import annotations

import random

import pytest
from soo_helpers import CARDS, game, position, token

import bellica
from bellica.core import InvalidPosition
from bellica.games.siege_of_olympus.cards import CARDS_FILE


@pytest.mark.parametrize("cards", [CARDS, CARDS_FILE], ids=["test-cards", "shipped"])
def test_positions_round_trip_over_random_games(cards: object) -> None:
    for seed in range(4):
        g = game(cards, commanders="choose" if seed % 2 else "random")  # type: ignore[arg-type]
        state = g.new_game(seed)
        rng = random.Random(seed)
        for _ in range(250):
            text = state.position()
            loaded = g.load_position(text)
            assert loaded.position() == text
            assert loaded.legal_actions() == state.legal_actions()
            assert loaded.current_player == state.current_player
            if state.is_terminal:
                assert loaded.outcome() == state.outcome()
                break
            state.apply(rng.choice(state.legal_actions()))


GOOD = position(
    hands={0: ["Insight", "Wisp"], 1: ["Bolt"]},
    known={0: ["Wisp"]},
    minions={0: ["Raider Four[d1]"], 1: ["Behemoth"]},
    tartarus=["Giant A", "Giant B"],
    agora=["Mend", "Smite"],
    run=False,
).position()


def _changed(start: str, new: str) -> str:
    lines = GOOD.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(start))
    lines[index] = new
    return "\n".join(lines) + "\n"


def _refused(text: str, message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        game(CARDS).load_position(text)


def test_the_good_position_loads() -> None:
    assert game(CARDS).load_position(GOOD).position() == GOOD


def test_a_card_in_two_zones_is_refused() -> None:
    wisp = token(game(CARDS), "Wisp")
    _refused(_changed("agora:", f"agora: 052 049 {wisp}"), "also in")


def test_a_missing_card_is_refused() -> None:
    smite = token(game(CARDS), "Smite")
    mend = token(game(CARDS), "Mend")
    _refused(_changed("agora:", f"agora: {mend}"), f"card {smite} is in no zone")


def test_a_spell_in_tartarus_is_refused() -> None:
    g = game(CARDS)
    smite, giant = token(g, "Smite"), token(g, "Giant A")
    text = _changed("agora:", f"agora: {token(g, 'Mend')} {giant}")
    text = text.replace(f"tartarus: {giant} ", f"tartarus: {smite} ")
    _refused(text, f"tartarus: {smite} is not a minion")


def test_nine_minions_on_a_side_are_refused() -> None:
    g = game(CARDS)
    names = ["Giant C", "Giant D", "Giant E", "Cyclops", "Minotaur", "Pebble", "Spore", "Asp"]
    nine = " ".join([f"{token(g, 'Raider Four')}[d1]", *(token(g, n) for n in names)])
    deck_line = next(line for line in GOOD.splitlines() if line.startswith("deck:"))
    deck = [w for w in deck_line[5:].split() if w not in {token(g, n) for n in names}]
    text = _changed("minions 0:", f"minions 0: {nine}")
    text = text.replace(deck_line, "deck: " + " ".join(deck))
    _refused(text, "minions 0: at most 8 minions")


def test_health_above_the_commanders_is_refused() -> None:
    _refused(_changed("health", "health 21 18"), "more than its Commander's health")
    _refused(_changed("health", "health 20 180"), "health: two whole numbers")


def test_a_known_card_not_in_the_hand_is_refused() -> None:
    bolt = token(game(CARDS), "Bolt")
    _refused(_changed("known 0:", f"known 0: {bolt}"), f"known 0: {bolt} is not in hand 0")


def test_an_unknown_line_is_refused() -> None:
    _refused(GOOD + "weather: stormy\n", "unknown line 'weather'")
    _refused(GOOD.replace("exchanged no\n", ""), "no 'exchanged' line")


@pytest.mark.parametrize(
    ("stack", "message"),
    [
        ("stack: thunder side=0", "not a task"),
        ("stack: fight side=0 attacker=018", "fight takes"),
        ("stack: discard_down side=7", "side"),
        ("stack: choose_target side=0 card=018 index=0 option=-1 sub=0", "no such effect"),
        ("stack: disrupt_window side=1 event=dance card=-", "negates"),
        ("stack: race_strike side=0 race=elf", "not a race"),
        ("stack: discharge card=046", "step"),
        ("stack: choose_target side=0 card=057 index=0 option=2 sub=0", "no such effect"),
        ("stack: choose_target side=0 card=052 index=0 option=0 sub=0", "no such effect"),
        ("stack: mulligan side=1 returned=2", "set-up only"),
        ("stack: disrupt_window side=1 event=effect card=038", "sits over a resolve"),
        (
            "stack: fight side=0 attacker=002 target=026; disrupt_window side=1 event=spell card=-",
            "sits over a resolve",
        ),
        (
            "stack: fight side=0 attacker=002 target=026; "
            "disrupt_window side=0 event=attack card=-",
            "not may Disrupt",
        ),
    ],
)
def test_a_bad_stack_task_is_refused(stack: str, message: str) -> None:
    _refused(_changed("stack:", stack), message)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "chess\n",
        "siege-of-olympus\n",
        "siege-of-olympus\nturn banana\n",
        GOOD.replace("turn 3 round 2", "turn 3 round 0"),
        GOOD.replace("phase deploy", "phase setup"),
        GOOD.replace("turn 3 round 2", "turn 0 round 1")
        .replace("phase deploy", "phase setup")
        .replace("stack: -", "stack: mulligan side=0 returned=0"),
        GOOD.replace("phase deploy", "phase lunch"),
        GOOD.replace("ability used no no", "ability used maybe no"),
        GOOD.replace("races 0 0", "races 0 99"),
        GOOD.replace("[d1]", "[d9]"),
        GOOD.replace("[d1]", "[z1]"),
        GOOD.replace("olympus: 087", "olympus: -"),
        GOOD + "result: 0 | won\n",
        "siege-of-olympus\n" + "x" * 5000 + "\n",
    ],
)
def test_garbage_is_refused(text: str) -> None:
    with pytest.raises(InvalidPosition):
        game(CARDS).load_position(text)


def test_a_position_is_text() -> None:
    with pytest.raises(InvalidPosition, match="text"):
        game(CARDS).load_position(b"siege-of-olympus")  # type: ignore[arg-type]
    assert bellica.load("siege-of-olympus").new_game(2).position().startswith("siege-of-olympus")
