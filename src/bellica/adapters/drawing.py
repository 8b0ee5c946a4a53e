"""An observation's terminal drawing as plain text: the adapters' "ansi" render mode."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from bellica.core import Game

WIDTH = 120  # columns: the widest of our drawings (Bellum's battlefield) fits


def drawing(game: Game, observation: dict[str, Any]) -> str:
    """What `bellica play` draws for `observation`, without colours or control codes."""
    buffer = io.StringIO()
    console = Console(
        file=buffer, width=WIDTH, color_system=None, force_terminal=False, highlight=False
    )
    console.print(game.render(observation), markup=False)
    return buffer.getvalue()
