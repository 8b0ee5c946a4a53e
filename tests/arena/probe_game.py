"""Pebbles that tells, in each outcome, which process played it and what that process loaded."""

from __future__ import annotations

import os
import sys

from bellica.core import GameInfo, Outcome
from toy_game import Pebbles, PebblesState

# Modules a simulation helper has no use for: the command line and its libraries, the server,
# and the libraries only some games or features need.
HEAVY = ("typer", "click", "rich", "bellica.cli", "fastapi", "uvicorn", "pydantic", "numpy")


def loaded_heavy() -> list[str]:
    return [name for name in HEAVY if name in sys.modules]


class ProbeState(PebblesState):
    __slots__ = ()

    def _outcome(self) -> Outcome:
        outcome = super()._outcome()
        heavy = ",".join(loaded_heavy()) or "-"
        return Outcome(outcome.winners, outcome.scores, f"pid {os.getpid()} loaded {heavy}")

    def _copy(self) -> ProbeState:
        copy = ProbeState.__new__(ProbeState)
        copy.pile, copy.player, copy.winner = self.pile, self.player, self.winner
        copy.secrets, copy.used = list(self.secrets), list(self.used)
        return copy


class ProbePebbles(Pebbles):
    info = GameInfo("probe-pebbles", "Probe Pebbles", 2, 3, ("standard",))

    def new_game(self, seed: int = 0) -> ProbeState:
        return ProbeState(self, seed)
