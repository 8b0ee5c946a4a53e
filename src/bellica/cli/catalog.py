"""What `bellica list` prints: a table of the games and a table of their options."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from bellica.core import GameInfo
from bellica.core.options import Choice, Option


def games_table(infos: Sequence[GameInfo]) -> Table:
    """One row per game: id, title, player counts and variants."""
    table = Table(title="bellica games")
    table.add_column("id", style="bold cyan", no_wrap=True)
    table.add_column("title")
    table.add_column("players", justify="center")
    table.add_column("variants")
    for info in infos:
        table.add_row(
            info.id, info.title, players_label(info.allowed_players()), ", ".join(info.variants)
        )
    return table


def options_table(infos: Sequence[GameInfo], detail: bool = False) -> Table:
    """One row per option: its key, allowed values, default and the variants it concerns;
    in detail (one game), also what it sets."""
    table = Table(title="options (-o key=value)")
    if not detail:
        table.add_column("game", style="bold cyan", no_wrap=True)
    table.add_column("option", style="bold", no_wrap=True)
    table.add_column("values")
    table.add_column("default")
    table.add_column("variants")
    if detail:
        table.add_column("what it sets")
    for info in infos:
        for option in info.options:
            concerned = [v for v in info.variants if option.applies_to(v)]
            variants = "all" if len(concerned) == len(info.variants) else ", ".join(concerned)
            row = [option.key, values(option), default(option), variants]
            if detail:
                row.append(option.description)
            else:
                row.insert(0, info.id)
            table.add_row(*row)
    return table


def variants_line(info: GameInfo) -> str:
    """ "standard (2 players), teams (4 players)"."""
    return ", ".join(
        f"{variant} ({_players(info.allowed_players(variant))})" for variant in info.variants
    )


def values(option: Option) -> str:
    """The allowed values in words; choices one per line, since a choice may hold commas."""
    if isinstance(option, Choice):
        return "\n".join(option.choices)
    return option.allowed()


def default(option: Option) -> str:
    value = option.default
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def players_label(counts: Sequence[int]) -> str:
    """ "2", "1, 2, 4", "2–5"."""
    counts = list(counts)
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(map(str, counts))


def _players(counts: Sequence[int]) -> str:
    """ "1 player", "2 players", "2–5 players"."""
    return players_label(counts) + (" player" if list(counts) == [1] else " players")
