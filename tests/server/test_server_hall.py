"""The hall without HTTP: AI turns that fail are tried again, not left stuck."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bellica.server import thinking
from bellica.server.hall import Hall
from bellica.server.store import Store
from bellica.server.thinking import Thinkers


async def settle(condition: Any) -> None:
    for _ in range(2000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


def test_a_failed_ai_turn_is_tried_again_on_the_next_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = thinking.choose
    calls: list[int] = []

    def flaky(*args: Any) -> dict[str, Any]:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("a passing failure")
        return real(*args)

    monkeypatch.setattr(thinking, "choose", flaky)

    async def scenario() -> None:
        hall = Hall(Store(tmp_path / "g.sqlite3"), Thinkers(1, ThreadPoolExecutor(1)))
        table, tokens = hall.create(
            "imperio-bellum", None, None, {"attacker": "1"}, [("ai", "random"), ("human", None)], 1
        )
        assert tokens[0] is None and tokens[1]
        await settle(lambda: calls and not table.thinking)
        assert table.row.actions == [] and table.to_move == 0  # the failure changed nothing
        hall.table(table.id)  # someone looks at the game
        await settle(lambda: table.to_move == 1)
        assert len(table.row.actions) >= 1 and len(calls) >= 2
        await hall.close()

    asyncio.run(scenario())


def test_one_task_thinks_for_a_table_however_often_it_is_woken(tmp_path: Path) -> None:
    async def scenario() -> None:
        hall = Hall(Store(tmp_path / "g.sqlite3"), Thinkers(1, ThreadPoolExecutor(2)))
        table, _ = hall.create(
            "bellum", None, None, {"first": "0"}, [("ai", "random"), ("ai", "random")], 3
        )
        first = table.thinker
        for _ in range(5):
            hall.wake(table)
        assert table.thinker is first and len(hall._tasks) == 1
        await settle(lambda: len(table.row.actions) > 30)
        await hall.close()

    asyncio.run(scenario())


def test_an_outbox_keeps_only_the_newest_view() -> None:
    from bellica.server.app import Outbox

    async def scenario() -> None:
        outbox = Outbox()
        for move in range(3):
            outbox.put({"move": move})
        assert await outbox.take() == {"move": 2}
        outbox.put({"move": 3})
        assert await outbox.take() == {"move": 3}

    asyncio.run(scenario())


def test_a_stored_game_that_no_longer_replays_does_not_stop_the_others(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "g.sqlite3"

    async def make() -> list[str]:
        hall = Hall(Store(db), Thinkers(1, ThreadPoolExecutor(1)))
        made = [
            hall.create("bellum", None, None, {"first": "0"}, [("human", None)] * 2, seed)[0]
            for seed in (1, 2)
        ]
        await hall.close()
        return [table.id for table in made]

    broken, sound = asyncio.run(make())
    with sqlite3.connect(db) as raw:
        raw.execute(
            "INSERT INTO actions VALUES (?, 1, 0, ?, 'now')",
            (broken, '{"kind": "buy", "card": "999"}'),
        )

    async def resume() -> None:
        hall = Hall(Store(db), Thinkers(1, ThreadPoolExecutor(1)))
        assert hall.resume_all() == 1
        assert set(hall.tables) == {sound}
        await hall.close()

    asyncio.run(resume())
