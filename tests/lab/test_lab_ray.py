"""`--backend ray`: the same games as on local cores, on a 2-CPU Ray started here, in order."""

from __future__ import annotations

import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from bellica.arena import GameConfig, Keep, run_local
from bellica.arena.ray_backend import connect, run_ray
from bellica.cli.app import app
from bellica.core import InvalidConfig

pytestmark = pytest.mark.xdist_group("ray")  # one Ray for the module, in one test process
BELLUM = GameConfig.create("bellum", players=2)
runner = CliRunner()


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> object:
    import ray

    assert connect(cpus=2) == 2
    yield
    ray.shutdown()


def test_ray_plays_the_same_games_as_the_local_cores() -> None:
    agents = ["random", "greedy"]
    here = list(run_local(BELLUM, agents, 17, seed=40, workers=1, keep=Keep(records=True)))
    seen: list[int] = []
    there = list(
        run_ray(BELLUM, agents, 17, seed=40, batch_size=3, keep=Keep(records=True),
                progress=lambda r: seen.append(r.index))
    )  # fmt: skip
    assert [r.index for r in there] == list(range(17))  # in game order, whatever finished first
    assert sorted(seen) == list(range(17))
    assert all(a.same_play(b) for a, b in zip(here, there, strict=True))
    robin = ["random", "greedy", "mcts:iterations=5"]
    assert all(
        a.same_play(b)
        for a, b in zip(
            run_local(BELLUM, robin, 3, seed=2, workers=1), run_ray(BELLUM, robin, 3, seed=2),
            strict=True,
        )
    )  # fmt: skip


def test_leaving_early_cancels_the_rest() -> None:
    results = run_ray(BELLUM, ["greedy"], 5000, seed=1, batch_size=1)
    first = [next(results) for _ in range(3)]
    results.close()
    assert [r.index for r in first] == [0, 1, 2]


def test_a_bad_run_is_refused_before_any_task() -> None:
    with pytest.raises(InvalidConfig, match="unknown agent 'nobody'"):
        run_ray(BELLUM, ["nobody"], 3)
    with pytest.raises(InvalidConfig, match="number of games must be at least 1"):
        run_ray(BELLUM, ["random"], 0)


def test_the_command_writes_the_same_results_with_either_backend(tmp_path: Path) -> None:
    rows = {}
    for backend in ("local", "ray"):
        out = tmp_path / backend
        result = runner.invoke(
            app,
            ["simulate", "bellum", "-n", "8", "-a", "greedy,random", "-w", "2", "--seed", "9",
             "--backend", backend, "--out", str(out)],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        table = pq.read_table(out / "games.parquet").drop_columns(["seconds"])
        rows[backend] = table.to_pylist()
    assert "on a Ray cluster of 2 CPUs" in " ".join(result.stdout.split())
    assert rows["local"] == rows["ray"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backend", "mars"], "--backend is local or ray, not 'mars'"),
        (["--address", "auto"], "--address names a Ray cluster"),
    ],
)
def test_bad_backend_arguments_end_in_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "bellum", "-a", "random", "-n", "1", *args])
    assert result.exit_code != 0 and message in result.output


def test_without_ray_the_backend_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(InvalidConfig, match=r"pip install 'bellica\[ray\]'"):
        run_ray(BELLUM, ["random"], 2)
