"""The games of a local run that no process has taken yet, on a board every process shares."""

from __future__ import annotations

from typing import Any

# The board's two cells: which run it serves, and the first game of that run not yet taken.
RUN, NEXT = 0, 1
CLOSED = -1  # the run number of a board serving no run


class Board:
    """Where the processes of a local pool take their games: two integers in shared memory
    under one lock. This process and its helpers each take the next games off it as soon as
    they are free, so no helper ever waits to be handed work; a helper whose run is over (or
    was abandoned) finds nothing more to take."""

    __slots__ = ("_cells", "_lock")

    def __init__(self, context: Any) -> None:
        """A closed board in `context`'s shared memory (a multiprocessing context)."""
        self._cells = context.RawArray("q", 2)
        self._cells[RUN] = CLOSED
        self._lock = context.Lock()

    def open(self, run: int) -> None:
        """Serve run number `run` from its first game."""
        with self._lock:
            self._cells[RUN] = run
            self._cells[NEXT] = 0

    def close(self) -> None:
        """Serve no run: whatever its processes are playing, they take nothing more."""
        with self._lock:
            self._cells[RUN] = CLOSED

    def take(self, run: int, size: int, total: int, workers: int) -> tuple[int, int] | None:
        """The next `size` games of run `run` (of `total`, shared by `workers` processes) as
        (start, stop); fewer near the end, so that every process finishes at about the same
        time; None once they are all taken or the board serves another run."""
        with self._lock:
            start = self._cells[NEXT]
            if self._cells[RUN] != run or start >= total:
                return None
            stop = start + max(1, min(size, (total - start) // (2 * workers)))
            self._cells[NEXT] = stop
        return start, stop
