"""Start-up benchmark: how long `bellica list` takes, and how much a second simulation worker
speeds up `bellica simulate`.

Each command runs as a fresh process, the commands alternating run by run so that whatever
else the machine does hits them alike, after one unmeasured run each (which also writes the
compiled modules, as a user's first run does). It prints the minimum and the median wall time
of each, with `python -c pass` (the interpreter alone) measured in the same run.

On Linux a run counts as quiet when other processes used less CPU meanwhile than 3% of its
time (or a tick of the clock, for short runs): the CPU time the machine spent, from
/proc/stat, less the command's own. The figures are those of the quiet runs when a command had
at least three of them; the report says how many there were. Measure on an otherwise idle
machine all the same.

Usage: python benchmarks/startup.py [--runs N] [--simulate-runs N] [--games N] [--save]
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from saved import save_result  # benchmarks/saved.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
TICK = 1 / os.sysconf("SC_CLK_TCK")

# As a user runs them: with compiled modules cached, even where this shell says
# PYTHONDONTWRITEBYTECODE.
ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def bellica_command() -> list[str]:
    """The installed `bellica` script beside this Python, else `python -m bellica`."""
    script = Path(sys.executable).with_name("bellica")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bellica"]


def busy_seconds() -> float | None:
    """CPU seconds the whole machine has spent busy since it started (None off Linux)."""
    try:
        fields = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    except (OSError, ValueError):
        return None
    return (sum(fields) - fields[3] - fields[4]) * TICK  # all but idle and iowait


def children_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(command: list[str]) -> tuple[float, bool]:
    """The wall time of `command` (its output discarded; it must succeed) and whether the run
    was quiet: other processes busy for less than 3% of it, or a clock tick."""
    busy, own = busy_seconds(), children_seconds()
    start = time.perf_counter()
    subprocess.run(
        command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV
    )
    wall = time.perf_counter() - start
    after = busy_seconds()
    if busy is None or after is None:
        return wall, True
    others = (after - busy) - (children_seconds() - own)
    return wall, others <= max(TICK, 0.03 * wall)


def alternate(commands: dict[str, list[str]], runs: int) -> dict[str, list[tuple[float, bool]]]:
    """Each command `runs` times, one run of each in turn (after one unmeasured run each)."""
    for command in commands.values():
        run(command)
    times: dict[str, list[tuple[float, bool]]] = {name: [] for name in commands}
    for number in range(runs):
        for name, command in commands.items():
            times[name].append(run(command))
        print(f"\rrun {number + 1}/{runs}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return times


def describe(runs: list[tuple[float, bool]]) -> dict[str, Any]:
    """Min, median and max of the quiet runs if there are three, else of all the runs."""
    quiet = [wall for wall, calm in runs if calm]
    chosen = quiet if len(quiet) >= 3 else [wall for wall, _ in runs]
    return {
        "min": min(chosen),
        "median": statistics.median(chosen),
        "max": max(chosen),
        "runs": len(runs),
        "quiet": len(quiet),
        "of": "quiet runs" if chosen is quiet else "all runs",
        "all": [wall for wall, _ in runs],
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=20, help="runs of each start-up command")
    parser.add_argument("--simulate-runs", type=int, default=8, help="runs of each simulation")
    parser.add_argument("--games", type=int, default=200, help="games per simulation")
    parser.add_argument("--no-simulate", action="store_true", help="start-up only")
    parser.add_argument("--save", action="store_true", help="write benchmarks/results/*.json")
    args = parser.parse_args()
    bellica = bellica_command()
    report: dict[str, Any] = {
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "cores": os.cpu_count(),
        "bellica": " ".join(bellica),
        "commands": {},
    }
    startup = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "bellica --version": [*bellica, "--version"],
        "bellica list": [*bellica, "list"],
    }
    for name, runs in alternate(startup, args.runs).items():
        report["commands"][name] = describe(runs)
    if not args.no_simulate:
        simulate = [
            *bellica,
            *("simulate", "imperio-bellum", "--agents", "random,random"),
            *("--games", str(args.games)),
        ]
        pair = {f"simulate --workers {w}": [*simulate, "--workers", str(w)] for w in (1, 2)}
        for name, runs in alternate(pair, args.simulate_runs).items():
            report["commands"][name] = describe(runs)
        one = report["commands"]["simulate --workers 1"]
        two = report["commands"]["simulate --workers 2"]
        report["speedup"] = {
            "best": one["min"] / two["min"],
            "median": one["median"] / two["median"],
        }
    print(f"Python {report['python']}, {report['cores']} cores, bellica = {report['bellica']}")
    for name, stats in report["commands"].items():
        print(
            f"{name:24} min {stats['min']:6.3f} s  median {stats['median']:6.3f} s  "
            f"max {stats['max']:6.3f} s  ({stats['of']}: {stats['quiet']} of {stats['runs']} "
            "quiet)"
        )
    if "speedup" in report:
        speedup = report["speedup"]
        print(
            f"--workers 2 against --workers 1 ({args.games} games of imperio-bellum, "
            f"random,random): {speedup['best']:.2f}× (best), {speedup['median']:.2f}× (median)"
        )
    if args.save:
        path = save_result("startup", report, report["date"])
        print(f"saved {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
