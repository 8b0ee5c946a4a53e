"""Checks every game's rules document shares: the rulings table's rows, numbered in order,
each citing tests that exist in the game's test folder."""

from __future__ import annotations

import re
from pathlib import Path

import bellica


def rulings_rows(game_id: str) -> list[str]:
    """The rows of the rulings table (the table after the "## Rulings" heading)."""
    rules = bellica.load(game_id).rules_text()
    table = rules.split("\n## Rulings", 1)[1]
    return [line for line in table.splitlines() if re.match(r"\| \d+ \|", line)]


def assert_rulings_cite_tests(game_id: str, folder: Path, least: int) -> list[str]:
    """At least `least` rows, numbered 1, 2, …, each with six columns whose last cites
    tests defined in `folder`'s test files. Returns the rows."""
    rows = rulings_rows(game_id)
    assert len(rows) >= least
    assert [int(row.split("|")[1]) for row in rows] == list(range(1, len(rows) + 1))
    source = "\n".join(p.read_text(encoding="utf-8") for p in folder.glob("test_*.py"))
    for row in rows:
        assert row.count(" | ") == 5, row
        named = re.findall(r"`(test_\w+)`", row.split(" | ")[-1])
        assert named, row
        for name in named:
            assert f"def {name}(" in source, f"{name} is cited but not defined"
    return rows
