"""Typed options: every value is checked, canonical, and bad ones get a clear InvalidConfig."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bellica
from bellica.core.errors import InvalidConfig
from bellica.core.options import Choice, Options, Switch, WholeNumber, shown

LIMIT = WholeNumber("turn_limit", "rounds before the end", minimum=0, maximum=1000, initial=50)
FIRST = Choice("first", "who starts", choices=("roll", "0", "1"))
FAST = Switch("fast", "skip animations")
OPTIONS = Options(LIMIT, FIRST, FAST)


def test_defaults_fill_what_is_not_given():
    assert OPTIONS.check("Game", {}) == {"turn_limit": 50, "first": "roll", "fast": False}
    assert OPTIONS.check("Game", None) == OPTIONS.defaults()


def test_values_take_their_canonical_form():
    checked = OPTIONS.check("Game", {"turn_limit": "30", "first": 1, "fast": "on"})
    assert checked == {"turn_limit": 30, "first": "1", "fast": True}
    assert FIRST.check(" ROLL ") == "roll"
    cities = Choice("cities", "", choices=("random", "Athens,Sparta"))
    assert cities.check("athens, sparta") == "Athens,Sparta"


@pytest.mark.parametrize(
    "value",
    [
        math.inf,
        -math.inf,
        math.nan,
        json.loads("1e400"),
        10**5000,
        -1,
        1001,
        3.0,
        "3.5",
        "1" * 5000,
        True,
        None,
        [3],
        {"a": 1},
    ],
    ids=shown,
)
def test_bad_whole_numbers_are_refused_clearly(value):
    with pytest.raises(InvalidConfig, match="turn_limit must be a whole number from 0 to 1000"):
        OPTIONS.check("Game", {"turn_limit": value})


def test_a_huge_number_is_named_without_printing_it():
    with pytest.raises(InvalidConfig) as caught:
        LIMIT.check(10**5000)
    assert "about 5001 digits" in str(caught.value)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("value", ["2", 7, True, None, 1.0, "x" * 10_000, ["roll"]])
def test_bad_choices_are_refused_and_say_what_is_allowed(value):
    with pytest.raises(InvalidConfig, match="first must be roll, 0 or 1") as caught:
        FIRST.check(value)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("value", ["maybe", 2, None, 0.5])
def test_bad_switches_are_refused(value):
    with pytest.raises(InvalidConfig, match="fast must be on or off"):
        FAST.check(value)


def test_unknown_option_names_what_exists():
    with pytest.raises(InvalidConfig, match="no option 'speed'; options: turn_limit, first, fast"):
        OPTIONS.check("Game", {"speed": 1})
    with pytest.raises(InvalidConfig, match="no option"):
        OPTIONS.check("Game", {7: 1})  # type: ignore[dict-item]


@given(st.one_of(st.integers(), st.floats(), st.text(), st.booleans(), st.none()))
def test_any_value_is_accepted_in_bounds_or_refused(value):
    for option in OPTIONS:
        try:
            checked = option.check(value)
        except InvalidConfig as err:
            assert option.key in str(err)
        else:
            if option is LIMIT:
                assert isinstance(checked, int) and 0 <= checked <= 1000


def test_menus_get_everything_they_need():
    data = OPTIONS.to_json()
    assert [o["type"] for o in data] == ["whole", "choice", "switch"]
    assert data[0]["minimum"] == 0 and data[0]["maximum"] == 1000 and data[0]["default"] == 50
    assert data[1]["choices"] == ["roll", "0", "1"] and data[1]["labels"] == ["roll", "0", "1"]
    json.dumps(data)


def test_options_for_a_variant():
    solo = Choice("difficulty", "", choices=("normal", "harder"), variants=("solo",))
    options = Options(LIMIT, solo)
    assert [o.key for o in options.for_variant("solo")] == ["turn_limit", "difficulty"]
    assert [o.key for o in options.for_variant("standard")] == ["turn_limit"]


@pytest.mark.parametrize("game_id", ["imperio-bellum", "bellum"])
@pytest.mark.parametrize(
    "value", [math.inf, json.loads("1e400"), 10**5000, "Infinity", -5], ids=shown
)
def test_games_refuse_bad_turn_limits(game_id, value):
    with pytest.raises(InvalidConfig, match="turn_limit"):
        bellica.load(game_id, options={"turn_limit": value})


def test_games_refuse_options_that_are_not_a_mapping():
    with pytest.raises(InvalidConfig, match="options map option names to values"):
        bellica.load("bellum", options=[("turn_limit", 3)])  # type: ignore[arg-type]
