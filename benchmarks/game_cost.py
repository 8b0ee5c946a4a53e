"""What one game costs one core, per game and agents, and what that makes per hour on paper.

For each game, one worker plays seeded two-player games with the same agent in both seats
(`random`: 100 games, `greedy`: 20 by default) and the mean time a game took is printed, with
the games 10, 100 and 1,000 cores would play in an hour at full use. The driver of a run
takes every result in (tally and Parquet rows), which caps one run: `--driver` measures that
cost too and applies the cap. docs/lab.md shows a run of it.

Usage: python benchmarks/game_cost.py [--random N] [--greedy N] [--only GAME,...] [--driver]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import tempfile
import time

from bellica.arena import GameConfig, Scoreboard, run_local

GAMES = ("imperio-bellum", "bellum", "siege-of-olympus", "bellum-magia", "para-bellum")
CORES = (10, 100, 1000)


def game_seconds(game: str, agent: str, games: int) -> float:
    """The mean seconds one game of `agent` against itself took, one worker."""
    config = GameConfig.create(game, players=2)
    results = list(run_local(config, [agent], games, seed=1000, workers=1))
    return statistics.mean(result.seconds for result in results)


def driver_rate(results_count: int = 100_000) -> float:
    """Results a second a driver tallies and writes as Parquet rows (Bellum's results)."""
    from bellica.arena.results import ResultsFolder
    from bellica.arena.schedule import Schedule

    config = GameConfig.create("bellum", players=2)
    agents = ["greedy", "random"]
    base = list(run_local(config, agents, 50, seed=1, workers=1))
    results = [dataclasses.replace(base[i % 50], index=i) for i in range(results_count)]
    board = Scoreboard(agents)
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        schedule = Schedule.create(agents, 2, results_count)
        with ResultsFolder(f"{folder}/run", config, schedule) as out:
            for result in results:
                board.add(result)
                out.add(result)
        return results_count / (time.perf_counter() - start)


def shown(games: float) -> str:
    """Three significant figures: "4.05 million", "8,940"."""
    if games >= 1e6:
        return f"{games / 1e6:.3g} million"
    return f"{float(f'{games:.3g}'):,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random", type=int, default=100, help="games with random agents")
    parser.add_argument("--greedy", type=int, default=20, help="games with greedy agents")
    parser.add_argument("--only", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--driver", action="store_true", help="measure the driver's cap too")
    args = parser.parse_args()
    cap = None
    if args.driver:
        rate = driver_rate()
        cap = rate * 3600
        print(f"driver: {rate:,.0f} results a second ({1e6 / rate:.1f} µs each)")
    print(
        "| game | agents | one game, one core | " + " | ".join(f"{c:,} cores" for c in CORES) + " |"
    )
    print("|---" * (3 + len(CORES)) + "|")
    for game in args.only.split(","):
        for agent, games in (("random", args.random), ("greedy", args.greedy)):
            if games < 1:
                continue
            seconds = game_seconds(game, agent, games)
            cells = []
            for cores in CORES:
                per_hour = cores * 3600 / seconds
                if cap is not None and per_hour > cap:
                    cells.append(f"{shown(cap)} (the driver's limit)")
                else:
                    cells.append(shown(per_hour))
            print(f"| {game} | {agent} | {seconds:.4f} s | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
