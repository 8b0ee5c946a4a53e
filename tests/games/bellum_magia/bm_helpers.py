"""Helpers for the Bellum Magia tests: games by player count, positions reached by seeded
play, and position lines edited one at a time."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import bellica
from bellica.games.bellum_magia.game import BellumMagia
from bellica.games.bellum_magia.state import MagiaState


@cache
def _loaded(players: int, options: tuple[tuple[str, Any], ...], cards: str | None) -> BellumMagia:
    game = bellica.load("bellum-magia", players=players, options=dict(options), cards=cards)
    assert isinstance(game, BellumMagia)
    return game


def game(players: int = 2, cards: str | None = None, **options: Any) -> BellumMagia:
    """The game for `players` lords (loaded once per configuration)."""
    return _loaded(players, tuple(sorted(options.items())), cards)


def reach(
    g: BellumMagia, until: Callable[[MagiaState], bool], seed: int = 1, tries: int = 40
) -> MagiaState:
    """The first state of seeded random games (seed, seed + 1, ...) where `until` holds."""
    for s in range(seed, seed + tries):
        state = g.new_game(seed=s)
        chooser = random.Random(s)
        while not state.is_terminal:
            if until(state):
                return state
            state.apply(chooser.choice(state.legal_actions()))
    raise AssertionError("no seeded game reached the moment")


def edited(text: str, key: str, rest: str) -> str:
    """A position with the line `key` ("lord 0", "places", "day") given a new rest."""
    out = []
    found = False
    for line in text.splitlines():
        head = line.split(":")[0] if ":" in line else line.split(" ")[0]
        if head == key:
            line = f"{key}: {rest}" if ":" in line else f"{key} {rest}"
            found = True
        out.append(line)
    assert found, f"no line {key!r}"
    return "\n".join(out) + "\n"
