"""Every game bounds its length (OpenSpiel's `max_game_length`): no game, played at random or
greedily, holds more decisions than `Game.max_game_length`, nor a round more than the game's
`max_round_decisions`; without a round limit there is no bound."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import bellica
from bellica.adapters.configs import Config, configs
from bellica.agents.spec import make_agent
from bellica.core import Game, SeatView
from bellica.core.registry import game_info

CONFIGS = list(configs())


def _load(config: Config, limit: int | None = None) -> Game:
    options = {} if limit is None else {game_info(config.game_id).round_limit: limit}
    return bellica.load(config.game_id, config.players, config.variant, options)


def _play(game: Game, seed: int, agent: str = "") -> tuple[int, Counter[int]]:
    """A game's decisions, and how many were taken in each round (the set-up's in the round
    it comes before or in)."""
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    agents = [make_agent(agent, seed + seat) for seat in range(game.players)] if agent else []
    per_round: Counter[int] = Counter()
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if agents:
            action = agents[seat].act(SeatView(state, seat))
        else:
            action = rng.choice(state.legal_actions())
        per_round[state.rounds or 0] += 1
        state.apply(action)
    return sum(per_round.values()), per_round


def _check(game: Game, limit: int, decisions: int, per_round: Counter[int]) -> None:
    most = game.max_game_length
    round_most = getattr(game, "max_round_decisions")  # noqa: B009 (each game's own)
    assert most is not None and round_most is not None
    assert decisions <= most
    setup = most - limit * round_most  # what the bound allows before the first round
    assert setup >= 0
    for number, taken in per_round.items():
        assert taken <= round_most + (setup if number <= 1 else 0), (number, taken)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_random_games_stay_within_the_bounds(config: Config) -> None:
    short = _load(config, 4)
    for seed in range(12):
        _check(short, 4, *_play(short, seed))
    full = _load(config)
    limit = full.options[full.info.round_limit]
    for seed in range(5):
        _check(full, limit, *_play(full, 100 + seed))


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_greedy_games_stay_within_the_bounds(config: Config) -> None:
    game = _load(config, 3)
    for seed in (7, 8):
        _check(game, 3, *_play(game, seed, "greedy:samples=2:depth=2"))


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_no_round_limit_no_bound(config: Config) -> None:
    assert _load(config, 0).max_game_length is None


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_the_bound_grows_with_the_round_limit(config: Config) -> None:
    short, long = _load(config, 3).max_game_length, _load(config, 30).max_game_length
    assert short is not None and long is not None
    assert long - short == 27 * getattr(_load(config), "max_round_decisions")  # noqa: B009
