"""The `bellica` command: list games, play one in the terminal, simulate AI games, replay, rules."""

from __future__ import annotations

import json
import secrets
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.columns import Columns
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

import bellica
from bellica.arena import (
    CsvResultWriter,
    GameSetup,
    MatchError,
    Scoreboard,
    Summary,
    Tally,
    agent_seed,
    default_workers,
    run_local,
)
from bellica.core import (
    Action,
    BellicaError,
    Game,
    IllegalAction,
    InvalidConfig,
    Record,
    SeatView,
    State,
    game_class,
    load,
)
from bellica.core import games as all_games

try:  # typer >= 0.2x ships its own copy of click
    from typer._click.exceptions import ClickException, NoArgsIsHelpError
except ImportError:  # pragma: no cover - older typer on top of click
    from click.exceptions import ClickException, NoArgsIsHelpError  # type: ignore

if TYPE_CHECKING:
    from bellica.agents import Agent


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(f"error: {_one_line(message)}", err=True)
    sys.exit(code)


class _BellicaGroup(TyperGroup):
    """The command group, changed so that every error ends as one line on stderr."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            result = super().main(
                args=args,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
        except NoArgsIsHelpError as shown:
            text = shown.format_message()
            if text:
                typer.echo(text)
            sys.exit(0)
        except ClickException as err:
            ctx = getattr(err, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            typer.echo(f"error: {_one_line(err.format_message())}{hint}", err=True)
            sys.exit(err.exit_code)
        except typer.Abort:
            typer.echo("error: aborted", err=True)
            sys.exit(1)
        except BellicaError as err:
            _fail(str(err))
        except OSError as err:
            _fail(str(err))
        sys.exit(result if isinstance(result, int) else 0)


app = typer.Typer(
    name="bellica",
    cls=_BellicaGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)


def _stdout() -> Console:
    return Console(highlight=False)


def _stderr() -> Console:
    return Console(stderr=True, highlight=False)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"bellica {bellica.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Play, simulate and replay the bellica war games.

    Start with `bellica list`; then, for example, `bellica play imperio-bellum --vs greedy`,
    `bellica simulate imperio-bellum --games 1000 --agents random,greedy --out runs.csv` or
    `bellica replay records/<file>.json`.
    """


# -- shared option parsing ---------------------------------------------------------------


def _parse_options(items: Sequence[str] | None) -> dict[str, Any]:
    """`key=value` game options; a value that reads as JSON (3, true, 0.5) is taken as such."""
    options: dict[str, Any] = {}
    for item in items or ():
        key, equals, text = item.partition("=")
        key = key.strip()
        if not equals or not key:
            raise InvalidConfig(f"--option takes key=value, not {item!r}")
        try:
            value: Any = json.loads(text)
        except ValueError:
            value = text
        options[key] = value
    return options


def _players_label(counts: Sequence[int]) -> str:
    counts = list(counts)
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(map(str, counts))


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as key=value; repeat for more."),
]
Players = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of players (default: the game's).")
]
Variant = Annotated[
    str | None, typer.Option("--variant", help="Rules variant (default: the game's first).")
]


# -- bellica list ------------------------------------------------------------------------


@app.command("list")
def list_games() -> None:
    """List the games: id, title, player counts, variants and options."""
    table = Table(title="bellica games")
    table.add_column("id", style="bold cyan", no_wrap=True)
    table.add_column("title")
    table.add_column("players", justify="center")
    table.add_column("variants")
    table.add_column("options")
    for info in all_games():
        table.add_row(
            info.id,
            info.title,
            _players_label(info.allowed_players()),
            ", ".join(info.variants),
            ", ".join(info.options.keys()) or "—",
        )
    _stdout().print(table)


# -- bellica rules -----------------------------------------------------------------------


@app.command()
def rules(
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="Game id, as `bellica list` shows it.")
    ],
) -> None:
    """Show a game's rules summary and rulings."""
    loaded = load(game)
    _stdout().print(Markdown(loaded.rules_text()))


# -- bellica play ------------------------------------------------------------------------


