"""AI seats think here: worker processes rebuild the position from the record and ask the agent."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any

from bellica.agents import make_agent
from bellica.core import Record, SeatView, State, replay

# The last position each worker reached per game, so that the next AI move of the same game
# applies only the new actions instead of replaying the whole record.
_POSITIONS: OrderedDict[str, tuple[list[dict[str, Any]], State]] = OrderedDict()
_KEEP = 64


def position(game_id: str, record: Record) -> State:
    """The state `record` reaches (from this worker's cache when it holds a prefix of it)."""
    cached = _POSITIONS.pop(game_id, None)
    if cached is not None:
        actions, state = cached
        if actions == record.actions[: len(actions)]:
            state = state.clone()
            for data in record.actions[len(actions) :]:
                state.apply(state.game.action_from_json(data))
        else:
            state = replay(record)
    else:
        state = replay(record)
    _POSITIONS[game_id] = (list(record.actions), state)
    while len(_POSITIONS) > _KEEP:
        _POSITIONS.popitem(last=False)
    return state


def choose(game_id: str, record: dict[str, Any], spec: str, seat: int, seed: int) -> dict[str, Any]:
    """The action (as JSON) that agent `spec` takes for `seat` in the game `record` reaches.

    The agent gets a `SeatView`, so it sees only what the seat may know even though the worker
    holds the whole record."""
    state = position(game_id, Record.from_json(record))
    agent = make_agent(spec, seed)
    return agent.act(SeatView(state, seat)).to_json()


def watch_parent(parent: int) -> None:
    """Worker start-up: end this worker once the server that started it is gone (a killed
    server cannot tell its workers to stop, and they would wait for work for ever)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


class Thinkers:
    """A pool of worker processes for AI moves, so that thinking never blocks the event loop
    and games think in parallel. Processes start on first use ("spawn": safe beside threads)."""

    def __init__(self, workers: int | None = None, executor: Executor | None = None) -> None:
        self.workers = workers or default_workers()
        self._pool = executor or self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=get_context("spawn"),
            initializer=watch_parent,
            initargs=(os.getpid(),),
        )

    async def choose(
        self, game_id: str, record: Record, spec: str, seat: int, seed: int
    ) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self._pool, choose, game_id, record.to_json(), spec, seat, seed
            )
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
            self._pool = self._start()
            raise

    def close(self) -> None:
        """Stop at once, ending workers still thinking (a long MCTS move would outlive us)."""
        processes = list((getattr(self._pool, "_processes", None) or {}).values())
        self._pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
