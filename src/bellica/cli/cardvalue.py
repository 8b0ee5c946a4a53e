"""`bellica cardvalue`: what a card is worth, by paired runs with the card and without it."""

from __future__ import annotations

import html
import tempfile
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bellica.cli.params import (
    GameArgument,
    OptionList,
    Players,
    Variant,
    check_output_file,
    parse_options,
)

if TYPE_CHECKING:
    from bellica.arena import GameResult
    from bellica.arena.cardvalue import Comparison
    from bellica.arena.sweep import Planned, SweepFolder
    from bellica.core import GameConfig


def cardvalue(
    game: GameArgument,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help="Comma-separated agent specs, no more than the seats, e.g. greedy,random."
            " Seats rotate from game to game.",
        ),
    ],
    card: Annotated[
        list[str] | None,
        typer.Option(
            "--card",
            help="The card to change: its number (45 or 045) or its name. Repeat it for several"
            " (their intervals corrected for their number, as with --all).",
        ),
    ] = None,
    all_cards: Annotated[
        bool, typer.Option("--all", help="Every card of the set in this configuration.")
    ] = False,
    baseline: Annotated[
        str | None,
        typer.Option(
            "--baseline",
            help="Give the card this card's contents (a card of the same kind, say a vanilla"
            " one of the same cost) instead of removing it. With --all: every card of the"
            " baseline's kind.",
        ),
    ] = None,
    games: Annotated[
        int, typer.Option("--games", "-n", min=2, help="Games per run (the same seeds in each).")
    ] = 200,
    players: Players = None,
    variant: Variant = None,
    option: OptionList = None,
    cards: Annotated[
        Path | None,
        typer.Option("--cards", help="Start from this card file (TOML) instead of the game's."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Game i is seeded seed + i.")] = 0,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", min=1, help="Processes that play (default: one per core)."),
    ] = None,
    correction: Annotated[
        str,
        typer.Option(
            "--correction",
            help="With several cards: holm (family-wise error, the default) or bh"
            " (Benjamini–Hochberg's false discovery rate).",
        ),
    ] = "holm",
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write the table and a forest plot as one HTML file."),
    ] = None,
    csv_out: Annotated[
        Path | None,
        typer.Option(
            "--csv",
            help="Write the table as CSV, one row per card: win rates and Δ in percentage"
            " points, the interval, p and adjusted p, whether it was played.",
        ),
    ] = None,
    keep: Annotated[
        Path | None,
        typer.Option(
            "--keep",
            help="Keep each run's games in this folder as it finishes (one results folder per"
            " run, with its card file); the same command again goes on from where a stopped"
            " sweep stopped.",
        ),
    ] = None,
) -> None:
    """Play the same seeded games with the same agents twice, once with the card set as it is
    and once with a card removed or replaced by a baseline (common random numbers), and show
    the change in win rate with a paired bootstrap 95% interval. The win rate is the first
    agent's, or seat 0's when every agent is the same. --all does it for every card and
    corrects the intervals for the number of cards (docs/lab.md says what this can and cannot
    tell). --keep DIR keeps every run as it finishes, so a long sweep stopped with Ctrl-C
    goes on from there when the same command runs again."""
    from rich.text import Text

    from bellica.arena.card_edits import (
        card_data,
        changed_config,
        entries,
        find,
        removed,
        replaced,
    )
    from bellica.arena.card_edits import written as write_cards
    from bellica.arena.cardvalue import CORRECTIONS, Subject, compare, wins
    from bellica.arena.local import check
    from bellica.arena.match import game_for
    from bellica.arena.sweep import Planned, SweepFolder, run_name
    from bellica.cli.terminal import stdout
    from bellica.core import GameConfig, InvalidConfig
    from bellica.core.cards import CardGame
    from bellica.core.registry import game_info

    if (not card) == (not all_cards):
        raise InvalidConfig("give --card X, or --all for every card (not both)")
    if correction not in CORRECTIONS:
        raise InvalidConfig(f"--correction is one of {', '.join(CORRECTIONS)}, not {correction!r}")
    check_output_file(out, "--out")
    check_output_file(csv_out, "--csv")
    specs = [spec.strip() for spec in agents.split(",")]
    if not all(specs):
        raise InvalidConfig(f"--agents takes comma-separated agent specs, not {agents!r}")
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
    if len(specs) > config.players:
        raise InvalidConfig(
            f"cardvalue plays one matchup: give at most {config.players} agents, not {len(specs)}"
        )
    check(config, specs, games, seed)
    loaded = game_for(config)
    if not isinstance(loaded, CardGame):
        raise InvalidConfig(f"{info.title} has no cards to value")
    data = card_data(loaded)
    base_entry = find(data, baseline) if baseline is not None else None
    unused = loaded.unused_uids()
    in_play = {copy.name for uid, copy in enumerate(loaded.table.copies) if uid not in unused}
    if all_cards:
        targets = [e for e in entries(data) if e.name in in_play and e != base_entry]
        if base_entry is not None:
            targets = [e for e in targets if e.table == base_entry.table]
    else:
        assert card is not None
        targets = []
        for spec in card:
            target = find(data, spec)
            if target.name not in in_play:
                raise InvalidConfig(f"{target.label} is not in play in this configuration")
            if target in targets:
                raise InvalidConfig(f"--card names {target.label} twice")
            targets.append(target)
    console = stdout()
    sweep = None
    if keep is not None:
        settings = {
            "game": config.game,
            "variant": config.variant,
            "players": config.players,
            "options": dict(config.options),
            "agents": specs,
            "games": games,
            "seed": seed,
        }
        sweep = SweepFolder(keep, settings)
    changes: list[tuple[str, str, GameConfig | None]] = []  # None: the card file as it is
    skipped: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory(prefix="bellica-cardvalue-") as folder:
        for i, entry in enumerate(targets):
            if base_entry is None:
                what, change = f"removing {entry.label}", "removed"
                edited = removed(data, entry)
            else:
                what, change = f"{entry.label} as {base_entry.label}", f"as {base_entry.name}"
                edited = replaced(data, entry, base_entry, loaded.card_slot_fields)
            if edited == data:  # nothing to play: its games are the base's, game for game
                changes.append((entry.label, change, None))
                continue
            try:
                path = write_cards(edited, Path(folder), f"cards-{i:03d}.toml")
                changes.append((entry.label, change, changed_config(config, path, what)))
            except InvalidConfig as err:
                if not all_cards:
                    raise
                skipped.append((entry.label, str(err)))
        if not changes:
            raise InvalidConfig(
                "no card could be changed: " + "; ".join(f"{c}: {why}" for c, why in skipped)
            )
        planned = [Planned("base", config, loaded.card_file().read_text(encoding="utf-8"))]
        for label, change, changed in changes:
            if changed is None:
                continue
            name = run_name(label, change)
            while any(p.name == name for p in planned):
                name += "-again"  # two cards of one name and no number
            assert changed.cards is not None
            planned.append(Planned(name, changed, Path(changed.cards).read_text(encoding="utf-8")))
        try:
            runs = _play(planned, specs, games, seed, workers, sweep, option or [])
        except KeyboardInterrupt:
            if keep is None:
                console.print("Stopped with Ctrl-C; --keep DIR keeps each run as it finishes.")
            else:
                console.print(
                    Text(
                        f"Stopped with Ctrl-C: the finished runs are kept in {keep}/, and the "
                        "same command goes on from there."
                    ),
                    soft_wrap=True,
                )
            raise typer.Exit(130) from None
    subject = Subject.of(specs)
    played = iter(runs[1:])
    pairs = [
        (
            label,
            change,
            wins(runs[0], subject),
            wins(runs[0] if c is None else next(played), subject),
        )
        for label, change, c in changes
    ]
    comparisons = compare(pairs, correction=correction, seed=seed)
    console.print(_table(comparisons, subject.label, correction))
    same = _same([label for label, _, c in changes if c is None], loaded.card_slot_fields)
    if same:
        console.print(same, soft_wrap=True)
    for label, why in skipped:
        console.print(f"skipped {label}: {why}", soft_wrap=True)
    if out is not None:
        page = _page(comparisons, subject.label, correction, skipped, same)
        out.write_text(page, encoding="utf-8")
        console.print(Text(f"Written to {out}"), soft_wrap=True)
    if csv_out is not None:
        not_played = {label for label, _, c in changes if c is None}
        csv_out.write_text(_csv(comparisons, not_played), encoding="utf-8")
        console.print(Text(f"Written to {csv_out}"), soft_wrap=True)
    if keep is not None:
        console.print(
            Text(f"Each run's games in {keep}/ (base, and one folder per card: bellica report)"),
            soft_wrap=True,
        )


