"""What kind of game each configuration is: zero-sum or not, perfect information or not."""

from __future__ import annotations

import random

import pytest

import bellica
from bellica.adapters.configs import Config, configs

ZERO_SUM = {
    "bellum/standard/2p": True,
    "bellum/teams/4p": True,  # two against two
    "bellum/solo-hercules/1p": False,
    "bellum/solo-plague/1p": False,
    "bellum/solo-troy/1p": False,
    "bellum-magia/standard/2p": True,
    "bellum-magia/standard/3p": False,  # one winner, two losers
    "bellum-magia/standard/4p": False,
    "bellum-magia/standard/5p": False,
    "imperio-bellum/standard/2p": True,
    "para-bellum/standard/2p": True,
    "para-bellum/standard/3p": False,
    "para-bellum/standard/4p": True,  # two teams of two
    "siege-of-olympus/standard/2p": True,
}


def test_every_configuration_says_whether_it_is_zero_sum() -> None:
    # (other tests may register a toy game of their own: only ours are pinned here)
    ours = [c for c in configs() if c.game_id in {name.split("/")[0] for name in ZERO_SUM}]
    assert {c.name: c.load().zero_sum for c in ours} == ZERO_SUM


def _random_finish(state: bellica.State, seed: int) -> bellica.State:
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("config", list(configs()), ids=lambda c: c.name)
def test_returns_of_a_zero_sum_game_add_up_to_zero(config: Config) -> None:
    game = config.load()
    returns = _random_finish(game.new_game(seed=11), seed=11).returns()
    assert len(returns) == game.players
    assert set(returns) <= {-1.0, 0.0, 1.0}
    if game.zero_sum:
        assert sum(returns) == 0


def test_only_imperio_bellum_has_perfect_information() -> None:
    perfect = {c.game_id for c in configs() if c.load().perfect_information}
    assert perfect == {"imperio-bellum"}


def test_perfect_information_leaves_nothing_to_resample() -> None:
    state = bellica.load("imperio-bellum").new_game(seed=3)
    rng = random.Random(3)
    for _ in range(150):
        state.apply(rng.choice(state.legal_actions()))
    for seat in (0, 1):
        for seed in range(5):
            assert state.determinize(seat, seed).position() == state.position()


@pytest.mark.parametrize("game_id", ["bellum", "bellum-magia", "para-bellum", "siege-of-olympus"])
def test_hidden_information_is_resampled(game_id: str) -> None:
    state = bellica.load(game_id).new_game(seed=5)
    rng = random.Random(5)
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))
    positions = {state.determinize(0, seed).position() for seed in range(8)}
    assert len(positions) > 1  # something seat 0 cannot see differs between samples


def test_every_game_names_its_round_limit_option() -> None:
    """The house rule that ends a game after so many rounds: a whole number, 0 for none."""
    named = [info for info in bellica.games() if info.round_limit]  # a toy game may have none
    assert {info.id for info in named} >= {name.split("/")[0] for name in ZERO_SUM}
    for info in named:
        option = next(o for o in info.options if o.key == info.round_limit)
        assert option.check(0) == 0 and option.check(5) == 5
        game = bellica.load(info.id, options={info.round_limit: 1})
        assert game.options[info.round_limit] == 1
