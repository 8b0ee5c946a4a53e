"""Start-up benchmark: how long `bellica list` takes, and how much a second simulation worker
speeds up `bellica simulate`.

Each command runs as a fresh process, the commands alternating run by run so that whatever
else the machine does hits them alike; it prints the minimum and the median wall time of each,
with `python -c pass` (the interpreter alone) measured in the same run. The machine's load
average is shown before and after: measure on an otherwise idle machine.

Usage: python benchmarks/startup.py [--runs N] [--simulate-runs N] [--games N] [--save]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"


def bellica_command() -> list[str]:
    """The installed `bellica` script beside this Python, else `python -m bellica`."""
    script = Path(sys.executable).with_name("bellica")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bellica"]


def wall(command: list[str]) -> float:
    """Seconds from starting `command` to its end (its output discarded; it must succeed)."""
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def alternate(commands: dict[str, list[str]], runs: int) -> dict[str, list[float]]:
    """Each command `runs` times, one run of each in turn (after one unmeasured run each)."""
    for command in commands.values():
        wall(command)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for number in range(runs):
        for name, command in commands.items():
            times[name].append(wall(command))
        print(f"\rrun {number + 1}/{runs}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return times


def describe(times: list[float]) -> dict[str, float]:
    return {"min": min(times), "median": statistics.median(times), "max": max(times)}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=20, help="runs of each start-up command")
    parser.add_argument("--simulate-runs", type=int, default=5, help="runs of each simulation")
    parser.add_argument("--games", type=int, default=200, help="games per simulation")
    parser.add_argument("--no-simulate", action="store_true", help="start-up only")
    parser.add_argument("--save", action="store_true", help="write benchmarks/results/*.json")
    args = parser.parse_args()
    bellica = bellica_command()
    report: dict[str, Any] = {
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "cores": os.cpu_count(),
        "load_before": os.getloadavg(),
        "commands": {},
    }
    startup = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "bellica --version": [*bellica, "--version"],
        "bellica list": [*bellica, "list"],
    }
    for name, times in alternate(startup, args.runs).items():
        report["commands"][name] = {**describe(times), "runs": len(times)}
    if not args.no_simulate:
        simulate = [
            *bellica,
            *("simulate", "imperio-bellum", "--agents", "random,random"),
            *("--games", str(args.games)),
        ]
        runs = {f"simulate --workers {w}": [*simulate, "--workers", str(w)] for w in (1, 2)}
        for name, times in alternate(runs, args.simulate_runs).items():
            report["commands"][name] = {**describe(times), "runs": len(times)}
        one, two = (
            report["commands"]["simulate --workers 1"],
            report["commands"]["simulate --workers 2"],
        )
        report["speedup"] = {
            "best": one["min"] / two["min"],
            "median": one["median"] / two["median"],
        }
    report["load_after"] = os.getloadavg()
    print(f"Python {report['python']}, {report['cores']} cores, bellica = {' '.join(bellica)}")
    print(
        f"load average before: {_load(report['load_before'])}, after: {_load(report['load_after'])}"
    )
    for name, stats in report["commands"].items():
        print(
            f"{name:28} min {stats['min']:7.3f} s   median {stats['median']:7.3f} s"
            f"   max {stats['max']:7.3f} s   ({stats['runs']} runs)"
        )
    if "speedup" in report:
        speedup = report["speedup"]
        print(
            f"--workers 2 against --workers 1 ({args.games} games of imperio-bellum, "
            f"random,random): {speedup['best']:.2f}× (best), {speedup['median']:.2f}× (median)"
        )
    if args.save:
        RESULTS.mkdir(parents=True, exist_ok=True)
        path = RESULTS / f"startup-{report['date']}.json"
        number = 2
        while path.exists():
            path = RESULTS / f"startup-{report['date']}-{number}.json"
            number += 1
        path.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        print(f"saved {path.relative_to(ROOT)}")


def _load(values: tuple[float, float, float]) -> str:
    return " ".join(f"{value:.2f}" for value in values)


if __name__ == "__main__":
    main()
