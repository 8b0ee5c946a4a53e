"""Compound moves: a selection's follow-up decisions in the view, and its log entry flagged."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_helpers import HUMAN, act, create, view

import bellica

SETUP_KINDS = ("formation", "preset", "ready", "reserves_ready", "alterations_done")


def to_first_selection(client: TestClient, game_id: str, tokens: list[str]) -> tuple[int, Any]:
    """Plays the set-up with its shortcuts until a seat may pick a piece: that seat and view."""
    for _ in range(60):
        seat = view(client, game_id)["game"]["to_move"]
        seen = view(client, game_id, tokens[seat])
        kinds = [entry["action"]["kind"] for entry in seen["legal"]]
        if "select" in kinds:
            return seat, seen
        chosen = next((k for k in SETUP_KINDS if k in kinds), kinds[0])
        entry = next(e for e in seen["legal"] if e["action"]["kind"] == chosen)
        answer = act(client, game_id, tokens[seat], entry["action"], moves=seen["game"]["moves"])
        assert answer.status_code == 200, answer.text
    raise AssertionError("no piece to pick after 60 set-up actions")


def test_a_selection_lists_what_follows_it_and_other_actions_do_not(client: TestClient) -> None:
    made = create(client, "imperio-bellum", [HUMAN, HUMAN], seed=5)
    game_id = made["game"]["id"]
    tokens = [seat["token"] for seat in made["seats"]]
    seat, seen = to_first_selection(client, game_id, tokens)

    selections = [e for e in seen["legal"] if e["action"]["kind"] == "select"]
    others = [e for e in seen["legal"] if e["action"]["kind"] != "select"]
    assert selections and others  # End turn is no selection
    assert all("then" not in e for e in others)
    for entry in selections:
        square = entry["action"]["square"]
        assert entry["then"], entry
        # every follow-up is that piece's: a move or attack from its square, or its hold
        for follow in entry["then"]:
            action = follow["action"]
            assert action.get("from", action.get("square")) == square, follow
        assert entry["then"][-1]["action"]["kind"] == "hold"

    # the follow-ups are exactly what the server then allows, and looking changed nothing
    entry = selections[0]
    assert view(client, game_id, tokens[seat])["game"]["moves"] == seen["game"]["moves"]
    answer = act(client, game_id, tokens[seat], entry["action"], moves=seen["game"]["moves"])
    assert answer.status_code == 200, answer.text
    after = answer.json()
    assert after["legal"] == entry["then"]
    assert after["log"][-1]["selection"] is True
    assert after["log"][-1]["text"] == entry["text"]

    # the move that follows is an ordinary entry, and the other seat sees no follow-ups
    follow = entry["then"][0]
    done = act(client, game_id, tokens[seat], follow["action"], moves=after["game"]["moves"])
    assert done.status_code == 200, done.text
    assert "selection" not in done.json()["log"][-1]
    assert all("selection" not in e for e in done.json()["log"][:-2])
    waiting = 1 - view(client, game_id)["game"]["to_move"]
    assert view(client, game_id, tokens[waiting])["legal"] == []
    assert view(client, game_id)["legal"] == []  # a spectator


def test_follow_ups_leave_the_state_alone_and_refuse_what_is_no_selection() -> None:
    game = bellica.load("imperio-bellum", players=2)
    state = game.new_game(seed=5)
    while not any(a.kind == "select" for a in state.legal_actions()):
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.kind in SETUP_KINDS), legal[0]))
    before = state.position()
    select = next(a for a in state.legal_actions() if a.kind == "select")
    follow = state.follow_ups(select)
    assert state.position() == before and state.selected < 0  # type: ignore[attr-defined]
    after = state.clone()
    after.apply(select)
    assert follow == after.legal_actions()
    end_turn = next(a for a in state.legal_actions() if a.kind == "end_turn")
    assert state.follow_ups(end_turn) == []
    # a selection that is not legal now (the piece already picked) lists nothing
    assert after.follow_ups(select) == []
