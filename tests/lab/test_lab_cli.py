"""`bellica simulate --out`: the results folder from the command line, read as docs/lab.md
shows with pandas, Polars and DuckDB; kept records replay in the server; Ctrl-C keeps games."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from bellica.cli.app import app
from bellica.server.app import create_app

ROOT = Path(__file__).resolve().parents[2]
LAB_DOC = ROOT / "docs" / "lab.md"
runner = CliRunner()


@pytest.fixture(scope="module")
def round_robin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small Bellum round robin with records: three agents, 4 games per matchup."""
    out = tmp_path_factory.mktemp("lab") / "rr"
    result = runner.invoke(
        app,
        [
            "simulate", "bellum", "-n", "4", "-a", "random,greedy,mcts:iterations=10",
            "-w", "2", "--seed", "3", "--out", str(out), "--records",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "a round robin of 3 matchups, 4 games each" in result.stdout
    assert "Matchups" in result.stdout
    return out


def test_the_folder_holds_every_game_of_every_matchup(round_robin: Path) -> None:
    games = pq.read_table(round_robin / "games.parquet").to_pylist()
    assert [g["index"] for g in games] == list(range(12))
    assert [g["matchup"] for g in games] == [0] * 4 + [1] * 4 + [2] * 4
    assert {tuple(sorted(g["agents"])) for g in games} == {
        ("greedy", "random"),
        ("mcts:iterations=10", "random"),
        ("greedy", "mcts:iterations=10"),
    }
    assert all(g["rounds"] >= 1 and g["record"] for g in games)
    run = json.loads((round_robin / "run.json").read_text())
    assert run["status"] == "complete" and run["games_played"] == 12
    points = pq.read_table(round_robin / "rounds.parquet").to_pylist()
    for game in games:  # a trajectory per game: each round's start, then the returns
        mine = [p for p in points if p["index"] == game["index"]]
        assert [p["round"] for p in mine[:-2:2]] == list(range(1, game["rounds"] + 1))
        final = {p["seat"]: p["value"] for p in mine if p["final"]}
        assert final == {s: (1.0 if s in game["winners"] else -1.0) for s in (0, 1)}
    assert run["command"].startswith("bellica simulate bellum")


def test_the_docs_reading_examples_run_as_written(round_robin: Path) -> None:
    """Each of docs/lab.md's Python examples (pandas, Polars, DuckDB) runs on a real folder
    and prints every agent's win rate, the same as the seats' own counts; the card example
    prints the cards' rates in hand."""
    blocks = re.findall(r"```python\n(.*?)```", LAB_DOC.read_text(encoding="utf-8"), re.DOTALL)
    readers = [block for block in blocks if "results/rr/seats" in block]
    (card_reader,) = [block for block in blocks if "results/rr/cards" in block]
    assert len(readers) == 3 and len(blocks) == 5
    seats = pq.read_table(round_robin / "seats.parquet").to_pylist()
    for agent in ("random", "greedy", "mcts:iterations=10"):
        mine = [s["won"] for s in seats if s["agent"] == agent]
        assert len(mine) == 8
    for block in blocks:
        code = block.replace("results/rr", str(round_robin))
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        if block in readers:
            for agent in ("random", "greedy", "mcts:iterations=10"):
                assert agent in done.stdout
        elif block == card_reader:  # Bellum's starter cards are in every hand
            for card in ("Satyr", "Imp", "Nymph"):
                assert card in done.stdout
        else:  # the metrics example
            assert "Metrics(games=20, balance=" in done.stdout


def test_a_kept_record_replays_in_the_browser_viewer(round_robin: Path, tmp_path: Path) -> None:
    games = pq.read_table(round_robin / "games.parquet").to_pylist()
    record = (round_robin / games[5]["record"]).read_bytes()
    with TestClient(create_app(tmp_path / "db.sqlite", ai_workers=1)) as client:
        answer = client.post("/api/replays", content=record)
        assert answer.status_code == 201, answer.text
        link = answer.json()["link"]
        assert link.startswith("/replay/")
        replay_id = link.rsplit("/", 1)[1]
        end = client.get(f"/api/replays/{replay_id}/at/{games[5]['decisions']}")
        assert end.status_code == 200, end.text


def test_records_need_a_folder_and_a_folder_needs_pyarrow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = runner.invoke(app, ["simulate", "bellum", "-a", "random", "-n", "1", "--records"])
    assert result.exit_code != 0 and "--out DIR" in result.output
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if the lab extra were missing
    result = runner.invoke(
        app, ["simulate", "bellum", "-a", "random", "-n", "1", "--out", str(tmp_path / "r")]
    )
    assert result.exit_code != 0
    assert "pip install 'bellica[lab]'" in result.output
    assert not (tmp_path / "r").exists()


@pytest.mark.slow
def test_ctrl_c_stops_the_run_and_keeps_the_games_so_far(tmp_path: Path) -> None:
    out = tmp_path / "stopped"
    # random games are quick: 512 of them finish well inside the minute on a busy machine
    command = [
        sys.executable, "-m", "bellica", "simulate", "bellum", "-n", "100000",
        "-a", "random", "-w", "2", "--out", str(out),
    ]  # fmt: skip
    # A shell's background job starts with Ctrl-C ignored, and so would the run (Python keeps
    # an ignored SIGINT ignored): give the run Ctrl-C back, as a terminal's foreground has it.
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # wait for a first row group's worth of games
        time.sleep(0.5)
        run_file = out / "run.json"
        if run_file.exists() and json.loads(run_file.read_text())["games_played"] >= 512:
            break
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, f"stdout: {stdout[-3000:]}\nstderr: {stderr[-3000:]}"
    assert "Stopped with Ctrl-C after" in stdout
    assert "Traceback" not in stderr
    run = json.loads((out / "run.json").read_text())
    assert run["status"] == "stopped"
    kept = pq.read_table(out / "games.parquet")
    assert kept.num_rows == run["games_played"] >= 512
    assert kept.column("index").to_pylist() == list(range(kept.num_rows))
    summed = re.search(r"Games: (\d+)", stdout)
    assert summed is not None and int(summed.group(1)) == kept.num_rows
