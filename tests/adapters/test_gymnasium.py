"""The Gymnasium adapter: Gymnasium's own checker on every configuration, the registered ids,
seeding, masks, illegal actions, hidden information, rewards, the round limit, clones and the
text drawing."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

import bellica
from bellica.adapters.configs import Config, configs
from bellica.adapters.drawing import drawing
from bellica.adapters.gymnasium import ENV_IDS, BellicaEnv, env_id
from bellica.core import InvalidConfig

TITLES = {info.id: info.title for info in bellica.games()}
CONFIGS = list(configs())


def limit_options(game_id: str, variant: str, rounds: int) -> dict[str, Any]:
    """The game's house-rule round limit (`turn_limit`, `day_limit`, …) set to `rounds`."""
    return {bellica.load(game_id, variant=variant).info.round_limit: rounds}


def make_env(config: Config, rounds: int = 3, **kwargs: Any) -> BellicaEnv:
    """The configuration's environment against random opponents, its games cut at `rounds`."""
    kwargs.setdefault("opponents", "random")
    options = limit_options(config.game_id, config.variant, rounds)
    return BellicaEnv(
        config.game_id, players=config.players, variant=config.variant, options=options, **kwargs
    )


def config(name: str) -> Config:
    return next(c for c in CONFIGS if c.name == name)


def masked_choice(rng: np.random.Generator, info: dict[str, Any]) -> int:
    return int(rng.choice(np.flatnonzero(info["action_mask"])))


