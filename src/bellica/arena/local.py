"""Many seeded games on this machine's cores, played here and in helpers; results in order."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from multiprocessing import connection
from types import TracebackType
from typing import Any

from bellica.agents import make_agent
from bellica.arena import worker
from bellica.arena.board import Board
from bellica.arena.match import (
    KEEP_NOTHING,
    MAX_DECISIONS,
    GameResult,
    Keep,
    MatchError,
    game_for,
)
from bellica.arena.schedule import Schedule
from bellica.core import GameConfig, InvalidConfig

Progress = Callable[[GameResult], None]
# Helpers are forked where the system can (Linux): a forked helper starts at once with this
# process's modules, where a spawned one spends a quarter of a second importing them again.
# The pool is made before this process starts any thread of its own.
START_METHOD = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


def default_workers() -> int:
    """How many processes play by default: one per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class LocalPool:
    """`workers` processes playing games: this one and `workers - 1` helpers (a context manager).

    The helpers start at once. Forked (on Linux), they start with this process's modules and
    whatever games it has loaded (`match.game_for`); spawned, they import the rules of `game`
    (a game id) as they start, so their start-up overlaps whatever the caller does next, and
    they import the engine and the game only, never the command line. Each helper has a pipe
    of its own, the run going down it and its results coming back, and all of them take their
    games off one shared `Board`: no thread of this process stands between a helper and its
    next games, so a helper never waits for this process to finish a game of its own.
    """

    def __init__(
        self, workers: int, game: str | None = None, start_method: str = START_METHOD
    ) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise InvalidConfig(f"the number of workers must be at least 1, not {workers}")
        self.workers = workers
        self._runs = 0  # runs started, the last one's number
        self._over = False  # closed, or its final run sent: it serves no more runs
        self._helpers: list[_Helper] = []
        context: Any = multiprocessing.get_context(start_method)
        self._board: Board | None = Board(context) if workers > 1 else None
        for _ in range(workers - 1):
            mine, theirs = context.Pipe()
            others = [helper.pipe for helper in self._helpers]  # the helper closes its copies
            process = context.Process(
                target=worker.serve, args=(game, theirs, self._board, others), daemon=True
            )
            process.start()
            theirs.close()  # so that this end reads end-of-file once the helper is gone
            self._helpers.append(_Helper(process, mine))

    @property
    def helpers(self) -> tuple[int, ...]:
        """The process ids of the helpers (to watch them: their memory, their load)."""
        return tuple(helper.process.pid for helper in self._helpers)

    def run(
        self,
        config: GameConfig,
        agents: Sequence[str],
        games: int,
        seed: int = 0,
        *,
        progress: Progress | None = None,
        chunk_size: int | None = None,
        max_decisions: int = MAX_DECISIONS,
        keep: Keep = KEEP_NOTHING,
        final: bool = False,
    ) -> Iterator[GameResult]:
        """Play the games `run_local` describes (bad arguments raise InvalidConfig now,
        before any game starts; the helpers start on them at once). `final` says the pool
        serves no run after this one, so its helpers leave as soon as nothing is left to take.
        """
        if self._over:
            raise InvalidConfig("this pool of processes serves no more runs")
        schedule = check(config, agents, games, seed, chunk_size)
        self._over = final
        if self._board is None or not self._helpers:
            return self._alone(config, schedule, progress, max_decisions, keep)
        self._runs += 1
        run = worker.Run(
            self._runs, config, schedule, max_decisions, keep, self.workers, chunk_size, final
        )
        board = self._board
        board.open(run.number)
        for helper in self._helpers:
            try:
                helper.pipe.send(run)
            except OSError:
                board.close()
                raise MatchError("a helper process of this pool has stopped") from None
            helper.busy = True
        return self._play(run, board, progress)

    @staticmethod
    def _alone(
        config: GameConfig,
        schedule: Schedule,
        progress: Progress | None,
        max_decisions: int,
        keep: Keep,
    ) -> Iterator[GameResult]:
        """A run of one worker: every game played here, in order."""
        for result in worker.play_games(config, schedule, 0, schedule.total, max_decisions, keep):
            if progress is not None:
                progress(result)
            yield result

    def _play(
        self, run: worker.Run, board: Board, progress: Progress | None
    ) -> Iterator[GameResult]:
        """Take single games off the board and play them here, gathering the helpers'
        chunks between two of them, and yield every result in game order; once nothing is
        left to take, wait for the helpers' last chunks."""
        total = run.schedule.total
        finished: dict[int, list[GameResult]] = {}  # first game -> results, awaiting their turn
        next_yield = 0  # first game not yet handed to the caller
        completed = False
        try:
            while next_yield < total:
                taken = board.take(run.number, 1, total, self.workers)
                if taken is not None:
                    (result,) = worker.play_chunk(
                        run.config, run.schedule, *taken, run.max_decisions, run.keep
                    )
                    finished[result.index] = [result]
                    if progress is not None:
                        progress(result)
                self._gather(run.number, finished, progress, wait=taken is None)
                while next_yield in finished:
                    results = finished.pop(next_yield)
                    next_yield += len(results)
                    yield from results
            while any(helper.busy for helper in self._helpers):  # each says it is done
                self._gather(run.number, finished, progress, wait=True)
            completed = True
        finally:
            if not completed:
                board.close()  # the helpers take nothing more of this run

    def _gather(
        self,
        run: int,
        finished: dict[int, list[GameResult]],
        progress: Progress | None,
        wait: bool,
    ) -> None:
        """Whatever the helpers busy with run `run` have sent (waiting for a message if
        `wait`): chunks of results into `finished`, a helper's end of its part, an error
        raised here. Messages of an earlier, abandoned run are dropped."""
        busy = {helper.pipe: helper for helper in self._helpers if helper.busy}
        if not busy:
            if wait:
                raise MatchError("the helper processes stopped before every game was played")
            return
        for ready in connection.wait(list(busy), timeout=None if wait else 0):
            helper = busy[ready]  # type: ignore[index]  # wait() returns what it was given
            pipe = helper.pipe
            while helper.busy and pipe.poll():
                try:
                    number, payload = pipe.recv()
                except (EOFError, OSError):
                    helper.busy = False
                    helper.process.join(1)
                    raise MatchError(
                        "a helper process stopped before its games were played "
                        f"(exit code {helper.process.exitcode})"
                    ) from None
                if number != run:
                    continue
                if payload is None:
                    helper.busy = False
                elif isinstance(payload, BaseException):
                    raise payload
                else:
                    finished[payload[0].index] = payload
                    if progress is not None:
                        for result in payload:
                            progress(result)

    def close(self, now: bool = False) -> None:
        """Stop the helpers: once their work is done, or `now`, abandoning their games (as
        also when a run was left unfinished)."""
        helpers, self._helpers = self._helpers, []
        self._over = True
        if self._board is not None:
            self._board.close()
        now = now or any(helper.busy for helper in helpers)
        for helper in helpers:
            if now:
                helper.process.terminate()
            else:
                with suppress(OSError):  # a helper that left after a final run
                    helper.pipe.send(None)
        for helper in helpers:
            helper.process.join()
            helper.pipe.close()

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close(now=error is not None)


