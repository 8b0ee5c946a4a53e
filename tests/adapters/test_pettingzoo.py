"""The PettingZoo AEC environments: PettingZoo's own checkers on every configuration, and ours."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import bellica
from bellica.adapters.configs import Config, configs
from bellica.adapters.pettingzoo import BellicaAEC, env

CONFIGS = list(configs())


def _env(config: Config, **kwargs: object) -> BellicaAEC:
    return env(config.game_id, players=config.players, variant=config.variant, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_pettingzoo_api_test_passes(config: Config) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about any Dict observation space outside its own classic games;
        # the issue asks for the Dict of observation and action_mask that those games use.
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        api_test(_env(config, render_mode="ansi"), num_cycles=200)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_pettingzoo_seed_test_passes(config: Config) -> None:
    seed_test(lambda: _env(config), num_cycles=100)


def _play_out(table: BellicaAEC, seed: int) -> dict[str, float]:
    """Random legal play to the end; each agent's reward as `last()` gives it when done."""
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        if termination or truncation:
            final[agent] = float(reward)
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(rng.choice(legal)))
    return final


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_rewards_are_the_returns_at_the_end_and_every_agent_leaves(config: Config) -> None:
    table = _env(config)
    table.reset(seed=4)
    state = table.state
    final = _play_out(table, seed=4)
    assert state.is_terminal
    assert final == {f"player_{s}": r for s, r in enumerate(state.returns())}
    assert table.agents == []


def test_rewards_are_zero_before_the_end() -> None:
    table = env("siege-of-olympus")
    table.reset(seed=1)
    rng = random.Random(1)
    for _ in range(30):
        agent = table.agent_selection
        _, reward, termination, _, info = table.last()
        assert reward == 0 and not termination
        table.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert all(value == 0 for value in table.rewards.values())
        assert agent in table.agents


@pytest.mark.parametrize("game_id", ["bellum", "para-bellum", "siege-of-olympus", "bellum-magia"])
def test_masks_are_the_legal_actions_of_the_agent_to_move_only(game_id: str) -> None:
    table = env(game_id, players=2)
    table.reset(seed=2)
    rng = random.Random(2)
    for _ in range(40):
        mover = table.agent_selection
        seat = table.possible_agents.index(mover)
        assert table.state.current_player == seat
        legal = sorted(a.index for a in table.state.legal_actions())
        for agent in table.agents:
            mask = table.observe(agent)["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (table.game.num_distinct_actions,)
            assert np.array_equal(mask, table.infos[agent]["action_mask"])
            expected = legal if agent == mover else []
            assert np.flatnonzero(mask).tolist() == expected
        table.step(rng.choice(legal))


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_an_observation_holds_nothing_its_seat_cannot_know(config: Config) -> None:
    """Resampling everything a seat cannot see leaves its observation as it was."""
    table = _env(config)
    table.reset(seed=8)
    rng = random.Random(8)
    for _ in range(25):
        if table.state.is_terminal:
            break
        for seat, agent in enumerate(table.possible_agents):
            seen = table.observe(agent)["observation"]
            for sample in range(3):
                other = table.state.determinize(seat, sample).observation_tensor(seat)
                assert np.array_equal(seen, other)
        table.step(rng.choice([a.index for a in table.state.legal_actions()]))


def test_the_spaces_are_the_same_objects_on_every_call() -> None:
    table = env("bellum-magia", players=4)
    spaces = {id(table.observation_space(a)) for a in table.possible_agents * 2}
    actions = {id(table.action_space(a)) for a in table.possible_agents * 2}
    assert len(spaces) == 1 and len(actions) == 1
    assert table.action_space("player_0").n == table.game.num_distinct_actions  # type: ignore[attr-defined]
    box = table.observation_space("player_0")["observation"]  # type: ignore[index]
    assert box.shape == table.game.observation_shape and box.dtype == np.float32


@pytest.mark.parametrize(
    "action", [-1, 10**9, 2.0, "3", True, None, np.array([1, 2]), np.float32(1.0)]
)
def test_a_bad_action_is_refused_and_changes_nothing(action: object) -> None:
    table = env("imperio-bellum")
    table.reset(seed=5)
    before = (table.state.position(), table.agent_selection, table.state.move_count)
    with pytest.raises(bellica.IllegalAction, match=r"legal|whole number"):
        table.step(action)  # type: ignore[arg-type]
    assert (table.state.position(), table.agent_selection, table.state.move_count) == before


def test_an_illegal_index_names_the_legal_ones() -> None:
    table = env("siege-of-olympus")
    table.reset(seed=5)
    legal = {a.index for a in table.state.legal_actions()}
    illegal = next(i for i in range(table.game.num_distinct_actions) if i not in legal)
    with pytest.raises(bellica.IllegalAction, match=f"action {illegal} is not legal for player_"):
        table.step(illegal)
    table.step(np.int64(min(legal)))  # numpy integers are accepted
    assert table.state.move_count == 1


def test_a_seeded_reset_replays_the_same_game_and_unseeded_resets_follow_it() -> None:
    first, second = env("bellum"), env("bellum")
    first.reset(seed=3)
    second.reset(seed=3)
    assert first.state.position() == second.state.position()
    first.reset()
    second.reset()
    assert first.state.seed == second.state.seed
    first.reset(seed=4)
    assert first.state.position() != second.state.position() or first.state.seed != 3


def test_the_round_limit_ends_the_game_as_a_timeout() -> None:
    table = env("imperio-bellum", options={"turn_limit": 1})
    table.reset(seed=1)
    state = table.state
    _play_out(table, seed=1)
    assert state.is_terminal and state.timed_out


def test_a_finished_agent_is_stepped_with_none_only() -> None:
    table = env("imperio-bellum", options={"turn_limit": 1})
    table.reset(seed=1)
    rng = random.Random(1)
    while not table.state.is_terminal:
        table.step(rng.choice([a.index for a in table.state.legal_actions()]))
    assert all(table.terminations.values())
    assert all(info["timed_out"] for info in table.infos.values())
    with pytest.raises(ValueError, match="None"):
        table.step(0)


def test_ansi_render_draws_what_the_agent_to_move_sees() -> None:
    table = env("para-bellum", players=3, render_mode="ansi")
    table.reset(seed=1)
    text = table.render()
    assert isinstance(text, str) and "Army deck" in text and "\x1b[" not in text
    assert env("para-bellum").render() is None
    with pytest.raises(bellica.InvalidConfig, match="render_mode"):
        env("para-bellum", render_mode="human")


def test_a_clone_is_independent() -> None:
    table = env("bellum")
    table.reset(seed=6)
    copy = table.clone()
    assert copy.state.position() == table.state.position()
    rng = random.Random(6)
    for _ in range(10):
        copy.step(rng.choice([a.index for a in copy.state.legal_actions()]))
    assert table.state.move_count == 0 and copy.state.move_count == 10
    assert table.agent_selection == f"player_{table.state.current_player}"


def test_no_game_claims_simultaneous_moves() -> None:
    """PettingZoo's parallel API is for games whose agents act at once; every seat of ours
    waits for its turn, so no environment says it may be converted (see docs/research.md)."""
    assert all(not _env(c).metadata["is_parallelizable"] for c in CONFIGS)


def test_the_environment_names_its_game() -> None:
    table = env("bellum", players=1, variant="solo-troy")
    assert table.metadata["name"] == "bellica_bellum_v0"
    assert str(table) == "bellica Bellum (solo-troy, 1 player)"
    assert table.possible_agents == ["player_0"]
