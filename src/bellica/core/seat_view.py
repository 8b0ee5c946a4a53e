"""What an agent may see of a state: one seat's observation, the legal actions, determinize."""

from __future__ import annotations

import random
from typing import Any

from bellica.core.action import Action
from bellica.core.game import Game, State
from bellica.core.rng import Rng


class SeatView:
    """A window onto a state for one seat. It holds the state privately and offers only what
    that seat may know; `determinize` hands out copies whose hidden parts are resampled."""

    __slots__ = ("__state", "game", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self.__state = state
        self.game: Game = state.game
        self.seat = seat

    @property
    def observation(self) -> dict[str, Any]:
        return self.__state.observation(self.seat)

    def legal_actions(self) -> list[Action]:
        return self.__state.legal_actions()

    def determinize(self, rng: int | random.Random | Rng) -> State:
        """A full state consistent with this seat's knowledge, hidden parts resampled."""
        return self.__state.determinize(self.seat, rng)

    @property
    def move_count(self) -> int:
        return self.__state.move_count
