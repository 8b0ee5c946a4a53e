"""`bellica rules`: a game's own-words rules summary and its rulings, rendered from Markdown."""

from __future__ import annotations

from bellica.cli.params import GameArgument


def rules(game: GameArgument) -> None:
    """Show a game's rules summary and rulings."""
    from rich.markdown import Markdown

    from bellica.cli.terminal import stdout
    from bellica.core import load

    stdout().print(Markdown(load(game).rules_text()))
