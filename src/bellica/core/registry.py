"""The game registry: which games exist, what `bellica list` shows of them, and loading one."""

from __future__ import annotations

import importlib
from typing import Any

from bellica.core.errors import InvalidConfig
from bellica.core.game import Game, GameInfo

# Game id -> (where its GameInfo is, where its Game class is), both "module:name". Listing
# games imports only the light info modules; a game's rules are imported when it is loaded.
_GAMES: dict[str, tuple[str, str]] = {
    "bellum": ("bellica.games.bellum:INFO", "bellica.games.bellum.game:Bellum"),
    "bellum-magia": (
        "bellica.games.bellum_magia:INFO",
        "bellica.games.bellum_magia.game:BellumMagia",
    ),
    "imperio-bellum": (
        "bellica.games.imperio_bellum:INFO",
        "bellica.games.imperio_bellum.game:ImperioBellum",
    ),
    "para-bellum": (
        "bellica.games.para_bellum:INFO",
        "bellica.games.para_bellum.game:ParaBellum",
    ),
    "siege-of-olympus": (
        "bellica.games.siege_of_olympus:INFO",
        "bellica.games.siege_of_olympus.game:SiegeOfOlympus",
    ),
}
_loaded: dict[str, type[Game]] = {}
_infos: dict[str, GameInfo] = {}


def _resolve(target: str) -> Any:
    module_name, _, name = target.partition(":")
    found: Any = importlib.import_module(module_name)
    for part in name.split("."):
        found = getattr(found, part)
    return found


def register(game_id: str, target: str | type[Game], info: str | None = None) -> None:
    """Add a game: `target` is a Game subclass or a "module:Class" path; `info`, a
    "module:NAME" path to its GameInfo, lets listing skip importing the class."""
    _loaded.pop(game_id, None)
    _infos.pop(game_id, None)
    if isinstance(target, str):
        _GAMES[game_id] = (info or "", target)
    else:
        _GAMES[game_id] = (info or "", f"{target.__module__}:{target.__qualname__}")
        _loaded[game_id] = target


def _known(game_id: str) -> tuple[str, str]:
    if game_id not in _GAMES:
        known = ", ".join(sorted(_GAMES))
        raise InvalidConfig(f"unknown game {game_id!r}; known games: {known}")
    return _GAMES[game_id]


def game_class(game_id: str) -> type[Game]:
    """The Game class of a registered game (its rules are imported now)."""
    _, target = _known(game_id)
    cls = _loaded.get(game_id)
    if cls is None:
        cls = _loaded[game_id] = _resolve(target)
    return cls


def game_info(game_id: str) -> GameInfo:
    """What `bellica list` shows of a game, without importing its rules where possible."""
    info_path, _ = _known(game_id)
    info = _infos.get(game_id)
    if info is None:
        info = _infos[game_id] = _resolve(info_path) if info_path else game_class(game_id).info
    return info


def games() -> list[GameInfo]:
    """Every registered game, in id order."""
    return [game_info(game_id) for game_id in sorted(_GAMES)]


def load(
    game_id: str,
    players: int | None = None,
    variant: str | None = None,
    options: dict[str, Any] | None = None,
    cards: str | None = None,
) -> Game:
    """A configured game; raises InvalidConfig naming what is wrong and what is allowed."""
    if not isinstance(game_id, str):
        raise InvalidConfig(f"a game id is a string such as 'bellum', not {type(game_id).__name__}")
    return game_class(game_id)(players=players, variant=variant, options=options, cards=cards)
