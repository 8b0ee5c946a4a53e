"""The HTTP API: create, view, act, refuse bad requests, spectators, records, OpenAPI."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, act, ai, bearer, create, view

import bellica
from bellica.core import SPECTATOR
from bellica.server import create_app

FIRST = {"imperio-bellum": {"attacker": "1"}, "bellum": {"first": "0"}}  # seat 0 moves first


def two_humans(client: TestClient, game: str = "imperio-bellum") -> Any:
    return create(client, game, [HUMAN, HUMAN], seed=7, options=FIRST[game])


def test_catalog_lists_every_game_variant_and_agent(client: TestClient) -> None:
    answer = client.get("/api/catalog").json()
    games = {g["id"]: g for g in answer["games"]}
    assert set(games) == {info.id for info in bellica.games()}
    variants = {v["name"]: v["players"] for v in games["bellum"]["variants"]}
    assert variants["teams"] == [4] and variants["solo-troy"] == [1]
    limit = {o["key"]: o for o in games["imperio-bellum"]["options"]}["turn_limit"]
    assert (limit["type"], limit["minimum"], limit["maximum"], limit["default"]) == (
        "whole",
        0,
        1000,
        50,
    )
    cities = {o["key"]: o for o in games["bellum"]["options"]}["cities"]
    assert cities["type"] == "choice" and "Athens,Sparta" in cities["choices"]
    assert cities["variants"] == ["standard", "teams"]
    assert {a["kind"] for a in answer["agents"]} == {"random", "greedy", "mcts"}
    assert any(p["spec"] == "mcts:seconds=1" for p in answer["ai_presets"])


def test_create_gives_each_human_seat_an_unguessable_token_and_a_link(client: TestClient) -> None:
    made = create(client, "imperio-bellum", [HUMAN, ai("greedy")], options={"attacker": "1"})
    human, robot = made["seats"]
    assert len(human["token"]) >= 32  # token_urlsafe(24): 192 random bits
    assert human["link"] == f"/game/{made['game']['id']}#seat=0&token={human['token']}"
    assert robot["token"] is None and robot["agent"] == "greedy"
    assert made["game"]["status"] == "playing" and made["game"]["moves"] == 0
    other = create(client, "imperio-bellum", [HUMAN, HUMAN])
    assert other["seats"][0]["token"] != human["token"]
    assert other["game"]["id"] != made["game"]["id"]


def test_the_store_keeps_no_token_in_clear(client: TestClient, db: Any) -> None:
    made = two_humans(client)
    raw = db.read_bytes() + (db.with_name(db.name + "-wal").read_bytes())
    for seat in made["seats"]:
        assert seat["token"].encode() not in raw


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess", "seats": [HUMAN, HUMAN]}, 422, "unknown game"),
        ({"game": "imperio-bellum", "seats": [HUMAN]}, 422, "has 2 seats; 1 were given"),
        ({"game": "imperio-bellum", "seats": [HUMAN, ai("genius")]}, 422, "unknown agent"),
        ({"game": "imperio-bellum", "seats": [HUMAN, ai("mcts:seconds=-1")]}, 422, "seconds"),
        ({"game": "imperio-bellum", "seats": [HUMAN, {"kind": "ai"}]}, 422, "no agent"),
        ({"game": "bellum", "seats": [HUMAN, ai("mcts:seconds=1e9")]}, 422, "seconds up to 60"),
        ({"game": "bellum", "seats": [HUMAN, ai("mcts:iterations=10000000")]}, 422, "200000"),
        ({"game": "bellum", "seats": [HUMAN, ai("greedy:samples=1000")]}, 422, "samples"),
        ({"game": "bellum", "variant": "chaos", "seats": [HUMAN, HUMAN]}, 422, "no variant"),
        ({"game": "bellum", "players": 3, "seats": [HUMAN] * 3}, 422, "not 3"),
        ({"game": "bellum", "options": {"first": "7"}, "seats": [HUMAN, HUMAN]}, 422, "first"),
        ({"game": "bellum", "options": {"colour": "red"}, "seats": [HUMAN] * 2}, 422, "colour"),
        ({"game": "bellum", "seats": [{"kind": "robot"}, HUMAN]}, 422, "seats.0.kind"),
        ({"game": "bellum", "seats": [HUMAN, HUMAN], "seed": -1}, 422, "seed"),
        ({"seats": [HUMAN, HUMAN]}, 422, "game: Field required"),
    ],
)
def test_a_bad_game_setup_is_refused_with_a_clear_message(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    answer = client.post("/api/games", json=body)
    assert answer.status_code == status
    assert words in answer.json()["detail"]
    assert client.get("/api/games").json() == []


def test_malformed_json_is_a_400(client: TestClient) -> None:
    answer = client.post(
        "/api/games", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 400
    assert answer.json()["detail"].startswith("bad request")


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (b"{not json", 400, "bad request"),
        (b"", 400, "bad request"),
        (b'{"moves": 0}', 422, "action: Field required"),
        (b'{"action": {}, "moves": -1}', 422, "moves"),
        (b'{"action": {}, "colour": "red"}', 422, "colour"),
        (b'["action"]', 422, "bad request"),
    ],
)
def test_an_action_body_is_checked_before_anything_moves(
    client: TestClient, body: bytes, status: int, words: str
) -> None:
    made = two_humans(client)
    game_id, token = made["game"]["id"], made["seats"][0]["token"]
    headers = {"Content-Type": "application/json", **bearer(token)}
    answer = client.post(f"/api/games/{game_id}/actions", content=body, headers=headers)
    assert answer.status_code == status, answer.text
    assert words in answer.json()["detail"]
    assert view(client, game_id, token)["game"]["moves"] == 0


def test_a_seat_acts_and_everyone_sees_the_move_in_the_log(client: TestClient) -> None:
    made = two_humans(client)
    game_id, token = made["game"]["id"], made["seats"][0]["token"]
    mine = view(client, game_id, token)
    assert mine["seat"] == 0 and mine["game"]["to_move"] == 0 and mine["legal"]
    first = mine["legal"][0]
    answer = act(client, game_id, token, first["action"], moves=0)
    assert answer.status_code == 200, answer.text
    after = answer.json()
    assert after["game"]["moves"] == 1
    assert after["log"] == [
        {"move": 1, "seat": 0, "text": first["text"], "events": [], "marks": []}
    ]
    watcher = view(client, game_id)
    assert watcher["seat"] is None and watcher["legal"] == []
    assert watcher["log"] == after["log"]


def test_views_are_built_from_the_seats_observation(client: TestClient) -> None:
    made = two_humans(client, game="bellum")
    game_id = made["game"]["id"]
    state = bellica.load("bellum", options=FIRST["bellum"]).new_game(seed=7)
    for seat, info in enumerate(made["seats"]):
        assert view(client, game_id, info["token"])["observation"] == json.loads(
            json.dumps(state.observation(seat))
        )
    assert view(client, game_id)["observation"] == json.loads(
        json.dumps(state.observation(SPECTATOR))
    )


def test_an_illegal_action_is_refused_and_changes_nothing(client: TestClient) -> None:
    made = two_humans(client)
    game_id, token = made["game"]["id"], made["seats"][0]["token"]
    before = view(client, game_id, token)
    for bad, words in [
        ({"kind": "place", "piece": "headquarters", "square": "e5"}, "not legal"),
        ({"kind": "fly"}, "not an action"),
        ({"kind": "place", "piece": "dragon", "square": "a1"}, ""),
        ({}, ""),
    ]:
        answer = act(client, game_id, token, bad)
        assert answer.status_code == 422, (bad, answer.text)
        assert words in answer.json()["detail"]
    assert view(client, game_id, token) == before


def test_tokens_are_checked(client: TestClient) -> None:
    made = two_humans(client)
    game_id = made["game"]["id"]
    first = view(client, game_id, made["seats"][0]["token"])["legal"][0]["action"]
    no_token = client.post(f"/api/games/{game_id}/actions", json={"action": first})
    assert no_token.status_code == 401
    wrong = act(client, game_id, "x" * 32, first)
    assert wrong.status_code == 403
    other_game = two_humans(client)
    stolen = act(client, game_id, other_game["seats"][0]["token"], first)
    assert stolen.status_code == 403
    peek = client.get(f"/api/games/{game_id}", headers=bearer("guess"))
    assert peek.status_code == 403
    not_yours = act(client, game_id, made["seats"][1]["token"], first)
    assert not_yours.status_code == 409
    assert "not the attacker's turn: the defender is to move" in not_yours.json()["detail"]
    assert view(client, game_id)["names"] == ["the defender", "the attacker"]
    assert view(client, game_id)["game"]["moves"] == 0


def test_a_stale_move_count_is_refused(client: TestClient) -> None:
    made = two_humans(client)
    game_id, token = made["game"]["id"], made["seats"][0]["token"]
    legal = view(client, game_id, token)["legal"]
    assert act(client, game_id, token, legal[0]["action"], moves=0).status_code == 200
    again = act(client, game_id, token, legal[0]["action"], moves=0)
    assert again.status_code == 409 and "moved on" in again.json()["detail"]
    assert view(client, game_id)["game"]["moves"] == 1


def test_unknown_game_is_a_404(client: TestClient) -> None:
    assert client.get("/api/games/nope").status_code == 404
    assert client.get("/api/games/nope/record").status_code == 404
    assert act(client, "nope", "t", {"kind": "x"}).status_code == 404


def play_out(client: TestClient, made: Any, pick: int = -1, limit: int = 3000) -> Any:
    """Play every human seat's `pick`-th legal action until the game ends; the last view."""
    game_id = made["game"]["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
    deadline = time.monotonic() + 60
    for _ in range(limit):
        spectator = view(client, game_id)
        if spectator["outcome"]:
            return spectator
        seat = spectator["game"]["to_move"]
        if seat not in tokens or spectator["thinking"]:
            assert time.monotonic() < deadline, "the AI seat never moved"
            time.sleep(0.02)
            continue
        legal = view(client, game_id, tokens[seat])["legal"]
        answer = act(client, game_id, tokens[seat], legal[pick]["action"])
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


def test_a_finished_game_gives_its_record_and_refuses_more_moves(client: TestClient) -> None:
    made = create(client, "imperio-bellum", [HUMAN, HUMAN], seed=3, options={"turn_limit": 2})
    game_id, token = made["game"]["id"], made["seats"][0]["token"]
    early = client.get(f"/api/games/{game_id}/record")
    assert early.status_code == 409 and "game is over" in early.json()["detail"]
    last = play_out(client, made)
    assert last["game"]["status"] == "over" and last["outcome"]["text"]
    answer = client.get(f"/api/games/{game_id}/record")
    assert answer.status_code == 200
    assert "attachment" in answer.headers["content-disposition"]
    record = bellica.Record.loads(answer.text)
    assert record.seed == 3 and len(record.actions) == last["game"]["moves"]
    final = bellica.replay(record)
    assert final.is_terminal
    assert final.outcome().to_json() == {
        k: v for k, v in last["outcome"].items() if k not in ("text", "headline")
    }
    late = act(client, game_id, token, {"kind": "end_turn"})
    assert late.status_code == 409 and "over" in late.json()["detail"]


def test_ai_seats_play_their_turns(client: TestClient) -> None:
    made = create(
        client, "bellum", [HUMAN, ai("greedy")], seed=5, options={"first": "1", "turn_limit": 3}
    )
    last = play_out(client, made)
    ai_moves = [entry for entry in last["log"] if entry["seat"] == 1]
    assert ai_moves, "the AI seat never acted"
    assert last["outcome"] is not None


def test_the_game_list_shows_summaries_without_secrets(client: TestClient) -> None:
    first = two_humans(client)
    second = create(client, "bellum", [HUMAN, ai("random")], seed=99, options={"first": "0"})
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed] == [second["game"]["id"], first["game"]["id"]]
    text = json.dumps(listed)
    for made in (first, second):
        for seat in made["seats"]:
            assert not seat["token"] or seat["token"] not in text
    assert '"seed":' not in text and "token" not in text and "ai_key" not in text
    ai_seat = listed[0]["seats"][1]
    assert (ai_seat["seat"], ai_seat["kind"], ai_seat["agent"]) == (1, "ai", "random")
    assert ai_seat["label"] == "Random"


