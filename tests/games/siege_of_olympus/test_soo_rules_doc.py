"""The rules document: every ruling names tests that exist, the open questions are settled,
and the page the docs show is the text the game returns."""

from __future__ import annotations

import re
from pathlib import Path

import bellica

HERE = Path(__file__).parent
ROOT = HERE.parents[2]
DOC = ROOT / "docs" / "rules" / "siege-of-olympus.md"
COPY = ROOT / "src" / "bellica" / "games" / "siege_of_olympus" / "rules.md"


def _rows() -> list[str]:
    rules = bellica.load("siege-of-olympus").rules_text()
    return [line for line in rules.splitlines() if re.match(r"\| \d+ \|", line)]


def test_every_ruling_names_a_test_that_exists() -> None:
    """Each row of the rulings table, numbered in order, cites tests defined in this folder."""
    rows = _rows()
    assert len(rows) >= 38
    assert [int(row.split("|")[1]) for row in rows] == list(range(1, len(rows) + 1))
    source = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    for row in rows:
        named = re.findall(r"`(test_\w+)`", row)
        assert named, row
        for name in named:
            assert f"def {name}(" in source, f"{name} is cited but not defined"


def test_the_issue_rulings_are_settled() -> None:
    """The questions the rulebook leaves open, each answered in a row of the table."""
    rows = _rows()
    text = "\n".join(rows).lower()
    topics = {
        "Brawler": "brawler",
        "how many Artifacts win": "how many artifacts win",
        "the Olympus card": "olympus card",
        "prisoners strike back": "prisoners strike back",
        "Commander health": "how much health does a commander have",
        "cost 0": "cost-0 minion",
        "Ranger vs Spellcaster": "a ranger and a spellcaster",
        "empty Deck": "the deck is empty",
        "mulligan": "mulligan",
        "Disrupt": "disrupt negate",
    }
    for topic, words in topics.items():
        assert words in text, topic


def test_the_docs_page_is_the_rules_text() -> None:
    assert DOC.read_text(encoding="utf-8") == COPY.read_text(encoding="utf-8")
    assert bellica.load("siege-of-olympus").rules_text() == DOC.read_text(encoding="utf-8")
