"""Helper processes: started at once, playing alongside this one, importing no command line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from probe_game import HEAVY, ProbePebbles

from bellica.arena import GameConfig, MatchError, run_local
from bellica.arena.local import LocalPool
from bellica.core import InvalidConfig, register


@pytest.fixture
def probe() -> GameConfig:
    register("probe-pebbles", ProbePebbles)
    return GameConfig.create("probe-pebbles", players=2)


def test_helpers_import_neither_the_command_line_nor_heavy_libraries(
    probe: GameConfig, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spawned (where forking is not possible), a helper imports the engine and the game only.
    (Forked, it imports nothing: it starts with this process's modules.) This process's
    first game waits until a helper has ended one."""
    assert probe.source == "probe_game:ProbePebbles"
    monkeypatch.setenv("PROBE_MARKER", str(tmp_path / "a helper played"))
    monkeypatch.setenv("PROBE_PARENT", str(os.getpid()))
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


def test_a_helper_that_dies_is_an_error_not_a_hang(
    probe: GameConfig, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A helper killed in its first game (after leaving the marker this process waits for):
    this process plays every other game, then says a helper stopped, with its exit code."""
    monkeypatch.setenv("PROBE_MARKER", str(tmp_path / "a helper played"))
    monkeypatch.setenv("PROBE_PARENT", str(os.getpid()))
    monkeypatch.setenv("PROBE_HELPER_DIES", "1")
    with pytest.raises(MatchError, match=r"a helper process stopped .* \(exit code 3\)"):
        list(run_local(probe, ["random"], 12, workers=2))


def test_a_pool_serves_a_new_run_after_one_left_unfinished(probe: GameConfig) -> None:
    """A caller that stops reading a run midway: the helpers take no more of its games, and
    whatever they still send of it never mixes into the next run."""
    with LocalPool(2, "probe-pebbles") as pool:
        first = pool.run(probe, ["random"], 200, seed=1, chunk_size=1)
        next(first)
        first.close()
        again = list(pool.run(probe, ["random", "greedy"], 30, seed=2))
    alone = list(run_local(probe, ["random", "greedy"], 30, seed=2, workers=1))
    assert [r.index for r in again] == list(range(30))
    assert [(r.agents, r.winners) for r in again] == [(r.agents, r.winners) for r in alone]


def test_a_final_run_is_the_pools_last(probe: GameConfig) -> None:
    with LocalPool(2, "probe-pebbles") as pool:
        assert len(list(pool.run(probe, ["random"], 10, final=True))) == 10
        with pytest.raises(InvalidConfig, match="serves no more runs"):
            pool.run(probe, ["random"], 10)


def test_the_board_hands_out_each_game_once_and_less_near_the_end() -> None:
    import multiprocessing

    from bellica.arena.board import Board

    board = Board(multiprocessing.get_context())
    assert board.take(1, 5, 100, 2) is None  # closed: serving no run
    board.open(1)
    assert board.take(1, 30, 100, 2) == (0, 25)  # at most a quarter of what is left for two
    assert board.take(1, 10, 100, 2) == (25, 35)
    assert board.take(2, 10, 100, 2) is None  # another run's helper takes nothing
    taken = [board.take(1, 10, 100, 2) for _ in range(30)]
    stops = [t[1] for t in taken if t is not None]
    assert stops[-1] == 100 and taken[-1] is None
    assert [b - a for a, b in (t for t in taken if t is not None)][-3:] == [1, 1, 1]
    board.open(2)
    board.close()
    assert board.take(2, 1, 100, 2) is None


def test_a_helper_plays_what_the_board_gives_it_and_says_when_it_is_done(
    probe: GameConfig,
) -> None:
    """The helper's side, played in this process: a run down the pipe, every game of it
    taken off the board and sent back in chunks, then the end of its part, then stop."""
    import multiprocessing

    from bellica.arena import worker
    from bellica.arena.board import Board
    from bellica.arena.schedule import Schedule

    context = multiprocessing.get_context()
    board = Board(context)
    pool_end, helper_end = context.Pipe()
    schedule = Schedule.create(["random"], 2, 20, 4)
    board.open(7)
    pool_end.send(worker.Run(7, probe, schedule, 1000, worker.KEEP_NOTHING, 2, chunk_size=3))
    pool_end.send(None)
    handler = signal.getsignal(signal.SIGINT)
    try:
        worker.serve(None, helper_end, board)
    finally:
        signal.signal(signal.SIGINT, handler)  # a helper leaves Ctrl-C to its parent
    messages = []
    while pool_end.poll():
        messages.append(pool_end.recv())
    assert all(number == 7 for number, _ in messages)
    *chunks, (_, end) = messages
    assert end is None
    played = [result.index for _, results in chunks for result in results]
    assert played == list(range(20))
    assert max(len(results) for _, results in chunks) == 3


@given(
    total=st.integers(1, 300),
    workers=st.integers(2, 8),
    sizes=st.lists(st.integers(1, 80), min_size=1, max_size=20),
)
def test_the_board_never_hands_a_game_out_twice_nor_skips_one(
    total: int, workers: int, sizes: list[int]
) -> None:
    import multiprocessing

    from bellica.arena.board import Board

    board = Board(multiprocessing.get_context())
    board.open(3)
    games: list[int] = []
    for turn in range(10 * total + len(sizes)):
        taken = board.take(3, sizes[turn % len(sizes)], total, workers)
        if taken is None:
            break
        games.extend(range(*taken))
    assert games == list(range(total))


def test_a_pool_whose_helper_is_gone_says_so_at_the_next_run(probe: GameConfig) -> None:
    with LocalPool(2, "probe-pebbles") as pool:
        assert len(list(pool.run(probe, ["random"], 4))) == 4
        (pid,) = pool.helpers
        os.kill(pid, signal.SIGKILL)  # the next run's message, or its first results, find it gone
        with pytest.raises(MatchError, match="helper process"):
            list(pool.run(probe, ["random"], 40))
