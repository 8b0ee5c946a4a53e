"""`bellica report`: from a small run of every game, one self-contained HTML file and a
terminal summary; a folder that is not a run's is refused in one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bellica.cli.app import app

runner = CliRunner()
GAMES = {
    "imperio-bellum": "Imperio Bellum",
    "bellum": "Bellum",
    "siege-of-olympus": "Siege of Olympus",
    "bellum-magia": "Bellum Magia",
    "para-bellum": "Para Bellum",
}


@pytest.mark.parametrize("game", GAMES)
def test_the_report_builds_from_a_small_run_of_every_game(game: str, tmp_path: Path) -> None:
    out = tmp_path / "run"
    played = runner.invoke(
        app, ["simulate", game, "-n", "4", "-a", "random", "-p", "2", "-w", "1",
              "--out", str(out), "--records"],
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    result = runner.invoke(app, ["report", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert f"{GAMES[game]} (standard, 2 players): 4 games, complete" in text
    assert "Seat advantage: seat 0 " in text and "against an even 50.0%" in text
    for metric in ("Balance", "Completion", "Drawishness", "Decisiveness", "Lead change"):
        assert metric in text
    page = (out / "report.html").read_text(encoding="utf-8")
    assert f"<h1>{GAMES[game]} (standard, 2 players): 4 games</h1>" in page
    assert page.count("<svg") == 2  # the game lengths and the per-round values
    assert "<script" not in page and not re.search(r"""(src|href)=["']?https?:""", page)
    longest = re.search(r'<a href="(records/\d{6}\.json)">', page)
    assert longest is not None and (out / longest.group(1)).exists()


def test_a_round_robin_report_draws_the_matchups(tmp_path: Path) -> None:
    out = tmp_path / "rr"
    played = runner.invoke(
        app, ["simulate", "bellum", "-n", "2", "-a", "random,greedy,mcts:iterations=5",
              "-w", "1", "--out", str(out)],
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    target = tmp_path / "elsewhere.html"
    result = runner.invoke(app, ["report", str(out), "--out", str(target)])
    assert result.exit_code == 0, result.output
    page = target.read_text(encoding="utf-8")
    assert "<h2>Matchups</h2>" in page and page.count("<svg") == 3
    assert "run with <code>--records</code> to keep it" in page


def test_a_folder_that_is_not_a_run_is_refused_in_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", str(tmp_path)])
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "has no run.json" in lines[0]
