"""`GET /api/rules/{game_id}`: the game's own-words rules and its glossary; unknown ids 404."""

from __future__ import annotations

from fastapi.testclient import TestClient

import bellica
from bellica.core.glossary import glossary_of


def test_rules_and_glossary_of_each_game(client: TestClient) -> None:
    for info in [bellica.load(game_id).info for game_id in ("bellum", "imperio-bellum")]:
        answer = client.get(f"/api/rules/{info.id}")
        assert answer.status_code == 200, info.id
        body = answer.json()
        game = bellica.load(info.id)
        assert body["game"] == info.id and body["title"] == info.title
        assert body["rules"] == game.rules_text()
        assert body["glossary"] == glossary_of(game).to_json()


def test_the_rules_are_the_documents_in_docs_rules(client: TestClient) -> None:
    body = client.get("/api/rules/imperio-bellum").json()
    assert body["rules"].startswith("# Imperio Bellum")
    assert "## Rulings" in body["rules"]
    knight = next(e for e in body["glossary"] if e["key"] == "knight")
    assert knight["category"] == "piece" and "3 dice" in knight["text"]
    pillage = next(
        e for e in client.get("/api/rules/bellum").json()["glossary"] if e["key"] == "pillage"
    )
    assert "pillaged" in pillage["words"]


def test_an_unknown_game_is_404_with_a_short_detail(client: TestClient) -> None:
    answer = client.get("/api/rules/chess")
    assert answer.status_code == 404
    known = ", ".join(info.id for info in bellica.games())
    assert answer.json() == {"detail": f"unknown game 'chess'; known games: {known}"}
    long_id = "x" * 5000
    answer = client.get(f"/api/rules/{long_id}")
    assert answer.status_code == 404 and len(answer.json()["detail"]) < 200
    assert client.get("/api/rules/").status_code == 404
    assert client.get("/api/rules/%2e%2e%2fimperio-bellum").status_code == 404


def test_the_schema_documents_the_answer_and_the_404(client: TestClient) -> None:
    operation = client.get("/openapi.json").json()["paths"]["/api/rules/{game_id}"]["get"]
    assert set(operation["responses"]) >= {"200", "404"}
    ok = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok == {"$ref": "#/components/schemas/Rules"}
    missing = operation["responses"]["404"]["content"]["application/json"]["schema"]
    assert missing == {"$ref": "#/components/schemas/Problem"}
