"""Replays: the table at any move shows what was shown then and never a secret it hid."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, act, bearer, create, view
from test_server_secrets import assert_hides_hands

import bellica
from bellica.core import Record, replay
from bellica.server import replays
from bellica.server.replays import Timeline

OPTIONS = {"first": "0", "turn_limit": 3}


def at(client: TestClient, game_id: str, move: int, token: str | None = None, **query: Any) -> Any:
    return client.get(f"/api/games/{game_id}/at/{move}", headers=bearer(token), params=query)


def play_bellum(client: TestClient, moves: int | None = None) -> tuple[Any, list[list[Any]]]:
    """A two-seat Bellum game played at random through the API (to the end, or `moves`
    moves); the game and, per move, every seat's and the spectator's view at that moment."""
    made = create(client, "bellum", [HUMAN, HUMAN], seed=5, options=OPTIONS)
    game_id = made["game"]["id"]
    tokens = [seat["token"] for seat in made["seats"]]
    rng = random.Random(1)
    seen: list[list[Any]] = []
    while True:
        views = [view(client, game_id, token) for token in tokens] + [view(client, game_id)]
        seen.append(views)
        mover = views[0]["game"]["to_move"]
        if mover is None or (moves is not None and len(seen) > moves):
            return made, seen
        choice = rng.choice(views[mover]["legal"])
        assert act(client, game_id, tokens[mover], choice["action"]).status_code == 200


@pytest.fixture(autouse=True)
def short_stride(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep a state every 4 moves, so a short game crosses many kept states."""
    monkeypatch.setattr(replays, "STRIDE", 4)


def test_each_seat_sees_at_each_move_exactly_what_it_was_shown_then(client: TestClient) -> None:
    made, seen = play_bellum(client, moves=30)
    game_id = made["game"]["id"]
    tokens = [seat["token"] for seat in made["seats"]]
    for move in [*range(len(seen)), 13, 2, 29, 0]:  # in order, then jumping back and forth
        for who, token in enumerate([*tokens, None]):
            then = seen[move][who]
            past = at(client, game_id, move, token)
            assert past.status_code == 200, past.text
            body = past.json()
            assert body["observation"] == then["observation"]
            assert body["log"] == then["log"]
            assert body["names"] == then["names"]
            assert body["seat"] == then["seat"]
            assert body["game"]["moves"] == move
            assert body["game"]["to_move"] == then["game"]["to_move"]
            assert body["legal"] == []
            assert body["at"] == {"move": move, "moves": 30, "seat": then["seat"], "over": False}


def test_a_seat_never_gets_another_seats_secrets_while_the_game_is_played(
    client: TestClient,
) -> None:
    made, _ = play_bellum(client, moves=20)
    game_id = made["game"]["id"]
    tokens = [seat["token"] for seat in made["seats"]]
    local = bellica.load("bellum", players=2, options=OPTIONS)
    state = local.new_game(seed=5)
    actions = client.get(f"/api/games/{game_id}/at/20", headers=bearer(tokens[0])).json()
    assert actions["at"]["moves"] == 20
    for token, asked in [(tokens[0], "1"), (tokens[1], "0"), (tokens[0], "all"), (None, "0")]:
        refused = at(client, game_id, 5, token, seat=asked)
        assert refused.status_code == 403, refused.text
        assert "hand" not in refused.text
    assert at(client, game_id, 5, "not-a-token").status_code == 403
    assert at(client, game_id, 5, tokens[0], seat="0").status_code == 200
    # the uploads' route knows nothing of stored games, and a record is held back until the end
    assert client.get(f"/api/replays/{game_id}/at/5").status_code == 404
    assert client.get(f"/api/games/{game_id}/record").status_code == 409
    stored = client.get(f"/api/games/{game_id}").json()["log"]
    for move in range(21):
        if move:
            state.apply(local.action_from_json(_action_of(client, game_id, tokens, move)))
        for seat, token in [(0, tokens[0]), (1, tokens[1]), (None, None)]:
            assert_hides_hands(at(client, game_id, move, token).json(), state, seat)
    assert len(stored) == 20


def _action_of(client: TestClient, game_id: str, tokens: list[str], move: int) -> dict[str, Any]:
    """The `move`th action, read back from the hall's record of the game (test only)."""
    hall = client.app.state.hall  # type: ignore[attr-defined]
    data: dict[str, Any] = hall.table(game_id).row.actions[move - 1]
    return data


