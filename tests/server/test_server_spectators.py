"""Live connections at scale: views serialized once, the log in increments, connection caps."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, act, create, view
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from bellica.server import create_app
from bellica.server.app import Outbox
from bellica.server.hall import Hall
from bellica.server.limits import Limits
from bellica.server.store import Store
from bellica.server.tables import Table
from bellica.server.thinking import Thinkers


class Follower:
    """One WebSocket's messages as they come (raw text kept) and the log they add up to."""

    def __init__(self, socket: WebSocketTestSession) -> None:
        self.socket = socket
        self.texts: list[str] = []
        self.log: list[dict[str, Any]] = []
        self.last: dict[str, Any] = {}

    def until(self, moves: int) -> dict[str, Any]:
        """Read messages until one shows `moves` moves; merge each one's log increment."""
        while True:
            text = self.socket.receive_text()
            self.texts.append(text)
            message = json.loads(text)
            start = message["log_from"] - 1
            assert start <= len(self.log), "a log increment skipped entries"
            self.log = self.log[:start] + message["log"]
            self.last = message
            if message["game"]["moves"] == moves:
                return message


def test_increments_add_up_to_each_seats_own_log_and_never_carry_anothers(
    client: TestClient,
) -> None:
    options = {"first": "0", "turn_limit": 3}
    made = create(client, "bellum", [HUMAN] * 2, seed=5, options=options)
    game_id = made["game"]["id"]
    tokens = [seat["token"] for seat in made["seats"]]
    url = f"/api/games/{game_id}/live"
    rng = random.Random(2)
    with (
        client.websocket_connect(url) as live0,
        client.websocket_connect(url) as live1,
        client.websocket_connect(url) as watcher,
    ):
        followers = {0: Follower(live0), 1: Follower(live1), None: Follower(watcher)}
        for seat, follower in followers.items():
            follower.socket.send_json({"token": None if seat is None else tokens[seat]})
        moves = 0
        while True:
            for follower in followers.values():
                follower.until(moves)
            views = {seat: view(client, game_id, tokens[seat]) for seat in (0, 1)}
            views[None] = view(client, game_id)
            for seat, follower in followers.items():
                assert follower.log == views[seat]["log"]  # the whole log, as this seat reads it
                assert len(views[seat]["log"]) == moves  # the HTTP view stays whole
            if views[0]["outcome"] is not None or moves >= 60:
                break
            mover = views[0]["game"]["to_move"]
            choice = rng.choice(views[mover]["legal"])
            assert act(client, game_id, tokens[mover], choice["action"]).status_code == 200
            moves += 1
        assert len(followers[0].texts) > 10
        # What a seat alone reads never reached the other seat or the spectator.
        for seat in (0, 1):
            public = [e for entry in views[None]["log"] for e in entry["events"]]
            own = [e for entry in views[seat]["log"] for e in entry["events"]]
            private = {
                mine["text"]
                for mine, told in zip(own, public, strict=True)
                if mine["text"] != told["text"]
            }
            assert private, "the check can fail: each seat drew cards it alone saw"
            for other, follower in followers.items():
                if other == seat:
                    continue
                sent = "".join(follower.texts)
                leaked = [text for text in private if json.dumps(text) in sent]
                assert not leaked, f"{other} was sent seat {seat}'s {leaked[:2]}"


def test_later_messages_carry_only_the_new_entries(client: TestClient) -> None:
    made = create(client, "imperio-bellum", [HUMAN] * 2, seed=1, options={"attacker": "1"})
    game_id = made["game"]["id"]
    tokens = [seat["token"] for seat in made["seats"]]
    for _ in range(30):
        seen = view(client, game_id, tokens[0])
        mover = seen["game"]["to_move"]
        legal = view(client, game_id, tokens[mover])["legal"]
        assert act(client, game_id, tokens[mover], legal[0]["action"]).status_code == 200
    with client.websocket_connect(f"/api/games/{game_id}/live") as watcher:
        follower = Follower(watcher)
        watcher.send_json({"token": None})
        first = follower.until(30)
        assert first["log_from"] == 1 and len(first["log"]) == 30  # the first: the whole log
        mover = first["game"]["to_move"]
        legal = view(client, game_id, tokens[mover])["legal"]
        assert act(client, game_id, tokens[mover], legal[0]["action"]).status_code == 200
        later = follower.until(31)
        assert later["log_from"] == 31 and [e["move"] for e in later["log"]] == [31]
        assert '"move": 30,' in follower.texts[0] and '"move": 30,' not in follower.texts[-1]


