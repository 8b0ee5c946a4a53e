"""Shared test set-up: every test leaves the game registry as it found it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bellica.core import registry


@pytest.fixture(autouse=True)
def _registry_restored() -> Iterator[None]:
    """Toy games registered by a test (Pebbles and its kin) leave with it, so tests that go
    over every registered game see ours alone, whatever ran before them in the process."""
    games, loaded, infos = dict(registry._GAMES), dict(registry._loaded), dict(registry._infos)
    yield
    registry._GAMES.clear()
    registry._GAMES.update(games)
    registry._loaded.clear()
    registry._loaded.update(loaded)
    registry._infos.clear()
    registry._infos.update(infos)
