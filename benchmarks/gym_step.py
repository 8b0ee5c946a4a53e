"""What the Gymnasium adapter costs: `BellicaEnv.step` against a raw bellica loop, per game.

The raw loop is what a learner would do with bellica alone: choose a legal action, `apply` it,
then `observation_tensor` and `legal_mask` for the seat to play next. The wrapped loop calls
`BellicaEnv.step` (learner in seat 0, `opponents="random"`) with a random legal index from
`info["action_mask"]`, resetting when an episode ends; only the `step` and `reset` calls are
timed. A wrapped step carries the opponents' decisions up to the learner's next turn, so it is
compared both per step and per decision taken inside it. The two loops run in alternating
slices on one core, so whatever slows the machine hits both alike.

Usage: python benchmarks/gym_step.py [--seconds S] [--slice S] [--games id,id]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import bellica
from bellica.adapters.gymnasium import BellicaEnv

GAMES = ("imperio-bellum", "siege-of-olympus")


class Raw:
    """A random legal action, applied, then the next seat's tensor and mask: one decision."""

    def __init__(self, game_id: str) -> None:
        self.game = bellica.load(game_id)
        self.rng = random.Random(1)
        self.seed = 0
        self.state = self.game.new_game(self.seed)
        self.decisions = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        state, rng = self.state, self.rng
        start = time.perf_counter()
        end = start + seconds
        decisions = 0
        while time.perf_counter() < end:
            for _ in range(50):
                if state.is_terminal:
                    self.seed += 1
                    state = self.game.new_game(self.seed)
                state.apply(rng.choice(state.legal_actions()))
                seat = state.current_player
                if seat is not None:
                    state.observation_tensor(seat)
                state.legal_mask()
                decisions += 1
        self.seconds += time.perf_counter() - start
        self.decisions += decisions
        self.state = state


class Wrapped:
    """`BellicaEnv.step` with a random legal index, `reset` at each episode's end."""

    def __init__(self, game_id: str) -> None:
        self.env = BellicaEnv(game_id, opponents="random")
        self.rng = np.random.default_rng(1)
        self.episode = 0
        _, self.info = self.env.reset(seed=self.episode)
        self.steps = 0
        self.decisions = 0  # every seat's, inside the steps
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        env, rng, clock = self.env, self.rng, time.perf_counter
        info, spent, steps, decisions = self.info, 0.0, 0, 0
        end = clock() + seconds
        while clock() < end:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            before = env.state.move_count
            start = clock()
            _, _, terminated, truncated, info = env.step(action)
            spent += clock() - start
            steps += 1
            decisions += env.state.move_count - before
            if terminated or truncated:
                self.episode += 1
                start = clock()
                _, info = env.reset(seed=self.episode)
                spent += clock() - start
                decisions += env.state.move_count  # the opponents' opening decisions
        self.info = info
        self.seconds += spent
        self.steps += steps
        self.decisions += decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per game and loop")
    parser.add_argument("--slice", type=float, default=0.5, help="length of one turn of a loop")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    args = parser.parse_args()
    print(
        "| game | raw decisions/s | env steps/s | env decisions/s | step ÷ raw decision "
        "| env decision ÷ raw decision |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for game_id in args.games.split(","):
        raw, wrapped = Raw(game_id), Wrapped(game_id)
        rounds = max(1, round(args.seconds / args.slice))
        for turn in range(rounds):
            loops = (raw, wrapped) if turn % 2 == 0 else (wrapped, raw)
            for loop in loops:
                loop.run(args.slice)
        raw_rate = raw.decisions / raw.seconds
        step_rate = wrapped.steps / wrapped.seconds
        env_rate = wrapped.decisions / wrapped.seconds
        print(
            f"| {game_id} | {raw_rate:,.0f} | {step_rate:,.0f} | {env_rate:,.0f} "
            f"| {raw_rate / step_rate:.2f}× | {raw_rate / env_rate:.2f}× |"
        )


if __name__ == "__main__":
    main()
