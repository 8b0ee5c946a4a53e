"""The rules document: every ruling names tests that exist, and the card data it describes."""

from __future__ import annotations

import re
from pathlib import Path

import bellica
from bellica.games.bellum.cards import load_cards

HERE = Path(__file__).parent


def _rows() -> list[str]:
    rules = bellica.load("bellum").rules_text()
    return [line for line in rules.splitlines() if re.match(r"\| \d+ \|", line)]


def test_every_ruling_names_a_test_that_exists() -> None:
    """Each row of the rulings table cites tests defined in this folder."""
    rows = _rows()
    assert [int(row.split("|")[1]) for row in rows] == list(range(1, len(rows) + 1))
    source = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    for row in rows:
        named = re.findall(r"`(test_\w+)`", row)
        assert named, row
        for name in named:
            assert f"def {name}(" in source, f"{name} is cited but not defined"


def test_the_issue_rulings_are_settled() -> None:
    """The questions the rulebook leaves open, one row each."""
    text = "\n".join(_rows()).lower()
    for topic in ("won", "damage stay", "draw", "093", "empty", "removed", "first turn"):
        assert topic in text, topic


def test_card_counts_follow_the_rulebook() -> None:
    """94 cards: 12 City, 40 Olympus (ten per stack), 8 Legend, 12 Basic, 20 Stock, 2 Help."""
    cards = load_cards().card
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.deck] = counts.get(card.deck, 0) + 1
    assert counts == {"city": 12, "olympus": 40, "legend": 8, "basic": 12, "stock": 20, "help": 2}
    assert sorted(c.number for c in cards) == list(range(1, 95))
    for stack in range(1, 5):
        assert sum(1 for c in cards if c.deck == "olympus" and c.stack == stack) == 10
        assert sum(1 for c in cards if c.deck == "legend" and c.stack == stack) == 2
    names = {c.number: c.name for c in cards}
    assert names[13] == names[14] == "Chimera"
    assert names[44] == "Hercules" and names[43] == "Achilles"
    assert [names[n] for n in (74, 75, 76)] == ["Labyrinth"] * 3
    assert [names[n] for n in (77, 78, 79)] == ["Petrified"] * 3
    assert {names[n] for n in (82, 83, 84, 93)} == {"Unspeakable Abomination"}
    assert {names[n] for n in range(85, 90)} == {"Enthralled Undead"}
