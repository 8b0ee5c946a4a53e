"""`bellica report`: a results folder summed up in the terminal and as one HTML file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def report(
    results: Annotated[
        Path, typer.Argument(help="A results folder written by `bellica simulate --out`.")
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Where to write the HTML report (default RESULTS/report.html)."),
    ] = None,
) -> None:
    """Sum up a run: win rates per agent and per seat with 95% intervals, the matchups, the
    game metrics (balance, completion, drawishness, timeouts, duration, decisiveness, lead
    change), and one self-contained HTML file with the plots (docs/lab.md)."""
    from rich.table import Table
    from rich.text import Text

    from bellica.arena.report import build, metric_rows, page, run_title, seat_advantage
    from bellica.arena.results import read_results
    from bellica.arena.tables import summary_tables
    from bellica.cli.terminal import stdout

    run, games = read_results(results)
    made = build(run, games)
    console = stdout()
    console.print(f"{run_title(run)}: {made.summary.games} games, {run.get('status')}")
    for table in summary_tables(made.summary):
        console.print(table)
    console.print(f"Seat advantage: {seat_advantage(made.summary)}.")
    figures = Table(title="Game metrics")
    figures.add_column("metric", style="bold cyan")
    figures.add_column("value", justify="right")
    for name, value in metric_rows(made.metrics):
        figures.add_row(name, value)
    console.print(figures)
    target = out if out is not None else results / "report.html"
    target.write_text(page(made, games, results), encoding="utf-8")
    console.print(Text(f"Report written to {target}"), soft_wrap=True)
