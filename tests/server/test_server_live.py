"""The live WebSocket, and AI seats thinking off the event loop."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, act, ai, create, view
from starlette.websockets import WebSocketDisconnect


def test_a_seat_and_a_spectator_get_a_view_after_every_move(client: TestClient) -> None:
    made = create(client, "imperio-bellum", [HUMAN, HUMAN], seed=1, options={"attacker": "1"})
    game_id = made["game"]["id"]
    tokens = [s["token"] for s in made["seats"]]
    url = f"/api/games/{game_id}/live"
    with client.websocket_connect(url) as seat0, client.websocket_connect(url) as watcher:
        seat0.send_json({"token": tokens[0]})
        watcher.send_json({"token": None})
        first = seat0.receive_json()
        assert first["type"] == "view" and first["seat"] == 0 and first["legal"]
        assert watcher.receive_json()["seat"] is None
        answer = act(client, game_id, tokens[0], first["legal"][0]["action"])
        assert answer.status_code == 200
        pushed = seat0.receive_json()
        assert pushed["game"]["moves"] == 1 and pushed["log_from"] == 1
        assert {**pushed, "log": first["log"] + pushed["log"]} == {**answer.json(), "log_from": 1}
        seen = watcher.receive_json()
        assert seen["game"]["moves"] == 1 and seen["legal"] == [] and seen["seat"] is None


def test_a_socket_with_a_wrong_token_is_told_and_closed(client: TestClient) -> None:
    made = create(client, "imperio-bellum", [HUMAN, HUMAN])
    url = f"/api/games/{made['game']['id']}/live"
    with client.websocket_connect(url) as socket:
        socket.send_json({"token": "not-a-seat"})
        message = socket.receive_json()
        assert message == {
            "type": "error",
            "status": 403,
            "detail": "this token is not a seat of this game",
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403


def test_a_socket_that_does_not_say_hello_properly_is_closed(client: TestClient) -> None:
    made = create(client, "imperio-bellum", [HUMAN, HUMAN])
    with client.websocket_connect(f"/api/games/{made['game']['id']}/live") as socket:
        socket.send_text("hello?")
        assert socket.receive_json()["status"] == 400
    with client.websocket_connect("/api/games/missing/live") as socket:
        assert socket.receive_json()["status"] == 404


def test_thinking_ai_does_not_block_the_server(client: TestClient) -> None:
    made = create(
        client, "imperio-bellum", [ai("mcts:seconds=2"), HUMAN], options={"attacker": "1"}
    )
    game_id = made["game"]["id"]
    started = time.monotonic()
    slowest = 0.0
    while view(client, game_id)["game"]["moves"] == 0:  # MCTS thinks for 2 s in a worker
        assert time.monotonic() - started < 60, "the AI never moved"
        asked = time.monotonic()
        assert client.get("/api/catalog").status_code == 200
        seat1 = act(client, game_id, made["seats"][1]["token"], {"kind": "end_turn"})
        assert seat1.status_code == 409  # the AI's turn: a human cannot act meanwhile
        slowest = max(slowest, time.monotonic() - asked)
        time.sleep(0.02)
    assert time.monotonic() - started >= 2.0
    # Blocked by the thinking, a request would wait the AI's whole 2 s; half of that leaves
    # room for a busy machine (the test workers and the AI's worker share two cores).
    assert slowest < 1.0, f"a request waited {slowest:.2f} s for the AI"


@pytest.mark.parametrize("hello", [{"token": 5}, {"token": ["a"]}, {}, [1], True, "x"])
def test_a_hello_that_is_not_a_token_gets_a_400(client: TestClient, hello: object) -> None:
    made = create(client, "imperio-bellum", [HUMAN, HUMAN])
    with client.websocket_connect(f"/api/games/{made['game']['id']}/live") as socket:
        socket.send_json(hello)
        assert socket.receive_json()["status"] == 400


def test_a_binary_hello_gets_a_400(client: TestClient) -> None:
    made = create(client, "imperio-bellum", [HUMAN, HUMAN])
    with client.websocket_connect(f"/api/games/{made['game']['id']}/live") as socket:
        socket.send_bytes(b"\x00\x01")
        assert socket.receive_json()["status"] == 400
