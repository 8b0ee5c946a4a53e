"""Server benchmark: moves per second, action latency under load, and the cost of spectators.

Starts a real uvicorn server in a child process on a fresh SQLite file (WAL, synchronous=NORMAL)
and plays two-human games with random legal moves over keep-alive HTTP, as two browsers do:
each move is one action request (its answer is the mover's new view, its log only the new
entries), plus a view request for the other seat when the turn passes (asking only for the log
entries that seat has not seen, as its WebSocket would send them). Three measures:

1. one client, one game at a time, per game: moves per second, and where the time goes: the
   server's and the client's CPU time per move (both share the machine's cores), and the app's
   own CPU time per action (from the request reaching the app to its answer, without HTTP
   parsing or sockets; a header the benchmark's server adds);
2. 50 games played at once (half Imperio Bellum, half Bellum): each action's latency;
3. one game watched by 1,000 spectators' WebSockets (in another process) while it is played,
   and five other games' action latency, against the same without the spectators.

Usage: python benchmarks/server.py [--seconds S] [--games id,id] [--spectators N] [--only 1,2,3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

FIRST = {"imperio-bellum": {"attacker": "1"}, "bellum": {"first": "0"}}
# The header with the app's own CPU time for a request (the event loop's thread, from the
# request reaching the app to its answer): exact when one request is served at a time.
APP_TIME = "x-app-seconds"
SERVE = """
import gc, sys, time, uvicorn
from bellica.server import create_app
from bellica.server.limits import Limits
limits = Limits(
    watchers_per_game=100_000, sockets_per_address=100_000, create_burst=1_000_000
)
app = create_app(sys.argv[1], ai_workers=1, limits=limits)
gc.freeze()  # as `bellica serve` does
gc.set_threshold(20_000, 50, 100)

async def timed(scope, receive, send):
    if scope["type"] != "http":
        return await app(scope, receive, send)
    started = time.thread_time()

    async def send_timed(message):
        if message["type"] == "http.response.start":
            spent = f"{time.thread_time() - started:.6f}".encode()
            message["headers"] = [*message.get("headers", []), (b"%s", spent)]
        await send(message)

    await app(scope, receive, send_timed)

