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
    for _ in range(500):
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
