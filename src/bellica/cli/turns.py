"""The turns of a terminal game: a human's decision typed in, an AI seat's move announced."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from bellica.agents import Agent
from bellica.arena import MatchError
from bellica.cli.numbering import ActionNumbers
from bellica.cli.screen import Screen, table_view
from bellica.core import Action, Game, IllegalAction, SeatView, State

WORD = re.compile(r"\w+")


class Stop(Exception):
    """The human stopped the game (typed q, or the input ended)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def matching(typed: str, legal: Sequence[Action]) -> list[Action]:
    """The actions with every typed word in their text, in any order, case-insensitive: as
    the start of one of their words ("pike a3" finds "Pikeman a2 → a3"), or, when no action
    has them so, anywhere ("man" finds it too)."""
    words = WORD.findall(typed.casefold())
    if not words:
        return []
    texts = [(action, str(action).casefold()) for action in legal]
    starts = [
        action
        for action, text in texts
        if all(any(token.startswith(w) for token in WORD.findall(text)) for w in words)
    ]
    return starts or [action for action, text in texts if all(w in text for w in words)]


def choose(text: str, numbers: ActionNumbers, legal: Sequence[Action]) -> Action | str:
    """The action a typed answer names: its number, its whole text, or words found anywhere
    in its text (all of them, in any order, case-insensitive); else a message saying what
    was wrong or which actions the words could mean."""
    answer = text.strip()
    if not answer:
        return "type an action's number, or words from its text"
    if answer.isdecimal():  # not isdigit: int() refuses "²"
        if len(answer) > 9:
            return f"there is no action {answer[:9]}…; type a number from the list"
        return numbers.action(int(answer))
    folded = answer.casefold()
    for action in legal:
        if str(action).casefold() == folded:
            return action
    found = matching(folded, legal)
    if len(found) == 1:
        return found[0]
    if found:
        shown = ", ".join(f"{numbers.number(a)}. {a}" for a in found[:6])
        more = f" and {len(found) - 6} more" if len(found) > 6 else ""
        return f"{answer!r} could be {shown}{more}; type more words, or a number"
    return f"no legal action has {answer!r} in it; type its number or words from its text"


def show_actions(console: Console, numbered: Sequence[tuple[int, Action]]) -> None:
    """The legal actions with their numbers, in columns."""
    width = len(str(max((number for number, _ in numbered), default=1)))
    items = [Text(f"{number:>{width}}. {action}") for number, action in numbered]
    console.print(Columns(items, padding=(0, 3), equal=True, column_first=True))


HELP = (
    "Type an action's number, its whole text, or some of its words in any order "
    "('a3 pike' finds 'Pikeman a2 → a3'). A number stays the action's while it is legal. "
    "'b' (or 'board') draws the whole table, '?' lists the actions again, "
    "'q' stops and saves the game."
)


class Human:
    """The human's seat at the terminal: its table as last shown, its action numbers, and
    the other seats' actions since its last decision."""

    __slots__ = ("_console", "_game", "_listed", "_numbers", "_recent", "_screen", "seat")

    def __init__(self, console: Console, game: Game, seat: int) -> None:
        self._console = console
        self._game = game
        self.seat = seat
        self._screen = Screen(console, game)
        self._numbers = ActionNumbers()
        self._recent: list[Action] = []
        self._listed: list[tuple[int, str]] | None = None  # the action list as last printed

    def saw(self, action: Action | None) -> None:
        """Another seat played `action` (the drawing may mark what it touched; None: an action
        whose words were secret)."""
        if action is not None:
            self._recent.append(action)

    def ask(self, state: State) -> Action:
        """The human's decision, read from stdin; raises Stop on q/quit or end of input.
        The first decision draws the whole table, later ones the parts that changed."""
        console, seat = self._console, self.seat
        legal = state.legal_actions()
        numbered = self._numbers.update(legal)
        console.rule(f"Move {state.move_count + 1} · your turn ({state.seat_label(seat)})")
        view = table_view(state, seat, legal, self._recent)
        first = self._listed is None
        self._screen.draw(view, whole=first)
        listed = [(number, str(action)) for number, action in numbered]
        if listed != self._listed:
            show_actions(console, numbered)
        else:
            console.print(Text(f"The same {len(listed)} actions ('?' lists them).", style="dim"))
        self._listed = listed
        while True:
            try:
                answer = console.input("[bold]Your choice[/] (number or words, ? help, q quit): ")
            except EOFError:
                console.print()
                raise Stop("the input ended") from None
            except KeyboardInterrupt:
                console.print()
                raise Stop("interrupted") from None
            word = answer.strip().casefold()
            if any(str(action).casefold() == word for action in legal):
                pass  # an action whose whole text is a command word is the action
            elif word in ("q", "quit"):
                raise Stop("you stopped the game")
            elif word in ("?", "help"):
                console.print(HELP, soft_wrap=True)
                show_actions(console, numbered)
                continue
            elif word in ("b", "board"):
                self._screen.draw(view, whole=True)
                show_actions(console, numbered)
                continue
            choice = choose(answer, self._numbers, legal)
            if isinstance(choice, Action):
                self._recent = []
                return choice
            console.print(Text(choice, style="yellow"))


def ai_move(console: Console, state: State, seat: int, agent: Agent) -> Action | None:
    """Let an AI seat choose and play, and say what it played in the words the other seats
    may read; the action, or None when its own words tell a secret (a card put back into a
    secret deck), so that the table does not mark it either."""
    view = SeatView(state, seat)
    if console.is_terminal:
        with console.status(f"AI ({agent.name}) is thinking…"):
            action = agent.act(view)
    else:
        action = agent.act(view)
    said = state.public_text(action)
    try:
        state.apply(action)
    except IllegalAction as err:
        raise MatchError(f"AI ({agent.name}) chose an illegal action: {err}") from None
    who = f"{state.seat_label(seat)} (AI: {agent.name})"
    console.print(Text(f"{who} plays: {said}", style="magenta"))
    return action if said == action.text else None
