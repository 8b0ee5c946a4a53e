"""The rules document: every ruling names tests that exist, the gaps the issue lists are
settled, and the page the docs show is the text the game returns."""

from __future__ import annotations

from pathlib import Path

from rules_doc_checks import assert_rulings_cite_tests, rulings_rows

import bellica

HERE = Path(__file__).parent
ROOT = HERE.parents[2]
DOC = ROOT / "docs" / "rules" / "bellum-magia.md"
COPY = ROOT / "src" / "bellica" / "games" / "bellum_magia" / "rules.md"


def _rows() -> list[str]:
    return rulings_rows("bellum-magia")


def test_every_ruling_names_a_test_that_exists() -> None:
    """Each row of the rulings table, numbered in order, has six columns and cites tests
    defined in this folder."""
    assert_rulings_cite_tests("bellum-magia", HERE, 37)


def test_the_issue_rulings_are_settled() -> None:
    """The gaps the issue names, each answered in a row of the table."""
    text = "\n".join(_rows()).lower()
    topics = {
        "Roll Again or Confusion": "roll again",
        "Magic Shield token on a castle": "magic shield token",
        "which chests a thief takes": "which chests does a thief take",
        "a castle with no chests": "castle with no chests",
        "the kingdom pile runs out": "kingdom pile runs out",
        "the reserve runs out": "reserve runs short",
        "attacking nothing": "attack nothing",
        "a third Barrel": "beyond the second",
        "a scout tie at zero": "nobody has a map",
        "attack order after the Captain changes": "captain changes",
        "which creatures carry Bonus tokens": "which creatures carry which bonus tokens",
        "a full side": "side of a castle be full",
    }
    for topic, words in topics.items():
        assert words in text, topic


def test_the_docs_page_is_the_rules_text() -> None:
    assert DOC.read_text(encoding="utf-8") == COPY.read_text(encoding="utf-8")
    assert bellica.load("bellum-magia").rules_text() == DOC.read_text(encoding="utf-8")
