"""Speed benchmark: random-playout decisions per second and MCTS iterations per second, per game.

Runs on one core. MCTS is measured with its defaults (for a game with a heuristic: leaves
valued at once) and with 20-decision rollouts of the game's playout policy.
Usage: python benchmarks/speed.py [--seconds S] [--games id,id]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from rich.console import Console
from rich.table import Table

import bellica
from bellica.agents import MctsAgent
from bellica.core import SeatView, State


def random_playouts(game_id: str, seconds: float) -> tuple[float, int]:
    """Decisions per second of seeded random playouts (legal_actions + choice + apply)."""
    game = bellica.load(game_id)
    rng = random.Random(0)
    decisions = games = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        state = game.new_game(seed=seed)
        seed += 1
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
    return decisions / (time.perf_counter() - start), games


def midgame_states(game_id: str, count: int) -> list[State]:
    """States taken from the middle of random games (after the setup decisions)."""
    game = bellica.load(game_id)
    rng = random.Random(1)
    states = []
    seed = 100
    while len(states) < count:
        state = game.new_game(seed=seed)
        seed += 1
        history = []
        while not state.is_terminal:
            history.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        candidates = [s for s in history[len(history) // 3 :] if len(s.legal_actions()) > 1]
        if candidates:
            states.append(candidates[len(candidates) // 2])
    return states


def mcts_iterations(game_id: str, seconds: float, rollout: int | None = None) -> float:
    """MCTS iterations per second on mid-game positions (default settings unless `rollout`)."""
    agent = MctsAgent(seed=0, seconds=seconds / 10, rollout=rollout)
    total = 0
    start = time.perf_counter()
    for state in midgame_states(game_id, 10):
        seat = state.current_player
        assert seat is not None
        agent.act(SeatView(state, seat))
        total += agent.last_iterations
    return total / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="time per measurement")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    args = parser.parse_args()
    ids = [g for g in args.games.split(",") if g] or [info.id for info in bellica.games()]
    table = Table(title=f"bellica speed, one core, Python {platform.python_version()}")
    table.add_column("game")
    table.add_column("random playout decisions/s", justify="right")
    table.add_column("games played", justify="right")
    table.add_column("MCTS iterations/s (defaults)", justify="right")
    table.add_column("MCTS iterations/s (rollout=20)", justify="right")
    for game_id in ids:
        rate, games = random_playouts(game_id, args.seconds)
        default = mcts_iterations(game_id, args.seconds)
        rollouts = mcts_iterations(game_id, args.seconds, rollout=20)
        table.add_row(game_id, f"{rate:,.0f}", str(games), f"{default:,.0f}", f"{rollouts:,.0f}")
    Console().print(table)


if __name__ == "__main__":
    main()
