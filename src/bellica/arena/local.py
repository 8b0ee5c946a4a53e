"""Many seeded games on this machine's cores (a process pool), results handed back in order."""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from bellica.arena.match import MAX_DECISIONS, GameResult, GameSetup, play_match, seat_lineup
from bellica.core import InvalidConfig

Progress = Callable[[GameResult], None]


def default_workers() -> int:
    """How many worker processes to use by default: one per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def run_local(
    setup: GameSetup,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    max_decisions: int = MAX_DECISIONS,
    start_method: str = "spawn",
) -> Iterator[GameResult]:
    """Play `games` games: game `i` is seeded `seed + i` and seats `seat_lineup(agents, ...,
    i)`. Yields the results in game order; `progress` is called with each result as soon as
    it is in (in finishing order). The results depend only on the arguments, never on
    `workers`. `workers=1` plays in this process. Bad arguments raise InvalidConfig before any
    game starts; a game that cannot be played out raises MatchError.
    """
    from bellica.agents import make_agent

    if games < 1:
        raise InvalidConfig(f"the number of games must be at least 1, not {games}")
    if workers is None:
        workers = default_workers()
    if workers < 1:
        raise InvalidConfig(f"the number of workers must be at least 1, not {workers}")
    if chunk_size is not None and chunk_size < 1:
        raise InvalidConfig(f"the chunk size must be at least 1, not {chunk_size}")
    seat_lineup(agents, setup.players, 0)
    for spec in dict.fromkeys(agents):
        make_agent(spec)
    setup.load()
    agents = tuple(agents)
    workers = min(workers, games)
    if workers == 1:
        return _play_chunk(setup, agents, seed, 0, games, max_decisions, progress)
    if chunk_size is None:
        chunk_size = max(1, min(64, games // (workers * 8)))
    return _run_pool(
        setup, agents, games, seed, progress, max_decisions, workers, chunk_size, start_method
    )


def _play_chunk(
    setup: GameSetup,
    agents: tuple[str, ...],
    seed: int,
    start: int,
    stop: int,
    max_decisions: int,
    progress: Progress | None = None,
) -> Iterator[GameResult]:
    for index in range(start, stop):
        lineup = seat_lineup(agents, setup.players, index)
        result = play_match(setup, lineup, seed + index, index=index, max_decisions=max_decisions)
        if progress is not None:
            progress(result)
        yield result


def _play_chunk_list(
    setup: GameSetup,
    agents: tuple[str, ...],
    seed: int,
    start: int,
    stop: int,
    max_decisions: int,
) -> list[GameResult]:
    """The work one pool task does: a few consecutive games."""
    return list(_play_chunk(setup, agents, seed, start, stop, max_decisions))


def _run_pool(
    setup: GameSetup,
    agents: tuple[str, ...],
    games: int,
    seed: int,
    progress: Progress | None,
    max_decisions: int,
    workers: int,
    chunk_size: int,
    start_method: str,
) -> Iterator[GameResult]:
    context = multiprocessing.get_context(start_method)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_ignore_ctrl_c)
    pending: dict[Future[list[GameResult]], int] = {}
    finished: dict[int, list[GameResult]] = {}  # chunk start -> results, waiting for their turn
    next_submit = 0  # first game not yet handed to the pool
    next_yield = 0  # first game not yet handed to the caller
    in_flight = workers * 2  # chunks queued or running
    held = workers * 8  # chunks done or running ahead of the next one to hand back

    def submit() -> None:
        nonlocal next_submit
        stop = min(next_submit + chunk_size, games)
        future = pool.submit(
            _play_chunk_list, setup, agents, seed, next_submit, stop, max_decisions
        )
        pending[future] = next_submit
        next_submit = stop

    completed = False
    try:
        while next_yield < games:
            while (
                next_submit < games
                and len(pending) < in_flight
                and len(pending) + len(finished) < held
            ):
                submit()
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                start = pending.pop(future)
                results = future.result()
                if progress is not None:
                    for result in results:
                        progress(result)
                finished[start] = results
            while next_yield in finished:
                results = finished.pop(next_yield)
                next_yield += len(results)
                yield from results
        completed = True
    finally:
        if completed:
            pool.shutdown(wait=True)
        else:  # an error, Ctrl-C, or a caller that stopped early: drop the work still running
            _stop_workers(pool)


def _ignore_ctrl_c() -> None:
    """Workers leave Ctrl-C to the parent, which stops them; no traceback from each worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
