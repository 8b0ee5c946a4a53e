"""AI workers: a wall time per move, fair turns between games, a killed worker costs one move."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import bellica
from bellica.agents import make_agent
from bellica.core import SeatView
from bellica.server.hall import ApiError, Hall
from bellica.server.store import Store
from bellica.server.tables import Table
from bellica.server.thinking import Thinkers, choose, is_quick, position
from bellica.server.workers import Overtime

STUBBORN = "mcts:seconds=30"  # the spec `stubborn` ignores its deadline for


def stubborn(
    game_id: str, record: dict[str, Any], spec: str, seat: int, seed: int, seconds: float
) -> dict[str, Any]:
    """A worker target that overruns for STUBBORN (an agent that ignores its deadline)."""
    if spec == STUBBORN:
        time.sleep(60)
    return choose(game_id, record, spec, seat, seed, seconds)


async def settle(condition: Any, seconds: float = 90, tables: Sequence[Table] = ()) -> None:
    """Wait for `condition`; no table's AI may fail meanwhile."""
    end = time.monotonic() + seconds
    while not condition():
        assert not any(table.failures for table in tables), "an AI move failed"
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.01)


def test_mcts_and_greedy_stop_at_the_deadline_with_a_legal_move() -> None:
    state = bellica.load("imperio-bellum", options={"attacker": "1"}).new_game(seed=1)
    record = state.record().to_json()
    seat = state.current_player
    assert seat is not None
    start = time.perf_counter()
    data = choose("g", record, "mcts:iterations=200000:rollout=1000", seat, 5, 0.3)
    assert time.perf_counter() - start < 2.0  # unbounded, this search takes minutes
    assert state.is_legal(state.game.action_from_json(data))

    view = SeatView(state, seat)
    legal = view.legal_actions()
    greedy = make_agent("greedy", 5)
    assert greedy.act(view) != legal[0]  # given the time, greedy prefers another move
    late = make_agent("greedy", 5)
    late.deadline = time.perf_counter()  # already past: it values the first move only
    assert late.act(view) == legal[0]


def test_an_agent_asking_more_than_the_servers_time_per_move_is_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        thinkers = Thinkers(1, ThreadPoolExecutor(1), seconds=5)
        hall = Hall(Store(tmp_path / "g.sqlite3"), thinkers)
        with pytest.raises(ApiError) as refused:
            hall.create("bellum", None, None, {}, [("human", None), ("ai", "mcts:seconds=6")], 1)
        assert refused.value.status == 422 and "seconds up to 5, not 6" in refused.value.detail
        table, _ = hall.create(
            "bellum", None, None, {}, [("human", None), ("ai", "mcts:seconds=5")], 1
        )
        assert table.row.seats[1].agent == "mcts:seconds=5"
        await hall.close()

    asyncio.run(scenario())


def test_quick_agents_are_those_that_do_not_search_long() -> None:
    assert is_quick("random") and is_quick("greedy:samples=8") and is_quick("mcts:seconds=1")
    assert not is_quick("mcts:seconds=3") and not is_quick("mcts:iterations=400")


def fake_thinking(order: list[str], slow: float) -> Any:
    """A worker target that notes which game it thinks for and sleeps `slow` s for a long
    (not quick) agent; it answers with the seat's first legal action."""

    def think(game_id: str, record: dict[str, Any], spec: str, *rest: Any) -> dict[str, Any]:
        order.append(game_id)
        if not is_quick(spec):
            time.sleep(slow)
        return STATE.legal_actions()[0].to_json()

    return think


STATE = bellica.load("bellum").new_game(seed=1)


def test_games_take_turns_one_move_each() -> None:
    order: list[str] = []

    async def scenario() -> None:
        thinkers = Thinkers(1, ThreadPoolExecutor(1), target=fake_thinking(order, 0))
        record = STATE.record()
        moves = [thinkers.choose("first", record, "random", 0, 0)]  # holds the one worker
        moves += [thinkers.choose("A", record, "random", 0, n) for n in range(3)]
        moves.append(thinkers.choose("B", record, "random", 0, 0))
        await asyncio.gather(*moves)
        thinkers.close()

    asyncio.run(scenario())
    assert order == ["first", "A", "B", "A", "A"]


