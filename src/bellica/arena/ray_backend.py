"""Simulations on a Ray cluster: batches of consecutive games as tasks, results in game order.

The games are those of `arena.schedule.Schedule`, played by the same code as on local cores
(`worker.play_chunk`), so a run gives the same results here as on one machine. Ray is the
optional `ray` extra (`pip install 'bellica[ray]'`) and is imported only by this module.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from types import ModuleType
from typing import Any

from bellica.arena import worker
from bellica.arena.local import check
from bellica.arena.match import KEEP_NOTHING, MAX_DECISIONS, GameResult, Keep
from bellica.arena.schedule import Schedule
from bellica.core import GameConfig, InvalidConfig

Progress = Callable[[GameResult], None]
MAX_BATCH = 256  # games per task at most: a task long enough to outweigh its scheduling
BATCHES_PER_CPU = 8  # batches per CPU the run is cut into, so the last ones finish together
IN_FLIGHT_PER_CPU = 4  # tasks handed out per CPU at once, so results never pile up unread


def _ray() -> ModuleType:
    try:
        import ray
    except ImportError:
        raise InvalidConfig(
            "--backend ray needs Ray: pip install 'bellica[ray]' (or use --backend local)"
        ) from None
    return ray


def connect(address: str | None = None, cpus: int | None = None) -> int:
    """Join the Ray cluster at `address` ("auto": the one this machine belongs to), or start
    a local one with `cpus` CPUs (all of them if None); how many CPUs the cluster has."""
    ray = _ray()
    if not ray.is_initialized():
        if address is not None:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _play_batch(
    config: GameConfig,
    schedule: Schedule,
    start: int,
    stop: int,
    max_decisions: int,
    keep: Keep,
) -> list[GameResult]:
    """One task: games `start` to `stop - 1` of the schedule (run in a Ray worker)."""
    return worker.play_chunk(config, schedule, start, stop, max_decisions, keep)


def run_ray(
    config: GameConfig,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    address: str | None = None,
    cpus: int | None = None,
    progress: Progress | None = None,
    batch_size: int | None = None,
    max_decisions: int = MAX_DECISIONS,
    keep: Keep = KEEP_NOTHING,
) -> Generator[GameResult, None, None]:
    """The games `run_local` plays, played by Ray tasks of `batch_size` consecutive games
    (by default the run cut into about eight batches per CPU of the cluster, at most 256 games
    each). Yields the results in game order; `progress` hears of each batch's games as the
    batch comes in (`ray.wait`). Bad arguments raise InvalidConfig before any task starts;
    leaving the iteration early cancels the tasks still running."""
    schedule = check(config, agents, games, seed, batch_size)
    ray = _ray()
    total_cpus = connect(address, cpus)
    total = schedule.total
    if batch_size is None:
        batch_size = max(1, min(MAX_BATCH, total // (total_cpus * BATCHES_PER_CPU)))
    return _gather(
        ray,
        ray.remote(_play_batch),
        config,
        schedule,
        batch_size,
        total_cpus * IN_FLIGHT_PER_CPU,
        progress,
        max_decisions,
        keep,
    )


def _gather(
    ray: Any,
    task: Any,
    config: GameConfig,
    schedule: Schedule,
    batch_size: int,
    in_flight: int,
    progress: Progress | None,
    max_decisions: int,
    keep: Keep,
) -> Generator[GameResult, None, None]:
    """Hand out batches, at most `in_flight` at once; yield their results in game order."""
    total = schedule.total
    starts = iter(range(0, total, batch_size))
    pending: dict[Any, int] = {}  # task ref -> its first game
    finished: dict[int, list[GameResult]] = {}  # first game -> results, awaiting their turn
    next_yield = 0
    shared = (ray.put(config), ray.put(schedule))  # sent once, not with every task

    def submit() -> None:
        for start in starts:
            stop = min(start + batch_size, total)
            ref = task.remote(*shared, start, stop, max_decisions, keep)
            pending[ref] = start
            if len(pending) >= in_flight:
                return

    completed = False
    try:
        submit()
        while next_yield < total:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                start = pending.pop(ref)
                results: list[GameResult] = ray.get(ref)
                finished[start] = results
                if progress is not None:
                    for result in results:
                        progress(result)
            submit()
            while next_yield in finished:
                results = finished.pop(next_yield)
                next_yield += len(results)
                yield from results
        completed = True
    finally:
        if not completed:
            for ref in pending:
                ray.cancel(ref, force=True)
