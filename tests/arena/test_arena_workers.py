"""Helper processes: started at once, playing alongside this one, importing no command line."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from probe_game import HEAVY, ProbePebbles

from bellica.arena import GameConfig, run_local
from bellica.arena.local import LocalPool
from bellica.core import InvalidConfig, register


@pytest.fixture
def probe() -> GameConfig:
    register("probe-pebbles", ProbePebbles)
    return GameConfig.create("probe-pebbles", players=2)


def test_helpers_import_neither_the_command_line_nor_heavy_libraries(probe: GameConfig) -> None:
    """Spawned (where forking is not possible), a helper imports the engine and the game only.
    (Forked, it imports nothing: it starts with this process's modules.)"""
    assert probe.source == "probe_game:ProbePebbles"
    results = list(run_local(probe, ["random"], 24, workers=2, chunk_size=1, start_method="spawn"))
    by_pid: dict[str, set[str]] = {}
    for result in results:
        _, pid, _, loaded = result.reason.split()
        by_pid.setdefault(pid, set()).add(loaded)
    helpers = {pid: loaded for pid, loaded in by_pid.items() if pid != str(os.getpid())}
    assert helpers, "no game was played by a helper process"
    assert all(loaded == {"-"} for loaded in helpers.values()), helpers
    assert str(os.getpid()) in by_pid  # this process played too


def test_the_worker_module_imports_nothing_heavy() -> None:
    code = (
        "import sys, bellica.arena.worker, bellica.arena.local\n"
        f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


def test_a_pool_plays_what_one_process_plays(probe: GameConfig) -> None:
    register("pebbles-too", ProbePebbles)
    config = GameConfig.create("pebbles-too", players=3)
    alone = list(run_local(config, ["random", "greedy"], 30, seed=9, workers=1))
    with LocalPool(2, "pebbles-too") as pool:
        shared = list(pool.run(config, ["random", "greedy"], 30, seed=9, chunk_size=2))
        again = list(pool.run(config, ["greedy"], 5, seed=1))  # a pool serves several runs
    assert [r.index for r in shared] == list(range(30))
    assert [(r.agents, r.winners, r.decisions) for r in shared] == [
        (r.agents, r.winners, r.decisions) for r in alone
    ]
    assert len(again) == 5


@pytest.mark.parametrize("workers", [0, -1, True, 1.5])
def test_a_pool_needs_a_whole_number_of_workers(workers: object) -> None:
    with pytest.raises(InvalidConfig, match="number of workers must be at least 1"):
        LocalPool(workers)  # type: ignore[arg-type]


def test_a_pool_checks_a_run_before_any_game(probe: GameConfig) -> None:
    with LocalPool(1) as pool:
        with pytest.raises(InvalidConfig, match="unknown agent 'nobody'"):
            pool.run(probe, ["nobody"], 3)
        with pytest.raises(InvalidConfig, match="number of games must be at least 1"):
            pool.run(probe, ["random"], 0)
