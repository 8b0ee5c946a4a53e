"""`bellica simulate`: seeded AI-vs-AI games on the local cores, a summary and CSV rows."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from bellica.cli.params import GameArgument, OptionList, Players, Variant, parse_options


def simulate(
    game: GameArgument,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help="Comma-separated agent specs, e.g. random,greedy or greedy,mcts:iterations=800."
            " Seats rotate from game to game.",
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Number of games to play.")
    ] = 100,
    players: Players = None,
    variant: Variant = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            "-w",
            min=1,
            help="Processes that play, this one included (default: one per core).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Game i is seeded seed + i.")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write one CSV row per game to this file.")
    ] = None,
    option: OptionList = None,
    cards: Annotated[
        Path | None,
        typer.Option(
            "--cards",
            help="Play with this card file (TOML) in place of the game's own; a bad file is"
            " refused, naming the entry and field.",
        ),
    ] = None,
    max_decisions: Annotated[
        int,
        typer.Option("--max-decisions", min=1, help="Stop with an error if a game runs longer."),
    ] = 100_000,
) -> None:
    """Play seeded AI-vs-AI games on all local cores and summarize the results.

    Game i uses seed + i and rotates the agents one seat further, so every agent sits in
    every seat equally often; the results are the same for any number of workers. Game
    options are given as `-o key=value`; `bellica list GAME` shows them. `--cards` plays
    with a designer's own card file.
    """
    from rich.text import Text

    from bellica.agents import make_agent
    from bellica.arena import CsvResultWriter, GameConfig, Scoreboard, default_workers
    from bellica.arena.local import START_METHOD, LocalPool
    from bellica.arena.match import game_for
    from bellica.arena.tables import summary_tables
    from bellica.cli.terminal import count, progress_bar, stdout
    from bellica.core import InvalidConfig
    from bellica.core.registry import game_info

    specs = [spec.strip() for spec in agents.split(",")]
    if not all(specs):
        raise InvalidConfig(f"--agents takes comma-separated agent specs, not {agents!r}")
    for spec in dict.fromkeys(specs):
        make_agent(spec)
    info = game_info(game)
    if players is None and len(specs) in info.allowed_players(variant):
        players = len(specs)
    workers = min(workers or default_workers(), games)
    config = GameConfig.create(
        game,
        players=players,
        variant=variant,
        options=parse_options(option),
        cards=None if cards is None else str(cards.resolve()),
    )
    if START_METHOD == "fork":
        game_for(config)  # loaded once here: forked helpers start with it, ready to play
    with LocalPool(workers, game) as pool:
        progress = progress_bar()
        task = progress.add_task("games", total=games)
        results = pool.run(
            config,
            specs,
            games,
            seed,
            max_decisions=max_decisions,
            progress=lambda _: progress.advance(task),
        )
        writer = CsvResultWriter(out, config.players) if out is not None else None
        console = stdout()
        console.print(
            f"{info.title} ({config.variant}, {count(config.players, 'player')}): "
            f"{count(games, 'game')}, seeds {seed}–{seed + games - 1}, agents {', '.join(specs)}, "
            f"{workers} process{'es' if workers > 1 else ''} playing"
        )
        if cards is not None:
            console.print(Text(f"Cards from {cards}"), soft_wrap=True)  # a path is never folded
        board = Scoreboard(list(dict.fromkeys(specs)))
        start = time.perf_counter()
        try:
            with progress:
                for result in results:
                    board.add(result)
                    if writer is not None:
                        writer.write(result)
        finally:
            if writer is not None:
                writer.close()
    wall = time.perf_counter() - start
    summary = board.summary()
    for table in summary_tables(summary):
        console.print(table)
    console.print(
        f"Games: {summary.games} ({summary.draws} drawn). Length: {summary.mean_decisions:.1f} "
        f"decisions on average ({summary.min_decisions}–{summary.max_decisions}). "
        f"Time: {summary.mean_seconds:.4f} s per game, {wall:.2f} s in all."
    )
    if out is not None:
        console.print(Text(f"Rows written to {out}"), soft_wrap=True)
