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
    # Every card game gets its card table from the card rows; Imperio Bellum has no cards.
    has_cards = game != "imperio-bellum"
    assert ("<h2>Cards (17lands' terms)</h2>" in page) == has_cards
    assert ("Cards (17lands' terms), best and worst" in text) == has_cards


def test_the_card_table_names_its_best_and_worst_cards_games(tmp_path: Path) -> None:
    """With enough games every card is ranked; the best card links a game a seat holding it
    won, the worst one a game a seat holding it lost, each with its record."""
    out = tmp_path / "run"
    played = runner.invoke(
        app, ["simulate", "siege-of-olympus", "-n", "30", "-a", "greedy,random", "-w", "2",
              "--out", str(out), "--records"],
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    result = runner.invoke(app, ["report", str(out), "--min-sample", "5"])
    assert result.exit_code == 0, result.output
    page = (out / "report.html").read_text(encoding="utf-8")
    best = re.search(r"The best card, (.+?), held by a winner \(seat (\d)\): game (\d+)", page)
    worst = re.search(r"The worst card, (.+?), held by a loser \(seat (\d)\): game (\d+)", page)
    assert best is not None and worst is not None, page[-3000:]
    import pyarrow.parquet as pq

    rows = pq.read_table(out / "cards.parquet").to_pylist()
    for found, won in ((best, True), (worst, False)):
        card, seat, index = found.group(1), int(found.group(2)), int(found.group(3))
        held = [
            r for r in rows
            if r["index"] == index and r["seat"] == seat and r["card"] == card
            and (r["opening_hand"] or r["drawn"])
        ]  # fmt: skip
        assert held and held[0]["won"] is won
        assert (out / "records" / f"{index:06d}.json").exists()


def test_the_card_rates_can_count_one_agent_only(tmp_path: Path) -> None:
    out = tmp_path / "run"
    played = runner.invoke(
        app, ["simulate", "bellum", "-n", "6", "-a", "greedy,random", "-w", "1", "--out", str(out)]
    )
    assert played.exit_code == 0, played.output
    mine = runner.invoke(app, ["report", str(out), "--card-agent", "greedy", "--min-sample", "1"])
    assert mine.exit_code == 0, mine.output
    wrong = runner.invoke(app, ["report", str(out), "--card-agent", "mcts"])
    assert wrong.exit_code != 0 and "did not play in this run" in wrong.output


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