def play_out(env: BellicaEnv, seed: int) -> list[tuple[Any, ...]]:
    """An episode with uniformly random legal actions: each step's action and results."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    steps: list[tuple[Any, ...]] = [(None, obs, 0.0, False, False, info["action_mask"])]
    while True:
        action = masked_choice(rng, info)
        obs, reward, terminated, truncated, info = env.step(action)
        steps.append((action, obs, reward, terminated, truncated, info["action_mask"]))
        if terminated or truncated:
            return steps


def same_steps(a: list[tuple[Any, ...]], b: list[tuple[Any, ...]]) -> bool:
    return len(a) == len(b) and all(
        x[0] == y[0]
        and x[2:5] == y[2:5]
        and np.array_equal(x[1], y[1])
        and np.array_equal(x[5], y[5])
        for x, y in zip(a, b, strict=True)
    )


# -- Gymnasium's checker and the registry ------------------------------------------------------
@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: c.name)
def test_gymnasiums_checker_passes_every_configuration(cfg: Config) -> None:
    env = gymnasium.make(
        env_id(TITLES[cfg.game_id]),
        players=cfg.players,
        variant=cfg.variant,
        options=limit_options(cfg.game_id, cfg.variant, 3),
        opponents="random",
        render_mode="ansi",
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # not a single warning from the checker
        check_env(env.unwrapped)


@pytest.mark.parametrize("name, seat", [("bellum-magia/standard/3p", 2), ("bellum/teams/4p", 1)])
def test_the_checker_passes_a_learner_in_a_later_seat(name: str, seat: int) -> None:
    cfg = config(name)
    env = gymnasium.make(
        env_id(TITLES[cfg.game_id]), players=cfg.players, seat=seat, opponents="random"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    _, info = env.reset(seed=4)
    assert env.unwrapped.state.current_player == seat  # type: ignore[attr-defined]
    assert info["action_mask"].any()


def test_every_game_registers_its_title_as_an_id() -> None:
    assert set(ENV_IDS) == {
        "bellica/Bellum-v0",
        "bellica/BellumMagia-v0",
        "bellica/ImperioBellum-v0",
        "bellica/ParaBellum-v0",
        "bellica/SiegeOfOlympus-v0",
    }
    for info in bellica.games():
        env = gymnasium.make(env_id(info.title), opponents="random")
        assert isinstance(env.unwrapped, BellicaEnv) and env.unwrapped.game.id == info.id
        obs, info_ = env.reset(seed=1)
        assert obs in env.observation_space and info_["action_mask"].any()


def test_make_with_the_module_prefix_imports_the_adapter() -> None:
    env = gymnasium.make(
        "bellica.adapters.gymnasium:bellica/ParaBellum-v0",
        players=3,
        opponents=["greedy", "random"],
    )
    game = env.unwrapped.game  # type: ignore[attr-defined]
    assert (game.id, game.players) == ("para-bellum", 3)
    assert env.unwrapped.opponents == (None, "greedy", "random")  # type: ignore[attr-defined]


# -- seeding -------------------------------------------------------------------------------------
def test_a_seed_reproduces_an_episode_and_is_the_games_seed() -> None:
    cfg = config("siege-of-olympus/standard/2p")
    env = make_env(cfg, opponents="greedy")
    first = play_out(env, 11)
    assert env.state.seed == 11  # the bellica game seed: its record replays it
    replayed = bellica.replay(env.state.record())
    assert replayed.position() == env.state.position()
    assert same_steps(first, play_out(make_env(cfg, opponents="greedy"), 11))
    assert not same_steps(first, play_out(env, 12))


def test_a_reset_without_a_seed_follows_the_environments_generator() -> None:
    env = make_env(config("bellum/standard/2p"))
    env.reset(seed=5)
    env.reset()
    after_five = env.state.seed
    env.reset(seed=5)
    env.reset()
    assert env.state.seed == after_five != 5


# -- masks and illegal actions -------------------------------------------------------------------
@pytest.mark.parametrize("name", ["imperio-bellum/standard/2p", "bellum-magia/standard/4p"])
def test_the_mask_marks_exactly_the_learners_legal_actions(name: str) -> None:
    env = make_env(config(name), seat=1)
    rng = np.random.default_rng(3)
    _, info = env.reset(seed=3)
    terminated = False
    while not terminated:
        state = env.state
        assert state.current_player == 1
        legal = sorted(env.game.encode(action) for action in state.legal_actions())
        assert info["action_mask"].dtype == np.int8
        assert np.flatnonzero(info["action_mask"]).tolist() == legal
        assert np.array_equal(env.action_masks(), info["action_mask"])
        assert np.array_equal(state.legal_mask(), info["action_mask"])
        action = masked_choice(rng, info)
        assert env.game.decode(action, state).index == action
        _, _, terminated, truncated, info = env.step(action)
        assert not truncated
    assert not info["action_mask"].any()  # nothing is legal once it is over


def test_illegal_actions_change_nothing_and_say_what_is_legal() -> None:
    env = make_env(config("bellum/standard/2p"), illegal_penalty=0.25, illegal_limit=8)
    obs, info = env.reset(seed=2)
    position, moves = env.state.position(), env.state.move_count
    unused = int(np.flatnonzero(info["action_mask"] == 0)[0])
    size = env.game.num_distinct_actions
    wrong: list[Any] = [unused, size, -1, 10**30, 1.5, "3", None, np.array([1, 2])]
    for step, action in enumerate(wrong[:7], start=1):
        again, reward, terminated, truncated, info2 = env.step(action)
        assert np.array_equal(again, obs)
        assert np.array_equal(info2["action_mask"], info["action_mask"])
        assert (reward, terminated, truncated) == (-0.25, False, False), step
        assert "legal:" in info2["illegal_action"]
        assert (env.state.position(), env.state.move_count) == (position, moves)
    assert env.step(True)[1:4] == (-0.25, False, True)  # the 8th in a row truncates
    assert (env.state.position(), env.state.move_count) == (position, moves)
    after = env.step(int(np.flatnonzero(info["action_mask"])[0]))  # the episode is over
    assert after[1:4] == (0.0, False, True) and "reset()" in after[4]["illegal_action"]
    assert env.state.position() == position


def test_an_illegal_action_is_named_in_the_refusal() -> None:
    env = make_env(config("bellum/standard/2p"))
    _, info = env.reset(seed=2)
    size = env.game.num_distinct_actions
    unused = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert env.step(unused)[4]["illegal_action"].startswith(
        f"action {unused} is not legal now ({env.game.decode(unused)})"
    )
    assert env.step(size)[4]["illegal_action"].startswith(
        f"action {size} is outside the action space 0..{size - 1}"
    )
    for action in (1.5, "3", None, True, np.array([1, 2])):
        assert env.step(action)[4]["illegal_action"].startswith(
            f"an action is a whole number from 0 to {size - 1}"
        )


def test_a_legal_action_ends_a_run_of_illegal_ones() -> None:
    env = make_env(config("siege-of-olympus/standard/2p"), illegal_limit=2)
    _, info = env.reset(seed=8)
    unused = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert env.step(unused)[3] is False
    _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.step(unused)[3] is False  # the count started again
    assert env.step(unused)[3] is True


def test_stepping_before_a_reset_asks_for_one() -> None:
    env = make_env(config("bellum/standard/2p"))
    with pytest.raises(ResetNeeded):
        env.step(0)
    with pytest.raises(ResetNeeded):
        env.action_masks()


# -- what the learner sees and earns -------------------------------------------------------------
@pytest.mark.parametrize(
    "name",
    [
        "bellum/standard/2p",
        "bellum-magia/standard/3p",
        "para-bellum/standard/2p",
        "siege-of-olympus/standard/2p",
    ],
)
def test_the_observation_holds_nothing_the_seat_may_not_know(name: str) -> None:
    env = make_env(config(name))
    rng = np.random.default_rng(5)
    obs, info = env.reset(seed=5)
    for step in range(40):
        state = env.state
        for world in range(2):
            resampled = state.determinize(env.seat, 100 * step + world)
            assert np.array_equal(resampled.observation_tensor(env.seat), obs)
        obs, _, terminated, _, info = env.step(masked_choice(rng, info))
        if terminated:
            break


@pytest.mark.parametrize("name", ["bellum-magia/standard/3p", "imperio-bellum/standard/2p"])
def test_the_only_reward_is_the_learners_return_at_the_end(name: str) -> None:
    env = make_env(config(name), seat=1)
    for seed in range(4):
        steps = play_out(env, seed)
        *middle, last = steps
        assert all(step[2] == 0.0 for step in middle)
        assert last[3] is True and last[4] is False
        assert last[2] == env.state.returns()[1] and env.state.is_terminal


def test_the_round_limit_terminates_the_episode_and_says_so() -> None:
    env = make_env(config("imperio-bellum/standard/2p"), rounds=2)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    terminated = truncated = False
    while not (terminated or truncated):
        _, reward, terminated, truncated, info = env.step(masked_choice(rng, info))
    state = env.state
    assert (terminated, truncated) == (True, False)
    assert state.timed_out and info["timed_out"] is True
    assert info["returns"] == state.returns() and reward == state.returns()[0]


def test_a_game_ended_by_its_own_rules_is_not_timed_out() -> None:
    env = make_env(config("bellum/solo-hercules/1p"), rounds=0)  # no limit: the scenario ends it
    *_, last = play_out(env, 1)
    assert last[3] is True
    assert env.state.timed_out is False


# -- clones and drawing ------------------------------------------------------------------------
def test_a_clone_plays_on_apart() -> None:
    env = make_env(config("siege-of-olympus/standard/2p"), opponents="greedy")
    rng = np.random.default_rng(9)
    _, info = env.reset(seed=9)
    for _ in range(5):
        _, _, _, _, info = env.step(masked_choice(rng, info))
    twin = env.clone()
    position = twin.state.position()
    action = masked_choice(rng, info)
    a = env.step(action)
    assert twin.state.position() == position  # untouched by the original's step
    b = twin.step(action)
    assert np.array_equal(a[0], b[0]) and a[1:4] == b[1:4]  # the same futures
    assert env.state.position() == twin.state.position()
    assert twin.agents[1] is not env.agents[1] and twin.state is not env.state
    after = env.state.position()
    twin.reset(seed=1)
    twin.step(int(np.flatnonzero(twin.action_masks())[0]))
    assert env.state.position() == after  # nor by the clone's new game


def test_ansi_draws_the_learners_view_as_the_terminal_does() -> None:
    env = make_env(config("bellum/standard/2p"), render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert isinstance(text, str) and "Round 1" in text
    assert text == drawing(env.game, env.state.observation(0))  # the learner's view
    assert text != drawing(env.game, env.state.observation(1))  # not the opponent's hand
    assert "\x1b[" not in text  # plain text, no colour codes
    plain = make_env(config("bellum/standard/2p"))
    plain.reset(seed=3)
    assert plain.render() is None


# -- configuration errors -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"seat": 2}, "learning seat"),
        ({"opponents": "wizard"}, "unknown agent"),
        ({"opponents": ["random", "random", "random"]}, "a list of 1"),
        ({"opponents": [3]}, "agent spec"),
        ({"render_mode": "human"}, "render_mode"),
        ({"illegal_penalty": -1}, "illegal_penalty"),
        ({"illegal_limit": 0}, "illegal_limit"),
    ],
)
def test_a_bad_configuration_is_refused_with_what_is_allowed(
    kwargs: dict[str, Any], words: str
) -> None:
    with pytest.raises(InvalidConfig, match=words):
        BellicaEnv("bellum", **kwargs)


def test_reset_refuses_options_it_does_not_know() -> None:
    env = make_env(config("bellum/standard/2p"))
    with pytest.raises(InvalidConfig, match="reset takes no options"):
        env.reset(options={"turn_limit": 3})
