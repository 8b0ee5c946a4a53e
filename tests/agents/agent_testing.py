"""Helpers for the agent tests: play games, collect positions, a minimal seat view."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bellica.agents import Agent, make_agent
from bellica.core import Action, Game, SeatView, State
from bellica.core.rng import Rng


def play_game(game: Game, agents: Sequence[Agent], seed: int) -> State:
    """Play one game from `seed`, seat i played by agents[i]; checks every move is legal and
    that no agent changed the state it was shown."""
    state = game.new_game(seed)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        before = state.position()
        action = agents[seat].act(SeatView(state, seat))
        assert state.position() == before
        assert action in state.legal_actions()
        state.apply(action)
    return state


def win_rate(game: Game, spec: str, opponent: str, games: int) -> float:
    """The share of `games` two-player games `spec` wins against `opponent`, seats alternating."""
    wins = 0
    for seed in range(games):
        seat = seed % 2
        specs = [opponent, opponent]
        specs[seat] = spec
        agents = [make_agent(s, seed=1000 * seed + i) for i, s in enumerate(specs)]
        wins += seat in play_game(game, agents, seed).outcome().winners
    return wins / games


def reachable_states(game: Game, count: int, seed: int = 0) -> list[State]:
    """`count` non-terminal states met in random games."""
    pick = random.Random(seed)
    states: list[State] = []
    while len(states) < count:
        state = game.new_game(pick.randrange(10**6))
        while not state.is_terminal and len(states) < count:
            states.append(state.clone())
            state.apply(pick.choice(state.legal_actions()))
    return states


class NarrowView:
    """Only what the design lets an agent see, counting and keeping the determinizations."""

    def __init__(self, view: SeatView) -> None:
        self._view = view
        self.game = view.game
        self.seat = view.seat
        self.worlds: list[State] = []

    @property
    def observation(self) -> dict[str, Any]:
        return self._view.observation

    def legal_actions(self) -> list[Action]:
        return self._view.legal_actions()

    def determinize(self, rng: int | random.Random | Rng) -> State:
        world = self._view.determinize(rng)
        self.worlds.append(world.clone())
        return world

    def as_seat_view(self) -> SeatView:
        """This object, typed as what `Agent.act` takes (it offers the same interface)."""
        return self  # type: ignore[return-value]