class _Stop(Exception):
    """The human stopped the game (typed q, or the input ended)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _choose(text: str, legal: Sequence[Action]) -> Action | str:
    """The action a typed answer names: its number, its text, or a unique start of its text
    (case-insensitive); else a message saying what was wrong."""
    answer = text.strip()
    if not answer:
        return f"type a number from 1 to {len(legal)}, or an action's text"
    if answer.isdigit():
        number = int(answer)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        return f"there is no action {number}; choose 1 to {len(legal)}"
    folded = answer.casefold()
    for action in legal:
        if str(action).casefold() == folded:
            return action
    starts = [action for action in legal if str(action).casefold().startswith(folded)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        shown = ", ".join(repr(str(action)) for action in starts[:4])
        more = f" and {len(starts) - 4} more" if len(starts) > 4 else ""
        return f"{answer!r} could be {shown}{more}; type more of it, or its number"
    return f"no legal action matches {answer!r}; type its number or its text"


def _show_actions(console: Console, legal: Sequence[Action]) -> None:
    width = len(str(len(legal)))
    items = [Text(f"{n:>{width}}. {action}") for n, action in enumerate(legal, start=1)]
    console.print(Columns(items, padding=(0, 3), equal=True, column_first=True))


def _show_board(console: Console, game: Game, state: State, seat: int) -> None:
    drawing = game.render(state.observation(seat))
    console.print(drawing, markup=False)


def _ask(console: Console, game: Game, state: State, seat: int) -> Action:
    """The human's decision, read from stdin; raises _Stop on q/quit or end of input."""
    legal = state.legal_actions()
    console.rule(f"Move {state.move_count + 1} · your turn (seat {seat})")
    _show_board(console, game, state, seat)
    _show_actions(console, legal)
    while True:
        try:
            answer = console.input("[bold]Your choice[/] (number or text, ? for help, q to quit): ")
        except EOFError:
            console.print()
            raise _Stop("the input ended") from None
        except KeyboardInterrupt:
            console.print()
            raise _Stop("interrupted") from None
        word = answer.strip().casefold()
        if word in ("q", "quit") and not any(str(a).casefold() == word for a in legal):
            raise _Stop("you stopped the game")
        if word in ("?", "help"):
            console.print(
                "Type an action's number, its text, or the start of its text. "
                "'board' draws the board again, 'q' stops and saves the game.",
                soft_wrap=True,
            )
            _show_actions(console, legal)
            continue
        if word == "board":
            _show_board(console, game, state, seat)
            _show_actions(console, legal)
            continue
        choice = _choose(answer, legal)
        if isinstance(choice, Action):
            return choice
        console.print(Text(choice, style="yellow"))


def _ai_move(console: Console, state: State, seat: int, agent: Agent, players: int) -> Action:
    view = SeatView(state, seat)
    if console.is_terminal:
        with console.status(f"AI ({agent.name}) is thinking…"):
            action = agent.act(view)
    else:
        action = agent.act(view)
    try:
        state.apply(action)
    except IllegalAction as err:
        raise MatchError(f"AI ({agent.name}) chose an illegal action: {err}") from None
    who = f"AI ({agent.name})" if players == 2 else f"AI seat {seat} ({agent.name})"
    console.print(Text(f"{who} plays: {action}", style="magenta"))
    return action


def _show_events(console: Console, state: State, seat: int) -> None:
    """What the last action caused (dice rolled, pieces lost), as the game tells it."""
    for event in state.events():
        console.print(Text(f"  {event.text_for(seat)}", style="yellow"))


def _count(number: int, noun: str) -> str:
    """ "1 player", "2 players"."""
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _record_path(directory: Path, game_id: str, seed: int) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = directory / f"{game_id}-{seed}-{stamp}.json"
    number = 2
    while path.exists():
        path = directory / f"{game_id}-{seed}-{stamp}-{number}.json"
        number += 1
    return path


def _seat_name(seat: int, labels: Sequence[str] | None) -> str:
    if labels is not None and 0 <= seat < len(labels):
        return f"seat {seat} ({labels[seat]})"
    return f"seat {seat}"


def _show_outcome(console: Console, state: State, labels: Sequence[str] | None) -> None:
    outcome = state.outcome()
    console.print(Text(f"Game over: {outcome.reason}.", style="bold"))
    if outcome.winners:
        names = ", ".join(_seat_name(seat, labels) for seat in outcome.winners)
        console.print(f"Winner{'s' if len(outcome.winners) > 1 else ''}: {names}")
    else:
        console.print("Draw: nobody wins.")
    if outcome.scores:
        scores = ", ".join(
            f"{_seat_name(seat, labels)} {score:g}" for seat, score in enumerate(outcome.scores)
        )
        console.print(f"Scores: {scores}")


