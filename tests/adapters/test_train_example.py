"""examples/train_masked_ppo.py's wiring, without sb3 or torch: its environment and its
evaluation (the training itself is left to whoever runs the script)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_masked_ppo.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_masked_ppo", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_example_builds_its_environment_without_the_rl_libraries() -> None:
    before = set(sys.modules)
    script = load_script()
    assert not {"sb3_contrib", "stable_baselines3", "torch"} & (set(sys.modules) - before)
    env = script.make_env("siege-of-olympus", rounds=4)
    assert env.game.options["turn_limit"] == 4 and env.opponents == (None, "random")
    obs, info = env.reset(seed=1)
    assert obs in env.observation_space
    assert np.array_equal(env.action_masks(), info["action_mask"])


def test_the_example_scores_a_policy_over_seeded_games() -> None:
    script = load_script()
    env = script.make_env("bellum-magia", rounds=2)  # the round limit is `day_limit` here
    assert env.game.options["day_limit"] == 2
    score = script.evaluate(env, script.random_policy(0), games=3, first_seed=5)
    assert score.games == 3
    assert score == script.evaluate(env, script.random_policy(0), games=3, first_seed=5)
    assert "of 3: win rate" in str(score) and "95%" in str(score)
