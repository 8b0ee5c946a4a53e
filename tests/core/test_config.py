"""GameConfig: one checked value for a game's set-up, its JSON round trip and bad input."""

from __future__ import annotations

import dataclasses
import json
import math
import pickle
from typing import Any

import pytest

import bellica
from bellica.core import GameConfig, InvalidConfig, InvalidRecord, Record


def test_create_fills_in_defaults_and_canonical_option_values() -> None:
    config = GameConfig.create("imperio-bellum", options={"turn_limit": "20"})
    assert config == GameConfig(
        "imperio-bellum", 2, "standard", (("attacker", "roll"), ("turn_limit", 20))
    )
    assert config.source == "bellica.games.imperio_bellum.game:ImperioBellum"
    assert GameConfig.create("bellum", players=4).variant == "teams"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": "imperio-bellum", "players": 3}, "played by 2 players, not 3"),
        ({"game": "bellum", "variant": "blitz"}, "no variant 'blitz'"),
        ({"game": "imperio-bellum", "options": {"speed": 1}}, "no option 'speed'"),
        ({"game": "imperio-bellum", "options": {"turn_limit": -1}}, "from 0 to 1000"),
        ({"game": "imperio-bellum", "options": [("turn_limit", 5)]}, "options map"),
    ],
)
def test_create_refuses_a_bad_set_up(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidConfig, match=message):
        GameConfig.create(**kwargs)


def test_a_config_loads_the_game_it_describes() -> None:
    config = GameConfig.create("bellum", options={"first": "1", "cities": "troy,athens"})
    game = config.load()
    assert (game.id, game.players, game.variant) == ("bellum", 2, "standard")
    assert game.options["cities"] == "Troy,Athens"
    assert GameConfig.of_game(game) == config


@pytest.mark.parametrize(
    "config",
    [
        GameConfig("imperio-bellum", 2, "standard"),
        GameConfig("bellum", 1, "solo-troy", (("difficulty", "harder"), ("turn_limit", 0))),
        GameConfig("proto", 3, "fast", (("on", True), ("rate", 0.5)), "my.toml", "lab:Proto"),
    ],
)
def test_json_round_trip(config: GameConfig) -> None:
    data = json.loads(json.dumps(config.to_json()))
    again = GameConfig.from_json(data)
    assert again == config and again.source == config.source
    assert again.to_json() == config.to_json()


def test_configs_are_frozen_hashable_values_that_pickle() -> None:
    config = GameConfig.create("imperio-bellum")
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.players = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(config)) == config
    same = GameConfig("imperio-bellum", 2, "standard", (("turn_limit", 50), ("attacker", "roll")))
    assert same == config and hash(same) == hash(config)  # options are sorted; source aside
    assert {config: 1}[same] == 1
    assert dict(config.options) == {"attacker": "roll", "turn_limit": 50}


GOOD = {"game": "bellum", "players": 2, "variant": "standard"}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "a game config is a JSON object"),
        ({**GOOD, "seed": 4}, "no field 'seed'"),
        ({"players": 2, "variant": "standard"}, "no 'game' field"),
        ({"game": "bellum", "variant": "standard"}, "no 'players' field"),
        ({**GOOD, "game": ""}, "game must be a non-empty string"),
        ({**GOOD, "game": 7}, "game must be a non-empty string, not 7"),
        ({**GOOD, "players": True}, "players must be a whole number, not True"),
        ({**GOOD, "players": "2"}, "players must be a whole number"),
        ({**GOOD, "players": 2.0}, "players must be a whole number"),
        ({**GOOD, "players": 0}, "players must be at least 1"),
        ({**GOOD, "players": -3}, "players must be at least 1, not -3"),
        ({**GOOD, "variant": None}, "variant must be a non-empty string"),
        ({**GOOD, "options": [["first", "1"]]}, "options must be a JSON object"),
        ({**GOOD, "options": {"first": None}}, "option first must be a string, a number"),
        ({**GOOD, "options": {"first": [1]}}, "option first must be"),
        ({**GOOD, "options": {"turn_limit": math.inf}}, "option turn_limit must be"),
        ({**GOOD, "options": {"": 1}}, "an option name is a non-empty string"),
        ({**GOOD, "cards": 5}, "cards must be a non-empty string"),
        ({**GOOD, "source": "no_colon"}, "source must read 'module:Class'"),
        ({**GOOD, "source": ":Class"}, "source must read 'module:Class'"),
    ],
)
def test_from_json_refuses_bad_input(data: Any, message: str) -> None:
    with pytest.raises(InvalidConfig, match=message):
        GameConfig.from_json(data)


def test_options_are_checked_when_the_game_is_loaded() -> None:
    config = GameConfig.from_json({**GOOD, "options": {"first": "2"}})
    with pytest.raises(InvalidConfig, match="option first must be roll, 0 or 1, not '2'"):
        config.load()


def test_the_same_option_twice_is_refused() -> None:
    with pytest.raises(InvalidConfig, match="option first is given twice"):
        GameConfig("bellum", 2, "standard", (("first", "0"), ("first", "1")))


def test_record_round_trip() -> None:
    state = bellica.load("bellum", options={"first": "0"}).new_game(seed=3)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    record = state.record()
    assert record.config == GameConfig.of_game(state.game) and record.config.source is None
    again = Record(record.config, record.seed, record.actions, {"note": "x"})
    assert again.to_json() == {**record.to_json(), "meta": {"note": "x"}}
    assert "source" not in record.to_json() and "cards" not in record.to_json()
    assert Record.loads(record.dumps()) == record


def test_a_record_with_a_bad_set_up_is_an_invalid_record() -> None:
    with pytest.raises(InvalidRecord, match="cannot be set up: option first must be"):
        Record.of("bellum", 2, "standard", {"first": {"deep": 1}}, 1)
    with pytest.raises(InvalidRecord, match="players must be at least 1"):
        Record.of("bellum", 0, "standard", {}, 1)


def test_a_record_keeps_the_card_file_its_game_was_played_with(tmp_path) -> None:
    from bellica.games.bellum.cards import CARDS_FILE

    own = tmp_path / "my_cards.toml"
    own.write_text(CARDS_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    state = bellica.load("bellum", options={"first": "0"}, cards=str(own)).new_game(seed=4)
    for _ in range(6):
        state.apply(state.legal_actions()[-1])
    record = Record.loads(state.record().dumps())
    assert record.to_json()["cards"] == str(own) and record.config.cards == str(own)
    replayed = bellica.replay(record)
    assert replayed.game.cards == str(own) and replayed.position() == state.position()
