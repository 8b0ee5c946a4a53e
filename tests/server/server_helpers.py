"""Helpers for the server tests: seat specs, and creating, viewing and acting on games."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

HUMAN: dict[str, Any] = {"kind": "human"}


def ai(agent: str = "random") -> dict[str, Any]:
    return {"kind": "ai", "agent": agent}


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


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
