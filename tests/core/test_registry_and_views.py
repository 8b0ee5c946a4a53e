"""The registry, `bellica.replay` on bad records, and seat views that hide the state."""

from __future__ import annotations

import pytest

import bellica
from bellica.core import InvalidRecord, Record, SeatView


def test_games_lists_every_game_with_its_facts():
    infos = {info.id: info for info in bellica.games()}
    ib = infos["imperio-bellum"]
    assert (ib.title, ib.min_players, ib.max_players) == ("Imperio Bellum", 2, 2)
    assert ib.variants == ("standard",)
    import bellica.games as games_package

    assert [i.id for i in games_package()] == [i.id for i in bellica.games()]


def test_replay_refuses_a_record_that_does_not_replay():
    bad_game = Record.of("no-such-game", 2, "standard", {}, 1, [])
    with pytest.raises(InvalidRecord, match="cannot be set up"):
        bellica.replay(bad_game)
    bad_move = Record.of("imperio-bellum", 2, "standard", {}, 1, [{"kind": "end_turn"}])
    with pytest.raises(InvalidRecord, match="action 1"):
        bellica.replay(bad_move)


def test_seat_view_offers_only_the_seat_s_knowledge():
    state = bellica.load("imperio-bellum").new_game(seed=2)
    view = SeatView(state, 1)
    assert view.observation == state.observation(1)
    assert view.legal_actions() == state.legal_actions()
    public = {n for n in dir(view) if not n.startswith("_")}
    assert public == {"determinize", "game", "legal_actions", "move_count", "observation", "seat"}
    copy = view.determinize(4)
    assert copy is not state and copy.observation(1) == state.observation(1)
