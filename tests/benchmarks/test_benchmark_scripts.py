"""The benchmark scripts run, each on a short measurement: speed against OpenSpiel's
yardstick (the `bench` extra, which `make test` installs), start-up, scaling, game cost,
the adapters, and a helper's memory (which must stay light)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_speed_benchmark_measures_every_game_against_the_yardstick() -> None:
    out = run("benchmarks/speed.py", "--seconds", "0.6", "--slice", "0.2", "--no-mcts")
    assert "python_liars_poker" in out
    for game in ("bellum", "imperio-bellum"):
        assert game in out
    assert "× yardstick" in out


def test_the_startup_benchmark_times_bellica_list() -> None:
    out = run("benchmarks/startup.py", "--runs", "2", "--no-simulate")
    assert "bellica list" in out and "python -c pass" in out


def test_the_scaling_benchmark_compares_one_and_two_workers() -> None:
    out = run("benchmarks/scaling.py", "--games", "6", "--runs", "1", "--only", "bellum")
    assert "bellum" in out and "one worker" in out and "x best" in out


def test_the_game_cost_benchmark_prints_the_hourly_table() -> None:
    out = run("benchmarks/game_cost.py", "--random", "3", "--greedy", "0", "--only", "bellum")
    assert "| bellum | random |" in out and "1,000 cores" in out


def test_the_adapter_benchmark_compares_each_adapter_with_the_raw_rules() -> None:
    out = run(
        "benchmarks/adapters.py", "--seconds", "0.4", "--slice", "0.2", "--games", "bellum-magia"
    )
    assert "| bellum-magia |" in out and "×)" in out
    for adapter in ("pettingzoo", "openspiel", "gymnasium"):
        assert f"{adapter} steps/s (cost)" in out


@pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(), reason="reads Linux's /proc")
def test_a_forked_helper_stays_light_in_memory() -> None:
    """The worker memory benchmark on Para Bellum (the heaviest helper it measures): a forked
    helper's own pages (what a second one adds) stay a fraction of this process's memory."""
    import json

    out = run("benchmarks/worker_memory.py", "--one", "para-bellum", "--games", "6")
    row = json.loads(out)
    helper, here = row["helper"], row["main"]
    assert 0 < helper["private"] < 40, row  # MiB; 15.4 measured on 2026-11-29
    assert helper["private"] < here["rss"] / 2 and helper["pss"] < here["rss"], row
    assert "this process: rss" in run(
        "benchmarks/worker_memory.py", "--only", "bellum-magia", "--games", "4"
    )
