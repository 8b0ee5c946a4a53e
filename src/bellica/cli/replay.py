"""`bellica replay`: check that a record replays and print its moves and outcome."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


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
    from rich.text import Text

    from bellica.cli.terminal import count, seat_name, show_board, show_outcome, stdout
    from bellica.core import Action, InvalidConfig, Record
    from bellica.core import replay as replay_record

    record = Record.load(file)
    moves: list[tuple[int | None, Action]] = []
    state = replay_record(record, on_move=lambda mover, action: moves.append((mover, action)))
    game = state.game
    if seat is not None and not 0 <= seat < game.players:
        raise InvalidConfig(f"--seat must be 0 to {game.players - 1}, not {seat}")
    labels: list[str] | None = None
    agents = record.meta.get("agents")
    if isinstance(agents, list) and len(agents) == game.players:
        labels = [str(agent) for agent in agents]
    console = stdout()
    console.print(
        Text(
            f"{game.info.title} ({game.variant}, {count(game.players, 'player')}), "
            f"seed {record.seed}, {len(moves)} moves",
            style="bold",
        )
    )
    width = len(str(len(moves)))
    for number, (mover, action) in enumerate(moves, start=1):
        who = "chance" if mover is None else seat_name(state, mover, labels)
        console.print(Text(f"{number:>{width}}. {who}: {action}"))
    if seat is not None:
        show_board(console, game, state, seat)
    if state.is_terminal:
        show_outcome(console, state, labels)
    else:
        to_play = seat_name(state, state.current_player or 0, labels)
        console.print(f"Game not finished: {to_play} to play.")
