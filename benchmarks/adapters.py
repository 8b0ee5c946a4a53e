"""Adapter overhead benchmark: random play per second through each adapter, as a ratio to the
raw rules loop (apply, then the next seat's observation tensor) measured in the same run.

Runs on one core. Per game, the raw loop and each adapter play seeded random games in
alternating slices (0.5 s by default, the order rotating every round), so that whatever slows
the machine meanwhile hits them alike; each adapter's cost is the raw loop's steps per second
over its own, the median over the rounds. Every loop picks its random action the same way,
from the rules' legal list, so the figures compare the adapters' own work (decoding the index,
the mask, the observation, the bookkeeping), not a learner's scan of a mask (on Imperio
Bellum's 74,301 actions, `np.flatnonzero` alone costs more than a raw step). A Gymnasium
step is the learner's decision plus its random opponents' up to its next turn: one step there
holds about two raw steps' work in a two-player game, so its cost is an upper bound.

Usage: python benchmarks/adapters.py [--seconds S] [--slice S] [--games id,id] [--save]
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from saved import save_result  # benchmarks/saved.py, beside this script

import bellica

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("imperio-bellum", "bellum", "siege-of-olympus", "bellum-magia", "para-bellum")
Slice = tuple[int, float]  # steps, seconds


class Raw:
    """The rules alone: a random legal action, apply, the next seat's observation tensor."""

    name = "raw"

    def __init__(self, game_id: str) -> None:
        self.game = bellica.load(game_id)
        self.rng = random.Random(0)
        self.seed = 0

    def slice(self, seconds: float) -> Slice:
        game, choice = self.game, self.rng.choice
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_game(seed=self.seed)
            self.seed += 1
            while not state.is_terminal:
                state.apply(choice(state.legal_actions()))
                steps += 1
                if not state.is_terminal:
                    state.observation_tensor(state.current_player)
        return steps, time.perf_counter() - start


class PettingZoo:
    """The AEC environment: `last()` (the observation and its mask), then `step(index)`."""

    name = "pettingzoo"

    def __init__(self, game_id: str) -> None:
        from bellica.adapters.pettingzoo import env

        self.table = env(game_id)
        self.rng = random.Random(0)
        self.seed = 0

    def slice(self, seconds: float) -> Slice:
        table, choice = self.table, self.rng.choice
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            table.reset(seed=self.seed)
            self.seed += 1
            for _ in table.agent_iter():
                _, _, termination, truncation, _ = table.last()
                if termination or truncation:
                    table.step(None)
                    continue
                table.step(choice(table.state.legal_actions()).index)
                steps += 1
        return steps, time.perf_counter() - start


class Gymnasium:
    """One learning seat (seat 0) against `random` opponents: `step(index)`, and `reset` at
    each episode's end. A step is the learner's decision and the opponents' up to its next
    turn, so its cost over one raw step overstates the adapter's own."""

    name = "gymnasium"

    def __init__(self, game_id: str) -> None:
        from bellica.adapters.gymnasium import BellicaEnv

        self.env = BellicaEnv(game_id, opponents="random")
        self.rng = random.Random(0)
        self.seed = 0

    def slice(self, seconds: float) -> Slice:
        env, choice = self.env, self.rng.choice
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            env.reset(seed=self.seed)
            self.seed += 1
            state = env.state
            done = state.is_terminal
            while not done:
                _, _, terminated, truncated, _ = env.step(choice(state.legal_actions()).index)
                done = terminated or truncated
                steps += 1
        return steps, time.perf_counter() - start


class OpenSpiel:
    """The registered OpenSpiel game: `apply_action(index)`, then the next seat's tensor
    through OpenSpiel's Python observer (`make_observation(game).set_from`). OpenSpiel's
    `state.observation_tensor(seat)` would also turn the array into a Python list of floats,
    costing more than the step itself; the observer is the way to read tensors fast."""

    name = "openspiel"

    def __init__(self, game_id: str) -> None:
        import pyspiel
        from open_spiel.python.observation import make_observation

        from bellica.adapters.openspiel import short_name

        self.game = pyspiel.load_game(short_name(game_id))
        self.observer = make_observation(self.game)
        self.rng = random.Random(0)

    def slice(self, seconds: float) -> Slice:
        game, observer, choice = self.game, self.observer, self.rng.choice
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
                steps += 1
                if not state.is_terminal():
                    observer.set_from(state, state.current_player())
        return steps, time.perf_counter() - start


DRIVERS: list[Callable[[str], Any]] = [PettingZoo, OpenSpiel, Gymnasium]


def measure(game_id: str, seconds: float, slice_seconds: float) -> dict[str, Any]:
    """Alternating slices of the raw loop and every adapter; rates and median ratios."""
    loops = [Raw(game_id), *(driver(game_id) for driver in DRIVERS)]
    for loop in loops:
        loop.slice(min(0.2, slice_seconds))  # warm: caches, first allocations
    rates: dict[str, list[float]] = {loop.name: [] for loop in loops}
    rounds = max(1, round(seconds / slice_seconds))
    for number in range(rounds):
        turn = loops[number % len(loops) :] + loops[: number % len(loops)]
        for loop in turn:
            steps, spent = loop.slice(slice_seconds)
            rates[loop.name].append(steps / spent)
        print(f"\r{game_id}: round {number + 1}/{rounds}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    raw = rates["raw"]
    out: dict[str, Any] = {"raw": statistics.median(raw)}
    for name, values in rates.items():
        if name != "raw":
            ratios = [r / v for r, v in zip(raw, values, strict=True)]
            out[name] = {"rate": statistics.median(values), "cost": statistics.median(ratios)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="per loop and game")
    parser.add_argument("--slice", type=float, default=0.5)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--save", action="store_true", help="write benchmarks/results/")
    args = parser.parse_args()
    results = {g: measure(g, args.seconds, args.slice) for g in args.games.split(",")}
    names = [driver.name for driver in DRIVERS]
    print("| game | raw steps/s | " + " | ".join(f"{n} steps/s (cost)" for n in names) + " |")
    print("|---|---:|" + "---:|" * len(names))
    for game_id, result in results.items():
        cells = [f"{result[n]['rate']:,.0f} ({result[n]['cost']:.2f}×)" for n in names]
        print(f"| {game_id} | {result['raw']:,.0f} | " + " | ".join(cells) + " |")
    if args.save:
        report = {
            "date": datetime.date.today().isoformat(),
            "python": platform.python_version(),
            "seconds": args.seconds,
            "slice": args.slice,
            "results": results,
        }
        print(f"saved to {save_result('adapters', report).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
