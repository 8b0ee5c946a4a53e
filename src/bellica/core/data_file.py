"""Game data files: TOML read and validated by a pydantic model, with errors a person can act on."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from bellica.core.errors import InvalidCardData

Model = TypeVar("Model", bound=BaseModel)
# Names one entry of an array of tables for an error: (table, index, the entry as read).
EntryLabel = Callable[[str, int, Any], str]


def _default_label(table: str, index: int, entry: Any) -> str:
    name = entry.get("name") if isinstance(entry, dict) else None
    return f"[[{table}]] #{index + 1}" + (f" ({name!r})" if name else "")


def describe(err: ValidationError, data: dict[str, Any], label: EntryLabel) -> str:
    """The first validation error as "entry, field: message"."""
    first = err.errors()[0]
    loc = list(first["loc"])
    where = []
    if len(loc) >= 2 and isinstance(loc[1], int):
        table = str(loc[0])
        entries = data.get(table)
        entry = entries[loc[1]] if isinstance(entries, list) and loc[1] < len(entries) else {}
        where.append(label(table, loc[1], entry))
        loc = loc[2:]
    if loc:
        where.append("field " + ".".join(map(str, loc)))
    return (", ".join(where) + ": " if where else "") + first["msg"]


def load_toml(path: str | Path, model: type[Model], label: EntryLabel = _default_label) -> Model:
    """`path` read as TOML and validated as `model`; raises InvalidCardData naming the file,
    the entry and the field."""
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as err:
        raise InvalidCardData(f"{path}: cannot read: {err.strerror or err}") from None
    except tomllib.TOMLDecodeError as err:
        raise InvalidCardData(f"{path}: not valid TOML: {err}") from None
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise InvalidCardData(f"{path}: {describe(err, data, label)}") from None
