"""The random agent: a uniform choice among the legal actions, from its own seeded generator."""

from __future__ import annotations

from bellica.agents.base import Agent
from bellica.core import Action, SeatView


class RandomAgent(Agent):
    """Plays a uniformly random legal action; the baseline every other agent must beat."""

    kind = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._configure()

    def act(self, view: SeatView) -> Action:
        return self.rng.choice(self._legal(view))