uvicorn.run(timed, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
""".replace("%s", APP_TIME)


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Answer:
    """An HTTP answer: its status, headers (lower-case names) and body."""

    def __init__(self, status: int, headers: dict[str, str], content: bytes) -> None:
        self.status = status
        self.headers = headers
        self.content = content

    def json(self) -> Any:
        return json.loads(self.content)

    def raise_for_status(self) -> None:
        if self.status >= 400:
            raise RuntimeError(f"the server answered {self.status}: {self.content[:200]!r}")


class Connection:
    """One keep-alive HTTP/1.1 connection with as little client work as can be, so that what
    is measured is the server (an httpx client cost as much CPU per move as the server did)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> Answer:
        if self.reader is None or self.writer is None or self.reader.at_eof():
            # (the server closes a connection idle for 5 s, as it may)
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: bench\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        lines = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        content = await self.reader.readexactly(int(headers.get("content-length", "0")))
        return Answer(int(lines[0].split(" ", 2)[1]), headers, content)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None


class Player:
    """One client playing random legal moves for both seats of a game, new games as they end;
    it keeps each seat's log as a browser does, merging the increments it is sent."""

    def __init__(self, port: int, game: str, seed: int) -> None:
        self.http = Connection(port)
        self.game = game
        self.rng = random.Random(seed)
        self.seed = seed
        self.game_id = ""
        self.tokens: list[str] = []
        self.logs: list[list[dict[str, Any]]] = []
        self.view: dict[str, Any] = {}
        self.moves = 0
        self.latencies: list[float] = []
        self.app_seconds: list[float] = []  # the app's own CPU time per action

    async def start(self) -> None:
        body = {"game": self.game, "seats": [{"kind": "human"}] * 2, "options": FIRST[self.game]}
        self.seed += 1
        answer = await self.http.request("POST", "/api/games", {**body, "seed": self.seed})
        answer.raise_for_status()
        made = answer.json()
        self.game_id = made["game"]["id"]
        self.tokens = [seat["token"] for seat in made["seats"]]
        self.logs = [[] for _ in self.tokens]
        self.view = await self.look(made["game"]["to_move"])

    def merge(self, seat: int, view: dict[str, Any]) -> dict[str, Any]:
        """The view with the seat's whole log (the answer holds the entries from `log_from`)."""
        start = view["log_from"] - 1
        if start > len(self.logs[seat]):
            raise RuntimeError(f"log entries went missing: {start} after {len(self.logs[seat])}")
        self.logs[seat] = view["log"] = self.logs[seat][:start] + view["log"]
        return view

    async def look(self, seat: int) -> dict[str, Any]:
        path = f"/api/games/{self.game_id}?log_from={len(self.logs[seat]) + 1}"
        answer = await self.http.request("GET", path, token=self.tokens[seat])
        answer.raise_for_status()
        return self.merge(seat, answer.json())

    async def move(self) -> None:
        if not self.game_id:
            await self.start()
        view = self.view
        seat = view["game"]["to_move"]
        body = {"action": self.rng.choice(view["legal"])["action"], "moves": view["game"]["moves"]}
        asked = time.perf_counter()
        answer = await self.http.request(
            "POST", f"/api/games/{self.game_id}/actions", body, self.tokens[seat]
        )
        self.latencies.append(time.perf_counter() - asked)
        answer.raise_for_status()
        self.app_seconds.append(float(answer.headers.get(APP_TIME, "nan")))
        self.moves += 1
        after = self.merge(seat, answer.json())
        if after["outcome"] is not None:
            await self.start()
        elif after["game"]["to_move"] == seat:
            self.view = after
        else:
            self.view = await self.look(after["game"]["to_move"])

    async def play(self, seconds: float) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            await self.move()


class OneClient:
    """Measure 1 for one game: moves per second and where each move's time goes."""

    def __init__(self, rate: float, moves: int, server_cpu: float, client_cpu: float) -> None:
        self.rate = rate
        self.moves = moves
        self.server_cpu = server_cpu  # seconds per move
        self.client_cpu = client_cpu
        self.app = 0.0  # the app's own mean CPU time per action, in seconds


async def one_client(port: int, server: int, game: str, seconds: float) -> OneClient:
    player = Player(port, game, 0)
    await player.play(1.0)  # warm up
    player.moves, player.app_seconds = 0, []
    server_cpu, client_cpu = cpu_seconds(server), time.process_time()
    started = time.perf_counter()
    await player.play(seconds)
    spent = time.perf_counter() - started
    moves = max(1, player.moves)
    measured = OneClient(
        player.moves / spent,
        player.moves,
        (cpu_seconds(server) - server_cpu) / moves,
        (time.process_time() - client_cpu) / moves,
    )
    measured.app = statistics.mean(player.app_seconds or [float("nan")])
    await player.http.close()
    return measured


async def floor(port: int, seconds: float) -> float:
    """Round trips per second of the cheapest answer a game gives: a spectator's view already
    built, with no log (the HTTP floor of this machine now, a peer for the moves per second)."""
    player = Player(port, "imperio-bellum", 0)
    await player.start()
    path = f"/api/games/{player.game_id}?log_from=1000000"
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        (await player.http.request("GET", path)).raise_for_status()
        count += 1
    rate = count / (time.perf_counter() - started)
    await player.http.close()
    return rate


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def many_games(port: int, count: int, seconds: float) -> list[float]:
    games = list(FIRST)
    players = [Player(port, games[n % len(games)], 1000 * n) for n in range(count)]
    await asyncio.gather(*(player.start() for player in players))
    await asyncio.gather(*(player.play(seconds) for player in players))
    for player in players:
        await player.http.close()
    return [latency for player in players for latency in player.latencies]


def watch(port: int, game_id: str, count: int, ready: Any, stop: Any) -> None:
    """A child process: `count` spectators' WebSockets on one game, reading every message."""
    from websockets.asyncio.client import connect

    async def spectator(url: str, received: list[int]) -> None:
        async with connect(url, max_size=None, open_timeout=120) as ws:
            await ws.send('{"token": null}')
            async for _ in ws:
                received[0] += 1

    async def main() -> None:
        url = f"ws://127.0.0.1:{port}/api/games/{game_id}/live"
        received = [0]
        tasks = []
        for _ in range(count):
            tasks.append(asyncio.ensure_future(spectator(url, received)))
            await asyncio.sleep(0.002)
        while received[0] < count:
            await asyncio.sleep(0.05)
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.05)
        for task in tasks:
            task.cancel()

    asyncio.run(main())