def _play(
    runs: list[Planned],
    agents: list[str],
    games: int,
    seed: int,
    workers: int | None,
    sweep: SweepFolder | None,
    options: list[str],
) -> list[list[GameResult]]:
    """Every run's results, the base first, on one pool of processes, with a progress bar;
    with a sweep folder, a run it holds whole is read back and the others are kept as they
    are played (no pool starts when it holds them all)."""
    from bellica.arena import default_workers
    from bellica.arena.local import LocalPool
    from bellica.cli.terminal import progress_bar

    kept = [None if sweep is None else sweep.finished(run, games) for run in runs]
    left = sum(run is None for run in kept)
    results: list[list[GameResult]] = []
    progress = progress_bar()
    task = progress.add_task("games", total=games * len(runs))
    pool = (
        LocalPool(min(workers or default_workers(), games * left), runs[0].config.game)
        if left
        else None
    )
    with progress, pool or nullcontext():

        def play(config: GameConfig) -> Iterator[GameResult]:
            assert pool is not None  # only runs the folder does not hold are played
            return pool.run(config, agents, games, seed, progress=lambda _: progress.advance(task))

        for run, finished in zip(runs, kept, strict=True):
            if finished is not None:
                results.append(finished)
                progress.advance(task, games)
            elif sweep is None:
                results.append(list(play(run.config)))
            else:
                results.append(_kept(sweep, run, play, agents, games, seed, options))
    return results


