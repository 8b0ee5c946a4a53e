"""Worker memory benchmark: what a helper process of a local run holds, against this process.

For each game, in a fresh interpreter of its own (so that no other game is loaded), it
makes a pool of two workers (forked, as on Linux; `--spawn` to start the
helper afresh, as elsewhere), plays `--games` games of `greedy` against `random` on it and
then reads the helper's memory from /proc (Linux only): its resident set, its proportional
share (shared pages split between the processes that map them), the pages that are its own
(private, what a second helper adds) and its peak resident set; and this process's resident
set beside them.

Usage: python benchmarks/worker_memory.py [--games N] [--only GAME,...] [--spawn] [--save]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from typing import Any

from saved import save_run  # benchmarks/saved.py, beside this script

from bellica.arena import GameConfig
from bellica.arena.local import LocalPool
from bellica.arena.match import game_for

GAMES = ("imperio-bellum", "bellum", "siege-of-olympus", "bellum-magia", "para-bellum")


def memory(pid: int) -> dict[str, float]:
    """A process's memory in MiB: rss, pss, private (clean and dirty) and peak (VmHWM)."""
    fields: dict[str, float] = {}
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            parts = line.split()
            if len(parts) == 3 and parts[2] == "kB":
                fields[parts[0].rstrip(":")] = int(parts[1]) / 1024
    with open(f"/proc/{pid}/status") as status:
        peak = next(int(line.split()[1]) / 1024 for line in status if line.startswith("VmHWM"))
    private = fields["Private_Clean"] + fields["Private_Dirty"]
    return {"rss": fields["Rss"], "pss": fields["Pss"], "private": private, "peak": peak}


def measure(game: str, games: int, method: str) -> dict[str, Any]:
    """The helper's memory after playing its share of `games` games, and this process's."""
    config = GameConfig.create(game, players=2)
    if method == "fork":
        game_for(config)  # as `bellica simulate` does before its pool forks
    with LocalPool(2, game, start_method=method) as pool:
        played = list(pool.run(config, ["greedy", "random"], games, seed=0))
        assert len(played) == games
        (helper,) = pool.helpers
        return {"game": game, "helper": memory(helper), "main": memory(os.getpid())}


def fresh(game: str, games: int, spawn: bool) -> dict[str, Any]:
    """`measure` for one game in a new interpreter."""
    command = [sys.executable, __file__, "--one", game, "--games", str(games)]
    done = subprocess.run(
        command + (["--spawn"] if spawn else []), capture_output=True, text=True, check=True
    )
    row: dict[str, Any] = json.loads(done.stdout)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--only", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--spawn", action="store_true", help="start the helper afresh")
    parser.add_argument("--save", action="store_true", help="write benchmarks/results/")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # measure here, print JSON
    args = parser.parse_args()
    method = "spawn" if args.spawn else "fork"
    if args.one:
        print(json.dumps(measure(args.one, args.games, method)))
        return
    rows = []
    for game in args.only.split(","):
        row = fresh(game, args.games, args.spawn)
        rows.append(row)
        helper, here = row["helper"], row["main"]
        print(
            f"{game:18s} helper ({method}): rss {helper['rss']:5.1f} MiB, "
            f"pss {helper['pss']:5.1f}, private {helper['private']:5.1f}, "
            f"peak {helper['peak']:5.1f}; this process: rss {here['rss']:5.1f}",
            flush=True,
        )
    if args.save:
        fields = {"start_method": method, "games": args.games, "agents": ["greedy", "random"]}
        save_run("worker-memory", {**fields, "rows": rows})


if __name__ == "__main__":
    main()
