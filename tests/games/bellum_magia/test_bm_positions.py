"""Position notation: every moment of a game writes itself and reads back the same state, and
what could not happen in a game is refused with a message naming the line."""

from __future__ import annotations

import random

import pytest
from bm_helpers import edited, game, reach

from bellica.core import InvalidPosition
from bellica.games.bellum_magia.state import MagiaState


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_moment_round_trips_and_plays_on_alike(players: int) -> None:
    g = game(players)
    state = g.new_game(seed=players)
    chooser = random.Random(players)
    while not state.is_terminal:
        text = state.position()
        again = g.load_position(text)
        assert again.position() == text
        assert again.legal_actions() == state.legal_actions()
        for seat in range(players):
            assert again.observation(seat) == state.observation(seat)
        state.apply(chooser.choice(state.legal_actions()))
    final = g.load_position(state.position())
    assert final.is_terminal and final.outcome() == state.outcome()


def _attack_position() -> tuple[MagiaState, str]:
    g = game(3)
    state = reach(g, lambda s: s.phase == "attack" and any(s.stock[lord] for lord in range(3)))
    return state, state.position()


def _on_top(text: str) -> str:
    """The position with a step put on top of its stack."""
    line = next(line for line in text.splitlines() if line.startswith("stack: "))
    return text.replace(line, line + "; attack_turn index=0")


def _lord_line(text: str, lord: int) -> str:
    return next(
        line.split(": ", 1)[1] for line in text.splitlines() if line.startswith(f"lord {lord}:")
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: edited(t, "day", "3 captain 7 first 0 phase attack die 2"), "Captain"),
        (lambda t: edited(t, "day", "0 captain 0 first 0 phase attack die 2"), "set-up"),
        (lambda t: edited(t, "reserve", "food 99 glyph 0 barrel 0"), "reserve"),
        (lambda t: edited(t, "tavern", "-"), "in no zone"),
        (_on_top, "step"),
        (lambda t: edited(t, "stack", "-"), "decision"),
        (lambda t: t + "result: 0 | made up\n", "finished game"),
        (lambda t: t + "mystery: 1\n", "unknown line"),
        (lambda t: t.replace("bellum-magia", "bellum", 1), "starts with"),
        (lambda t: edited(t, "values", "W01=2"), "values"),
    ],
)
def test_a_position_that_could_not_happen_is_refused(change, message: str) -> None:
    state, text = _attack_position()
    with pytest.raises(InvalidPosition, match=message):
        state.game.load_position(change(text))


def test_lord_numbers_are_checked() -> None:
    state, text = _attack_position()
    g = state.game
    lord = _lord_line(text, 0)
    fields = dict(part.split("=") for part in lord.split())

    def with_field(key: str, value: str) -> str:
        changed = dict(fields, **{key: value})
        return edited(text, "lord 0", " ".join(f"{k}={v}" for k, v in changed.items()))

    held_barrels = int(fields["barrel"])
    reserve_line = next(line for line in text.splitlines() if line.startswith("reserve"))
    food, glyph, barrel = (int(w) for w in reserve_line.split()[2::2])
    three = edited(
        with_field("barrel", "3"),
        "reserve",
        f"food {food} glyph {glyph} barrel {barrel + held_barrels - 3}",
    )
    for bad, message in (
        (three, "Barrels"),
        (with_field("spells", str(int(fields["spells"]) + 1)), "Roll Again"),
        (with_field("magic", str(int(fields["magic"]) + 1)), "Magic Shield"),
        (with_field("attacked", "maybe"), "yes or no"),
        (with_field("seen", "-"), "seen every chest")
        if state.stock[0]
        else (with_field("food", "x"), "whole"),
        (with_field("seen", "077"), "chests"),
    ):
        with pytest.raises(InvalidPosition, match=message):
            g.load_position(bad)


def test_a_piece_in_a_zone_of_the_wrong_kind_is_refused() -> None:
    state, text = _attack_position()
    g = state.game
    tavern = g.table.token[g.tavern_uid]
    goblin = g.table.token[g.creature_uids["goblin"][0]]
    moved = text.replace(f"tavern: {tavern}", "tavern: -")
    line = next(line for line in moved.splitlines() if line.startswith("places:"))
    with pytest.raises(InvalidPosition, match=f"{tavern} is not a kingdom piece"):
        g.load_position(moved.replace(line, f"{line} {tavern}".replace(": -", ":")))
    wooden = next(line for line in text.splitlines() if line.startswith("wooden:"))
    if wooden != "wooden: -":
        first = wooden.split()[1]
        swapped = text.replace(wooden, wooden.replace(first, goblin, 1))
        with pytest.raises(InvalidPosition):
            g.load_position(swapped)
