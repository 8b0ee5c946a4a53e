"""What one client may ask: body size (413), game creation rate (429), short error messages."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, act, create, view

from bellica.server import create_app
from bellica.server.limits import BodyLimit, Limits, RateLimited, TokenBuckets, clip

GAME = {"game": "imperio-bellum", "seats": [HUMAN, HUMAN], "options": {"attacker": "1"}}


def listed(client: TestClient) -> list[Any]:
    games: list[Any] = client.get("/api/games").json()
    return games


# -- request bodies ------------------------------------------------------------------------------
def test_a_body_over_the_limit_is_refused_with_413_and_creates_nothing(client: TestClient) -> None:
    padded = {**GAME, "options": {f"o{n}": "x" * 100 for n in range(700)}}  # about 75 KiB
    answer = client.post("/api/games", json=padded)
    assert answer.status_code == 413
    assert "larger than this server accepts (65536 bytes)" in answer.json()["detail"]
    assert listed(client) == []
    assert client.post("/api/games", json=GAME).status_code == 201  # a normal one still works


def test_a_chunked_body_without_content_length_is_counted_too(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "imperio-bellum", "seats": [], "variant": "'
        for _ in range(100):
            yield b"x" * 1024
        yield b'"}'

    answer = client.post(
        "/api/games", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 413
    assert listed(client) == []


def test_a_malformed_content_length_is_a_400(client: TestClient) -> None:
    answer = client.post(
        "/api/games",
        content=json.dumps(GAME).encode(),
        headers={"Content-Type": "application/json", "Content-Length": "lots"},
    )
    assert answer.status_code == 400
    assert "Content-Length" in answer.json()["detail"]


def run_limited(declared: int | None, chunk: int, chunks: int | None) -> tuple[list[Any], int]:
    """Drive BodyLimit(limit=1000) by hand: what it sent, and how many chunks it read."""
    reached: list[bool] = []
    sent: list[Any] = []
    read = 0

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append(True)
        message = await receive()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": message["body"]})

    async def receive() -> dict[str, Any]:
        nonlocal read
        read += 1
        more = chunks is None or read < chunks
        return {"type": "http.request", "body": b"x" * chunk, "more_body": more}

    async def send(message: Any) -> None:
        sent.append(message)

    headers = [] if declared is None else [(b"content-length", str(declared).encode())]
    scope = {"type": "http", "method": "POST", "path": "/", "headers": headers}
    asyncio.run(BodyLimit(app, limit=1000)(scope, receive, send))
    if not reached:
        sent.insert(0, None)
    return sent, read


def test_the_limit_is_checked_while_reading_not_after() -> None:
    sent, read = run_limited(None, 100, None)  # an endless body
    assert sent[1]["status"] == 413 and read == 11  # stopped at the first chunk past 1000
    sent, read = run_limited(10**12, 100, None)  # a declared size over the limit
    assert sent[1]["status"] == 413 and read == 0
    sent, read = run_limited(None, 100, 10)  # exactly the limit: the app gets all of it
    assert sent[0]["status"] == 200 and sent[1]["body"] == b"x" * 1000 and read == 10


def test_a_custom_body_limit(db: Path) -> None:
    with TestClient(create_app(db, ai_workers=1, limits=Limits(body_bytes=50))) as client:
        assert client.post("/api/games", json=GAME).status_code == 413
        assert client.get("/api/catalog").status_code == 200


# -- error messages ------------------------------------------------------------------------------
def test_clip_cuts_long_quotes_and_long_messages() -> None:
    assert clip("no game 'bellum' here") == "no game 'bellum' here"
    cut = clip("unknown game '" + "z" * 5000 + "'; choose from bellum")
    assert cut == "unknown game '" + "z" * 60 + "…'; choose from bellum"
    assert len(clip("a " * 5000)) == 1000


@pytest.mark.parametrize(
    "body",
    [
        {**GAME, "game": "q" * 60},  # within the schema's bound: the hall's message
        {**GAME, "game": "q" * 5000},
        {**GAME, "options": {"q" * 5000: 1}},
        {**GAME, "options": {"turn_limit": "q" * 5000}},
        {**GAME, "seats": [HUMAN, {"kind": "ai", "agent": "q" * 190}]},
        {**GAME, "variant": "q " * 2000},
        {**GAME, "seats": [{"kind": "q" * 3000}] * 16},
    ],
)
def test_no_error_repeats_a_long_input(client: TestClient, body: dict[str, Any]) -> None:
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    assert "q" * 61 not in detail and "q " * 100 not in detail and len(detail) <= 1000
    assert detail.startswith(("bad request", "unknown game", "option", "seat", "no variant")), (
        detail
    )


def test_no_action_error_repeats_a_long_input(client: TestClient) -> None:
    made = create(client, **GAME)
    game_id, token = made["game"]["id"], made["seats"][0]["token"]
    answer = act(client, game_id, token, {"kind": "place", "piece": "q" * 20000}, moves=0)
    assert answer.status_code == 422
    assert "q" * 61 not in answer.json()["detail"]
    missing = client.get("/api/games/" + "q" * 5000)
    assert missing.status_code == 404 and "q" * 61 not in missing.json()["detail"]


# -- creating games ------------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_token_buckets_allow_a_burst_then_one_every_few_seconds() -> None:
    clock = Clock()
    buckets = TokenBuckets(burst=3, seconds=5, clock=clock)
    for _ in range(3):
        buckets.take("1.2.3.4")
    with pytest.raises(RateLimited) as refused:
        buckets.take("1.2.3.4")
    assert refused.value.retry_after == 5
    buckets.take("5.6.7.8")  # another address has its own bucket
    clock.now += 4
    with pytest.raises(RateLimited) as refused:
        buckets.take("1.2.3.4")
    assert refused.value.retry_after == 1
    clock.now += 1
    buckets.take("1.2.3.4")
    clock.now += 1000  # a long pause refills the bucket only up to the burst
    for _ in range(3):
        buckets.take("1.2.3.4")
    with pytest.raises(RateLimited):
        buckets.take("1.2.3.4")


def test_token_buckets_forget_full_buckets() -> None:
    clock = Clock()
    buckets = TokenBuckets(burst=2, seconds=1, clock=clock)
    for n in range(1024):
        buckets.take(f"10.0.{n // 256}.{n % 256}")
    clock.now += 10
    buckets.take("192.168.0.1")
    assert len(buckets._buckets) == 1


def test_game_creation_is_rate_limited_per_address(db: Path) -> None:
    app = create_app(db, ai_workers=1, limits=Limits(create_burst=2, create_seconds=30))
    with TestClient(app, client=("10.0.0.1", 5000)) as first:
        assert [first.post("/api/games", json=GAME).status_code for _ in range(2)] == [201, 201]
        refused = first.post("/api/games", json=GAME)
        assert refused.status_code == 429
        assert refused.headers["Retry-After"] == "30"
        assert "too many new games" in refused.json()["detail"]
        assert len(listed(first)) == 2
        made = listed(first)[0]
        assert view(first, made["id"])["game"]["id"] == made["id"]  # playing is not limited
    with TestClient(app, client=("10.0.0.2", 5000)) as second:
        assert second.post("/api/games", json=GAME).status_code == 201
