"""The game-agnostic engine: the game contract, actions, configs, records, replay, registry."""

from bellica.core.action import Action
from bellica.core.config import GameConfig
from bellica.core.errors import (
    BellicaError,
    IllegalAction,
    InvalidCardData,
    InvalidConfig,
    InvalidPosition,
    InvalidRecord,
)
from bellica.core.game import SPECTATOR, Game, GameInfo, State
from bellica.core.outcome import Outcome
from bellica.core.record import Record
from bellica.core.registry import game_class, games, load, register
from bellica.core.replay import replay
from bellica.core.rng import Rng
from bellica.core.seat_view import SeatView

__all__ = [
    "SPECTATOR",
    "Action",
    "BellicaError",
    "Game",
    "GameConfig",
    "GameInfo",
    "IllegalAction",
    "InvalidCardData",
    "InvalidConfig",
    "InvalidPosition",
    "InvalidRecord",
    "Outcome",
    "Record",
    "Rng",
    "SeatView",
    "State",
    "game_class",
    "games",
    "load",
    "register",
    "replay",
]
