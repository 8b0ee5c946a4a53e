"""The agent interface: an agent sees one seat's view and returns one legal action."""

from __future__ import annotations

from abc import ABC, abstractmethod

from bellica.core import Action, SeatView


class Agent(ABC):
    """A player that decides from a `SeatView`; it never sees another seat's secrets."""

    name: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def act(self, view: SeatView) -> Action:
        """One of `view.legal_actions()`."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
