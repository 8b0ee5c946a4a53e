"""`bellica list [GAME]`: the games, their players, variants and options; one game in detail."""

from __future__ import annotations

import typer

from bellica.core.errors import InvalidConfig

# GAME is read from the context's extra arguments rather than declared as a typer argument:
# typer validates every declared value with pydantic, and importing pydantic would make
# `bellica list` take half as long again.
SETTINGS = {"allow_extra_args": True}
USAGE = "[OPTIONS] [GAME]"


def list_games(ctx: typer.Context) -> None:
    """List the games: id, title, player counts, variants and options with their values.

    `bellica list GAME` shows one game in detail: each variant's player counts and each
    option's meaning, allowed values, default and the variants it concerns. Options are given
    to `bellica play` and `bellica simulate` as `-o key=value`.
    """
    if len(ctx.args) > 1:
        raise InvalidConfig(f"bellica list takes at most one game id, not {' '.join(ctx.args)}")
    game = ctx.args[0] if ctx.args else None
    from rich.console import Console
    from rich.text import Text

    from bellica.cli.catalog import games_table, options_table, variants_line
    from bellica.core.registry import game_info, games

    console = Console(highlight=False)
    if game is None:
        infos = games()
        console.print(games_table(infos))
        if any(len(info.options) for info in infos):
            console.print(options_table(infos))
        console.print("Give options as -o key=value; `bellica list GAME` explains each one.")
        return
    info = game_info(game)
    summary = info.summary or "no summary"
    console.print(Text.assemble((info.title, "bold"), f" ({info.id}): {summary}"))
    console.print(f"Variants: {variants_line(info)}.", soft_wrap=True)
    if len(info.options):
        console.print(options_table([info], detail=True))
        console.print("Give options as -o key=value, e.g. `bellica play GAME -o key=value`.")
    else:
        console.print("No options.")
