"""The server's speed, in ratios that hold on any machine: spectators are paced, a view is
built once per seat and move, and an action's answer does not grow with the game's log."""

from __future__ import annotations

import asyncio
import gc
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, act, bearer, create, view

from bellica.server import app as server_app
from bellica.server import create_app
from bellica.server.app import Outbox
from bellica.server.hall import Hall
from bellica.server.limits import Limits
from bellica.server.store import Store
from bellica.server.tables import LogEntry, Table
from bellica.server.thinking import Thinkers


@pytest.fixture
def hall_and_loop(tmp_path: Path) -> Iterator[tuple[Hall, asyncio.AbstractEventLoop]]:
    hall = Hall(Store(tmp_path / "g.sqlite3"), Thinkers(1, ThreadPoolExecutor(1)))
    loop = asyncio.new_event_loop()
    yield hall, loop
    loop.run_until_complete(hall.close())
    loop.close()


def _bellum(hall: Hall, loop: asyncio.AbstractEventLoop) -> Table:
    async def create() -> Table:
        return hall.create("bellum", None, None, {"first": "0"}, [("human", None)] * 2, 3)[0]

    return loop.run_until_complete(create())


def test_a_crowd_of_spectators_is_paced_and_a_seat_is_not(
    hall_and_loop: tuple[Hall, asyncio.AbstractEventLoop], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With 100 spectators at 1,000 messages a second, each spectator gets at most one message
    every 0.1 s, the newest, with every log entry since its last; a seat gets each at once."""
    hall, loop = hall_and_loop
    monkeypatch.setattr(server_app, "SPECTATOR_MESSAGES", 1000)
    table = _bellum(hall, loop)
    crowd = [Outbox(table, None) for _ in range(100)]
    seat = Outbox(table, 0)
    for number, outbox in enumerate([*crowd, seat]):
        hall.listen(table, outbox.put, outbox.seat, f"10.0.{number // 50}.1")
    assert table.spectators == 100

    async def play() -> tuple[list[int], float, dict[str, Any]]:
        await asyncio.gather(*(outbox.take() for outbox in [*crowd, seat]))  # first messages
        first = crowd[0].sent or 0.0
        seen = []
        for _ in range(3):
            table.apply(table.state.legal_actions()[0])
            table.broadcast()
            assert seat.pause(loop.time()) == 0.0
            seen.append(json.loads(await seat.take())["game"]["moves"])
        text = await crowd[0].take()
        return seen, (crowd[0].sent or 0.0) - first, json.loads(text)

    seen, spectator_seconds, message = loop.run_until_complete(play())
    assert seen == [1, 2, 3]  # the seat: every move
    assert spectator_seconds >= 0.099  # the pace: 100 spectators / 1,000 a second
    assert message["game"]["moves"] == 3 and message["log_from"] == 1
    assert [entry["move"] for entry in message["log"]] == [1, 2, 3]
    for outbox in crowd[:40]:
        hall.forget(table, outbox.put)
    assert table.spectators == 60
    assert crowd[50].pause(crowd[50].sent or 0.0) == pytest.approx(0.06)


def test_one_spectator_is_paced_by_no_more_than_half_a_millisecond(
    hall_and_loop: tuple[Hall, asyncio.AbstractEventLoop],
) -> None:
    hall, loop = hall_and_loop
    table = _bellum(hall, loop)
    watcher = Outbox(table, None)
    hall.listen(table, watcher.put, None, "10.0.0.1")

    async def follow() -> list[int]:
        await watcher.take()
        assert watcher.pause(watcher.sent or 0.0) == pytest.approx(1 / 2000)
        seen = []
        for _ in range(5):
            table.apply(table.state.legal_actions()[0])
            table.broadcast()
            seen.append(json.loads(await watcher.take())["game"]["moves"])
        return seen

    assert loop.run_until_complete(follow()) == [1, 2, 3, 4, 5]


def test_an_action_answer_holds_only_the_new_log_entries(tmp_path: Path) -> None:
    limits = Limits(create_burst=100, create_seconds=0.01)
    with TestClient(create_app(tmp_path / "g.sqlite3", ai_workers=1, limits=limits)) as client:
        made = create(client, "imperio-bellum", [HUMAN] * 2, seed=1, options={"attacker": "1"})
        game_id = made["game"]["id"]
        tokens = [seat["token"] for seat in made["seats"]]
        for moves in range(40):
            mover = view(client, game_id)["game"]["to_move"]
            legal = view(client, game_id, tokens[mover])["legal"]
            answer = act(client, game_id, tokens[mover], legal[0]["action"], moves=moves)
            assert answer.status_code == 200, answer.text
            after = answer.json()
            assert after["log_from"] == moves + 1
            assert [entry["move"] for entry in after["log"]] == [moves + 1]
        whole = view(client, game_id, tokens[0])
        assert whole["log_from"] == 1 and len(whole["log"]) == 40
        rest = client.get(f"/api/games/{game_id}?log_from=31", headers=bearer(tokens[0])).json()
        assert rest["log_from"] == 31 and rest["log"] == whole["log"][30:]
        assert {**rest, "log": whole["log"], "log_from": 1} == whole
        beyond = client.get(f"/api/games/{game_id}?log_from=99").json()
        assert beyond["log_from"] == 41 and beyond["log"] == []
        assert client.get(f"/api/games/{game_id}?log_from=0").status_code == 422
        mover = whole["game"]["to_move"]
        legal = view(client, game_id, tokens[mover])["legal"]
        without = act(client, game_id, tokens[mover], legal[0]["action"])  # no moves: all
        assert without.json()["log_from"] == 1 and len(without.json()["log"]) == 41


def test_the_logs_readings_give_the_garbage_collector_nothing_to_walk(
    hall_and_loop: tuple[Hall, asyncio.AbstractEventLoop],
) -> None:
    """The collector's full pauses grow with the objects it tracks; a log entry keeps its
    readings as JSON text only, however many readings it has (its events aside)."""
    hall, loop = hall_and_loop
    table = _bellum(hall, loop)
    for _ in range(60):
        table.apply(table.state.legal_actions()[0])
    parts = [  # what each entry refers to, but its class and its events
        [part for part in gc.get_referents(entry) if part not in (LogEntry, entry.events)]
        for entry in table.log
    ]
    readings = [len(part) for entry in parts for part in entry if isinstance(part, dict)]
    assert len(readings) == 60 and max(readings) > 1  # some have a seat's private reading
    assert not any(gc.is_tracked(part) for entry in parts for part in entry)
    assert json.loads(table.log[0].json_for(None)) == table.log[0].to_json()
