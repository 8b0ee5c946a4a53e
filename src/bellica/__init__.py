"""bellica: rules engine and play platform for five tabletop war games."""

from bellica.core import (
    Action,
    BellicaError,
    Game,
    GameConfig,
    GameInfo,
    IllegalAction,
    InvalidCardData,
    InvalidConfig,
    InvalidPosition,
    InvalidRecord,
    Outcome,
    Record,
    SeatView,
    State,
    games,
    load,
    replay,
)

__version__ = "0.1.0"

__all__ = [
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
    "SeatView",
    "State",
    "games",
    "load",
    "replay",
]