async def watched(port: int, spectators: int, seconds: float) -> tuple[list[float], int]:
    """Other games' action latencies while a watched game is played; the watched game's moves."""
    busy = Player(port, "bellum", 7)
    await busy.start()
    ready, stop = multiprocessing.Event(), multiprocessing.Event()
    process = None
    if spectators:
        process = multiprocessing.Process(
            target=watch, args=(port, busy.game_id, spectators, ready, stop), daemon=True
        )
        process.start()
        while not ready.is_set():
            await asyncio.sleep(0.1)
    others = [Player(port, list(FIRST)[n % 2], 500 + n) for n in range(5)]
    try:
        await asyncio.gather(*(player.start() for player in others))
        await asyncio.gather(busy.play(seconds), *(player.play(seconds) for player in others))
    finally:
        stop.set()
    if process is not None:
        process.join(30)
    for player in [busy, *others]:
        await player.http.close()
    return [latency for player in others for latency in player.latencies], busy.moves


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", default="imperio-bellum,bellum")
    parser.add_argument("--concurrent", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--only", default="1,2,3")
    args = parser.parse_args()
    port = free_port()
    console = Console()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        server = subprocess.Popen([sys.executable, "-c", SERVE, str(db), str(port)])
        try:
            asyncio.run(wait_until_up(port))
            if "1" in args.only:
                table = Table(title=f"1. one client, {args.seconds:g} s per game")
                columns = ("game", "moves/s", "moves", "server CPU ms", "client CPU ms", "app ms")
                for column in columns:
                    table.add_column(column)
                rates: dict[str, float] = {}
                for game in args.games.split(","):
                    one = asyncio.run(one_client(port, server.pid, game, args.seconds))
                    rates[game] = one.rate
                    table.add_row(
                        game,
                        f"{one.rate:,.0f}",
                        str(one.moves),
                        ms(one.server_cpu),
                        ms(one.client_cpu),
                        ms(one.app),
                    )
                console.print(table)
                trips = asyncio.run(floor(port, min(args.seconds, 3.0)))
                console.print(
                    f"the floor, a built view asked for again: {trips:,.0f} round trips/s; "
                    + ", ".join(f"{game} {rate / trips:.2f}" for game, rate in rates.items())
                    + " moves per round trip of the floor"
                )
                console.print(
                    "CPU ms: per move, a move being one action and, when the turn passes, one "
                    "view; app ms: CPU per action inside the app (no HTTP parsing, no sockets)"
                )
            if "2" in args.only:
                latencies = asyncio.run(many_games(port, args.concurrent, args.seconds))
                table = Table(title=f"2. {args.concurrent} games at once, {args.seconds:g} s")
                for column in ("actions", "actions/s", "p50 ms", "p99 ms", "max ms"):
                    table.add_column(column)
                table.add_row(
                    str(len(latencies)),
                    f"{len(latencies) / args.seconds:,.0f}",
                    ms(percentile(latencies, 0.5)),
                    ms(percentile(latencies, 0.99)),
                    ms(max(latencies)),
                )
                console.print(table)
            if "3" in args.only:
                table = Table(
                    title=f"3. five games' actions beside a watched game, {args.seconds:g} s"
                )
                for column in ("spectators", "watched moves/s", "p50 ms", "p99 ms", "mean ms"):
                    table.add_column(column)
                means = []
                for count in (0, args.spectators):
                    latencies, moves = asyncio.run(watched(port, count, args.seconds))
                    means.append(statistics.mean(latencies))
                    table.add_row(
                        str(count),
                        f"{moves / args.seconds:,.0f}",
                        ms(percentile(latencies, 0.5)),
                        ms(percentile(latencies, 0.99)),
                        ms(means[-1]),
                    )
                console.print(table)
                console.print(f"spectators' cost to other games: x{means[1] / means[0]:.2f} mean")
        finally:
            server.terminate()
            server.wait(10)


async def wait_until_up(port: int) -> None:
    for _ in range(600):
        http = Connection(port)
        try:
            await http.request("GET", "/api/catalog")
            await http.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise SystemExit("the server did not start")


if __name__ == "__main__":
    main()