def test_moves_and_seats_out_of_range_are_refused(client: TestClient) -> None:
    made, _ = play_bellum(client, moves=3)
    game_id = made["game"]["id"]
    token = made["seats"][0]["token"]
    for move in (4, 10**30):
        assert at(client, game_id, move, token).status_code == 422
    assert client.get(f"/api/games/{game_id}/at/-1").status_code == 422
    assert client.get(f"/api/games/{game_id}/at/x").status_code == 422
    assert at(client, game_id, 1, token, seat="everyone").status_code == 422
    assert at(client, "no-such-game", 0).status_code == 404


def test_a_finished_game_shows_any_seat_and_everything_to_anyone(client: TestClient) -> None:
    made, seen = play_bellum(client)
    game_id = made["game"]["id"]
    last = len(seen) - 1
    assert seen[-1][0]["outcome"] is not None
    for move in (0, last // 2, last):
        for seat in (0, 1):
            body = at(client, game_id, move, seat=str(seat)).json()
            assert body["observation"] == seen[move][seat]["observation"]
            assert body["log"] == seen[move][seat]["log"]
        everything = at(client, game_id, move, seat="all").json()
        assert everything["observations"] == [seen[move][s]["observation"] for s in (0, 1)]
        assert everything == at(client, game_id, move).json()  # the default without a token
        # each entry reads as its own actor read it
        assert [e["events"] for e in everything["log"]] == [
            seen[move][e["seat"]]["log"][i]["events"] for i, e in enumerate(everything["log"])
        ]
    assert at(client, game_id, last, seat="1").json()["outcome"] is not None
    assert at(client, game_id, last - 1, seat="1").json()["outcome"] is None
    assert at(client, game_id, 0, seat="1").json()["at"]["over"] is True


def test_an_uploaded_record_replays_move_by_move(client: TestClient) -> None:
    made, seen = play_bellum(client)
    game_id = made["game"]["id"]
    record = client.get(f"/api/games/{game_id}/record")
    answer = client.post("/api/replays", content=record.content)
    assert answer.status_code == 201, answer.text
    held = answer.json()
    assert held["id"].startswith("r.") and held["link"] == f"/replay/{held['id']}"
    assert held["game"]["moves"] == len(seen) - 1 and held["game"]["status"] == "over"
    for move in (0, 7, len(seen) - 1):
        mine = client.get(f"/api/replays/{held['id']}/at/{move}", params={"seat": "1"}).json()
        assert mine["observation"] == seen[move][1]["observation"]
        assert mine["log"] == seen[move][1]["log"]
        assert client.get(f"/api/replays/{held['id']}/at/{move}").json()["at"]["seat"] == "all"
    assert client.get(f"/api/replays/{held['id']}/at/{len(seen)}").status_code == 422
    assert client.get("/replay/" + held["id"]).status_code == 200  # the viewer page


def test_bad_uploads_are_refused_and_change_nothing(client: TestClient) -> None:
    good = Record.of("imperio-bellum", 2, "standard", {}, 3, [])
    data = good.to_json()
    bad = [
        b"not json",
        b"\xff\xfe",
        json.dumps({**data, "game": "chess"}).encode(),
        json.dumps({**data, "cards": "/etc/passwd"}).encode(),
        json.dumps({**data, "actions": [{"kind": "no-such-kind"}]}).encode(),
        json.dumps({**data, "players": 7}).encode(),
        json.dumps([data]).encode(),
    ]
    for body in bad:
        answer = client.post("/api/replays", content=body)
        assert answer.status_code == 422, (body, answer.text)
        assert "passwd" not in answer.json()["detail"] or body == bad[3]
    too_big = b" " * (1024 * 1024 + 1)
    assert client.post("/api/replays", content=too_big).status_code == 413
    assert client.post("/api/replays", content=json.dumps(data)).status_code == 201


def test_a_timeline_gives_the_state_at_any_move_and_keeps_few_states(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(replays, "MAX_KEPT", 8)
    game = bellica.load("imperio-bellum")
    state = game.new_game(seed=2)
    rng = random.Random(4)
    while not state.is_terminal and state.move_count < 300:
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    timeline = Timeline(game, record.seed)
    timeline.extend(record.actions[:100])
    timeline.extend(record.actions)
    assert timeline.moves == 300
    assert len(timeline._kept) <= 8 and timeline.stride == 64  # 4, 8, ... doubled as it grew
    for move in (0, 1, 63, 64, 65, 150, 299, 300):
        part = Record(record.config, record.seed, record.actions[:move])
        assert timeline.state_at(move).position() == replay(part).position()
    with pytest.raises(ValueError):
        timeline.state_at(301)
