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
    card_agent: Annotated[
        str | None,
        typer.Option(
            "--card-agent",
            help="Count only this agent's seats in the card rates (as named in the run).",
        ),
    ] = None,
    min_sample: Annotated[
        int,
        typer.Option(
            "--min-sample",
            min=1,
            help="Cards with fewer games in hand than this are listed apart, not ranked.",
        ),
    ] = 100,
) -> None:
    """Sum up a run: win rates per agent and per seat with 95% intervals, the matchups, the
    game metrics (balance, completion, drawishness, timeouts, duration, decisiveness, lead
    change), each card's win rates in 17lands' terms (games in hand, opening hand, drawn, not
    seen, improvement when drawn, bought, played), and one self-contained HTML file with the
    plots (docs/lab.md)."""
    from rich.table import Table
    from rich.text import Text

    from bellica.arena.card_stats import card_table
    from bellica.arena.report import build, metric_rows, page, run_title, seat_advantage
    from bellica.arena.results import read_results
    from bellica.arena.tables import summary_tables
    from bellica.cli.terminal import stdout
    from bellica.core import InvalidConfig

    run, games = read_results(results)
    if card_agent is not None and card_agent not in (run.get("agents") or ()):
        raise InvalidConfig(
            f"--card-agent {card_agent!r} did not play in this run; its agents: "
            + ", ".join(map(str, run.get("agents") or ()))
        )
    made = build(run, games, card_agent=card_agent, min_sample=min_sample)
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
    if made.cards is not None:
        console.print(card_table(made.cards))
    target = out if out is not None else results / "report.html"
    target.write_text(page(made, games, results), encoding="utf-8")
    console.print(Text(f"Report written to {target}"), soft_wrap=True)
