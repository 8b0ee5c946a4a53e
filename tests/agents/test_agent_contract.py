"""What every agent promises: legal moves, untouched states, determinism, no peeking."""

from __future__ import annotations

import pytest
from agent_testing import NarrowView, play_game, reachable_states

from bellica.agents import AGENT_NAMES, make_agent
from bellica.core import Action, IllegalAction, SeatView, State
from toy_game import Pebbles

SPECS = ["random", "greedy", "greedy:samples=1:depth=0", "mcts:iterations=30", "mcts:rollout=0"]


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("spec", SPECS)
def test_returns_a_legal_action_and_leaves_the_state_alone(spec: str, players: int) -> None:
    agent = make_agent(spec, seed=1)
    for state in reachable_states(Pebbles(players=players), 40):
        seat = state.current_player
        assert seat is not None
        before, history = state.position(), state.actions()
        action = agent.act(SeatView(state, seat))
        assert action in state.legal_actions()
        assert state.position() == before
        assert state.actions() == history


@pytest.mark.parametrize("spec", SPECS)
def test_plays_whole_games_to_the_end(spec: str, pebbles: Pebbles) -> None:
    for seed in range(5):
        agents = [make_agent(spec, seed=seed), make_agent("random", seed=seed)]
        assert play_game(pebbles, agents, seed).is_terminal


@pytest.mark.parametrize("spec", SPECS)
def test_same_seed_same_choices(spec: str, pebbles: Pebbles) -> None:
    states = reachable_states(pebbles, 30, seed=3)

    def choices(seed: int) -> list[Action]:
        agent = make_agent(spec, seed=seed)
        return [agent.act(SeatView(s, s.current_player or 0)) for s in states]

    assert choices(7) == choices(7)


def test_different_seeds_choose_differently() -> None:
    state = Pebbles(players=2).load_position("9 0 1,2 0,0")
    picks = {make_agent("random", seed=seed).act(SeatView(state, 0)) for seed in range(30)}
    assert len(picks) == 3


@pytest.mark.parametrize("spec", SPECS)
def test_works_with_nothing_but_the_seat_view_interface(spec: str, pebbles: Pebbles) -> None:
    agent = make_agent(spec, seed=2)
    for state in reachable_states(pebbles, 15, seed=4):
        view = NarrowView(SeatView(state, state.current_player or 0))
        assert agent.act(view.as_seat_view()) in state.legal_actions()


def test_a_seat_view_exposes_no_state() -> None:
    state = Pebbles(players=2).new_game(1)
    view = SeatView(state, 0)
    public = [name for name in dir(view) if not name.startswith("_")]
    assert {"observation", "legal_actions", "determinize", "game", "seat"} <= set(public)
    assert not any(isinstance(getattr(view, name), State) for name in public)


@pytest.mark.parametrize("spec", SPECS)
def test_choice_ignores_the_opponents_real_secret(spec: str) -> None:
    game = Pebbles(players=2)
    for pile in range(3, 10):
        # Seat 0 holds a 1; seat 1 really holds a 2 or a 3: seat 0 sees the same either way.
        low = game.load_position(f"{pile} 0 1,2 0,0")
        high = game.load_position(f"{pile} 0 1,3 0,0")
        assert low.observation(0) == high.observation(0)
        for seed in range(3):
            chosen = [make_agent(spec, seed=seed).act(SeatView(s, 0)) for s in (low, high)]
            assert chosen[0] == chosen[1]


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=300"])
def test_determinized_worlds_do_not_leak_the_secret(spec: str) -> None:
    # Seat 0 holds a 1, so seat 1 holds one of 1,2,2,3,3 (the deck less seat 0's card): a fair
    # determinization gives seat 1 its real 3 in about 2/5 of the worlds, not all of them.
    state = Pebbles(players=2).load_position("9 0 1,3 0,0")
    view = NarrowView(SeatView(state, 0))
    make_agent(spec, seed=11).act(view.as_seat_view())
    secrets = [world.observation(1)["my_secret"] for world in view.worlds]
    assert len(secrets) >= 4
    if len(secrets) >= 100:
        assert 0.25 < secrets.count(3) / len(secrets) < 0.55
        assert secrets.count(1) > 0 and secrets.count(2) > 0
    assert all(world.observation(0) == state.observation(0) for world in view.worlds)


@pytest.mark.parametrize("name", AGENT_NAMES)
def test_acting_on_a_finished_game_is_an_illegal_action(name: str, pebbles: Pebbles) -> None:
    state = pebbles.new_game(0)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="no action is legal"):
        make_agent(name).act(SeatView(state, 0))
