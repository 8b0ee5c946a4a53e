"""The hall without HTTP: AI turns that fail are tried again, not left stuck."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bellica.server import thinking
from bellica.server.hall import ApiError, Hall
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


def test_an_outbox_skips_views_a_slow_reader_missed_but_no_log_entry(tmp_path: Path) -> None:
    import json

    from bellica.server.app import Outbox

    async def scenario() -> None:
        hall = Hall(Store(tmp_path / "g.sqlite3"), Thinkers(1, ThreadPoolExecutor(1)))
        table, _ = hall.create(
            "imperio-bellum", None, None, {"attacker": "1"}, [("human", None)] * 2, 1
        )
        outbox = Outbox(table, None)
        hall.listen(table, outbox.put, None)
        first = json.loads(await outbox.take())
        assert first["log_from"] == 1 and first["log"] == [] and first["game"]["moves"] == 0
        for _ in range(3):  # three moves while the reader is busy
            table.apply(table.state.legal_actions()[0])
            table.broadcast()
        latest = json.loads(await outbox.take())
        assert latest["game"]["moves"] == 3 and latest["log_from"] == 1
        assert [entry["move"] for entry in latest["log"]] == [1, 2, 3]
        table.apply(table.state.legal_actions()[0])
        table.broadcast()
        step = json.loads(await outbox.take())
        assert step["log_from"] == 4 and [entry["move"] for entry in step["log"]] == [4]
        assert step["log"] == table.view(None)["log"][3:]
        await hall.close()

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
        assert hall.resume_all() == 0  # no AI seat is to move: nothing is opened at start
        assert set(hall.tables) == set()
        assert hall.table(sound).id == sound  # opened when asked for
        with pytest.raises(ApiError) as broken_game:
            hall.table(broken)
        assert broken_game.value.status == 500 and set(hall.tables) == {sound}
        await hall.close()

    asyncio.run(resume())