@app.command()
def play(
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="Game id, as `bellica list` shows it.")
    ],
    players: Players = None,
    variant: Variant = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat; seat 0 moves first.")] = 0,
    vs: Annotated[
        str,
        typer.Option(
            "--vs", help="The AI for every other seat: random, greedy, mcts:seconds=1, ..."
        ),
    ] = "greedy",
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the game (default: a random one).")
    ] = None,
    option: OptionList = None,
    record_dir: Annotated[
        Path, typer.Option("--record-dir", help="Where the game record is saved.")
    ] = Path("records"),
) -> None:
    """Play a game in the terminal against AI opponents.

    Each turn shows your view of the board and the numbered legal actions: type a number, an
    action's text or its start. Type q to stop. The game is saved as a record for
    `bellica replay`.
    """
    from bellica.agents import make_agent

    loaded = load(game, players=players, variant=variant, options=_parse_options(option))
    if not 0 <= seat < loaded.players:
        raise InvalidConfig(f"--seat must be 0 to {loaded.players - 1}, not {seat}")
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    agents = {
        other: make_agent(vs, seed=agent_seed(seed, other))
        for other in range(loaded.players)
        if other != seat
    }
    record_dir.mkdir(parents=True, exist_ok=True)
    labels = ["you" if s == seat else agents[s].name for s in range(loaded.players)]
    console = _stdout()
    others = ", ".join(f"seat {s}: {labels[s]}" for s in range(loaded.players) if s != seat)
    count = _count(loaded.players, "player")
    console.print(
        Text(
            f"{loaded.info.title} ({loaded.variant}, {count}), seed {seed}. "
            + (f"You are seat {seat}; {others}." if others else "You play alone."),
            style="bold",
        )
    )
    state = loaded.new_game(seed=seed)
    stopped: str | None = None
    try:
        while not state.is_terminal:
            current = state.current_player
            assert current is not None
            if current == seat:
                action = _ask(console, loaded, state, seat)
                state.apply(action)
                console.print(Text(f"You play: {action}", style="green"))
            else:
                _ai_move(console, state, current, agents[current], loaded.players)
            _show_events(console, state, seat)
    except _Stop as stop:
        stopped = stop.why
    except KeyboardInterrupt:
        stopped = "interrupted"
    finally:
        record = state.record()
        record.meta = {
            "agents": ["human" if s == seat else labels[s] for s in range(loaded.players)],
            "human_seat": seat,
            "finished": state.is_terminal,
        }
        path = record.save(_record_path(record_dir, loaded.id, seed))
    console.rule("End")
    _show_board(console, loaded, state, seat)
    if stopped is None:
        _show_outcome(console, state, labels)
    else:
        console.print(f"Stopped after {state.move_count} moves ({stopped}); game not finished.")
    console.print(Text(f"Record saved: {path}"), soft_wrap=True)


# -- bellica simulate --------------------------------------------------------------------


def _summary_tables(summary: Summary) -> list[Table]:
    return [
        _tally_table("Agents (a seat's game each)", "agent", summary.agents, with_games=True),
        _tally_table("Seats", "seat", summary.seats, with_games=False),
    ]


def _tally_table(title: str, label: str, tallies: Sequence[Tally], with_games: bool) -> Table:
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
            _percent(tally.win_rate),
            f"{_percent(low)} – {_percent(high)}",
        )
    return table


@app.command()
def simulate(
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="Game id, as `bellica list` shows it.")
    ],
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
        typer.Option("--workers", "-w", min=1, help="Worker processes (default: all cores)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Game i is seeded seed + i.")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write one CSV row per game to this file.")
    ] = None,
    option: OptionList = None,
    max_decisions: Annotated[
        int,
        typer.Option("--max-decisions", min=1, help="Stop with an error if a game runs longer."),
    ] = 100_000,
) -> None:
    """Play seeded AI-vs-AI games on all local cores and summarize the results.

    Game i uses seed + i and rotates the agents one seat further, so every agent sits in
    every seat equally often; the results are the same for any number of workers.
    """
    specs = [spec.strip() for spec in agents.split(",")]
    if not all(specs):
        raise InvalidConfig(f"--agents takes comma-separated agent specs, not {agents!r}")
    if players is None and len(specs) in game_class(game).info.allowed_players():
        players = len(specs)
    setup = GameSetup.create(game, players=players, variant=variant, options=_parse_options(option))
    workers = min(workers or default_workers(), games)
    errors = _stderr()
    progress = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    )
    task = progress.add_task("games", total=games)
    results = run_local(
        setup,
        specs,
        games,
        seed,
        workers=workers,
        max_decisions=max_decisions,
        progress=lambda _: progress.advance(task),
    )
    writer = CsvResultWriter(out, setup.players) if out is not None else None
    console = _stdout()
    title = game_class(game).info.title
    console.print(
        f"{title} ({setup.variant}, {_count(setup.players, 'player')}): {games} games, "
        f"seeds {seed}–{seed + games - 1}, agents {', '.join(specs)}, {workers} worker"
        f"{'s' if workers > 1 else ''}"
    )
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
    for table in _summary_tables(summary):
        console.print(table)
    console.print(
        f"Games: {summary.games} ({summary.draws} drawn). Length: {summary.mean_decisions:.1f} "
        f"decisions on average ({summary.min_decisions}–{summary.max_decisions}). "
        f"Time: {summary.mean_seconds:.4f} s per game, {wall:.2f} s in all."
    )
    if out is not None:
        console.print(Text(f"Rows written to {out}"), soft_wrap=True)


