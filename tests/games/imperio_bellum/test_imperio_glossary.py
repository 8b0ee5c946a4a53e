"""Imperio Bellum's glossary: an entry for every piece kind, saying how it moves and its dice."""

from __future__ import annotations

import re

import bellica
from bellica.core.glossary import glossary_of
from bellica.games.imperio_bellum.pieces import KIND_NAMES, UNIT_KINDS


def test_every_piece_kind_has_an_entry_with_its_moves_and_dice() -> None:
    glossary = glossary_of(bellica.load("imperio-bellum"))
    for kind, name in KIND_NAMES.items():
        entry = glossary.get(name)  # the observation's piece name is the key the board tags
        assert entry is not None and entry.category == "piece", name
        assert re.search(r"\d dic?e", entry.text), name  # "3 dice", "1 die"
        if kind in UNIT_KINDS:
            assert re.search(r"\b(step|moves?)\b", entry.text, re.IGNORECASE), name


def test_the_words_of_a_piece_find_its_entry() -> None:
    glossary = glossary_of(bellica.load("imperio-bellum"))
    assert glossary.find("Two pikemen screen the knights from the archer's shot") == [
        "pikeman",
        "screen",
        "knight",
        "archer",
        "shot",
    ]
