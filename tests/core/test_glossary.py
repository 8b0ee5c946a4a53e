"""The glossary helper: validated entries, the words that mark them, each game's file found."""

from __future__ import annotations

from pathlib import Path

import pytest

import bellica
from bellica import InvalidCardData
from bellica.core.glossary import Glossary, glossary_file, glossary_of, load_glossary

ENTRY = 'key = "{key}"\nterm = "{term}"\ncategory = "keyword"\ntext = "What it means."\n'


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "glossary.toml"
    path.write_text(body, encoding="utf-8")
    return path


def entry(key: str, term: str, extra: str = "") -> str:
    return "[[entry]]\n" + ENTRY.format(key=key, term=term) + extra + "\n"


def test_words_default_to_the_term_and_an_empty_list_marks_nothing(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        entry("rally", "Rally")
        + entry("shield", "Shield", 'words = ["shield", "shields"]\n')
        + entry("take", "Take", "words = []\n"),
    )
    glossary = load_glossary(path)
    assert [e.marks() for e in glossary.entry] == [["Rally"], ["shield", "shields"], []]
    assert glossary.find("Rally: give two creatures Shields; take a card.") == ["rally", "shield"]
    assert glossary.find("Rallying shieldwall") == []  # whole words only
    assert glossary.to_json()[2] == {
        "key": "take",
        "term": "Take",
        "category": "keyword",
        "text": "What it means.",
        "words": [],
    }


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (entry("rally", "Rally") + entry("rally", "Again"), "the key 'rally' is used by 2 entries"),
        (
            entry("a", "Shield") + entry("b", "Guard", 'words = ["SHIELD"]\n'),
            "the word 'shield' marks 2 entries",
        ),
        (entry("Bad Key", "Rally"), "[[entry]] #1 (Bad Key), field key"),
        (entry("rally", "Rally", "colour = 3\n"), "field colour: is not a known field"),
        (
            entry("rally", "Rally", 'category = "x"\n').replace('category = "keyword"\n', ""),
            "category",
        ),
        ("[[entry]]\nkey = 'rally'\n", "field term: is required"),
    ],
)
def test_a_bad_file_names_the_entry_and_what_is_wrong(
    tmp_path: Path, body: str, message: str
) -> None:
    with pytest.raises(InvalidCardData) as err:
        load_glossary(write(tmp_path, body))
    assert message in str(err.value)
    assert str(tmp_path / "glossary.toml") in str(err.value)


SHIPPED = ("bellum", "imperio-bellum")  # other tests register games of their own


def test_each_game_keeps_its_glossary_beside_its_rules() -> None:
    for game_id in SHIPPED:
        info = bellica.load(game_id).info
        game = bellica.load(info.id)
        assert glossary_file(game).is_file(), info.id
        assert glossary_of(game).entry, info.id
        assert glossary_of(type(game)) == glossary_of(game)


def test_a_game_without_a_glossary_gets_an_empty_one(tmp_path: Path) -> None:
    class NoGlossary(bellica.Game):  # a class defined here: its package has no data/glossary.toml
        pass

    assert not glossary_file(NoGlossary).exists()
    assert glossary_of(NoGlossary) == Glossary()
