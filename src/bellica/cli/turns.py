"""The turns of a terminal game: a human's decision typed in, an AI seat's move announced."""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from bellica.agents import Agent
from bellica.arena import MatchError
from bellica.cli.terminal import show_board
from bellica.core import Action, Game, IllegalAction, SeatView, State


class Stop(Exception):
    """The human stopped the game (typed q, or the input ended)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def choose(text: str, legal: Sequence[Action]) -> Action | str:
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


def show_actions(console: Console, legal: Sequence[Action]) -> None:
    """The legal actions, numbered from 1, in columns."""
    width = len(str(len(legal)))
    items = [Text(f"{n:>{width}}. {action}") for n, action in enumerate(legal, start=1)]
    console.print(Columns(items, padding=(0, 3), equal=True, column_first=True))


def ask(console: Console, game: Game, state: State, seat: int) -> Action:
    """The human's decision, read from stdin; raises Stop on q/quit or end of input."""
    legal = state.legal_actions()
    console.rule(f"Move {state.move_count + 1} · your turn ({state.seat_label(seat)})")
    show_board(console, game, state, seat)
    show_actions(console, legal)
    while True:
        try:
            answer = console.input("[bold]Your choice[/] (number or text, ? for help, q to quit): ")
        except EOFError:
            console.print()
            raise Stop("the input ended") from None
        except KeyboardInterrupt:
            console.print()
            raise Stop("interrupted") from None
        word = answer.strip().casefold()
        if word in ("q", "quit") and not any(str(a).casefold() == word for a in legal):
            raise Stop("you stopped the game")
        if word in ("?", "help"):
            console.print(
                "Type an action's number, its text, or the start of its text. "
                "'board' draws the board again, 'q' stops and saves the game.",
                soft_wrap=True,
            )
            show_actions(console, legal)
            continue
        if word == "board":
            show_board(console, game, state, seat)
            show_actions(console, legal)
            continue
        choice = choose(answer, legal)
        if isinstance(choice, Action):
            return choice
        console.print(Text(choice, style="yellow"))


def ai_move(console: Console, state: State, seat: int, agent: Agent) -> Action:
    """Let an AI seat choose and play, and say what it played."""
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
    who = f"{state.seat_label(seat)} (AI: {agent.name})"
    console.print(Text(f"{who} plays: {action}", style="magenta"))
    return action
