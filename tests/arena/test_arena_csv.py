"""Result rows as CSV: the columns, the row of a win and of a draw, a file read back."""

from __future__ import annotations

import csv
from pathlib import Path

from bellica.arena import CsvResultWriter, GameResult, csv_fields, result_row


def make(winners: tuple[int, ...], scores: tuple[float, ...]) -> GameResult:
    return GameResult(
        index=2,
        seed=42,
        game="pebbles",
        variant="standard",
        players=3,
        agents=("random", "greedy", "mcts:iterations=10"),
        winners=winners,
        scores=scores,
        reason="took the last pebble",
        decisions=17,
        seconds=0.0123456789,
    )


def test_columns_have_one_agent_per_seat() -> None:
    assert csv_fields(3) == [
        "game",
        "seed",
        "variant",
        "players",
        "agent_0",
        "agent_1",
        "agent_2",
        "winners",
        "winning_agents",
        "scores",
        "reason",
        "decisions",
        "seconds",
        "matchup",
        "rounds",
        "timeout",
    ]


def test_a_row_joins_lists_with_semicolons() -> None:
    row = result_row(make((0, 2), (3.0, 1.0, 2.5)))
    assert row == {
        "game": "pebbles",
        "seed": "42",
        "variant": "standard",
        "players": "3",
        "agent_0": "random",
        "agent_1": "greedy",
        "agent_2": "mcts:iterations=10",
        "winners": "0;2",
        "winning_agents": "random;mcts:iterations=10",
        "scores": "3;1;2.5",
        "reason": "took the last pebble",
        "decisions": "17",
        "seconds": "0.012346",
        "matchup": "0",
        "rounds": "",
        "timeout": "0",
    }


def test_a_draw_has_no_winners() -> None:
    row = result_row(make((), (0.0, 0.0, 0.0)))
    assert row["winners"] == ""
    assert row["winning_agents"] == ""


def test_the_writer_writes_a_readable_file(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "results.csv"
    with CsvResultWriter(path, players=3) as writer:
        writer.write(make((1,), (0.0, 1.0, 0.0)))
        writer.write(make((), (0.0, 0.0, 0.0)))
    assert writer.rows == 2
    with path.open(newline="") as file:
        rows = list(csv.DictReader(file))
    assert [row["winners"] for row in rows] == ["1", ""]
    assert rows[0]["agent_2"] == "mcts:iterations=10"
    assert list(rows[0]) == csv_fields(3)


def test_a_row_says_the_rounds_and_a_timeout() -> None:
    import dataclasses

    row = result_row(dataclasses.replace(make((1,), (0.0, 1.0, 0.0)), rounds=12, timeout=True))
    assert (row["rounds"], row["timeout"]) == ("12", "1")
