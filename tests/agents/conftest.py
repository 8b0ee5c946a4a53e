"""Shared setup for the agent tests: tests/ (toy_game) and tests/agents/ (helpers) on the path."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for folder in (HERE.parent, HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from toy_game import Pebbles  # noqa: E402


@pytest.fixture
def pebbles() -> Pebbles:
    return Pebbles(players=2)