def test_no_view_reveals_the_seed(client: TestClient) -> None:
    made = two_humans(client, game="bellum")
    game_id = made["game"]["id"]
    for token in [None, made["seats"][0]["token"]]:
        assert '"seed":' not in json.dumps(view(client, game_id, token))


def test_the_api_is_documented_by_openapi(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    assert {"/api/catalog", "/api/games", "/api/games/{game_id}"} <= set(paths)
    assert "post" in paths["/api/games/{game_id}/actions"]
    assert client.get("/docs").status_code == 200


def test_the_client_is_served_by_the_server(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    assert client.get("/game/anything").text == page.text
    assert "https://" not in page.text  # nothing from a CDN


def test_the_game_list_is_read_from_the_store_without_replaying(db: Any) -> None:
    with TestClient(create_app(db, ai_workers=1)) as first:
        made = create(first, "imperio-bellum", [HUMAN, HUMAN], options={"turn_limit": 1})
        last = play_out(first, made)
        listed_live = first.get("/api/games").json()
    assert listed_live[0] == last["game"]
    with TestClient(create_app(db, ai_workers=1)) as second:
        assert second.get("/api/games").json() == listed_live
        hall = second.app.state.hall  # type: ignore[attr-defined]
        assert hall.tables == {}  # a finished game is not replayed to be listed
        assert second.get("/api/games?limit=0").status_code == 422


def test_seeds_are_63_bit_secrets_unless_the_creator_chose_one(client: TestClient, db: Any) -> None:
    import sqlite3

    made = [create(client, "bellum", [HUMAN, HUMAN]) for _ in range(8)]
    chosen = create(client, "bellum", [HUMAN, HUMAN], seed=12)
    assert [m["game"]["chosen_seed"] for m in made] == [False] * 8
    assert chosen["game"]["chosen_seed"] is True
    with sqlite3.connect(db) as raw:
        seeds = [row[0] for row in raw.execute("SELECT seed FROM games WHERE chosen_seed = 0")]
    assert len(seeds) == 8 and max(seeds) >= 2**40  # fails with odds of 2**-184 for 63 bits


def test_ai_choices_are_seeded_from_a_secret_key_not_the_game_seed() -> None:
    from bellica.server.hall import agent_seed

    assert agent_seed("k1", 0, 5) == agent_seed("k1", 0, 5)
    assert len({agent_seed(key, 0, 5) for key in ("k1", "k2", "k3")}) == 3
    assert agent_seed("k1", 0, 5) != agent_seed("k1", 1, 5) != agent_seed("k1", 1, 6)


def test_an_action_the_store_cannot_save_is_refused_and_the_game_goes_on(
    client: TestClient, db: Any
) -> None:
    """The game's row fails to update (a trigger stands in for a full disk): the client hears
    503, nothing was stored or applied, and the same action then goes through."""
    import sqlite3

    made = two_humans(client)
    game_id, token = made["game"]["id"], made["seats"][0]["token"]
    before = view(client, game_id, token)
    first = before["legal"][0]["action"]
    with sqlite3.connect(db) as raw:
        raw.execute(
            "CREATE TRIGGER full BEFORE UPDATE ON games BEGIN SELECT RAISE(ABORT, 'full'); END"
        )
    failed = act(client, game_id, token, first, moves=0)
    assert failed.status_code == 503 and "nothing changed" in failed.json()["detail"]
    assert view(client, game_id, token) == before
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT count(*) FROM actions").fetchone()[0] == 0
        raw.execute("DROP TRIGGER full")
    assert act(client, game_id, token, first, moves=0).status_code == 200
    assert view(client, game_id)["game"]["moves"] == 1
