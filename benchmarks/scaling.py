"""Scaling benchmark: how much faster two worker processes play a run than one.

For each game, `run_local` plays the same 200 seeded two-player games (random agents by
default: the shortest games, where a pool's own costs weigh most) with `workers=1` and with
`workers=2`, the two alternating run by run so that
whatever else the machine does hits them alike. Each time is the whole run as `bellica
simulate` makes it after its start-up: the pool's helpers forked (or spawned) and started,
the games chunked out, played, sent back and put in order. It prints, per game, the best and
the median of each and the speed-up (one worker's time over two workers'), best against best.

Usage: python benchmarks/scaling.py [--games N] [--runs N] [--agents A,B] [--only GAME,...]
                                   [--save]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from saved import save_run  # benchmarks/saved.py, beside this script

from bellica.arena import GameConfig, run_local
from bellica.arena.match import game_for

GAMES = ("imperio-bellum", "bellum", "siege-of-olympus", "bellum-magia", "para-bellum")


def timed(config: GameConfig, agents: list[str], games: int, workers: int) -> float:
    """Seconds for one run of `games` games with `workers` processes."""
    start = time.perf_counter()
    results = list(run_local(config, agents, games, seed=0, workers=workers))
    seconds = time.perf_counter() - start
    assert len(results) == games
    return seconds


def measure(game: str, agents: list[str], games: int, runs: int) -> dict[str, Any]:
    """Alternating runs with one and two workers; best, median and the speed-up."""
    config = GameConfig.create(game, players=2)
    game_for(config)  # loaded once, as `bellica simulate` does before its pool forks
    timed(config, agents, max(2, games // 10), 2)  # warm: caches, the first fork
    times: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(runs):
        for workers in (1, 2):
            times[workers].append(timed(config, agents, games, workers))
    one, two = min(times[1]), min(times[2])
    return {
        "game": game,
        "one_worker": {"best": one, "median": statistics.median(times[1]), "all": times[1]},
        "two_workers": {"best": two, "median": statistics.median(times[2]), "all": times[2]},
        "speedup_best": one / two,
        "speedup_median": statistics.median(times[1]) / statistics.median(times[2]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--only", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--save", action="store_true", help="write benchmarks/results/")
    args = parser.parse_args()
    agents = args.agents.split(",")
    rows = []
    for game in args.only.split(","):
        row = measure(game, agents, args.games, args.runs)
        rows.append(row)
        print(
            f"{game:18s} one worker {row['one_worker']['best']:7.2f} s "
            f"(median {row['one_worker']['median']:.2f}), two {row['two_workers']['best']:7.2f} s "
            f"(median {row['two_workers']['median']:.2f}): "
            f"{row['speedup_best']:.2f}x best, {row['speedup_median']:.2f}x median",
            flush=True,
        )
    if args.save:
        fields = {"cpus": os.cpu_count(), "games": args.games, "runs": args.runs}
        save_run("scaling", {**fields, "agents": agents, "rows": rows})


if __name__ == "__main__":
    main()
