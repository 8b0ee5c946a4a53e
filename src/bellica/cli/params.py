"""Command-line parameters that several commands share, and the `-o key=value` parser."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from bellica.core.errors import InvalidConfig

GameArgument = Annotated[
    str, typer.Argument(metavar="GAME", help="Game id, as `bellica list` shows it.")
]
OptionList = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option, e.g. -o turn_limit=20; repeat for more. `bellica list GAME` "
        "shows the game's options, their allowed values and defaults.",
    ),
]
Players = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of players (default: the game's).")
]
Variant = Annotated[
    str | None, typer.Option("--variant", help="Rules variant (default: the game's first).")
]


def parse_options(items: Sequence[str] | None) -> dict[str, Any]:
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


def check_output_file(path: Path | None, option: str) -> None:
    """Refuses, before any work, a file the command could not write at its end."""
    if path is None:
        return
    if path.is_dir():
        raise InvalidConfig(f"{option} {path} is a folder; give a file name")
    if not path.resolve().parent.is_dir():
        raise InvalidConfig(f"{option} {path}: the folder {path.parent} does not exist")