def _kept(
    sweep: SweepFolder,
    run: Planned,
    play: Callable[[GameConfig], Iterator[GameResult]],
    agents: list[str],
    games: int,
    seed: int,
    options: list[str],
) -> list[GameResult]:
    """A run played into its own results folder in the sweep's, game by game."""
    from bellica.arena.local import check
    from bellica.cli.simulate import held_interrupts, simulate_command

    folder = sweep.path / run.name

    def command(played: GameConfig) -> str:
        cards = None if played.cards is None else Path(played.cards)
        return simulate_command(
            played.game, agents, games, seed, played.players, played.variant, options, cards,
            folder, False,
        )  # fmt: skip

    writer, config = sweep.start(run, check(run.config, agents, games, seed), command)
    done: list[GameResult] = []
    with writer:
        for result in play(config):
            with held_interrupts():  # a game is in the folder and the tally, or in neither
                writer.add(result)
                done.append(result)
    return done


def _points(value: float) -> str:
    return f"{100 * value:+.1f}"


def _rows(comparisons: list[Comparison]) -> list[tuple[str, ...]]:
    ordered = sorted(comparisons, key=lambda c: c.delta)
    return [
        (
            c.card,
            c.change,
            f"{100 * c.base:.1f}%",
            f"{100 * c.changed:.1f}%",
            _points(c.delta),
            f"{_points(c.low)} – {_points(c.high)}",
            f"{c.p:.4f}",
            f"{c.adjusted:.4f}",
            "yes" if c.significant else "",
        )
        for c in ordered
    ]


CSV_COLUMNS = (
    "card",
    "change",
    "games",
    "win_rate",
    "changed",
    "delta_points",
    "low_points",
    "high_points",
    "p",
    "adjusted_p",
    "significant",
    "played",
)


