"""Shared setup for the server tests: an app on a fresh SQLite file, and helpers to use it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bellica.server import create_app

HUMAN: dict[str, Any] = {"kind": "human"}


def ai(agent: str = "random") -> dict[str, Any]:
    return {"kind": "ai", "agent": agent}


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, ai_workers=1)) as test_client:
        yield test_client


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> Any:
    """Create a game and return the answer (asserting 201)."""
    answer = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    return answer.json()


def view(client: TestClient, game_id: str, token: str | None = None) -> Any:
    answer = client.get(f"/api/games/{game_id}", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def act(client: TestClient, game_id: str, token: str, action: dict[str, Any], **extra: Any) -> Any:
    return client.post(
        f"/api/games/{game_id}/actions", headers=bearer(token), json={"action": action, **extra}
    )
