"""A server killed mid-game and started again resumes every game where it was."""

from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """`bellica serve` in a child process, and a tiny JSON client for it."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bellica",
                "serve",
                "--port",
                str(self.port),
                "--db",
                str(self.db),
                "--ai-workers",
                "1",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                self.call("GET", "/api/catalog")
                return
            except OSError:
                assert self.process.poll() is None, self.process.stderr
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.05)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()  # SIGKILL: no clean shutdown, no last flush
        self.process.wait(10)

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Content-Type": "application/json"}
            | ({"Authorization": f"Bearer {token}"} if token else {}),
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "games.sqlite3")
    yield running
    if running.process is not None and running.process.poll() is None:
        running.kill()


def test_a_killed_server_resumes_every_game(server: Server) -> None:
    server.start()
    human = server.call(
        "POST",
        "/api/games",
        {"game": "bellum", "seats": [{"kind": "human"}] * 2, "seed": 21, "options": {"first": "0"}},
    )
    bots = server.call(
        "POST",
        "/api/games",
        {
            "game": "imperio-bellum",
            "seed": 4,
            "options": {"turn_limit": 0},
            "seats": [{"kind": "ai", "agent": "random"}] * 2,
        },
    )
    game_id, tokens = human["game"]["id"], [s["token"] for s in human["seats"]]
    rng = random.Random(5)
    for _ in range(25):
        seat = server.call("GET", f"/api/games/{game_id}")["game"]["to_move"]
        legal = server.call("GET", f"/api/games/{game_id}", token=tokens[seat])["legal"]
        server.call(
            "POST",
            f"/api/games/{game_id}/actions",
            {"action": rng.choice(legal)["action"]},
            token=tokens[seat],
        )
    before = [server.call("GET", f"/api/games/{game_id}", token=t) for t in tokens]
    assert before[0]["game"]["moves"] == 25
    bots_path = f"/api/games/{bots['game']['id']}"
    deadline = time.monotonic() + 60
    while (seen := server.call("GET", bots_path)["game"]["moves"]) < 30:  # the AIs are playing
        assert time.monotonic() < deadline
        time.sleep(0.05)

    server.kill()
    server.start()

    after = [server.call("GET", f"/api/games/{game_id}", token=t) for t in tokens]
    for old, new in zip(before, after, strict=True):
        old["game"].pop("updated"), new["game"].pop("updated")
        assert new == old
    seat = after[0]["game"]["to_move"]
    legal = after[seat]["legal"]
    moved = server.call(
        "POST",
        f"/api/games/{game_id}/actions",
        {"action": legal[0]["action"], "moves": 25},
        token=tokens[seat],
    )
    assert moved["game"]["moves"] == 26
    resumed = server.call("GET", bots_path)["game"]["moves"]
    assert resumed >= seen  # nothing acknowledged was lost
    deadline = time.monotonic() + 60
    while server.call("GET", bots_path)["game"]["moves"] <= resumed + 5:  # and they go on
        assert time.monotonic() < deadline, "the AI game did not resume"
        time.sleep(0.05)


def test_a_refused_request_to_a_real_server_is_a_clear_4xx(server: Server) -> None:
    server.start()
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.call("POST", "/api/games", {"game": "chess", "seats": [{"kind": "human"}]})
    assert refused.value.code == 422
    assert "unknown game" in json.loads(refused.value.read())["detail"]
