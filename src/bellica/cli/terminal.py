"""What the terminal commands print alike: consoles, progress, a board, seat names, outcomes."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from bellica.core import Game, State


def stdout() -> Console:
    return Console(highlight=False)


def stderr() -> Console:
    return Console(stderr=True, highlight=False)


class RateColumn(ProgressColumn):
    """How many items a second the task finishes ("12.5 games/s"), once it has a rate."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if speed is None:
            return Text(f"– {self.unit}/s", style="progress.data.speed")
        shown = f"{speed:.1f}" if speed < 100 else f"{speed:,.0f}"
        return Text(f"{shown} {self.unit}/s", style="progress.data.speed")


def progress_bar(unit: str = "games") -> Progress:
    """A bar on stderr with counts, the rate, the time spent and an estimate of the time left,
    drawn only when stderr is a terminal."""
    errors = stderr()
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(unit),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    )


def count(number: int, noun: str) -> str:
    """ "1 player", "2 players"."""
    return f"{number} {noun}" + ("" if number == 1 else "s")


def seat_name(state: State, seat: int, labels: Sequence[str] | None) -> str:
    """A seat as the game names it ("the attacker", "Athens", "Seat 1"), with who plays it
    when the seats have labels ("the defender (greedy)")."""
    name = state.seat_label(seat)
    if labels is not None and 0 <= seat < len(labels):
        return f"{name} ({labels[seat]})"
    return name


def show_board(console: Console, game: Game, state: State, seat: int) -> None:
    """The game's drawing of what `seat` sees (never more)."""
    console.print(game.render(state.observation(seat)), markup=False)


def show_outcome(console: Console, state: State, labels: Sequence[str] | None) -> None:
    """How a finished game ended: the reason, the winners and the scores."""
    outcome = state.outcome()
    console.print(Text(f"Game over: {outcome.reason}.", style="bold"))
    if outcome.winners:
        names = ", ".join(seat_name(state, seat, labels) for seat in outcome.winners)
        console.print(f"Winner{'s' if len(outcome.winners) > 1 else ''}: {names}")
    else:
        console.print("Draw: nobody wins.")
    if outcome.scores:
        scores = ", ".join(
            f"{seat_name(state, seat, labels)} {score:g}"
            for seat, score in enumerate(outcome.scores)
        )
        console.print(f"Scores: {scores}")
