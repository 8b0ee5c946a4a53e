"""The MCTS agent: budgets, strength against random, multi-player play and speed."""

from __future__ import annotations

import time
from typing import Any

import pytest
from agent_testing import NarrowView, play_game, win_rate
from sample_games import VALUES, Wide

from bellica.agents import MctsAgent, make_agent
from bellica.core import SeatView
from toy_game import Pebbles


@pytest.mark.parametrize("iterations", [1, 7, 120])
def test_runs_exactly_its_iteration_budget(iterations: int) -> None:
    state = Pebbles(players=2).load_position("9 0 1,2 0,0")
    view = NarrowView(SeatView(state, 0))
    agent = MctsAgent(iterations=iterations)
    agent.act(view.as_seat_view())
    assert agent.last_iterations == iterations
    assert len(view.worlds) == iterations  # one fresh determinization per iteration


def test_keeps_to_a_time_budget() -> None:
    state = Pebbles(players=2).load_position("11 0 1,2 0,0")
    agent = make_agent("mcts:seconds=0.2")
    assert isinstance(agent, MctsAgent)
    start = time.perf_counter()
    agent.act(SeatView(state, 0))
    elapsed = time.perf_counter() - start
    assert 0.2 <= elapsed < 0.5
    assert agent.last_iterations > 100


def test_does_not_search_when_only_one_action_is_legal() -> None:
    state = Pebbles(players=2).load_position("1 1 1,2 1,1")
    agent = MctsAgent(iterations=50)
    assert agent.act(SeatView(state, 1)) == state.legal_actions()[0]
    assert agent.last_iterations == 0


@pytest.mark.parametrize("seed", range(3))
def test_takes_a_win_in_one(seed: int) -> None:
    state = Pebbles(players=2).load_position("2 1 2,3 1,1")
    assert str(make_agent("mcts:iterations=100", seed=seed).act(SeatView(state, 1))) == "Take 2"


@pytest.mark.parametrize("spec", ["mcts:iterations=200", "mcts:iterations=200:rollout=0"])
def test_beats_random_at_pebbles(spec: str, pebbles: Pebbles) -> None:
    assert win_rate(pebbles, spec, "random", 40) >= 0.75


def test_wins_a_three_player_game_more_than_its_share() -> None:
    game = Pebbles(players=3)
    wins, games = 0, 90
    for seed in range(games):
        seat = seed % 3
        agents = [make_agent("random", seed=1000 * seed + s) for s in range(3)]
        agents[seat] = make_agent("mcts:iterations=200", seed=seed)
        wins += seat in play_game(game, agents, seed).outcome().winners
    assert wins / games > 0.55  # random wins about 0.41 here, mcts about 0.69


def test_finds_the_best_of_thirty_actions_quickly() -> None:
    state = Wide().new_game(3)
    agent = MctsAgent(seed=1, iterations=600, rollout=4)
    start = time.perf_counter()
    action = agent.act(SeatView(state, 0))
    assert time.perf_counter() - start < 1.0
    assert VALUES[action.index] >= 7


def _rollout_chosen(state: Any, rollout: int | None = None) -> int:
    """The rollout depth an MCTS agent (with `rollout` in its spec, or none) plays with once
    it has acted in `state`."""
    from bellica.agents import MctsAgent
    from bellica.core import SeatView

    agent = MctsAgent(seed=1, iterations=5, rollout=rollout)
    agent.act(SeatView(state, state.current_player or 0))
    return agent.rollout


def test_rollout_default_follows_the_game_s_heuristic() -> None:
    """Leaves are valued at once where the game judges positions, by playouts where it
    cannot (a game whose heuristic is the default 0 until the end) or where the game sets
    its own depth (Para Bellum); a spec's `rollout` wins over both."""
    import bellica
    from bellica.core import Game
    from toy_game import Pebbles

    ib = bellica.load("imperio-bellum").new_game(seed=1)
    assert _rollout_chosen(ib) == 0
    assert _rollout_chosen(ib, rollout=7) == 7

    class PlainPebbles(Pebbles):
        heuristic = Game.heuristic  # judges only finished games

    assert _rollout_chosen(PlainPebbles().new_game(seed=2)) == 20
    pb = bellica.load("para-bellum").new_game(seed=1)
    while len(pb.legal_actions()) < 2:
        pb.apply(pb.legal_actions()[0])
    assert _rollout_chosen(pb) == 20
    assert _rollout_chosen(pb, rollout=0) == 0


def test_the_exploration_constant_is_the_games_unless_the_spec_sets_it() -> None:
    """`c` unset: the game's `exploration` (Siege of Olympus 0.3, Bellum the usual 1.4);
    `c=X` in the spec wins over it."""
    import bellica
    from bellica.agents import make_agent
    from bellica.core import SeatView

    for game_id, expected in (("siege-of-olympus", 0.3), ("bellum", 1.4)):
        state = bellica.load(game_id).new_game(seed=1)
        while len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        seat = state.current_player
        assert seat is not None
        chosen = make_agent("mcts:iterations=5", seed=1)
        chosen.act(SeatView(state, seat))
        assert chosen.c == expected  # type: ignore[attr-defined]
        fixed = make_agent("mcts:iterations=5:c=2", seed=1)
        fixed.act(SeatView(state, seat))
        assert fixed.c == 2.0  # type: ignore[attr-defined]


def test_keeps_every_lords_value_in_a_four_lord_bellum_magia() -> None:
    """MCTS at a 4-player table of a real game: it plays legal moves to the end with a value
    per seat, and wins far more than its quarter against random lords."""
    import bellica

    game = bellica.load("bellum-magia", players=4)
    wins, games = 0, 8
    for seed in range(games):
        seat = seed % 4
        agents = [make_agent("random", seed=100 * seed + s) for s in range(4)]
        agents[seat] = make_agent("mcts:iterations=40", seed=seed)
        state = play_game(game, agents, seed)
        assert len(state.returns()) == 4
        wins += seat in state.outcome().winners
    assert wins >= 6  # a quarter would be 2
