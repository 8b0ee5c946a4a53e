"""Server benchmark: moves per second through the HTTP API of a real `bellica serve`.

Starts the server in a child process on a fresh SQLite file, creates two-human games and plays
random legal moves for both seats, each move being a view request and an action request, as the
browser makes them. Every action is committed to SQLite (WAL, synchronous=FULL) before its
answer. Usage: python benchmarks/server.py [--seconds S] [--games id,id]
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

FIRST = {"imperio-bellum": {"attacker": "1"}, "bellum": {"first": "0"}}


def call(port: int, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data, method=method, headers=headers
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def moves_per_second(port: int, game_id: str, seconds: float) -> tuple[float, int, float]:
    """Random two-human games for `seconds`: moves/s, moves, and the mean view size in KiB."""
    rng = random.Random(0)
    moves, size, started = 0, 0, time.perf_counter()
    made = None
    while time.perf_counter() - started < seconds:
        if made is None:
            body = {"game": game_id, "seats": [{"kind": "human"}] * 2, "options": FIRST[game_id]}
            body["seed"] = moves
            made = call(port, "POST", "/api/games", body)
            tokens = [seat["token"] for seat in made["seats"]]
        path = f"/api/games/{made['game']['id']}"
        seat = call(port, "GET", path)["game"]["to_move"]
        view = call(port, "GET", path, token=tokens[seat])
        size += len(json.dumps(view))
        answer = call(
            port,
            "POST",
            f"{path}/actions",
            {"action": rng.choice(view["legal"])["action"]},
            token=tokens[seat],
        )
        moves += 1
        if answer["outcome"] is not None:
            made = None
    elapsed = time.perf_counter() - started
    return moves / elapsed, moves, size / moves / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", default="imperio-bellum,bellum")
    args = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        server = subprocess.Popen(
            [sys.executable, "-m", "bellica", "serve", "--port", str(port), "--db", str(db)],
            stdout=subprocess.DEVNULL,
        )
        try:
            for _ in range(300):
                try:
                    call(port, "GET", "/api/catalog")
                    break
                except OSError:
                    time.sleep(0.05)
            table = Table(title=f"bellica serve, {args.seconds:g} s per game, one client")
            for column in ("game", "moves/s (view + action)", "moves", "mean view KiB"):
                table.add_column(column)
            for game_id in args.games.split(","):
                rate, moves, kib = moves_per_second(port, game_id, args.seconds)
                table.add_row(game_id, f"{rate:,.0f}", str(moves), f"{kib:.1f}")
            Console().print(table)
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
