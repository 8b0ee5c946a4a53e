"""The rich tables of a simulation summary, shared by `bellica simulate` and the lab."""

from __future__ import annotations

from rich.console import Console

from bellica.arena import GameResult, summarize
from bellica.arena.tables import percent, summary_tables


def result(agents: tuple[str, str], winners: tuple[int, ...]) -> GameResult:
    scores = tuple(1.0 if seat in winners else 0.0 for seat in range(2))
    return GameResult(0, 0, "pebbles", "standard", 2, agents, winners, scores, "", 12, 0.1)


def test_summary_tables_show_tallies_and_intervals() -> None:
    results = [result(("greedy", "random"), (0,)), result(("random", "greedy"), (1,))]
    results.append(result(("greedy", "random"), ()))
    console = Console(record=True, width=120)
    agents, seats = summary_tables(summarize(results, ["greedy", "random"]))
    console.print(agents)
    console.print(seats)
    text = console.export_text()
    greedy = next(line for line in text.splitlines() if "greedy" in line)
    assert [cell.strip() for cell in greedy.split("│")[2:7]] == ["3", "2", "1", "0", "66.7%"]
    assert "20.8% – 93.9%" in greedy
    assert "Seats" in text and "seat 1" in text
    assert percent(0.5) == "50.0%"


def test_a_round_robin_adds_the_matchup_table() -> None:
    results = [
        result(("greedy", "random"), (0,)),
        result(("random", "greedy"), (1,)),
        result(("greedy", "mcts"), (1,)),
        result(("random", "mcts"), (1,)),
    ]
    tables = summary_tables(summarize(results, ["greedy", "random", "mcts"]))
    assert len(tables) == 3
    console = Console(record=True, width=120)
    console.print(tables[2])
    text = console.export_text()
    greedy = next(line for line in text.splitlines() if line.startswith("│ greedy"))
    assert [cell.strip() for cell in greedy.split("│")[2:5]] == ["", "100.0% (2)", "0.0% (1)"]
    mcts = next(line for line in text.splitlines() if line.startswith("│ mcts"))
    assert [cell.strip() for cell in mcts.split("│")[2:5]] == ["100.0% (1)", "100.0% (1)", ""]
    assert len(summary_tables(summarize(results[:2], ["greedy", "random"]))) == 2
