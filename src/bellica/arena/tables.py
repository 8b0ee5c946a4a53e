"""Rich tables of a simulation summary: wins, draws, losses and win rates with 95% intervals."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from bellica.arena.stats import Summary, Tally


def percent(value: float) -> str:
    """A share as a percentage with one decimal: 0.5 -> "50.0%"."""
    return f"{100 * value:.1f}%"


def summary_tables(summary: Summary) -> list[Table]:
    """One table per agent (a seat's game each) and one per seat; with three agents or more
    (a round robin), the matchup table."""
    tables = [
        tally_table("Agents (a seat's game each)", "agent", summary.agents, with_games=True),
        tally_table("Seats", "seat", summary.seats, with_games=False),
    ]
    if len(summary.agents) >= 3:
        tables.append(matchup_table(summary))
    return tables


def matchup_table(summary: Summary) -> Table:
    """Each row agent's win rate in the games it played with each column agent (head to head
    at two players), with the number of those games."""
    names = [tally.label for tally in summary.agents]
    table = Table(title="Matchups (the row agent's win rate with the column agent at the table)")
    table.add_column("agent", style="bold cyan", overflow="fold")
    for name in names:
        table.add_column(name, justify="right", overflow="fold")
    for row in names:
        cells = []
        for column in names:
            tally = summary.pairs.get((row, column))
            cells.append("" if tally is None else f"{percent(tally.win_rate)} ({tally.games})")
        table.add_row(row, *cells)
    return table


def tally_table(title: str, label: str, tallies: Sequence[Tally], with_games: bool) -> Table:
    """Wins, draws, losses and the win rate with its 95% interval, one row per tally."""
    table = Table(title=title)
    table.add_column(label, style="bold cyan", overflow="fold")
    counts = ("games", "wins", "draws", "losses") if with_games else ("wins", "draws", "losses")
    for name in counts:
        table.add_column(name, justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    for tally in tallies:
        low, high = tally.interval
        numbers = [tally.wins, tally.draws, tally.losses]
        if with_games:
            numbers.insert(0, tally.games)
        table.add_row(
            tally.label,
            *map(str, numbers),
            percent(tally.win_rate),
            f"{percent(low)} – {percent(high)}",
        )
    return table
