"""A game's card file with one card changed, for `bellica cardvalue`: the card removed, or given
another card's contents in its place (a baseline: say, a vanilla card of the same cost)."""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bellica.core import Game, GameConfig, InvalidConfig
from bellica.core.cards import CardGame
from bellica.core.errors import BellicaError

IDENTITY = ("number", "name", "flavour", "provisional")  # what a replaced card keeps


@dataclass(frozen=True, slots=True)
class Entry:
    """One card entry of a card file: its table ("card", "minion", "army"…), its position
    in that table, its number and its name."""

    table: str
    position: int
    number: int | None
    name: str

    @property
    def label(self) -> str:
        return f"{self.name} ({self.number:03d})" if self.number is not None else self.name


def card_data(game: Game) -> dict[str, Any]:
    """The parsed card file the game plays with."""
    if not isinstance(game, CardGame):
        raise InvalidConfig(f"{game.info.title} has no cards")
    try:
        return tomllib.loads(game.card_file().read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise InvalidConfig(f"{game.card_file()}: cannot be read ({err})") from None


def entries(data: dict[str, Any]) -> list[Entry]:
    """Every card entry (a table in an array of tables with a name), in file order."""
    out = []
    for table, rows in data.items():
        if not isinstance(rows, list):
            continue
        for position, row in enumerate(rows):
            if isinstance(row, dict) and isinstance(row.get("name"), str):
                number = row.get("number")
                out.append(
                    Entry(table, position, number if isinstance(number, int) else None, row["name"])
                )
    return out


def find(data: dict[str, Any], spec: str) -> Entry:
    """The entry `spec` names: its number ("45", "045") or its name, in any case."""
    wanted = spec.strip()
    every = entries(data)
    if wanted.isascii() and wanted.isdigit():  # not "²", which int() refuses
        found = [e for e in every if e.number == int(wanted)]
    else:
        found = [e for e in every if e.name.casefold() == wanted.casefold()]
    if len(found) == 1:
        return found[0]
    if not found:
        close = [e.label for e in every if wanted.casefold() in e.name.casefold()][:5]
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise InvalidConfig(f"no card {spec!r} in the card file{hint}")
    raise InvalidConfig(
        f"{spec!r} names {len(found)} cards ({', '.join(e.label for e in found)}): give its number"
    )


def removed(data: dict[str, Any], card: Entry) -> dict[str, Any]:
    """The card data without `card`."""
    out = copy.deepcopy(data)
    del out[card.table][card.position]
    return out


def replaced(
    data: dict[str, Any], card: Entry, baseline: Entry, keep: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The card data with `card` given `baseline`'s contents: it keeps its identity (number,
    name, flavour) and the fields in `keep`, and takes every other field from the baseline."""
    if card.table != baseline.table:
        raise InvalidConfig(
            f"{baseline.label} is a {baseline.table} and {card.label} a {card.table}: "
            "a baseline must be a card of the same kind"
        )
    if card == baseline:
        raise InvalidConfig(f"{card.label} cannot be its own baseline")
    out = copy.deepcopy(data)
    old = out[card.table][card.position]
    new = copy.deepcopy(data[baseline.table][baseline.position])
    for key in (*IDENTITY, *keep):
        new.pop(key, None)
        if key in old:
            new[key] = old[key]
    out[card.table][card.position] = new
    return out


def written(data: dict[str, Any], folder: Path, name: str) -> Path:
    """The card data written as a TOML file in `folder`."""
    try:
        import tomli_w
    except ImportError:
        raise InvalidConfig(
            "bellica cardvalue writes card files with tomli-w: pip install 'bellica[lab]'"
        ) from None
    path = folder / name
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def changed_config(config: GameConfig, path: Path, what: str) -> GameConfig:
    """The configuration playing the card file at `path`, checked by loading it (a change the
    game's card rules refuse, such as removing a card a count depends on, is an error that
    says `what` was tried)."""
    changed = replace(config, cards=str(path))
    try:
        changed.load()
    except BellicaError as err:
        raise InvalidConfig(f"{what} breaks the card set: {err}") from None
    return changed
