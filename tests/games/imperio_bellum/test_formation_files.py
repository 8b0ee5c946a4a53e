"""Imperio Bellum formation files: strict types, bounded numbers, and a file edited after it was
loaded is read again."""

from __future__ import annotations

from pathlib import Path

import pytest

import bellica
from bellica.core import data_file
from bellica.games.imperio_bellum.data import DATA_FILE, load_setup_data

TEXT = DATA_FILE.read_text(encoding="utf-8")


def _file(tmp_path: Path, old: str, new: str) -> Path:
    assert old in TEXT, old
    path = tmp_path / "formations.toml"
    path.write_text(TEXT.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "knight = 6",
            'knight = "6"',
            "[[reinforcements]] #1 ('Assault reserve (K6 A10 P14 F20)'), field knight: must be "
            "a whole number from 0 to 10, not '6'",
        ),
        ("knight = 6", "knight = 6.0", "not 6.0"),
        ("knight = 6", "knight = true", "not True"),
        ("knight = 6", "knight = 11", "from 0 to 10, not 11"),
        ("archer = 10", "archer = -1", "field archer: must be a whole number from 0 to 50, not -1"),
        ("archer = 10", "archer = " + "9" * 5000, "line 41: a number has more than 64 digits"),
        ("provisional = false", "provisional = 0", "field provisional: must be true or false"),
        ('front = "P F K F P F K F P"', "front = 5", "field front: must be text in quotes, not 5"),
        (
            'front = "P F K F P F K F P"',
            'front = "' + "P " * 30 + '"',
            "field front: must be at most 40 characters long",
        ),
        ('side = "attacker"', 'side = "left"', "field side: must be 'attacker', 'defender' or"),
        ('name = "Bulwark"', 'name = "Spearhead"', "the name 'Spearhead' is used twice"),
        ("knight = 6", "knight = 6\ncavalry = 2", "is not a known field (known: name, side"),
    ],
)
def test_a_bad_formation_file_is_refused(tmp_path: Path, old: str, new: str, message: str):
    path = _file(tmp_path, old, new)
    with pytest.raises(bellica.InvalidCardData) as caught:
        bellica.load("imperio-bellum", cards=str(path))
    assert str(caught.value).startswith(str(path))
    assert message in str(caught.value), str(caught.value)


def test_an_edited_formation_file_is_read_again(tmp_path: Path) -> None:
    """The loader used to cache by path and keep offering the old formations."""
    path = _file(tmp_path, 'name = "Spearhead"', 'name = "Wedge"')
    assert load_setup_data(path).formation[0].name == "Wedge"
    path.write_text(TEXT.replace('name = "Spearhead"', 'name = "Arrow"', 1), encoding="utf-8")
    assert load_setup_data(path).formation[0].name == "Arrow"
    game = bellica.load("imperio-bellum", cards=str(path))
    assert game.setup_data.formation[0].name == "Arrow"


def test_our_file_is_parsed_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    data_file.clear_cache()
    parsed: list[str] = []
    real = data_file.parse_toml
    monkeypatch.setattr(
        data_file, "parse_toml", lambda data, where: parsed.append(str(where)) or real(data, where)
    )
    for _ in range(3):
        bellica.load("imperio-bellum")
    assert parsed == [str(DATA_FILE)]
