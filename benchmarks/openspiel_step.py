"""What a step costs through the OpenSpiel adapter against the same step in bellica itself.

A step is one random legal action applied and the observation tensor of the seat that took it.
Raw: `state.apply(action)` and `state.observation_tensor(seat)`. Through OpenSpiel:
`state.apply_action(index)` on the adapter's state and the observer of
`open_spiel.python.observation.make_observation(game)` (`set_from`), and, apart, OpenSpiel's
`state.observation_tensor(seat)`, which also turns the tensor into a Python list. Issue 15
asks the wrapped step to cost at most twice the raw one.

Each rate is the best of `--repeat` runs, taken in turn, so that a busy machine skews the
comparison less.

Usage: python benchmarks/openspiel_step.py [--games N] [--repeat N] [--only GAME,...]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import pyspiel
from open_spiel.python.observation import make_observation

import bellica
from bellica.adapters import openspiel
from bellica.core import Rng

GAMES = ("imperio-bellum", "bellum", "siege-of-olympus", "bellum-magia", "para-bellum")


def raw_rate(game_id: str, games: int) -> float:
    """Steps per second of bellica's own state, random play, `games` games: the very games the
    adapter plays with `rng_seed=0` (the same seeds, the same choices among the same sorted
    actions)."""
    game = bellica.load(game_id)
    seeds = Rng(0)  # the adapter's generator of game seeds
    steps, seconds = 0, 0.0
    for number in range(games):
        state, rng = game.new_game(seed=seeds.next64()), random.Random(number)
        start = time.perf_counter()
        while not state.is_terminal:
            seat = state.current_player
            legal = sorted(state.legal_actions(), key=game.encode)
            state.apply(rng.choice(legal))
            state.observation_tensor(seat)
            steps += 1
        seconds += time.perf_counter() - start
    return steps / seconds


def wrapped_rate(game_id: str, games: int, observe: str) -> float:
    """Steps per second through the adapter, the tensor read by the observer ("observer") or
    by OpenSpiel's `state.observation_tensor` ("state")."""
    # Bellum's two-city game has no bound but a decision limit, which random games never reach
    bounded = bellica.load(game_id).max_game_length is not None
    params = {} if bounded else {"decision_limit": 100_000}
    game = pyspiel.load_game(openspiel.short_name(game_id), params)
    observer = make_observation(game)
    read: Callable[[Any, int], Any] = (
        observer.set_from if observe == "observer" else lambda s, seat: s.observation_tensor(seat)
    )
    steps, seconds = 0, 0.0
    for number in range(games):
        state, rng = game.new_initial_state(), random.Random(number)
        start = time.perf_counter()
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))
            read(state, seat)
            steps += 1
        seconds += time.perf_counter() - start
    return steps / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default=",".join(GAMES))
    args = parser.parse_args()
    print(f"{'game':18} {'raw':>9} {'observer':>9} {'ratio':>6} {'state':>9} {'ratio':>6}")
    for game_id in args.only.split(","):
        raw = observer = state = 0.0
        for _ in range(args.repeat):
            raw = max(raw, raw_rate(game_id, args.games))
            observer = max(observer, wrapped_rate(game_id, args.games, "observer"))
            state = max(state, wrapped_rate(game_id, args.games, "state"))
        print(
            f"{game_id:18} {raw:9.0f} {observer:9.0f} {raw / observer:5.2f}x "
            f"{state:9.0f} {raw / state:5.2f}x"
        )
    print("(steps per second; ratio: how many times the raw step's cost)")


if __name__ == "__main__":
    main()