def _csv(comparisons: list[Comparison], not_played: set[str]) -> str:
    """The table for a spreadsheet or a later merge, in the table's order (by Δ)."""
    import csv
    import io

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for c in sorted(comparisons, key=lambda c: c.delta):
        writer.writerow(
            [
                c.card,
                c.change,
                c.games,
                f"{100 * c.base:.2f}",
                f"{100 * c.changed:.2f}",
                f"{100 * c.delta:.2f}",
                f"{100 * c.low:.2f}",
                f"{100 * c.high:.2f}",
                f"{c.p:.4f}",
                f"{c.adjusted:.4f}",
                "yes" if c.significant else "no",
                "no" if c.card in not_played else "yes",
            ]
        )
    return text.getvalue()


COLUMNS = (
    "card",
    "change",
    "win rate",
    "changed",
    "Δ points",
    "interval",
    "p",
    "adjusted p",
    "significant",
)


def _same(labels: list[str], slot: tuple[str, ...]) -> str:
    """Why some changes were not played: they leave the card file as it is."""
    from bellica.arena.card_edits import IDENTITY

    if not labels:
        return ""
    kept = ", ".join(key for key in (*IDENTITY, *slot) if key != "provisional")
    return (
        f"Not played, as the card file stays the same: {', '.join(labels)} (a changed card keeps "
        f"its {kept}, and these differ from the baseline in nothing else), so their games are the "
        "set's as it is and their change is exactly 0."
    )


def _note(comparisons: list[Comparison], subject: str, correction: str) -> str:
    first = comparisons[0]
    level = f"{100 * first.level:.2f}".rstrip("0").rstrip(".")
    if len(comparisons) == 1:
        how = f"a paired bootstrap {level}% interval"
    else:
        name = "Holm" if correction == "holm" else "Benjamini–Hochberg"
        how = (
            f"paired bootstrap intervals at {level}% each ({name}'s correction for "
            f"{len(comparisons)} cards; adjusted p-values are {name}'s)"
        )
    return (
        f"The change in {subject} over {first.games} paired games (the same seeds and agents), "
        f"with {how}. Δ is the changed set's win rate minus the set's as it is; * marks a "
        "change the correction still finds."
    )


def _table(comparisons: list[Comparison], subject: str, correction: str) -> object:
    from rich.table import Table

    table = Table(title="What each card is worth", caption=_note(comparisons, subject, correction))
    table.add_column("card")
    table.add_column("change")
    table.add_column("win rate → changed", justify="right", no_wrap=True)
    table.add_column("Δ points", justify="right", no_wrap=True)
    table.add_column("interval", justify="right", no_wrap=True)
    table.add_column("adjusted p" if len(comparisons) > 1 else "p", justify="right")
    for card, change, base, changed, delta, interval, p, adjusted, flag in _rows(comparisons):
        shown_p = adjusted if len(comparisons) > 1 else p
        table.add_row(
            card, change, f"{base} → {changed}", delta, interval, shown_p + (" *" if flag else "")
        )
    return table


def _page(
    comparisons: list[Comparison],
    subject: str,
    correction: str,
    skipped: list[tuple[str, str]],
    same: str,
) -> str:
    from bellica.arena.cardvalue import forest_plot
    from bellica.arena.report import STYLE

    head = "".join(f"<th>{html.escape(name)}</th>" for name in COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>"
        for row in _rows(comparisons)
    )
    left_out = "".join(f"<li>{html.escape(c)}: {html.escape(w)}</li>" for c, w in skipped)
    return "\n".join(
        [
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
            f"<title>What each card is worth</title><style>{STYLE}</style></head><body>",
            "<h1>What each card is worth</h1>",
            f"<p class='note'>{html.escape(_note(comparisons, subject, correction))}</p>",
            forest_plot(comparisons, subject),
            f"<table><tr>{head}</tr>{body}</table>",
            f"<p class='note'>{html.escape(same)}</p>" if same else "",
            f"<h2>Cards left out</h2><ul>{left_out}</ul>" if skipped else "",
            "<p class='note'>What this can and cannot tell: docs/lab.md.</p></body></html>",
        ]
    )
