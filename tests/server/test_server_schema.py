"""The OpenAPI schema is exact: schemathesis calls every endpoint and finds no 5xx, no answer
outside its documented statuses and no body outside its schema; /docs needs no other site."""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.python.asgi import shutdown_lifespans
from server_helpers import HUMAN, bearer, create

from bellica.server import create_app
from bellica.server.limits import Limits

CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance]
UNLIMITED = Limits(create_burst=100_000, create_seconds=0.001)


# The app is made at import, since schemathesis reads its schema to make the tests; its
# lifespan (store, AI workers) starts with the first call and stops after the last test here.
WORKDIR = Path(tempfile.mkdtemp(prefix="bellica-schema-"))
APP = create_app(WORKDIR / "g.sqlite3", 1, limits=UNLIMITED)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module")
def api() -> Iterator[dict[str, Any]]:
    """A game on the app whose id and token the calls may use."""
    with TestClient(APP) as client:
        game = create(client, "imperio-bellum", [HUMAN, HUMAN], options={"attacker": "1"})
    yield game
    shutdown_lifespans()
    shutil.rmtree(WORKDIR, ignore_errors=True)


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_endpoint_answers_as_its_schema_says(case: Any, api: Any) -> None:
    case.call_and_validate(checks=CHECKS)


@schema.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_endpoint_answers_as_its_schema_says_about_a_real_game(case: Any, api: Any) -> None:
    """The same calls aimed at a game that exists, with its first seat's token."""
    game = api
    if "game_id" in (case.path_parameters or {}):
        case.path_parameters["game_id"] = game["game"]["id"]
        case.headers = {**(case.headers or {}), **bearer(game["seats"][0]["token"])}
    case.call_and_validate(checks=CHECKS)


def test_every_route_documents_its_errors_with_the_error_model(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    expected = {
        ("get", "/api/catalog"): {"200"},
        ("get", "/api/games"): {"200", "422"},
        ("post", "/api/games"): {"201", "400", "413", "422", "429", "503"},
        ("get", "/api/games/{game_id}"): {"200", "403", "404", "422"},
        ("post", "/api/games/{game_id}/actions"): {
            *("200", "400", "401", "403", "404", "409", "413", "422", "503"),
        },
        ("get", "/api/games/{game_id}/record"): {"200", "404", "409"},
        ("get", "/api/games/{game_id}/at/{move}"): {"200", "403", "404", "422"},
        ("post", "/api/replays"): {"201", "400", "413", "422", "429"},
        ("get", "/api/replays/{replay_id}/at/{move}"): {"200", "404", "422"},
        ("get", "/api/rules/{game_id}"): {"200", "404"},
    }
    found = {
        (method, path): set(op["responses"])
        for path, ops in paths.items()
        for method, op in ops.items()
    }
    assert found == expected
    for (method, path), statuses in expected.items():
        for status in statuses - {"200", "201"}:
            body = paths[path][method]["responses"][status]["content"]["application/json"]
            assert body["schema"] == {"$ref": "#/components/schemas/Problem"}, (path, status)
    components = client.get("/openapi.json").json()["components"]["schemas"]
    assert "HTTPValidationError" not in components
    assert components["NewGame"]["additionalProperties"] is False
    assert components["Move"]["additionalProperties"] is False
    assert "idempotency guard" in components["Move"]["properties"]["moves"]["description"]


def test_request_bodies_refuse_unknown_keys(client: TestClient) -> None:
    game = {"game": "bellum", "seats": [HUMAN, HUMAN], "colour": "red"}
    answer = client.post("/api/games", json=game)
    assert answer.status_code == 422 and "colour: Extra inputs" in answer.json()["detail"]
    seat = {"game": "bellum", "seats": [HUMAN, {"kind": "human", "name": "Ann"}]}
    assert client.post("/api/games", json=seat).status_code == 422
    assert client.get("/api/games").json() == []


def test_docs_load_nothing_from_another_site(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    assert not re.search(r"(https?:)?//", page.text)
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(s.startswith("/static/vendor/") or s == "data:," for s in sources)
    for source in sources:
        if source.startswith("/"):
            assert client.get(source).status_code == 200, source
    policy = page.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy
    assert "unsafe-eval" not in policy and "script-src 'self' 'sha256-" in policy
    assert '"validatorUrl": null' in page.text
    assert client.get("/redoc").status_code != 200 or "cdn" not in client.get("/redoc").text
