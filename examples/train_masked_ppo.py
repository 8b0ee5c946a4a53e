"""Train a masked PPO policy on one bellica game against random opponents, and measure it.

The learner sits in seat 0 of a Siege of Olympus game cut at a round limit (10 rounds by
default, when Commander health settles it), the other seat played by bellica's `random`
agent. sb3-contrib's MaskablePPO only ever picks legal actions, reading the environment's
`action_masks()`. Before and after training, the policy plays the same evaluation games
(seeds 1,000,000 onwards; training games draw 63-bit seeds from the environment's
generator) with the most likely legal action (masked argmax, `deterministic=True`); the
script prints its wins, draws and losses, and the win rate with its Wilson 95% interval,
beside a uniformly random legal policy's on the same games. `--timesteps` makes a run
repeatable (a time budget stops it wherever the clock does).

Install first: `pip install torch==2.13.0` (a CPU build; on a machine without a local file
pick the CPU wheel index so that no CUDA build is downloaded), then `pip install -e .[rl]`.

Usage: python examples/train_masked_ppo.py [--minutes M | --timesteps N] [--games G]
           [--game ID] [--rounds R] [--seed S] [--threads T]
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

import bellica
from bellica.adapters.gymnasium import BellicaEnv
from bellica.arena.stats import wilson_interval

EVAL_SEED = 1_000_000  # evaluation games are seeded from here; training seeds stay below
# What a policy is asked: the observation and the mask in, an action index out.
Policy = Callable[[np.ndarray, np.ndarray], int]


def make_env(
    game_id: str = "siege-of-olympus", rounds: int = 10, opponents: str = "random"
) -> BellicaEnv:
    """The training and evaluation environment: seat 0 learns, the game cut at `rounds`
    by its house-rule limit (whatever the game calls it: `turn_limit`, `day_limit`, …)."""
    limit = bellica.load(game_id).info.round_limit
    return BellicaEnv(game_id, opponents=opponents, options={limit: rounds})


@dataclass(frozen=True)
class Score:
    """How a policy did over some games: wins, draws, losses and the win rate's interval."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def __str__(self) -> str:
        low, high = wilson_interval(self.wins, self.games)
        rate = self.wins / self.games if self.games else math.nan
        return (
            f"{self.wins} wins, {self.draws} draws, {self.losses} losses of {self.games}: "
            f"win rate {rate:.1%} (95% {low:.1%}–{high:.1%})"
        )


def evaluate(env: BellicaEnv, policy: Policy, games: int, first_seed: int = EVAL_SEED) -> Score:
    """Play `games` episodes seeded `first_seed`, `first_seed + 1`, …; the learner's score."""
    wins = draws = losses = 0
    for seed in range(first_seed, first_seed + games):
        obs, info = env.reset(seed=seed)
        reward, done = 0.0, False
        while not done:
            action = policy(obs, info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        wins += reward > 0
        draws += reward == 0
        losses += reward < 0
    return Score(wins, draws, losses)


def random_policy(seed: int = 0) -> Policy:
    """A uniformly random legal action: the baseline (and what the tests run)."""
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


def train(args: argparse.Namespace) -> None:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(args.threads)
    env = make_env(args.game, args.rounds)
    eval_env = make_env(args.game, args.rounds)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=1024,
        batch_size=256,
        n_epochs=4,
        gamma=0.995,  # the only reward comes at the end, after about 100 of the learner's steps
        ent_coef=0.01,
        seed=args.seed,
        verbose=0,
    )

    def argmax(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    print(
        f"{env.game.info.title}, {args.rounds}-round limit, seat 0 against random; "
        f"evaluation: {args.games} games, seeds {EVAL_SEED}–{EVAL_SEED + args.games - 1}, "
        "masked argmax"
    )
    print(f"untrained policy: {evaluate(eval_env, argmax, args.games)}")

    class Budget(BaseCallback):
        """Stops training when the minutes are spent."""

        def __init__(self, seconds: float) -> None:
            super().__init__()
            self.deadline = time.perf_counter() + seconds

        def _on_step(self) -> bool:
            return time.perf_counter() < self.deadline

    seconds = args.minutes * 60 if args.timesteps is None else math.inf
    timesteps = args.timesteps if args.timesteps is not None else 10**9
    start = time.perf_counter()
    model.learn(total_timesteps=timesteps, callback=Budget(seconds))
    spent = time.perf_counter() - start
    episodes = len(model.get_env().envs[0].get_episode_rewards())  # sb3's Monitor counted
    print(
        f"trained {model.num_timesteps:,} timesteps ({episodes:,} episodes) "
        f"in {spent / 60:.2f} minutes, {args.threads} thread(s), seed {args.seed}"
    )
    print(f"trained policy:   {evaluate(eval_env, argmax, args.games)}")
    print(f"random policy:    {evaluate(eval_env, random_policy(args.seed), args.games)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--minutes", type=float, default=3.0, help="training time (default 3)")
    budget.add_argument("--timesteps", type=int, help="train this many steps instead")
    parser.add_argument("--games", type=int, default=200, help="evaluation games (default 200)")
    parser.add_argument("--game", default="siege-of-olympus", help="a bellica game id")
    parser.add_argument("--rounds", type=int, default=10, help="the game's round limit")
    parser.add_argument("--seed", type=int, default=0, help="training seed")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (default 1)")
    train(parser.parse_args(argv))


if __name__ == "__main__":
    main()
