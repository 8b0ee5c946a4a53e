"""`bellica simulate`: seeded AI-vs-AI games on the local cores, a summary and CSV rows."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bellica.cli.params import GameArgument, OptionList, Players, Variant, parse_options

if TYPE_CHECKING:
    from bellica.arena import GameResult, Keep
    from bellica.core import GameConfig


def simulate(
    game: GameArgument,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help="Comma-separated agent specs, e.g. random,greedy or greedy,mcts:iterations=800."
            " Seats rotate from game to game. More agents than seats: a round robin of every"
            " group of them.",
        ),
    ],
    games: Annotated[
        int,
        typer.Option(
            "--games", "-n", min=1, help="Number of games to play (per matchup in a round robin)."
        ),
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
        Path | None,
        typer.Option(
            "--out",
            help="Write the results folder here: Parquet rows per game, per seat, per round and"
            " per card copy, and run.json (needs the lab extra: pip install 'bellica[lab]').",
        ),
    ] = None,
    records: Annotated[
        bool,
        typer.Option(
            "--records", help="Keep each game's record in the results folder (with --out)."
        ),
    ] = False,
    csv_out: Annotated[
        Path | None, typer.Option("--csv", help="Write one CSV row per game to this file.")
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
    backend: Annotated[
        str,
        typer.Option(
            "--backend",
            help="local: this machine's cores; ray: a Ray cluster (pip install 'bellica[ray]').",
        ),
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            "--address",
            help="With --backend ray: the cluster to join (host:port, or auto); without it a"
            " Ray of --workers CPUs starts on this machine.",
        ),
    ] = None,
) -> None:
    """Play seeded AI-vs-AI games on all local cores and summarize the results.

    Game i uses seed + i and rotates the agents one seat further, so every agent sits in
    every seat equally often; the results are the same for any number of workers. With more
    agents than seats every group of them plays its own --games games on the same seeds (a
    round robin), and a matchup table follows. Game options are given as `-o key=value`;
    `bellica list GAME` shows them. `--cards` plays with a designer's own card file. Ctrl-C
    stops the run and keeps the games played so far.
    """
    from rich.text import Text

    from bellica.arena import CsvResultWriter, GameConfig, Scoreboard, default_workers
    from bellica.arena.local import START_METHOD, check
    from bellica.arena.match import Keep, game_for
    from bellica.arena.results import ResultsFolder
    from bellica.arena.tables import summary_tables
    from bellica.cli.terminal import count, progress_bar, stdout
    from bellica.core import InvalidConfig
    from bellica.core.registry import game_info

    if backend not in ("local", "ray"):
        raise InvalidConfig(f"--backend is local or ray, not {backend!r}")
    if address is not None and backend != "ray":
        raise InvalidConfig("--address names a Ray cluster: give --backend ray as well")
    specs = [spec.strip() for spec in agents.split(",")]
    if not all(specs):
        raise InvalidConfig(f"--agents takes comma-separated agent specs, not {agents!r}")
    if records and out is None:
        raise InvalidConfig("--records keeps the records in the results folder: give --out DIR")
    info = game_info(game)
    if players is None and len(specs) in info.allowed_players(variant):
        players = len(specs)
    config = GameConfig.create(
        game,
        players=players,
        variant=variant,
        options=parse_options(option),
        cards=None if cards is None else str(cards.resolve()),
    )
    schedule = check(config, specs, games, seed)
    total = schedule.total
    if backend == "ray":
        from bellica.arena.ray_backend import connect

        cluster_cpus = connect(address, workers)
        playing = f"on a Ray cluster of {count(cluster_cpus, 'CPU')}"
    else:
        workers = min(workers or default_workers(), total)
        playing = f"{workers} process{'es' if workers > 1 else ''} playing"
    folder = (
        ResultsFolder(
            out,
            config,
            schedule,
            records=records,
            workers=cluster_cpus if backend == "ray" else (workers or 1),
            command=simulate_command(
                game,
                specs,
                games,
                seed,
                config.players,
                config.variant,
                option or [],
                cards,
                out,
                records,
            ),
        )
        if out is not None
        else None
    )
    if START_METHOD == "fork" and backend == "local":
        game_for(config)  # loaded once here: forked helpers start with it, ready to play
    console = stdout()
    board = Scoreboard(list(schedule.agents))
    writer = CsvResultWriter(csv_out, config.players) if csv_out is not None else None
    start = time.perf_counter()
    stopped = False
    try:
        with ExitStack() as stack:
            progress = progress_bar()
            task = progress.add_task("games", total=total)
            results, stop = _games(
                stack,
                backend,
                config,
                specs,
                games,
                seed,
                workers=workers,
                address=address,
                max_decisions=max_decisions,
                keep=Keep(records=records, trajectories=out is not None, cards=out is not None),
                progress=lambda _: progress.advance(task),
            )
            matchups = (
                f"a round robin of {count(len(schedule.matchups), 'matchup')}, "
                f"{count(games, 'game')} each"
                if schedule.round_robin
                else count(games, "game")
            )
            console.print(
                f"{info.title} ({config.variant}, {count(config.players, 'player')}): "
                f"{matchups}, seeds {seed}–{seed + games - 1}, agents {', '.join(specs)}, "
                f"{playing}"
            )
            if cards is not None:
                console.print(Text(f"Cards from {cards}"), soft_wrap=True)  # never folded
            try:
                with progress:
                    for result in results:
                        with held_interrupts():  # a game is counted everywhere or nowhere
                            board.add(result)
                            if writer is not None:
                                writer.write(result)
                            if folder is not None:
                                folder.add(result)
            except KeyboardInterrupt:
                stopped = True
                stop()
    except BaseException:
        if folder is not None:
            folder.close("failed")
        raise
    finally:
        if writer is not None:
            writer.close()
    if folder is not None:
        folder.close("stopped" if stopped else "complete")
    wall = time.perf_counter() - start
    summary = board.summary()
    if stopped:
        console.print(
            f"Stopped with Ctrl-C after {summary.games} of {count(total, 'game')}; "
            "the games played so far are kept and summed up below."
        )
    for table in summary_tables(summary):
        console.print(table)
    console.print(
        f"Games: {summary.games} ({summary.draws} drawn). Length: {summary.mean_decisions:.1f} "
        f"decisions on average ({summary.min_decisions}–{summary.max_decisions}). "
        f"Time: {summary.mean_seconds:.4f} s per game, {wall:.2f} s in all."
    )
    if csv_out is not None:
        console.print(Text(f"Rows written to {csv_out}"), soft_wrap=True)
    if folder is not None:
        console.print(
            Text(f"Results in {out}/ (games, seats, rounds and cards .parquet, run.json)"),
            soft_wrap=True,
        )
    if stopped:
        raise typer.Exit(130)


def simulate_command(
    game: str,
    agents: list[str],
    games: int,
    seed: int,
    players: int,
    variant: str,
    options: list[str],
    cards: Path | None,
    out: Path,
    records: bool,
) -> str:
    """The command that plays the same games again (workers aside), for run.json."""
    import shlex

    words = ["bellica", "simulate", game, "--agents", ",".join(agents), "--games", str(games)]
    words += ["--seed", str(seed), "--players", str(players), "--variant", variant]
    for option in options:
        words += ["-o", option]
    if cards is not None:
        words += ["--cards", str(cards)]
    words += ["--out", str(out)] + (["--records"] if records else [])
    return shlex.join(words)


def _games(
    stack: ExitStack,
    backend: str,
    config: GameConfig,
    agents: list[str],
    games: int,
    seed: int,
    *,
    workers: int | None,
    address: str | None,
    max_decisions: int,
    keep: Keep,
    progress: Callable[[GameResult], None],
) -> tuple[Iterator[GameResult], Callable[[], None]]:
    """The run's results as they come, from the local pool (entered on `stack`) or Ray, and
    how to stop it at once (Ctrl-C): the games under way are abandoned."""
    if backend == "ray":
        from bellica.arena.ray_backend import run_ray

        on_ray = run_ray(
            config,
            agents,
            games,
            seed,
            address=address,
            cpus=workers,
            max_decisions=max_decisions,
            progress=progress,
            keep=keep,
        )
        return on_ray, on_ray.close  # closing cancels the tasks under way
    from bellica.arena.local import LocalPool

    pool = stack.enter_context(LocalPool(workers or 1, config.game))
    results = pool.run(
        config,
        agents,
        games,
        seed,
        max_decisions=max_decisions,
        progress=progress,
        keep=keep,
    )
    return results, lambda: pool.close(now=True)


@contextmanager
def held_interrupts() -> Iterator[None]:
    """Ctrl-C held back until the block is done, then raised: a run stopped while a game's
    rows are written keeps that game whole in the tally, the CSV and the results folder
    alike, or not at all."""
    caught: list[int] = []
    previous = signal.getsignal(signal.SIGINT)
    if previous is None or threading.current_thread() is not threading.main_thread():
        yield  # a handler set outside Python, or a thread that may not set one
        return
    signal.signal(signal.SIGINT, lambda number, _: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught and previous is not signal.SIG_IGN:
            signal.raise_signal(signal.SIGINT)  # the handler as it was: KeyboardInterrupt
