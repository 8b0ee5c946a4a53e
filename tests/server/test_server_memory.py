"""Games in memory: idle ones leave and come back from the store; start-up opens few."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi.testclient import TestClient
from server_helpers import HUMAN, act, create, view

import bellica
from bellica.server import create_app
from bellica.server.hall import Hall
from bellica.server.limits import Limits
from bellica.server.store import Store
from bellica.server.thinking import Thinkers


def two_humans(hall: Hall, seed: int) -> str:
    table, _ = hall.create(
        "imperio-bellum", None, None, {"attacker": "1"}, [("human", None)] * 2, seed
    )
    return table.id


def test_idle_games_leave_memory_and_come_back_as_they_were(tmp_path: Path) -> None:
    async def scenario() -> None:
        hall = Hall(
            Store(tmp_path / "g.sqlite3"),
            Thinkers(1, ThreadPoolExecutor(1)),
            Limits(idle_seconds=60),
        )
        idle, watched, fresh = (two_humans(hall, seed) for seed in (1, 2, 3))
        table = hall.table(idle)
        for _ in range(5):
            await hall.act(
                table, table.to_move or 0, table.state.legal_actions()[0].to_json(), None
            )
        before = table.view(0)
        hall.listen(hall.table(watched), lambda: None, None)
        start = time.monotonic()
        for game_id in (idle, watched):
            hall.tables[game_id].touched = start - 61
        hall.tables[fresh].touched = start
        assert hall.evict(now=start) == 1  # only the game that is idle and untouched
        assert set(hall.tables) == {watched, fresh}
        again = hall.table(idle)  # reloaded from the store
        assert again is not table and again.view(0) == before
        await hall.close()

    asyncio.run(scenario())


def test_past_the_cap_the_least_recently_used_idle_games_leave(tmp_path: Path) -> None:
    async def scenario() -> None:
        limits = Limits(live_tables=3)
        hall = Hall(Store(tmp_path / "g.sqlite3"), Thinkers(1, ThreadPoolExecutor(1)), limits)
        games = [two_humans(hall, seed) for seed in range(5)]
        hall.tables.clear()
        for game_id in games[:3]:
            hall.table(game_id)
        hall.table(games[0])  # games[1] is now the least recently used
        hall.listen(hall.tables[games[1]], lambda: None, None)  # ... but someone watches it
        hall.table(games[3])
        assert list(hall.tables) == [games[1], games[0], games[3]]
        hall.table(games[4])
        assert list(hall.tables) == [games[1], games[3], games[4]]
        await hall.close()

    asyncio.run(scenario())


def test_games_evicted_between_every_request_play_on_exactly(tmp_path: Path) -> None:
    limits = Limits(live_tables=1)
    with TestClient(create_app(tmp_path / "g.sqlite3", ai_workers=1, limits=limits)) as client:
        made = [
            create(client, "bellum", [HUMAN] * 2, seed=seed, options={"first": "0"})
            for seed in (1, 2)
        ]
        local = [bellica.load("bellum", options={"first": "0"}).new_game(seed=s) for s in (1, 2)]
        for _ in range(15):
            for game, state in zip(made, local, strict=True):
                game_id, tokens = game["game"]["id"], [s["token"] for s in game["seats"]]
                mover = state.current_player
                assert mover is not None
                action = state.legal_actions()[-1]
                answer = act(
                    client, game_id, tokens[mover], action.to_json(), moves=state.move_count
                )
                assert answer.status_code == 200, answer.text
                state.apply(action)
        hall = client.app.state.hall  # type: ignore[attr-defined]
        assert len(hall.tables) == 1
        for game, state in zip(made, local, strict=True):
            seen = view(client, game["game"]["id"], game["seats"][0]["token"])
            assert seen["observation"] == state.observation(0)
            assert len(seen["log"]) == state.move_count == 15


def stored_games(db: Path, count: int, ai_every: int) -> list[str]:
    """`count` stored two-seat games with a few actions each, written straight to the file;
    every `ai_every`-th one waits for its AI seat. The ids of those waiting for an AI."""
    store = Store(db)
    store.close()
    human = {"kind": "human", "agent": None, "token_hash": "x"}
    machine = {"kind": "ai", "agent": "random", "token_hash": None}
    game = bellica.load("imperio-bellum", options={"attacker": "1"})
    state = game.new_game(seed=1)
    actions = []
    for _ in range(6):
        action = state.legal_actions()[0]
        actions.append(json.dumps(action.to_json()))
        state.apply(action)
    to_move = state.current_player
    waiting = []
    games, moves = [], []
    for number in range(count):
        game_id = f"g{number:05d}"
        for_ai = number % ai_every == 0
        if for_ai:
            waiting.append(game_id)
        seats = json.dumps([machine if for_ai and seat == to_move else human for seat in (0, 1)])
        games.append(
            (game_id, "imperio-bellum", 2, "standard", '{"attacker": "1"}', 1, seats,
             "2026-01-01T00:00:00+00:00", "2026-01-01T00:00:00+00:00", len(actions), to_move,
             "k")
        )  # fmt: skip
        moves += [(game_id, n + 1, a) for n, a in enumerate(actions)]
    with sqlite3.connect(db) as raw:
        raw.executemany(
            "INSERT INTO games (id, game, players, variant, options, seed, seats, created,"
            " updated, moves, to_move, ai_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games,
        )
        raw.executemany(
            "INSERT INTO actions VALUES (?, ?, NULL, ?, '2026-01-01T00:00:00+00:00')", moves
        )
    return waiting


def test_start_up_answers_at_once_with_thousands_of_stored_games(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    waiting = stored_games(db, 3000, ai_every=100)
    started = time.perf_counter()
    with TestClient(create_app(db, ai_workers=1)) as client:
        assert client.get("/api/games/g00001").status_code == 200
        answered = time.perf_counter() - started
        hall = client.app.state.hall  # type: ignore[attr-defined]
        # The whole store is never replayed: only the games waiting for an AI seat, in the
        # background, and the one asked for.
        assert len(hall.tables) <= len(waiting) + 1
        deadline = time.monotonic() + 60
        while not all(game_id in hall.tables for game_id in waiting):
            assert time.monotonic() < deadline, "the AI games did not resume"
            time.sleep(0.05)
        assert set(hall.tables) == {*waiting, "g00001"}
        # Replaying all 3,000 at start-up (as the server once did) took 10.4 s on the machine
        # where this was written, and the first answer 0.7 s now; the bound leaves room for a
        # busy machine.
        assert answered < 5.0, f"the first answer took {answered:.2f} s"
        ai_game = view(client, waiting[0])
        deadline = time.monotonic() + 60
        assert ai_game["game"]["moves"] >= 6
        while ai_game["game"]["moves"] == 6:  # the AI seat was to move, and moves
            assert time.monotonic() < deadline, "the resumed AI never moved"
            time.sleep(0.05)
            ai_game = view(client, waiting[0])
