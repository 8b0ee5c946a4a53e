"""The random agent: uniform over the legal actions, reproducible from its seed."""

from __future__ import annotations

from collections import Counter

from bellica.agents import RandomAgent, make_agent
from bellica.core import SeatView
from toy_game import Pebbles


def test_picks_each_legal_action_about_equally_often() -> None:
    state = Pebbles(players=2).load_position("9 0 1,2 0,0")
    view = SeatView(state, 0)
    agent = make_agent("random", seed=4)
    counts = Counter(agent.act(view) for _ in range(3000))
    assert set(counts) == set(state.legal_actions())
    assert all(900 < n < 1100 for n in counts.values())


def test_only_legal_action_is_the_one_chosen() -> None:
    # Pile 1, secret already used: only "Take 1" is legal.
    state = Pebbles(players=2).load_position("1 1 1,2 1,1")
    assert len(state.legal_actions()) == 1
    assert RandomAgent(seed=3).act(SeatView(state, 1)) == state.legal_actions()[0]


def test_its_generator_is_seeded_from_its_seed() -> None:
    state = Pebbles(players=2).load_position("9 0 1,2 0,0")
    view = SeatView(state, 0)
    first, second, other = RandomAgent(seed=8), RandomAgent(seed=8), RandomAgent(seed=9)
    a = [first.act(view) for _ in range(40)]
    assert a == [second.act(view) for _ in range(40)]
    assert a != [other.act(view) for _ in range(40)]
