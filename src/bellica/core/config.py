"""GameConfig: a game's set-up (id, players, variant, options, cards) as one checked value."""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bellica.core.errors import InvalidConfig
from bellica.core.game import Game
from bellica.core.options import shown
from bellica.core.registry import game_class, load, register

OptionValue = str | int | float | bool
_FIELDS = ("game", "players", "variant", "options", "cards", "source")


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Which game, for how many players, in which variant, with which options and card file.

    Plain frozen data: it pickles to worker processes, is stored by the server and
    round-trips as JSON. Options are (key, value) pairs sorted by key; `dict(config.options)`
    gives them as a mapping. `source` ("module:Class") tells a fresh process where to find a
    game that was registered at run time (a test's toy game, a designer's prototype); it is
    followed only when the id is unknown there, and it is not part of what a config is
    (equal configs may differ in it). Build a config from trusted input only: loading one
    may import its `source`.
    """

    game: str
    players: int
    variant: str
    options: tuple[tuple[str, OptionValue], ...] = ()
    cards: str | None = None
    source: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        _check_text("game", self.game)
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise InvalidConfig(f"players must be a whole number, not {shown(self.players)}")
        if self.players < 1:
            raise InvalidConfig(f"players must be at least 1, not {self.players}")
        _check_text("variant", self.variant)
        object.__setattr__(self, "options", _option_pairs(self.options))
        if isinstance(self.cards, os.PathLike):
            object.__setattr__(self, "cards", os.fspath(self.cards))
        if self.cards is not None:
            _check_text("cards", self.cards)
        if self.source is not None:
            _check_text("source", self.source)
            module, colon, name = self.source.partition(":")
            if not (colon and module.strip() and name.strip()):
                raise InvalidConfig(f"source must read 'module:Class', not {shown(self.source)}")

    # -- building one ---------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        game: str,
        players: int | None = None,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        cards: str | None = None,
    ) -> GameConfig:
        """A checked config: the game is loaded once, so unset players and variant take the
        game's defaults and every option its canonical value (raises InvalidConfig naming
        what is wrong and what is allowed)."""
        if options is not None and not isinstance(options, Mapping):
            raise InvalidConfig(f"options map option names to values, not {shown(options)}")
        loaded = load(
            game, players=players, variant=variant, options=dict(options or {}), cards=cards
        )
        return replace(cls.of_game(loaded), game=game)  # the id it is registered under

    @classmethod
    def of_game(cls, game: Game) -> GameConfig:
        """The config a loaded game was set up with."""
        kind = type(game)
        source = None
        if "<locals>" not in kind.__qualname__:
            source = f"{kind.__module__}:{kind.__qualname__}"
        return cls(
            game=game.id,
            players=game.players,
            variant=game.variant,
            options=_option_pairs(game.options),
            cards=game.cards,
            source=source,
        )

    # -- using one ------------------------------------------------------------------------
    def load(self) -> Game:
        """The configured game, registering it from `source` first if this process does not
        know its id (raises InvalidConfig)."""
        try:
            game_class(self.game)
        except InvalidConfig:
            if self.source is None:
                raise
            register(self.game, _import_game(self.game, self.source))
        return load(
            self.game,
            players=self.players,
            variant=self.variant,
            options=dict(self.options),
            cards=self.cards,
        )

    # -- as JSON --------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "variant": self.variant,
            "options": dict(self.options),
            "cards": self.cards,
            "source": self.source,
        }

    @classmethod
    def from_json(cls, data: Any) -> GameConfig:
        """The config `to_json` wrote; raises InvalidConfig naming the first thing wrong (an
        unknown or missing field, a value of the wrong type). Whether the game exists and
        accepts these values is checked by `load`."""
        if not isinstance(data, Mapping):
            raise InvalidConfig(f"a game config is a JSON object, not {shown(data)}")
        unknown = [key for key in data if key not in _FIELDS]
        if unknown:
            raise InvalidConfig(
                f"a game config has no field {shown(unknown[0])}; fields: {', '.join(_FIELDS)}"
            )
        for key in ("game", "players", "variant"):
            if key not in data:
                raise InvalidConfig(f"the game config has no {key!r} field")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise InvalidConfig(f"options must be a JSON object, not {shown(options)}")
        return cls(
            game=data["game"],
            players=data["players"],
            variant=data["variant"],
            options=_option_pairs(options),
            cards=data.get("cards"),
            source=data.get("source"),
        )


def _check_text(name: str, value: object) -> None:
    if not isinstance(value, str) or not value.strip():
        raise InvalidConfig(f"{name} must be a non-empty string, not {shown(value)}")


def _option_pairs(
    options: Mapping[str, Any] | Iterable[tuple[str, Any]],
) -> tuple[tuple[str, OptionValue], ...]:
    """Options as (key, value) pairs sorted by key, each value a JSON scalar."""
    items = list(options.items() if isinstance(options, Mapping) else options)
    pairs: dict[str, OptionValue] = {}
    for item in items:
        if not isinstance(item, tuple) or len(item) != 2:
            raise InvalidConfig(f"options are (name, value) pairs, not {shown(item)}")
        key, value = item
        if not isinstance(key, str) or not key:
            raise InvalidConfig(f"an option name is a non-empty string, not {shown(key)}")
        if key in pairs:
            raise InvalidConfig(f"option {key} is given twice")
        if not isinstance(value, str | int | float) or (
            isinstance(value, float) and not math.isfinite(value)
        ):
            raise InvalidConfig(
                f"option {key} must be a string, a number or true/false, not {shown(value)}"
            )
        pairs[key] = value
    return tuple(sorted(pairs.items()))


def _import_game(game_id: str, source: str) -> type[Game]:
    """The Game class named by "module:Class" (raises InvalidConfig)."""
    module_name, _, name = source.partition(":")
    try:
        target: Any = importlib.import_module(module_name)
        for part in name.split("."):
            target = getattr(target, part)
    except (ImportError, AttributeError) as err:
        raise InvalidConfig(f"cannot import game {game_id!r} from {source}: {err}") from None
    if not (isinstance(target, type) and issubclass(target, Game)):
        raise InvalidConfig(f"{source} is not a bellica game class")
    return target
