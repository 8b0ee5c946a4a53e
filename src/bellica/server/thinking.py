"""AI seats think here: worker processes, shared fairly between games, rebuild the position
from the record and ask the agent, within a deadline per move."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from bellica.agents import make_agent, parse_spec
from bellica.core import GameConfig, Record, SeatView, State, replay
from bellica.server.workers import ProcessWorker, ThreadWorker, Worker, WorkerLost

log = logging.getLogger("bellica.server")

DEFAULT_SECONDS = 60.0  # the most wall time one AI move may take, unless the server says less
QUICK_SECONDS = 1.0  # a searching agent with at most this budget counts as quick

# The last position each worker reached per game, so that the next AI move of the same game
# applies only the new actions instead of replaying the whole record; it is used only for a
# record of the same set-up and seed.
_POSITIONS: OrderedDict[str, tuple[tuple[GameConfig, int], list[dict[str, Any]], State]] = (
    OrderedDict()
)
_KEEP = 64


def position(game_id: str, record: Record) -> State:
    """The state `record` reaches (from this worker's cache when it holds a prefix of it)."""
    cached = _POSITIONS.pop(game_id, None)
    start = (record.config, record.seed)
    if cached is not None:
        began, actions, state = cached
        if began == start and actions == record.actions[: len(actions)]:
            state = state.clone()
            for data in record.actions[len(actions) :]:
                state.apply(state.game.action_from_json(data))
        else:
            state = replay(record)
    else:
        state = replay(record)
    _POSITIONS[game_id] = (start, list(record.actions), state)
    while len(_POSITIONS) > _KEEP:
        _POSITIONS.popitem(last=False)
    return state


def choose(
    game_id: str,
    record: dict[str, Any],
    spec: str,
    seat: int,
    seed: int,
    seconds: float | None = None,
) -> dict[str, Any]:
    """The action (as JSON) that agent `spec` takes for `seat` in the game `record` reaches,
    answering within `seconds` of the call (rebuilding the position counts).

    The agent gets a `SeatView`, so it sees only what the seat may know even though the worker
    holds the whole record."""
    start = time.perf_counter()
    state = position(game_id, Record.from_json(record))
    agent = make_agent(spec, seed)
    if seconds is not None:
        agent.deadline = start + seconds
    return agent.act(SeatView(state, seat)).to_json()


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def is_quick(spec: str) -> bool:
    """Whether an agent's move is quick: one that does not search (random, greedy) or searches
    for at most QUICK_SECONDS. Long moves may not take the worker kept for quick ones."""
    cls, settings = parse_spec(spec)
    if cls.option("seconds") is None:
        return True
    seconds = settings.get("seconds")
    return seconds is not None and seconds <= QUICK_SECONDS


@dataclass(eq=False)
class _Job:
    """One AI move waiting for, or being thought by, a worker."""

    game_id: str
    args: tuple[Any, ...]
    quick: bool
    answer: asyncio.Future[dict[str, Any]]
    tries: int = 0


@dataclass(eq=False)
class _Queues:
    """The moves waiting per game, the games in round-robin order (the next to serve first)."""

    games: OrderedDict[str, deque[_Job]] = field(default_factory=OrderedDict)

    def push(self, job: _Job, first: bool = False) -> None:
        queue = self.games.setdefault(job.game_id, deque())
        if first:
            queue.appendleft(job)
            self.games.move_to_end(job.game_id, last=False)
        else:
            queue.append(job)

    def take(self, allowed: Callable[[_Job], bool]) -> _Job | None:
        """The first game's next move that `allowed` lets run; that game goes to the back."""
        for game_id, queue in self.games.items():
            if allowed(queue[0]):
                job = queue.popleft()
                del self.games[game_id]
                if queue:
                    self.games[game_id] = queue
                return job
        return None

    def drop(self, job: _Job) -> None:
        queue = self.games.get(job.game_id)
        if queue is not None and job in queue:
            queue.remove(job)
            if not queue:
                del self.games[job.game_id]

    def clear(self) -> list[_Job]:
        jobs = [job for queue in self.games.values() for job in queue]
        self.games.clear()
        return jobs


class Thinkers:
    """The AI workers of a server, shared fairly between games: each game has a queue of
    moves, served round-robin and one move per game at a time; long moves (a search of more
    than QUICK_SECONDS) hold at most all workers but one, so quick moves never wait behind
    them. Every move answers within `seconds` (agents stop at that deadline with their best
    move so far); a worker that overruns it by `margin` is killed and replaced (`Overtime`).
    A worker that dies costs only its own move, which is tried once more in a fresh worker.
    A game's moves go back to the worker that thought its last one, which still holds the
    position. Processes start on first use ("spawn": safe beside threads); with an
    `executor` the moves run in its threads instead (tests)."""

    def __init__(
        self,
        workers: int | None = None,
        executor: Executor | None = None,
        *,
        seconds: float = DEFAULT_SECONDS,
        margin: float = 5.0,
        target: Callable[..., dict[str, Any]] | None = None,
    ) -> None:
        if not seconds > 0 or not margin >= 0:
            raise ValueError(
                f"AI thinking needs seconds > 0 and margin >= 0, not {seconds}, {margin}"
            )
        self.workers = workers or default_workers()
        self.seconds = float(seconds)
        self.margin = float(margin)
        self._target = target  # None: this module's `choose`, looked up when a move starts
        self._threads = executor or ThreadPoolExecutor(self.workers, "bellica-ai")
        self._in_threads = executor is not None
        self._context = get_context("spawn")
        self._idle: list[Worker] = []
        self._busy: dict[Worker, _Job] = {}
        self._home: OrderedDict[str, Worker] = OrderedDict()  # the worker of a game's last move
        self._queues = _Queues()
        self._long = 0  # long moves being thought
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    @property
    def long_limit(self) -> int:
        """How many workers long moves may hold at once."""
        return max(1, self.workers - 1)

    def pids(self) -> list[int]:
        """The process ids of the live workers (none before first use or with threads)."""
        workers = [*self._idle, *self._busy]
        return [w.pid for w in workers if w.alive and w.pid is not None]

    async def choose(
        self, game_id: str, record: Record, spec: str, seat: int, seed: int
    ) -> dict[str, Any]:
        """The action (as JSON) agent `spec` takes for `seat`, thought by a worker in turn.
        Raises Overtime, WorkerLost (twice in a row) or the job's own error."""
        if self._closed:
            raise RuntimeError("the AI workers are closed")
        args = (game_id, record.to_json(), spec, seat, seed, self.seconds)
        job = _Job(game_id, args, is_quick(spec), asyncio.get_running_loop().create_future())
        self._queues.push(job)
        self._dispatch()
        try:
            return await job.answer
        except asyncio.CancelledError:
            self._queues.drop(job)  # a move already being thought finishes unheard
            raise

    def _dispatch(self) -> None:
        """Give waiting moves to free workers, starting workers up to the number allowed."""
        while not self._closed and (self._idle or len(self._busy) < self.workers):
            job = self._queues.take(self._may_start)
            if job is None:
                return
            worker = self._worker_for(job.game_id)
            self._busy[worker] = job
            if not job.quick:
                self._long += 1
            task = asyncio.get_running_loop().create_task(self._run(worker, job))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _may_start(self, job: _Job) -> bool:
        if job.answer.done():  # given up by its caller: never thought
            return True
        if any(busy.game_id == job.game_id for busy in self._busy.values()):
            return False  # one move per game at a time
        return job.quick or self._long < self.long_limit

    def _worker_for(self, game_id: str) -> Worker:
        home = self._home.get(game_id)
        if home is not None and home in self._idle:
            self._idle.remove(home)
            worker = home
        elif self._idle:
            worker = self._idle.pop()
        else:
            worker = ThreadWorker() if self._in_threads else ProcessWorker(self._context)
        self._home.pop(game_id, None)
        self._home[game_id] = worker
        while len(self._home) > 4 * _KEEP * self.workers:
            self._home.popitem(last=False)
        return worker

    async def _run(self, worker: Worker, job: _Job) -> None:
        """Think one move on `worker`, then hand the worker (if it lives) to the next move."""
        loop = asyncio.get_running_loop()
        try:
            if job.answer.done():
                return
            target = self._target or choose
            result = await loop.run_in_executor(
                self._threads, worker.run, target, job.args, self.seconds, self.margin
            )
        except WorkerLost as err:
            if job.tries == 0 and not self._closed:
                log.warning("%s; game %s's move is tried again in a fresh worker", err, job.game_id)
                job.tries += 1
                self._queues.push(job, first=True)
            elif not job.answer.done():
                job.answer.set_exception(err)
        except Exception as err:
            if not job.answer.done():
                job.answer.set_exception(err)
        else:
            if not job.answer.done():
                job.answer.set_result(result)
        finally:
            del self._busy[worker]
            if not job.quick:
                self._long -= 1
            if worker.alive and not self._closed:
                self._idle.append(worker)
            self._dispatch()

    def close(self) -> None:
        """Stop at once, ending workers still thinking (a long move would outlive us)."""
        self._closed = True
        for job in self._queues.clear():
            job.answer.cancel()
        for worker in [*self._idle, *self._busy]:
            worker.kill()
        self._idle.clear()
        self._threads.shutdown(wait=False, cancel_futures=True)