def test_a_quick_move_does_not_wait_behind_long_ones() -> None:
    order: list[str] = []

    async def scenario() -> None:
        thinkers = Thinkers(2, ThreadPoolExecutor(2), target=fake_thinking(order, 0.8))
        record = STATE.record()
        long = [
            asyncio.ensure_future(thinkers.choose(f"long{n}", record, "mcts:seconds=10", 0, 0))
            for n in range(3)
        ]
        await asyncio.sleep(0.05)  # the long games are queued first
        start = time.monotonic()
        await thinkers.choose("quick", record, "greedy", 0, 0)
        waited = time.monotonic() - start
        assert waited < 0.6, f"the greedy move waited {waited:.2f} s behind long ones"
        assert order[:2] == ["long0", "quick"]  # long moves held one worker of the two
        await asyncio.gather(*long)
        thinkers.close()

    asyncio.run(scenario())
    assert order == ["long0", "quick", "long1", "long2"]


def test_a_worker_that_overruns_is_killed_and_the_next_move_is_thought(tmp_path: Path) -> None:
    async def scenario() -> None:
        thinkers = Thinkers(1, seconds=0.3, margin=0.3, target=stubborn)
        record = STATE.record()
        seat = STATE.current_player
        assert seat is not None
        assert await thinkers.choose("g", record, "random", seat, 1)  # the worker is up
        (runaway,) = thinkers.pids()
        start = time.monotonic()
        with pytest.raises(Overtime):
            await thinkers.choose("g", record, STUBBORN, seat, 1)
        assert time.monotonic() - start < 20  # not the 60 s it would sleep
        with pytest.raises(ProcessLookupError):
            os.kill(runaway, 0)
        data = await thinkers.choose("g", record, "random", seat, 1)
        assert STATE.is_legal(STATE.game.action_from_json(data))
        assert thinkers.pids() and runaway not in thinkers.pids()
        thinkers.close()

    asyncio.run(scenario())


def test_an_overrun_move_is_played_at_random_and_the_game_goes_on(tmp_path: Path) -> None:
    def overrun(*args: Any) -> dict[str, Any]:
        raise Overtime("killed")

    async def scenario() -> None:
        thinkers = Thinkers(1, ThreadPoolExecutor(1), target=overrun)
        hall = Hall(Store(tmp_path / "g.sqlite3"), thinkers)
        table, _ = hall.create(
            "imperio-bellum", None, None, {"attacker": "1"}, [("ai", "greedy"), ("human", None)], 1
        )
        await settle(lambda: table.to_move == 1, tables=[table])
        assert table.row.actions and not table.thinking
        await hall.close()

    asyncio.run(scenario())


def test_a_killed_worker_costs_only_its_own_move(tmp_path: Path) -> None:
    async def scenario() -> None:
        thinkers = Thinkers(2)
        hall = Hall(Store(tmp_path / "g.sqlite3"), thinkers)
        tables = [
            hall.create(
                "bellum", None, None, {"first": "0"}, [("ai", "mcts:seconds=0.1")] * 2, seed
            )[0]
            for seed in (1, 2, 3)
        ]
        await settle(lambda: len(thinkers.pids()) == 2 and all(t.row.actions for t in tables))
        victim = thinkers.pids()[0]
        reached = [len(table.row.actions) for table in tables]
        os.kill(victim, signal.SIGKILL)
        await settle(
            lambda: all(len(t.row.actions) >= n + 3 for t, n in zip(tables, reached, strict=True)),
            tables=tables,
        )
        assert victim not in thinkers.pids() and len(thinkers.pids()) == 2
        await hall.close()

    asyncio.run(scenario())


def test_a_workers_cached_position_serves_only_the_same_game() -> None:
    imperio = bellica.load("imperio-bellum").new_game(seed=1).record()
    bellum = bellica.load("bellum").new_game(seed=1)
    bellum.apply(bellum.legal_actions()[0])
    assert position("same id", imperio).game.info.id == "imperio-bellum"
    reached = position("same id", bellum.record())  # not the imperio game's actions applied
    assert reached.position() == bellum.position()
