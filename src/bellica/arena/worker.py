"""What a helper process of a simulation runs: its start-up, then chunks of consecutive games.

A helper imports the engine, the agents and the arena's match module, never the command line,
typer or rich: it is ready as soon as the game's rules are imported.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bellica.arena.board import Board
from bellica.arena.match import KEEP_NOTHING, GameResult, Keep, MatchError, play_match
from bellica.arena.schedule import Schedule
from bellica.core import GameConfig, game_class


class Chunks:
    """How many games a helper takes at a time: about CHUNK_SECONDS of play, as its games so
    far took, so that a quick game's chunk is worth sending back and a slow game's last chunk
    keeps no process waiting long; one game until a game has been timed; never more than a
    quarter of each worker's share, nor MAX_CHUNK. A size the caller fixes stays as it is."""

    __slots__ = ("_fixed", "_games", "_most", "_seconds")

    def __init__(self, total: int, workers: int, fixed: int | None = None) -> None:
        self._fixed = fixed
        self._most = max(1, min(MAX_CHUNK, total // (workers * 4)))
        self._games = 0
        self._seconds = 0.0

    def timed(self, results: Sequence[GameResult]) -> None:
        """Take in how long some finished games took."""
        self._games += len(results)
        self._seconds += sum(r.seconds for r in results)

    @property
    def size(self) -> int:
        if self._fixed is not None:
            return self._fixed
        if not self._games:
            return 1
        per_game = max(self._seconds / self._games, 1e-6)
        return max(1, min(self._most, int(CHUNK_SECONDS / per_game)))


CHUNK_SECONDS = 0.05  # the play a helper takes at a time (25 results there and back: 0.2 ms)
MAX_CHUNK = 64


@dataclass(frozen=True, slots=True)
class Run:
    """What a local pool sends each helper to start a run: the games (config and schedule),
    how to play them, how many processes share them, and whether the pool serves no run
    after this one (then a helper leaves as soon as it finds nothing more to take)."""

    number: int
    config: GameConfig
    schedule: Schedule
    max_decisions: int
    keep: Keep
    workers: int
    chunk_size: int | None = None  # the caller's fixed chunk size, if any
    final: bool = False


def start(game: str | None) -> None:
    """Start-up: leave Ctrl-C to the parent (which stops the helpers, so no traceback comes
    from each one) and import the rules of `game` now, while the parent checks the config."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if game is None:
        return
    try:
        game_class(game)
    except Exception:  # a game registered at run time is found through the config's source
        return


def play_games(
    config: GameConfig,
    schedule: Schedule,
    start: int,
    stop: int,
    max_decisions: int,
    keep: Keep = KEEP_NOTHING,
) -> Iterator[GameResult]:
    """Games `start` to `stop - 1` of the schedule: each with its seed and its seats."""
    for index in range(start, stop):
        yield play_match(
            config,
            schedule.lineup(index),
            schedule.seed_of(index),
            index=index,
            matchup=schedule.matchup_of(index),
            max_decisions=max_decisions,
            keep=keep,
        )


def play_chunk(
    config: GameConfig,
    schedule: Schedule,
    start: int,
    stop: int,
    max_decisions: int,
    keep: Keep = KEEP_NOTHING,
) -> list[GameResult]:
    """The work one pool task does: a few consecutive games, their results in order."""
    return list(play_games(config, schedule, start, stop, max_decisions, keep))


def serve(game: str | None, pipe: Any, board: Board, others: Sequence[Any] = ()) -> None:
    """A helper's life in a local pool: its start-up, then each run the pool sends down `pipe`
    (a `Run`): take chunks of its games off `board` until none is left, sending back
    `(run number, results)` for each chunk, then `(run number, None)`; a game that fails
    sends `(run number, the error)` instead and ends the helper's part in that run. It stops
    when the pool sends None, when the pool is gone, or after a final run. `others` are the
    pool's ends of the helpers started before this one, inherited: closed at once, so that
    each helper's pipe reads end-of-file as soon as the pool is gone."""
    for other in others:
        other.close()
    start(game)
    while True:
        try:
            run = pipe.recv()
        except (EOFError, OSError):
            return
        if run is None:
            return
        chunks = Chunks(run.schedule.total, run.workers, run.chunk_size)
        try:
            while taken := board.take(run.number, chunks.size, run.schedule.total, run.workers):
                results = play_chunk(run.config, run.schedule, *taken, run.max_decisions, run.keep)
                chunks.timed(results)
                pipe.send((run.number, results))
        except Exception as error:  # sent to the pool, which raises it in the caller
            pipe.send((run.number, _sendable(error)))
        pipe.send((run.number, None))
        if run.final:
            return


def _sendable(error: Exception) -> Exception:
    """The error itself if it survives pickling, or a MatchError that says what it was."""
    import pickle

    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return MatchError(f"a helper process failed: {type(error).__name__}: {error}")
    return error
