"""Hidden information over the wire: no message to a seat or a spectator holds another's hand."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, act, create, view

import bellica
from bellica.core import State


def hand_tokens(state: State, seat: int) -> set[str]:
    """The cards in `seat`'s hand (its own observation shows them)."""
    observation = state.observation(seat)
    return {
        card["card"]
        for player in observation["players"]
        if player.get("seat") == seat
        for card in player.get("hand", [])
    }


def assert_hides_hands(message: dict[str, Any], state: State, viewer: int | None) -> None:
    """`message` (a view) names no card that another seat holds in hand at that moment."""
    assert message["game"]["moves"] == state.move_count
    shown = json.dumps([message["observation"], message["legal"]])
    for seat in range(state.game.players):
        for token in hand_tokens(state, seat):
            if seat == viewer:  # the check can fail: a seat's own hand is in its messages
                assert f'"{token}"' in shown
            else:
                assert f'"{token}"' not in shown, f"{viewer} sees {token} in seat {seat}'s hand"
    for player in message["observation"]["players"]:
        assert player["hand_count"] == len(hand_tokens(state, player["seat"]))


def assert_log_is_public_but_own_draws(
    log: list[dict[str, Any]], public: list[dict[str, Any]], state: State, seat: int
) -> None:
    """A seat's log is the spectator's, except that its own draws name the cards drawn and
    its own forced choices say they were the only ones."""
    assert [(e["move"], e["seat"], e["text"]) for e in log] == [
        (e["move"], e["seat"], e["text"]) for e in public
    ]
    own = state.seat_label(seat) + " draws "
    for entry, seen in zip(public, log, strict=True):
        assert len(entry["events"]) == len(seen["events"])
        for public_event, my_event in zip(entry["events"], seen["events"], strict=True):
            told, mine = public_event["text"], my_event["text"]
            if told != mine and mine == f"{told} (the only choice)":
                assert told.startswith(state.seat_label(seat) + ": "), told
            elif told != mine and public_event["kind"] == "look":
                assert mine.startswith(f"{told}: ") and told.startswith(state.seat_label(seat))
            elif told != mine:
                assert told.startswith(own) and told.endswith(("1 card", "cards")), told
                assert mine.startswith(own), mine


@pytest.mark.parametrize(("variant", "players"), [("standard", 2), ("teams", 4)])
def test_no_seat_ever_receives_another_seats_hand(
    client: TestClient, variant: str, players: int
) -> None:
    options = {"first": "0", "turn_limit": 4}
    made = create(client, "bellum", [HUMAN] * players, variant=variant, seed=11, options=options)
    game_id = made["game"]["id"]
    tokens = [seat["token"] for seat in made["seats"]]
    local = bellica.load("bellum", players=players, variant=variant, options=options)
    state = local.new_game(seed=11)
    states = {0: state.clone()}
    rng = random.Random(3)
    url = f"/api/games/{game_id}/live"
    with client.websocket_connect(url) as live0, client.websocket_connect(url) as watcher:
        live0.send_json({"token": tokens[0]})
        watcher.send_json({"token": None})
        pushed: list[tuple[int | None, dict[str, Any]]] = []
        while not state.is_terminal:
            pushed.append((0, live0.receive_json()))
            pushed.append((None, watcher.receive_json()))
            views = [view(client, game_id, token) for token in tokens]
            spectator = view(client, game_id)
            for seat, seen in enumerate(views):
                assert_hides_hands(seen, state, seat)
                assert_log_is_public_but_own_draws(seen["log"], spectator["log"], state, seat)
            assert_hides_hands(spectator, state, None)
            mover = state.current_player
            assert mover is not None
            choice = rng.choice(views[mover]["legal"])
            assert act(client, game_id, tokens[mover], choice["action"]).status_code == 200
            state.apply(local.action_from_json(choice["action"]))
            states[state.move_count] = state.clone()
        for viewer, message in pushed:
            assert_hides_hands(message, states[message["game"]["moves"]], viewer)
    assert len(pushed) > 20


def test_no_lord_ever_receives_a_chest_value_it_has_not_seen() -> None:
    """Bellum Magia over the wire: in every view of a whole 3-lord game, a chest shows its
    value only to the lords who held it (and to everyone once the game is over), and no log
    entry names a value to a seat that does not know it."""
    from bellica.core.config import GameConfig
    from bellica.server.store import GameRow, SeatRow
    from bellica.server.tables import Table

    game = bellica.load("bellum-magia", players=3)
    row = GameRow("chests", GameConfig.of_game(game), 4, [SeatRow("human")] * 3, "", "")
    t = Table.open(row)
    chooser = random.Random(4)
    shown_values = told_values = 0
    while not t.state.is_terminal:
        t.apply(chooser.choice(t.state.legal_actions()))
        state: Any = t.state
        for seat in (0, 1, 2, None):
            message = t.view(seat)
            for lord in message["observation"]["lords"]:
                for chest in lord["chests"]:
                    uid = game.uid(chest["chest"])
                    knows = seat is not None and state.knows(seat, uid)
                    if state.is_terminal or knows:
                        assert chest["value"] == state.value[uid]
                        shown_values += 1
                    else:
                        assert chest["value"] is None
            for entry in message["log"][-1:]:
                told = json.dumps(entry)
                if "worth" in told:
                    assert seat is not None
                    told_values += 1
                    for word in told.replace("(", " ").replace(")", " ").split():
                        uid = game.uid(word)
                        if uid is not None and game.chest_kind[uid]:  # type: ignore[attr-defined]
                            assert state.knows(seat, uid), (seat, word)
    assert shown_values and told_values  # the check can fail: values reach those who know


def test_no_general_ever_receives_an_opponents_hand_but_sees_a_teammates() -> None:
    """Para Bellum at four over the wire: in every view of a whole game, an opponent's hand
    cards appear only when everybody saw them taken from the Battle Line, while a teammate's
    hand is shown in full."""
    from bellica.core.config import GameConfig
    from bellica.server.store import GameRow, SeatRow
    from bellica.server.tables import Table

    game = bellica.load("para-bellum", players=4, options={"round_limit": 4})
    row = GameRow("hands", GameConfig.of_game(game), 6, [SeatRow("human")] * 4, "", "")
    t = Table.open(row)
    chooser = random.Random(6)
    teammates_seen = 0
    while not t.state.is_terminal:
        t.apply(chooser.choice(t.state.legal_actions()))
        state: Any = t.state
        for seat in range(4):
            message = t.view(seat)
            shown = json.dumps([message["observation"], message["legal"]])
            for side in range(4):
                if side == seat:
                    continue
                hand = [game.token(u) for u in state.hand[side]]  # type: ignore[attr-defined]
                if side % 2 == seat % 2:  # a teammate
                    teammates_seen += all(f'"{tok}"' in shown for tok in hand) and bool(hand)
                    continue
                for uid, tok in zip(state.hand[side], hand, strict=True):
                    if uid not in state.known[side]:
                        assert f'"{tok}"' not in shown, f"seat {seat} sees {tok} of {side}"
    assert teammates_seen  # the check can fail: a teammate's hand does reach the seat
