"""The benchmark scripts run: a short speed measurement against OpenSpiel's yardstick (the
`bench` extra, which `make test` installs) and a short start-up measurement."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
