"""The game registry: which games exist and how to load one by id."""

from __future__ import annotations

import importlib
from typing import Any

from bellica.core.errors import InvalidConfig
from bellica.core.game import Game, GameInfo

# Game id -> "module:Class". Modules are imported on first use so that listing games is cheap.
_GAMES: dict[str, str] = {
    "bellum": "bellica.games.bellum.game:Bellum",
    "imperio-bellum": "bellica.games.imperio_bellum.game:ImperioBellum",
}
_loaded: dict[str, type[Game]] = {}


def register(game_id: str, target: str | type[Game]) -> None:
    """Add a game: `target` is a Game subclass or a "module:Class" path."""
    if isinstance(target, str):
        _GAMES[game_id] = target
        _loaded.pop(game_id, None)
    else:
        _GAMES[game_id] = f"{target.__module__}:{target.__qualname__}"
        _loaded[game_id] = target


def game_class(game_id: str) -> type[Game]:
    if game_id not in _GAMES:
        known = ", ".join(sorted(_GAMES))
        raise InvalidConfig(f"unknown game {game_id!r}; known games: {known}")
    cls = _loaded.get(game_id)
    if cls is None:
        module_name, _, name = _GAMES[game_id].partition(":")
        cls = _loaded[game_id] = getattr(importlib.import_module(module_name), name)
    return cls


def games() -> list[GameInfo]:
    """Every registered game, in id order."""
    return [game_class(game_id).info for game_id in sorted(_GAMES)]


def load(
    game_id: str,
    players: int | None = None,
    variant: str | None = None,
    options: dict[str, Any] | None = None,
    cards: str | None = None,
) -> Game:
    """A configured game; raises InvalidConfig naming what is wrong and what is allowed."""
    return game_class(game_id)(players=players, variant=variant, options=options, cards=cards)
