"""The rules document: every ruling names tests that exist, the gaps the issue lists are
settled, and the page the docs show is the text the game returns."""

from __future__ import annotations

from pathlib import Path

from rules_doc_checks import assert_rulings_cite_tests, rulings_rows

import bellica

HERE = Path(__file__).parent
ROOT = HERE.parents[2]
DOC = ROOT / "docs" / "rules" / "para-bellum.md"
COPY = ROOT / "src" / "bellica" / "games" / "para_bellum" / "rules.md"


def _rows() -> list[str]:
    return rulings_rows("para-bellum")


def test_every_ruling_names_a_test_that_exists() -> None:
    """Each row of the rulings table, numbered in order, has six columns and cites tests
    defined in this folder."""
    assert_rulings_cite_tests("para-bellum", HERE, 40)


def test_the_issue_rulings_are_settled() -> None:
    """The gaps the issue names, each answered in a row of the table."""
    text = "\n".join(_rows()).lower()
    topics = {
        "55 or 60 Army cards": "55 or 60",
        "47 Command cards against 10/10/2": "47 command cards",
        "every basic action's cost": "what does each basic action cost",
        "what makes a Big Legion": "what makes a big legion",
        "blazons at set-up or won": "handed out at set-up, or won",
        "a banner with no grey die": "no grey die",
        "the Morale test's target": "morale test's target",
        "the General die and Motivate": "general die pay for motivate",
        "when disabled permanents turn back": "disabled permanents turn face up",
        "the Runner track and bonuses": "runner track",
        "what Events do": "what do the events do",
        "what Objectives do": "what do objectives ask",
        "what Battle Bonuses do": "what do the battle bonuses do",
        "what Alliance actions do": "what does an alliance action do",
        "a die at 0 (publisher)": "die reduced to 0",
        "a raise on an empty slot (publisher)": "raise do on an empty slot",
        "two Centurions at once (publisher)": "completes two centurions",
        "no playable Army card": "no army card that can be placed",
        "colour matching above and below": "above and below",
        "Special Unit placement": "special unit go",
        "both end triggers": "both triggers",
        "ties": "ties broken",
        "the round limit": "round_limit",
        "equal turns, a house rule": "end_at=round",
    }
    missing = [topic for topic, words in topics.items() if words not in text]
    assert not missing, missing


def test_the_rulebook_and_our_designs_are_told_apart() -> None:
    """The page says what is the rulebook's and what is ours, naming the designed parts."""
    text = DOC.read_text(encoding="utf-8")
    ours = text.split("**Designed by us, provisional:**", 1)[1].split("## Components", 1)[0]
    for part in ("army grid", "card's content", "basic actions' costs", "colours' names"):
        assert part in ours, part
    for heading in ("## Designed content", "## Balance", "## Hidden information", "## Rulings"):
        assert f"\n{heading}\n" in text, heading


def test_the_docs_page_is_the_rules_text() -> None:
    assert DOC.read_text(encoding="utf-8") == COPY.read_text(encoding="utf-8")
    assert bellica.load("para-bellum").rules_text() == DOC.read_text(encoding="utf-8")
