"""The greedy agent: one-step heuristic lookahead, looking through unfinished moves."""

from __future__ import annotations

import time

import pytest
from agent_testing import win_rate
from sample_games import VALUES, TwoStep, Wide

from bellica.agents import GreedyAgent, make_agent
from bellica.core import SeatView
from toy_game import Pebbles


@pytest.mark.parametrize("seed", range(5))
def test_leaves_the_opponent_a_multiple_of_three(seed: int) -> None:
    # Pile 7 and the secret is spent: taking 1 leaves 6, the Nim-winning reply.
    state = Pebbles(players=2).load_position("7 0 2,3 1,0")
    assert str(make_agent("greedy", seed=seed).act(SeatView(state, 0))) == "Take 1"


@pytest.mark.parametrize("seed", range(5))
def test_takes_the_last_pebbles(seed: int) -> None:
    state = Pebbles(players=2).load_position("2 1 2,3 1,1")
    assert str(make_agent("greedy", seed=seed).act(SeatView(state, 1))) == "Take 2"


def test_uses_its_own_secret() -> None:
    # Pile 3 with a secret of 3: revealing takes all three and wins at once.
    state = Pebbles(players=2).load_position("3 0 3,1 0,0")
    assert str(make_agent("greedy").act(SeatView(state, 0))) == "Reveal secret and take it"


def test_breaks_ties_at_random_by_its_seed() -> None:
    # Pile 9, secret spent: both takes leave a non-multiple of 3, equally bad.
    state = Pebbles(players=2).load_position("9 0 1,2 1,0")
    picks = {str(make_agent("greedy", seed=s).act(SeatView(state, 0))) for s in range(20)}
    assert picks == {"Take 1", "Take 2"}


def test_looks_through_a_picked_piece_to_its_best_destination() -> None:
    state = TwoStep().new_game()
    assert str(make_agent("greedy").act(SeatView(state, 0))) == "Pick A"
    assert str(make_agent("greedy:depth=0").act(SeatView(state, 0))) == "Pick B"
    state.apply(state.legal_actions()[0])
    assert str(make_agent("greedy").act(SeatView(state, 0))) == "Go to square 0"


def test_beats_random_at_pebbles(pebbles: Pebbles) -> None:
    assert win_rate(pebbles, "greedy", "random", 60) >= 0.75


def test_picks_a_best_action_among_thirty_quickly() -> None:
    state = Wide().new_game(2)
    agent = GreedyAgent(seed=1)
    start = time.perf_counter()
    for _ in range(10):
        action = agent.act(SeatView(state, 0))
        assert VALUES[action.index] == max(VALUES)
    assert (time.perf_counter() - start) / 10 < 0.25
