"""Whatever a client sends as an action, the answer is a 4xx and the game is unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from server_helpers import HUMAN, act, create, view

from bellica.server import create_app

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)
KINDS = ["play", "buy", "move", "attack", "select", "place", "end_turn", "formation", "pass"]
actions = st.fixed_dictionaries(
    {"kind": st.sampled_from(KINDS) | st.text(max_size=6) | json_values},
    optional={
        "card": st.text(max_size=5) | json_values,
        "square": st.text(max_size=3) | json_values,
        "to": json_values,
        "name": json_values,
    },
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with TestClient(create_app(tmp_path_factory.mktemp("fuzz") / "g.sqlite3", 1)) as client:
        games = [
            create(client, "imperio-bellum", [HUMAN, HUMAN], seed=1, options={"attacker": "1"}),
            create(client, "bellum", [HUMAN, HUMAN], seed=1, options={"first": "0"}),
        ]
        yield client, games


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=actions | json_values, which=st.sampled_from([0, 1]), moves=json_values)
def test_junk_actions_get_a_4xx_and_change_nothing(
    server: Any, data: Any, which: int, moves: Any
) -> None:
    client, games = server
    made = games[which]
    game_id, token = made["game"]["id"], made["seats"][0]["token"]
    before = view(client, game_id, token)
    legal = [entry["action"] for entry in before["legal"]]
    assume(data not in legal)
    body = {"action": data, "moves": moves}
    answer = client.post(
        f"/api/games/{game_id}/actions", json=body, headers={"Authorization": f"Bearer {token}"}
    )
    assert 400 <= answer.status_code < 500, answer.text
    assert isinstance(answer.json()["detail"], str)
    assert view(client, game_id, token) == before
    assert act(client, game_id, token, before["legal"][0]["action"], moves=-1).status_code == 422
