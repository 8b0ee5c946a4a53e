"""Shared setup for the arena tests: tests/ (toy_game) on the path, Pebbles registered."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent.parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from bellica.arena import GameConfig  # noqa: E402
from bellica.core import register  # noqa: E402
from toy_game import Pebbles  # noqa: E402


@pytest.fixture
def setup() -> GameConfig:
    """Two-player Pebbles as an arena set-up (registered under the id "pebbles")."""
    register("pebbles", Pebbles)
    return GameConfig.create("pebbles", players=2)


@pytest.fixture
def setup3() -> GameConfig:
    register("pebbles", Pebbles)
    return GameConfig.create("pebbles", players=3)