# -- bellica replay ----------------------------------------------------------------------


def _replay_steps(record: Record) -> tuple[Game, State, list[tuple[int | None, Action]]]:
    """The game, final state and (seat, action) of each move of a record (InvalidRecord)."""
    moves: list[tuple[int | None, Action]] = []
    state = bellica.replay(record, on_move=lambda seat, action: moves.append((seat, action)))
    return state.game, state, moves


@app.command()
def replay(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A game record (JSON), e.g. from `bellica play`.")
    ],
    seat: Annotated[
        int | None,
        typer.Option("--seat", help="Also draw the final position as this seat sees it."),
    ] = None,
) -> None:
    """Replay a game record: every move with who played it, then the outcome."""
    record = Record.load(file)
    game, state, moves = _replay_steps(record)
    if seat is not None and not 0 <= seat < game.players:
        raise InvalidConfig(f"--seat must be 0 to {game.players - 1}, not {seat}")
    labels: list[str] | None = None
    agents = record.meta.get("agents")
    if isinstance(agents, list) and len(agents) == game.players:
        labels = [str(agent) for agent in agents]
    console = _stdout()
    console.print(
        Text(
            f"{game.info.title} ({game.variant}, {_count(game.players, 'player')}), "
            f"seed {record.seed}, {len(moves)} moves",
            style="bold",
        )
    )
    width = len(str(len(moves)))
    for number, (mover, action) in enumerate(moves, start=1):
        who = "chance" if mover is None else _seat_name(mover, labels)
        console.print(Text(f"{number:>{width}}. {who}: {action}"))
    if seat is not None:
        _show_board(console, game, state, seat)
    if state.is_terminal:
        _show_outcome(console, state, labels)
    else:
        console.print(
            f"Game not finished: {_seat_name(state.current_player or 0, labels)} to play."
        )


def _default_db() -> Path:
    from platformdirs import user_data_path

    return user_data_path("bellica") / "games.sqlite3"


def _check_port_free(host: str, port: int) -> None:
    """Fail with one line when the address cannot be served (uvicorn would log a traceback)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as err:
        _fail(f"cannot serve on host {host!r}: {err.strerror}")
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as err:
            _fail(f"cannot serve on {host}:{port}: {err.strerror or err}")


@app.command()
def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on; 0.0.0.0 lets your network in.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="TCP port.")] = 8000,
    db: Annotated[
        Path | None,
        typer.Option("--db", help="SQLite file of stored games [default: user data directory]."),
    ] = None,
    ai_workers: Annotated[
        int | None,
        typer.Option(
            "--ai-workers", min=1, help="Processes that think for AI seats [default: cores]."
        ),
    ] = None,
) -> None:
    """Serve the browser client: a lobby, live tables, stored games that survive restarts."""
    import uvicorn

    from bellica.server import create_app

    path = db if db is not None else _default_db()
    if path.is_dir():
        _fail(f"--db {path} is a directory; give a file name such as {path / 'games.sqlite3'}")
    _check_port_free(host, port)
    shown = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        shown = "127.0.0.1"
    typer.echo(f"bellica is serving at http://{shown}:{port}/  (games stored in {path})")
    typer.echo("Open that address in a browser; press Ctrl+C to stop.")
    uvicorn.run(create_app(path, ai_workers), host=host, port=port, log_level="warning")


def main() -> None:
    """The console entry point."""
    app(prog_name="bellica")


if __name__ == "__main__":
    main()
