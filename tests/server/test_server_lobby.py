"""What the lobby reads from the server: the catalog's menus, seat and AI names, results."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import HUMAN, ai, create

from bellica.core import Outcome
from bellica.server import create_app
from bellica.server.results import result_text
from bellica.server.store import Store


def variant(catalog: dict[str, Any], game: str, name: str) -> dict[str, Any]:
    entry = next(g for g in catalog["games"] if g["id"] == game)
    found: dict[str, Any] = next(v for v in entry["variants"] if v["name"] == name)
    return found


def finished(client: TestClient, game_id: str) -> dict[str, Any]:
    """The game's summary in the list once its AI seats have played it to the end."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        listed = {g["id"]: g for g in client.get("/api/games").json()}
        if listed[game_id]["status"] == "over":
            return listed[game_id]
        time.sleep(0.05)
    raise AssertionError(f"game {game_id} did not end")


def test_each_variant_has_a_title_a_description_and_its_seat_names(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    troy = variant(catalog, "bellum", "solo-troy")
    assert troy["title"] == "Solo: the Siege of Troy"
    assert "Achilles" in troy["description"] and "districts" in troy["description"]
    assert troy["players"] == [1] and troy["seats"] == {"1": ["the player"]}
    teams = variant(catalog, "bellum", "teams")
    assert teams["seats"]["4"] == [
        "player 1 of team 0",
        "player 1 of team 1",
        "player 2 of team 0",
        "player 2 of team 1",
    ]
    for game in catalog["games"]:
        if game["id"] in ("bellum", "imperio-bellum"):  # other tests register bare games
            for entry in game["variants"]:
                assert entry["description"], (game["id"], entry["name"])


def test_ai_strengths_have_human_names_and_the_seed_its_bound(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    labels = {p["spec"]: p["label"] for p in catalog["ai_presets"]}
    assert labels["random"] == "Random"
    assert labels["mcts:seconds=1"] == "MCTS, 1 s per move"
    assert catalog["seed_bits"] == 63  # what app.NewGame accepts: 0 .. 2**63 - 1


def test_an_ai_seat_carries_its_human_name(client: TestClient) -> None:
    answer = create(
        client,
        "imperio-bellum",
        [HUMAN, ai("mcts:iterations=2000")],
        options={"attacker": "1"},  # seat 0 defends and sets up first: the AI waits
    )
    seats = answer["game"]["seats"]
    assert seats[0]["label"] is None
    assert seats[1]["label"] == "MCTS, 2,000 iterations per move"
    listed = next(g for g in client.get("/api/games").json() if g["id"] == answer["game"]["id"])
    assert listed["seats"][1]["label"] == "MCTS, 2,000 iterations per move"
    assert listed["result"] is None


def test_a_game_names_its_variant_for_people(client: TestClient) -> None:
    answer = create(client, "bellum", [HUMAN], variant="solo-troy", players=1)
    assert answer["game"]["variant"] == "solo-troy"
    assert answer["game"]["variant_title"] == "Solo: the Siege of Troy"
    listed = next(g for g in client.get("/api/games").json() if g["id"] == answer["game"]["id"])
    assert listed["variant_title"] == "Solo: the Siege of Troy"


def test_the_list_shows_who_won_and_keeps_it_after_a_restart(db: Path) -> None:
    with TestClient(create_app(db, ai_workers=1)) as client:
        answer = create(
            client,
            "imperio-bellum",
            [ai("random"), ai("random")],
            options={"attacker": "0", "turn_limit": "1"},
            seed=4,
        )
        game_id = answer["game"]["id"]
        result = finished(client, game_id)["result"]
    assert result.startswith(("The attacker wins: ", "The defender wins: ", "Draw: "))
    stored = Store(db).load(game_id)
    assert stored is not None and stored.result == result
    with TestClient(create_app(db, ai_workers=1)) as client:  # not replayed for the list
        listed = next(g for g in client.get("/api/games").json() if g["id"] == game_id)
        assert listed["result"] == result and listed["status"] == "over"


def test_a_lost_solo_scenario_says_so(client: TestClient) -> None:
    answer = create(
        client, "bellum", [ai("random")], variant="solo-hercules", options={"turn_limit": "1"}
    )
    result = finished(client, answer["game"]["id"])["result"]
    assert result.startswith("Scenario lost: "), result
    assert "draw" not in result.lower()


def test_results_in_words() -> None:
    names = ["Athens", "Sparta", "Troy", "Sparta"]
    assert result_text(Outcome((1,), (0, 1), "four districts fell"), names[:2]) == (
        "Sparta wins: four districts fell"
    )
    assert result_text(Outcome((0, 2), (1, 0, 1, 0), "x"), names) == "Athens and Troy win: x"
    assert result_text(Outcome((), (0, 0), "equal losses"), names[:2]) == "Draw: equal losses"
    assert result_text(Outcome((), (0,), "Hercules fell"), ["Athens"]) == (
        "Scenario lost: Hercules fell"
    )
    assert result_text(Outcome((0,), (1,), "deck ran out twice"), ["Athens"]) == (
        "Scenario won: deck ran out twice"
    )
    assert result_text(Outcome((0,), (1, 0), "all bases taken"), ["the attacker", "x"]) == (
        "The attacker wins: all bases taken"
    )


def test_a_file_without_the_result_column_gains_it(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    Store(path).close()
    old = sqlite3.connect(path)
    old.execute("ALTER TABLE games DROP COLUMN result")
    old.execute(
        "INSERT INTO games (id, game, players, variant, options, seed, seats, created, updated,"
        " over) VALUES ('g', 'bellum', 2, 'standard', '{}', 5, '[]', 't', 't', 1)"
    )
    old.commit()
    old.close()
    store = Store(path)
    loaded = store.load("g")
    assert loaded is not None and loaded.result is None
    store.finish("g", "Draw: equal losses")
    again = store.load("g")
    assert again is not None and again.result == "Draw: equal losses"
