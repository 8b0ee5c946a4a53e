"""Many seeded games on this machine's cores, played here and in helpers; results in order."""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from types import TracebackType
from typing import Any

from bellica.agents import make_agent
from bellica.arena import worker
from bellica.arena.match import KEEP_NOTHING, MAX_DECISIONS, GameResult, Keep, game_for
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
    they import the engine and the game only, never the command line.
    """

    def __init__(
        self, workers: int, game: str | None = None, start_method: str = START_METHOD
    ) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise InvalidConfig(f"the number of workers must be at least 1, not {workers}")
        self.workers = workers
        self._helpers: ProcessPoolExecutor | None = None
        if workers > 1:
            self._helpers = ProcessPoolExecutor(
                max_workers=workers - 1,
                mp_context=multiprocessing.get_context(start_method),
                initializer=worker.start,
                initargs=(game,),
            )
            for _ in range(workers - 1):  # each task for a busy pool starts one more process
                self._helpers.submit(worker.ready)

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
    ) -> Iterator[GameResult]:
        """Play the games `run_local` describes (bad arguments raise InvalidConfig now,
        before any game starts)."""
        schedule = check(config, agents, games, seed, chunk_size)
        chunks = Chunks(schedule.total, self.workers, chunk_size)
        results = self._play(config, schedule, progress, chunks, max_decisions, keep)
        return results if self._helpers is None else _switching_quickly(results)

    def _play(
        self,
        config: GameConfig,
        schedule: Schedule,
        progress: Progress | None,
        chunks: Chunks,
        max_decisions: int,
        keep: Keep,
    ) -> Iterator[GameResult]:
        """Hand chunks of games to the helpers, play single games here while none has
        finished, and yield every result in game order."""
        games = schedule.total
        helpers = self._helpers
        pending: dict[Future[list[GameResult]], int] = {}  # chunk -> its first game
        finished: dict[int, list[GameResult]] = {}  # first game -> results, awaiting their turn
        next_start = 0  # first game not yet handed out
        next_yield = 0  # first game not yet handed to the caller

        def take(size: int) -> tuple[int, int]:
            nonlocal next_start
            start, next_start = next_start, min(next_start + size, games)
            return start, next_start

        while next_yield < games:
            chunk_size = chunks.size
            ahead = self.workers * 8 * chunk_size  # games handed out but not yet handed back
            while helpers is not None and next_start < games and next_start - next_yield < ahead:
                # Two chunks per helper (one playing, one waiting), smaller near the end. Slow
                # games (a chunk of one) get one per helper near the end, so that no process
                # waits a whole game for the last of them; quick ones keep two, as a helper
                # would otherwise sit idle a few milliseconds for each of its last chunks.
                left = games - next_start
                near_end = left <= 2 * self.workers * chunk_size and chunk_size == 1
                if len(pending) >= (self.workers - 1) * (1 if near_end else 2):
                    break
                start, stop = take(max(1, min(chunk_size, left // (2 * self.workers))))
                future = helpers.submit(
                    worker.play_chunk, config, schedule, start, stop, max_decisions, keep
                )
                pending[future] = start
            done = [future for future in pending if future.done()]
            if not done:
                if next_start < games and next_start - next_yield < ahead:
                    index, stop = take(1)
                    (result,) = worker.play_chunk(
                        config, schedule, index, stop, max_decisions, keep
                    )
                    finished[index] = [result]
                    chunks.timed([result])
                    if progress is not None:
                        progress(result)
                else:
                    done = list(wait(pending, return_when=FIRST_COMPLETED).done)
            for future in done:
                start = pending.pop(future)
                results = future.result()
                chunks.timed(results)
                if progress is not None:
                    for result in results:
                        progress(result)
                finished[start] = results
            while next_yield in finished:
                results = finished.pop(next_yield)
                next_yield += len(results)
                yield from results

    def close(self, now: bool = False) -> None:
        """Stop the helpers: once their work is done, or `now`, abandoning their games."""
        helpers, self._helpers = self._helpers, None
        if helpers is None:
            return
        if now:
            _stop_workers(helpers)
        else:
            helpers.shutdown(wait=True)

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close(now=error is not None)


class Chunks:
    """How many games a helper gets at a time: about CHUNK_SECONDS of play, as the games so far
    took, so that a quick game's chunk is worth handing out and a slow game's last chunk keeps
    no process waiting long; one game until a game has been timed; never more than a quarter
    of each worker's share, nor MAX_CHUNK. A size the caller fixes stays as it is."""

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


CHUNK_SECONDS = 0.05  # the play a helper is handed at a time (a task costs about a millisecond)
MAX_CHUNK = 64


# While this process plays a game, the pool's own threads (results coming in, chunks going
# out) wait for the GIL until the interpreter's switch interval (5 ms) runs out, and a helper
# can sit idle that long between chunks. 0.5 ms took a run of 200 random Bellum games on two
# workers from 186-202 ms to 165-176 ms (one worker: 281 ms) on this project's machine.
SWITCH_INTERVAL = 0.0005


@contextmanager
def quick_switches() -> Iterator[None]:
    """The interpreter's switch interval at SWITCH_INTERVAL for a while, then as it was."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(min(before, SWITCH_INTERVAL))
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _switching_quickly(results: Iterator[GameResult]) -> Iterator[GameResult]:
    """A pooled run's results, with quick switches while they come (and until it stops)."""
    with quick_switches():
        yield from results


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


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now, abandoning the games in progress."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
    else:
        processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
        for process in list(processes.values()):
            process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
