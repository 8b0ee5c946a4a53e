"""Bellum card and scenario files: strict types, bounded numbers, playable sets, and a file
edited after it was loaded is read again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from card_file_edits import edited, refused

import bellica
from bellica.core import data_file
from bellica.games.bellum.cards import CARDS_FILE, load_cards
from bellica.games.bellum.scenarios import SCENARIOS_FILE, load_scenario_file

CARDS = CARDS_FILE.read_text(encoding="utf-8")
SCENARIOS = SCENARIOS_FILE.read_text(encoding="utf-8")
BASIC = {16, 17, 27, 28, 36, 39, 41, 42, 60, 61, 71, 72}
YAMA = 'assault = [{ damage = 2, target = "creature", optional = true }]'


def _file(tmp_path: Path, old: str, new: str, text: str = CARDS) -> Path:
    return edited(tmp_path, text, old, new)


def _refused(path: Path, *fragments: str) -> str:
    return refused(load_cards, path, *fragments)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "power = 6",
            'power = "3"',
            "card #15 (15 Cerberus), field power: must be a whole number from 1 to 12, not '3'",
        ),
        ("power = 6", "power = 6.0", "field power: must be a whole number from 1 to 12, not 6.0"),
        ("power = 6", "power = true", "not True"),
        ("number = 94", "number = true", "field number: must be a whole number from 1 to 999"),
        ("number = 94", 'number = "94"', "not '94'"),
        (
            "\nprovisional = true",
            '\nprovisional = "yes"',
            "field provisional: must be true or false",
        ),
        (YAMA, YAMA.replace("optional = true", "optional = 1"), "field assault.0.optional"),
        ('name = "Yama"', "name = 32", "field name: must be text in quotes, not 32"),
        ('deck = "city"', "deck = 1", "field deck: must be 'city', 'olympus'"),
    ],
)
def test_wrong_types_are_refused_not_converted(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    """`number = true` and `power = "3"` used to be converted silently."""
    _refused(_file(tmp_path, old, new), message)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("power = 6", "power = 13", "field power: must be a whole number from 1 to 12, not 13"),
        ("power = 6", "power = " + "9" * 400, "line 191: a number has more than 64 digits"),
        ("power = 6", "power = 1_000_000_000_000_000_000_000", "a number of about 22 digits"),
        (
            YAMA,
            YAMA.replace("2", "21"),
            "field assault.0.damage: must be a whole number from 1 to 20, not 21",
        ),
        (
            "heal = 99",
            "heal = 21",
            "field pillage.0.heal: must be a whole number from 1 to 20 or 99, not 21",
        ),
        ("heal = 99", "heal = 0", "not 0"),
        ("draw = 1", "draw = 11", "field pillage.0.draw: must be a whole number from 1 to 10"),
        ("discard = 1", "discard = 0", "field death.0.discard: must be a whole number from 1"),
        ("sacrifice = 1", "sacrifice = 11", "from 1 to 10, not 11"),
        ("look = 2", "look = 11", "field rally.0.look: must be a whole number from 1 to 10"),
        (
            "charge = 1",
            "charge = 21",
            "field back.rally.0.charge: must be a whole number from 1 to 20",
        ),
        ("spend = 3", "spend = 21", "from 1 to 20, not 21"),
        ("requires = { charges = 6 }", "requires = { charges = 21 }", "requires.charges"),
        (
            "pillage = 2",
            "pillage = 5",
            "field assault.0.pillage: must be a whole number from 2 to 4, not 5",
        ),
        ("count = 2", "count = 6", "field pillage.0.count: must be a whole number from 1 to 5"),
        ("strategy = 3", "strategy = 10", "field strategy: must be a whole number from 0 to 9"),
        ("district = 4", "district = 5", "field district: must be a whole number from 1 to 4"),
        ("stack = 4", "stack = 0", "field stack: must be a whole number from 1 to 4, not 0"),
        ("number = 94", "number = 1000", "from 1 to 999, not 1000"),
        (
            'ongoing = [{ power = 1, target = "own_creatures" }]',
            'ongoing = [{ power = 13, target = "own_creatures" }]',
            "field ongoing.0.power: must be a whole number from -12 to 12 other than 0, not 13",
        ),
        (
            'ongoing = [{ power = 1, target = "own_creatures" }]',
            'ongoing = [{ power = 0, target = "own_creatures" }]',
            "other than 0, not 0",
        ),
        (
            'cost = ["myth", "any", "any"]',
            'cost = ["myth", "any", "any", "any", "any", "any", "any"]',
            "field cost: must hold at most 6 entries, not 7",
        ),
        (
            YAMA,
            "assault = [" + '{ damage = 1, target = "creature" }, ' * 11 + "]",
            "field assault: must hold at most 10 entries, not 11",
        ),
        (
            'text = "Death: your',
            'text = "' + "x" * 400 + " Death: your",
            "field text: must be at most 400 characters long",
        ),
    ],
)
def test_numbers_are_bounded(tmp_path: Path, old: str, new: str, message: str) -> None:
    """A 400-digit power used to load and then overflow the heuristic."""
    _refused(_file(tmp_path, old, new), message)


def test_bounds_keep_the_values_the_game_uses(tmp_path: Path) -> None:
    """heal = 99 still means "all"; a malus may be negative."""
    cards = load_cards(
        _file(
            tmp_path,
            'ongoing = [{ power = 1, target = "own_creatures" }]',
            'ongoing = [{ power = -12, target = "own_creatures" }]',
        )
    )
    effects = [e for c in cards.card for e in c.ongoing]
    assert -12 in [e.power for e in effects]
    heals = [e.amount for c in cards.card for t in c.abilities().values() for e in t if e.heal]
    assert 99 in heals


def test_a_bad_card_file_names_its_line_when_it_does_not_parse(tmp_path: Path) -> None:
    path = _file(tmp_path, YAMA, "assault = " + "[" * 2000 + "]" * 2000)
    message = _refused(path, "arrays and tables are nested more than 32 deep")
    line = CARDS[: CARDS.index(YAMA)].count("\n") + 1
    assert f", line {line}:" in message


def _without(tmp_path: Path, numbers: set[int]) -> Path:
    """Our card file minus some cards."""
    blocks = CARDS.split("[[card]]")
    kept = [blocks[0]] + [
        b for b in blocks[1:] if int(re.search(r"number = (\d+)", b)[1]) not in numbers
    ]
    path = tmp_path / "cards.toml"
    path.write_text("[[card]]".join(kept), encoding="utf-8")
    return path


def test_a_standard_or_teams_game_needs_starter_decks(tmp_path: Path) -> None:
    """A set without Basic cards loads (it may be meant for solo play) but cannot deal a
    standard or teams game."""
    path = _without(tmp_path, BASIC)
    cards = load_cards(path)
    for variant in ("standard", "teams"):
        with pytest.raises(bellica.InvalidCardData) as caught:
            cards.check_playable(variant, path)
        message = str(caught.value)
        assert message.startswith(f"{path}: a {variant} game deals each player a starter deck")
        assert "at least 3 Basic designs (the opening hand), this set has 0" in message
    cards.check_playable("solo-plague", path)
    load_cards().check_playable("standard")
    load_cards().check_playable("teams")


def test_a_standard_game_needs_two_cities(tmp_path: Path) -> None:
    cards = load_cards(_without(tmp_path, {5, 6, 7, 8, 9, 10, 11, 12}))
    with pytest.raises(bellica.InvalidCardData, match="two cities with four districts"):
        cards.check_playable("standard", "mine.toml")


def test_bellum_refuses_a_set_without_starter_decks(tmp_path: Path) -> None:
    with pytest.raises(bellica.InvalidCardData, match="starter deck"):
        bellica.load("bellum", cards=str(_without(tmp_path, BASIC)))


def test_an_edited_card_file_is_read_again(tmp_path: Path) -> None:
    """The loader used to cache by path and keep playing the old cards."""
    path = _file(tmp_path, 'name = "Hercules"', 'name = "Heracles"')
    game = bellica.load("bellum", cards=str(path))
    assert game.table.label[game.table.uid(44)] == "Heracles (044)"
    path.write_text(CARDS.replace('name = "Hercules"', 'name = "Herakles"', 1), encoding="utf-8")
    game = bellica.load("bellum", cards=str(path))
    assert game.table.label[game.table.uid(44)] == "Herakles (044)"
    path.write_text(CARDS.replace("power = 6", "power = 60", 1), encoding="utf-8")
    with pytest.raises(bellica.InvalidCardData, match="not 60"):
        bellica.load("bellum", cards=str(path))


def test_our_files_are_parsed_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    data_file.clear_cache()
    parsed: list[str] = []
    real = data_file.parse_toml
    monkeypatch.setattr(
        data_file, "parse_toml", lambda data, where: parsed.append(str(where)) or real(data, where)
    )
    for variant, players in (("standard", 2), ("teams", 4), ("solo-plague", 1)) * 2:
        bellica.load("bellum", players=players, variant=variant)
    assert sorted(parsed) == sorted([str(CARDS_FILE), str(SCENARIOS_FILE)])


# -- scenarios -------------------------------------------------------------------------------


def _scenarios(tmp_path: Path, old: str, new: str) -> Path:
    assert old in SCENARIOS, old
    path = tmp_path / "scenarios.toml"
    path.write_text(SCENARIOS.replace(old, new, 1), encoding="utf-8")
    return path


def test_our_scenario_file_loads() -> None:
    assert [s.id for s in load_scenario_file().scenario] == [
        "solo-hercules",
        "solo-plague",
        "solo-troy",
    ]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "hero = 44",
            'hero = "44"',
            "scenario #1 (solo-hercules), field hero: must be a whole "
            "number from 1 to 999, not '44'",
        ),
        ("hero = 44", "hero = 0", "not 0"),
        (
            "reveal = [2, 3]",
            "reveal = [2, 11]",
            "field reveal.1: must be a whole number from 1 to 10, not 11",
        ),
        ("reveal = [2, 3]", "reveal = []", "field reveal: must hold at least 1 entries"),
        (
            "labyrinth_heal = 2",
            "labyrinth_heal = true",
            "field labyrinth_heal: must be a whole number from 0 to 20, not True",
        ),
        ("can_buy = false", "can_buy = 0", "field can_buy: must be true or false, not 0"),
        ('player_city = "Troy"', 'player_city = "Ithaca"', "field player_city: must be 'Athens'"),
        ("player_deck = [41, 42, 45", "player_deck = [44, 42, 45", "card 044 is placed twice"),
        ("{ card = 70,", "{ card = 69,", "card 069's play ability is overridden twice"),
        ('id = "solo-plague"', 'id = "solo-hercules"', "the scenario id 'solo-hercules' is used"),
        (
            "{ card = 34, power = 5 }",
            "{ card = 15, power = 7 }",
            "card 015's power is set twice",
        ),
        (
            "{ card = 34, power = 5 }",
            "{ card = 34, power = 0 }",
            "field power.1.power: must be a whole number from 1 to 12",
        ),
        (
            '{ card = 66, text = "',
            '{ card = 57, text = "',
            "card 057's text is set twice",
        ),
        (
            '{ card = 66, text = "Look at the four cards on top of the Monsters\' deck." }',
            '{ card = 66, text = "" }',
            "field text.1.text: must not be empty",
        ),
        (
            "[scenario.harder]\nlabyrinth_heal = 1",
            "[scenario.harder]\nopponent_play_add = [44]",
            "harder: card 044 is placed twice",
        ),
        (
            "[scenario.easier]\nreveal = [2, 2]",
            "[scenario.easier]\nreveal = [2, 0]",
            "field easier.reveal.1: must be a whole number from 1 to 10",
        ),
    ],
)
def test_a_bad_scenario_file_names_scenario_and_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    path = _scenarios(tmp_path, old, new)
    with pytest.raises(bellica.InvalidCardData) as caught:
        load_scenario_file(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert message in str(caught.value), str(caught.value)
