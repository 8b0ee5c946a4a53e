"""The table as a terminal last showed it, so that a redraw prints only the parts that changed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group
from rich.text import Text

from bellica.core import Action, Game, State


def table_view(
    state: State,
    seat: int,
    legal: Sequence[Action] = (),
    recent: Sequence[Action] = (),
) -> dict[str, Any]:
    """What the drawing of `seat`'s table is given: its observation, the actions it may take
    now ("legal") and the other seats' actions since its last decision ("recent"), each as
    JSON with its text, as the web client gets them. A drawing may mark the squares these
    name; it learns nothing the seat was not shown."""
    view = dict(state.observation(seat))
    view["legal"] = [{"action": a.to_json(), "text": str(a)} for a in legal]
    view["recent"] = [{"action": a.to_json(), "text": str(a)} for a in recent]
    return view


def sections(game: Game, view: dict[str, Any]) -> list[Any]:
    """The parts of a game's drawing: the items of a drawing that is a group, else the whole."""
    drawing = game.render(view)
    parts = list(drawing.renderables) if isinstance(drawing, Group) else [drawing]
    return [Text(part) if isinstance(part, str) else part for part in parts]  # no markup


class Screen:
    """One seat's table in one console: the whole of it on demand, else what changed."""

    __slots__ = ("_console", "_game", "_shown")

    def __init__(self, console: Console, game: Game) -> None:
        self._console = console
        self._game = game
        self._shown: list[str] = []  # the text of each part as last printed

    def draw(self, view: dict[str, Any], whole: bool = False) -> int:
        """Print the parts of the table whose text changed since the last draw (all of them
        when `whole`); return how many parts were printed."""
        parts = sections(self._game, view)
        texts = [self._text(part) for part in parts]
        printed = 0
        for part, text in zip(parts, texts, strict=True):
            if whole or text not in self._shown:
                self._console.print(part)
                printed += 1
        if not printed:
            self._console.print(Text("(the table has not changed; b draws it)", style="dim"))
        self._shown = texts
        return printed

    def _text(self, part: Any) -> str:
        """A part as the console would print it, for comparing (styles included)."""
        lines = self._console.render_lines(part, self._console.options, pad=False)
        return "\n".join("".join(f"{s.text}\0{s.style}" for s in line) for line in lines)