class _Helper:
    """A helper process of a pool, its end of their pipe, and whether it is still at work on
    the current run (it says when it is done)."""

    __slots__ = ("busy", "pipe", "process")

    def __init__(self, process: Any, pipe: connection.Connection) -> None:
        self.process = process
        self.pipe = pipe
        self.busy = False


def check(
    config: GameConfig,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    chunk_size: int | None = None,
) -> Schedule:
    """The run's schedule; or InvalidConfig for a run that could not start: no games, a bad
    chunk size, a bad agent spec, a config that does not load."""
    if chunk_size is not None and chunk_size < 1:
        raise InvalidConfig(f"the chunk size must be at least 1, not {chunk_size}")
    schedule = Schedule.create(agents, config.players, games, seed)
    for spec in schedule.agents:
        make_agent(spec)
    game_for(config)
    return schedule


def run_local(
    config: GameConfig,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    max_decisions: int = MAX_DECISIONS,
    start_method: str = START_METHOD,
    keep: Keep = KEEP_NOTHING,
) -> Iterator[GameResult]:
    """Play the games of `Schedule.create(agents, config.players, games, seed)`: one match
    of `games` games, or with more agents than seats a round robin of `games` games per
    matchup. Yields the results in game order; `progress` is called with each result as soon
    as it is in (in finishing order). The results depend only on the arguments, never on
    `workers` (processes that play, this one included; `workers=1` plays here alone). `keep`
    says what each result carries beyond itself: the game's record, its trajectory. Bad
    arguments raise InvalidConfig before any process starts; a game that cannot be played
    out raises MatchError.
    """
    if workers is None:
        workers = default_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidConfig(f"the number of workers must be at least 1, not {workers}")
    schedule = check(config, agents, games, seed, chunk_size)
    pool = LocalPool(min(workers, schedule.total), config.game, start_method)
    try:
        results = pool.run(
            config,
            agents,
            games,
            seed,
            progress=progress,
            chunk_size=chunk_size,
            max_decisions=max_decisions,
            keep=keep,
            final=True,
        )
    except BaseException:
        pool.close(now=True)
        raise
    return _closing(pool, results)


def _closing(pool: LocalPool, results: Iterator[GameResult]) -> Iterator[GameResult]:
    """The results, then the pool closed: at once if the caller stopped early or failed."""
    completed = False
    try:
        yield from results
        completed = True
    finally:
        pool.close(now=not completed)