@pytest.fixture
def table_and_hall(tmp_path: Path) -> Iterator[tuple[Table, Hall]]:
    hall = Hall(Store(tmp_path / "g.sqlite3"), Thinkers(1, ThreadPoolExecutor(1)))
    loop = asyncio.new_event_loop()
    table, _ = loop.run_until_complete(_create(hall))
    yield table, hall
    loop.run_until_complete(hall.close())
    loop.close()


async def _create(hall: Hall) -> tuple[Table, list[str | None]]:
    return hall.create("bellum", None, None, {"first": "0"}, [("human", None)] * 2, 3)


def test_each_view_is_serialized_once_per_move_whoever_listens(
    table_and_hall: tuple[Table, Hall], monkeypatch: pytest.MonkeyPatch
) -> None:
    table, hall = table_and_hall
    built: list[int | None] = []
    real = Table.view

    def counted(self: Table, seat: int | None, **kwargs: Any) -> dict[str, Any]:
        built.append(seat)
        return real(self, seat, **kwargs)

    monkeypatch.setattr(Table, "view", counted)
    outboxes = [Outbox(table, None) for _ in range(200)] + [Outbox(table, 0) for _ in range(3)]
    for number, outbox in enumerate(outboxes):
        hall.listen(table, outbox.put, outbox.seat, f"10.0.{number // 50}.1")

    async def read_all() -> list[str]:
        return [await outbox.take() for outbox in outboxes]

    first = asyncio.run(read_all())
    assert sorted(built, key=str) == [0, None]  # one view per seat, not per connection
    assert first[0] is first[199] and first[200] is first[202]  # the same text for each
    for _ in range(2):
        table.apply(table.state.legal_actions()[0])
        table.broadcast()
    built.clear()
    after = asyncio.run(read_all())
    assert sorted(built, key=str) == [0, None] and after[0] is after[150]
    assert json.loads(after[0])["log_from"] == 1 + len(json.loads(first[0])["log"])


def test_connections_are_capped_per_game_per_seat_and_per_address(tmp_path: Path) -> None:
    limits = Limits(watchers_per_game=2, sockets_per_seat=1, sockets_per_address=4)
    with TestClient(create_app(tmp_path / "g.sqlite3", ai_workers=1, limits=limits)) as client:
        made = create(client, "imperio-bellum", [HUMAN] * 2, options={"attacker": "1"})
        url = f"/api/games/{made['game']['id']}/live"
        tokens = [seat["token"] for seat in made["seats"]]

        def refused(hello: dict[str, Any], why: str) -> None:
            with client.websocket_connect(url) as socket:
                socket.send_json(hello)
                message = socket.receive_json()
                assert message["type"] == "error" and message["status"] == 429
                assert why in message["detail"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    socket.receive_json()
                assert closed.value.code == 4429 and why in closed.value.reason

        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            for socket in (one, two):
                socket.send_json({"token": None})
                assert socket.receive_json()["type"] == "view"
            refused({"token": None}, "already has 2 spectators")
            with client.websocket_connect(url) as seat0:  # a player is never crowded out
                seat0.send_json({"token": tokens[0]})
                assert seat0.receive_json()["seat"] == 0
                refused({"token": tokens[0]}, "per seat")
                with client.websocket_connect(url) as seat1:
                    seat1.send_json({"token": tokens[1]})
                    assert seat1.receive_json()["seat"] == 1
                    refused({"token": None}, "per address")  # four from this address
        with client.websocket_connect(url) as again:  # those who left make room
            again.send_json({"token": None})
            assert again.receive_json()["type"] == "view"


def test_a_thousand_spectators_cost_a_move_little_more_than_one(
    table_and_hall: tuple[Table, Hall],
) -> None:
    """A regression guard in ratios (machines drift, ratios hold): the messages for 1,000
    spectators after a move cost a few times one spectator's, not a thousand times."""
    import time

    table, _ = table_and_hall
    for _ in range(40):
        table.apply(table.state.legal_actions()[0])

    def messages(spectators: int) -> float:
        best = float("inf")
        for _ in range(5):
            table.apply(table.state.legal_actions()[0])
            table.broadcast()
            known = len(table.log) - 1
            started = time.perf_counter()
            for _ in range(spectators):
                table.message(None, known)
            best = min(best, time.perf_counter() - started)
        return best

    one, thousand = messages(1), messages(1000)
    assert thousand < 5 * one, f"1,000 spectators: {thousand * 1e3:.2f} ms, one: {one * 1e3:.2f} ms"
