"""Pebbles that tells, in each outcome, which process played it and what that process loaded."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from bellica.core import GameInfo, Outcome
from toy_game import Pebbles, PebblesState

# Modules a simulation helper has no use for: the command line and its libraries, the server,
# and the libraries only some games or features need.
HEAVY = ("typer", "click", "rich", "bellica.cli", "fastapi", "uvicorn", "pydantic", "numpy")


def loaded_heavy() -> list[str]:
    return [name for name in HEAVY if name in sys.modules]


def _wait_for_a_helper() -> None:
    """With PROBE_MARKER set, a game ending in the process PROBE_PARENT names waits (up to a
    minute) until a game has ended in another process, which leaves the marker file: so a
    test sees helpers play, however slowly they start. With PROBE_HELPER_DIES set as well,
    that helper then dies at once."""
    marker = os.environ.get("PROBE_MARKER")
    if marker is None:
        return
    if str(os.getpid()) != os.environ.get("PROBE_PARENT"):
        Path(marker).touch()
        if os.environ.get("PROBE_HELPER_DIES"):
            os._exit(3)  # as if the system had killed it
        return
    deadline = time.monotonic() + 60
    while not Path(marker).exists() and time.monotonic() < deadline:
        time.sleep(0.01)


class ProbeState(PebblesState):
    __slots__ = ()

    def _outcome(self) -> Outcome:
        outcome = super()._outcome()
        _wait_for_a_helper()
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
