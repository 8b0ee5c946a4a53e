"""Game data files: TOML read and validated by a pydantic model, with errors a person can act on.

A data file may be a user's own (`bellica.load(..., cards=PATH)`), so nothing in it is trusted:
it is read with a size bound, refused before parsing when it is not UTF-8 or holds shapes that
make the TOML parser recurse or stall (deep nesting, very long dotted keys, numbers of thousands
of digits), and validated by a strict schema whose numbers are bounded. Whatever is wrong ends in
one InvalidCardData naming the file, the line or the entry and field, and what is allowed.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import threading
import tomllib
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from types import UnionType
from typing import Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, GetCoreSchemaHandler, ValidationError
from pydantic_core import PydanticCustomError, core_schema

from bellica.core.errors import InvalidCardData
from bellica.core.options import shown

Model = TypeVar("Model", bound=BaseModel)
# Names one entry of an array of tables for an error: (table, index, the entry as read).
EntryLabel = Callable[[str, int, Any], str]

# Bounds on what a data file may be before it is parsed; our files are far inside them (the
# 94-card file is about 40 KiB, its deepest value 3 brackets, its longest key 2 parts).
MAX_FILE_BYTES = 4 * 1024 * 1024  # 4 MiB
MAX_NESTING = 32  # arrays and inline tables inside each other
MAX_KEY_PARTS = 32  # parts of one dotted key (a.b.c is 3); tomllib is quadratic in them
MAX_DIGITS = 64  # digits of one number (Python refuses to parse past 4,300)
# How many validated files are kept, keyed by their content (see load_toml).
CACHE_SIZE = 32

# Where a string or a comment starts, and where each kind ends (possessive: no backtracking).
_OPENER = re.compile(r"[\"'#]")
_BASIC_REST = re.compile(r'(?:[^"\\\n]++|\\.)*+"')
_MULTILINE_BASIC_REST = re.compile(r'(?:[^"\\]++|\\.|"(?!""))*+"""', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}
_PART = r'(?:[\w-]++|"")'
_LONG_KEY = re.compile(
    rf"(?<![\w\"'.-]){_PART}(?:[ \t]*+\.[ \t]*+{_PART}){{{MAX_KEY_PARTS},}}", re.ASCII
)
_LONG_NUMBER = re.compile(
    rf"(?<![\w.+-])[+-]?(?:0x[0-9A-Fa-f_]{{{MAX_DIGITS + 1},}}|0o[0-7_]{{{MAX_DIGITS + 1},}}"
    rf"|0b[01_]{{{MAX_DIGITS + 1},}}|\d[\d_]{{{MAX_DIGITS},}})",
    re.ASCII,
)


@dataclass(frozen=True, slots=True)
class Whole:
    """Pydantic metadata for a whole-number field, `Annotated[int, Whole(1, 12)]`: only an int
    from `low` to `high` (or one of `also`, such as heal's 99 for "all") passes; a bool, a
    string, a float or anything out of range gets "must be a whole number from 1 to 12, not
    '3'"."""

    low: int
    high: int
    also: tuple[int, ...] = ()
    not_zero: bool = False

    def allowed(self) -> str:
        text = f"a whole number from {self.low} to {self.high}"
        if self.not_zero:
            text += " other than 0"
        return text + "".join(f" or {value}" for value in self.also)

    def check(self, value: Any) -> int:
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and (self.low <= value <= self.high or value in self.also)
            and not (self.not_zero and value == 0)
        ):
            return value
        raise PydanticCustomError(
            "whole_number",
            "must be {allowed}, not {given}",
            {"allowed": self.allowed(), "given": shown(value)},
        )

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_before_validator_function(self.check, handler(source))


def _default_label(table: str, index: int, entry: Any) -> str:
    name = entry.get("name") if isinstance(entry, dict) else None
    return f"[[{table}]] #{index + 1}" + (f" ({shown(name)})" if name else "")


def numbered_label(table: str, index: int, entry: Any) -> str:
    """ "minion #3 (003 Calliope)": an entry of a numbered card table as an error names it,
    from what was read (a bad number or name is shown safely, never trusted)."""
    label = ""
    if isinstance(entry, dict):
        number, name = entry.get("number"), entry.get("name")
        parts = []
        if isinstance(number, int) and not isinstance(number, bool) and 0 <= number <= 999:
            parts.append(f"{number:03d}")
        elif number is not None:
            parts.append(shown(number))
        if isinstance(name, str) and 0 < len(name) <= 40:
            parts.append(name)
        elif name is not None and name != "":
            parts.append(shown(name))
        label = " (" + " ".join(parts) + ")" if parts else ""
    return f"{table} #{index + 1}{label}"


def numbered_where(table: str, index: int, entry: Any) -> str:
    """ "minion #3 (003 Calliope)": how an error names a validated numbered entry (index -1:
    the table's only entry)."""
    place = f"{table} #{index + 1}" if index >= 0 else table
    return f"{place} ({entry.number:03d} {entry.name})"


def check_numbered(placed: Iterable[tuple[str, int, Any]]) -> None:
    """Every (table, index, entry) of a card file has a number and a name of its own; a
    ValueError names the entry and field at fault and the entry that has it already."""
    numbers: dict[int, str] = {}
    names: dict[str, str] = {}
    for table, index, entry in placed:
        where = numbered_where(table, index, entry)
        if entry.number in numbers:
            raise ValueError(
                f"{where}, field number: {entry.number:03d} is already the number of "
                f"{numbers[entry.number]}"
            )
        if entry.name in names:
            raise ValueError(
                f"{where}, field name: {entry.name!r} is already the name of {names[entry.name]}"
            )
        numbers[entry.number] = names[entry.name] = where


def _without_none(kind: Any) -> Any:
    """`kind` with an Optional taken off (X | None is X)."""
    args = [a for a in get_args(kind) if a is not type(None)]
    return args[0] if get_origin(kind) in (Union, UnionType) and len(args) == 1 else kind


def _fields_at(model: type[BaseModel], loc: Iterable[int | str]) -> list[str]:
    """The field names of the model found by following `loc` from `model` (empty when `loc`
    leads elsewhere): they tell a person which keys an entry may have."""
    kind: Any = model
    for step in loc:
        kind = _without_none(kind)
        if isinstance(step, int) and get_origin(kind) is list:
            kind = get_args(kind)[0]
        elif isinstance(kind, type) and issubclass(kind, BaseModel) and step in kind.model_fields:
            kind = kind.model_fields[str(step)].annotation
        else:
            return []
    kind = _without_none(kind)
    return list(kind.model_fields) if isinstance(kind, type) and issubclass(kind, BaseModel) else []


def _message(error: Any, model: type[BaseModel] | None) -> str:
    """One pydantic error in words that say what is allowed."""
    kind, given = error["type"], error.get("input")
    ctx = error.get("ctx") or {}
    if kind == "whole_number":
        return str(error["msg"])
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    words = {
        "int_type": "must be a whole number",
        "bool_type": "must be true or false",
        "string_type": "must be text in quotes",
        "list_type": "must be a list [...]",
        "model_type": "must be a table { ... }",
        "dict_type": "must be a table { ... }",
        "literal_error": f"must be {ctx.get('expected', 'one of the allowed values')}",
    }
    if kind in words:
        return f"{words[kind]}, not {shown(given)}"
    if kind == "missing":
        return "is required"
    if kind in ("too_long", "too_short"):
        most = "most" if kind == "too_long" else "least"
        bound = ctx.get("max_length" if kind == "too_long" else "min_length")
        return f"must hold at {most} {bound} entries" + (
            f", not {ctx['actual_length']}" if ctx.get("actual_length") is not None else ""
        )
    if kind == "string_too_short" and ctx.get("min_length") == 1:
        return "must not be empty"
    if kind in ("string_too_long", "string_too_short"):
        most = "most" if kind == "string_too_long" else "least"
        bound = ctx.get("max_length" if kind == "string_too_long" else "min_length")
        size = f", not {len(given)}" if isinstance(given, str) else ""
        return f"must be at {most} {bound} characters long{size}"
    if kind == "extra_forbidden":
        known = _fields_at(model, error["loc"][:-1]) if model else []
        return "is not a known field" + (f" (known: {', '.join(known)})" if known else "")
    return str(error["msg"])


def describe(
    err: ValidationError,
    data: dict[str, Any],
    label: EntryLabel,
    model: type[BaseModel] | None = None,
) -> str:
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
    return (", ".join(where) + ": " if where else "") + _message(first, model)


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def read_data_file(path: str | Path) -> bytes:
    """The bytes of a data file; InvalidCardData when it is missing, not a regular file or
    larger than MAX_FILE_BYTES (read no further than that, so /dev/zero is refused too)."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise InvalidCardData(f"{path}: cannot read: not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise InvalidCardData(_too_big(path, info.st_size))
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise InvalidCardData(f"{path}: cannot read: {err.strerror or err}") from None
    if len(data) > MAX_FILE_BYTES:
        raise InvalidCardData(_too_big(path, len(data)))
    return data


def _too_big(path: str | Path, size: int) -> str:
    return f"{path}: {size:,} bytes is too big; a data file may hold at most 4 MiB"


def _without_strings(text: str) -> str:
    """`text` with each string replaced by "" and each comment removed (newlines kept, so line
    numbers stay). An unterminated string ends the text: TOML stops being valid there, and
    tomllib reports it. Linear: each string's end is found once, without backtracking."""
    parts = []
    pos = 0
    while True:
        found = _OPENER.search(text, pos)
        if found is None:
            parts.append(text[pos:])
            break
        start = found.start()
        parts.append(text[pos:start])
        quote = text[start]
        if quote == "#":
            end = text.find("\n", start)
            pos = len(text) if end < 0 else end
            continue
        if text.startswith(quote * 3, start):
            if quote == '"':
                rest = _MULTILINE_BASIC_REST.match(text, start + 3)
                end = rest.end() if rest else -1
            else:
                end = text.find("'''", start + 3)
                end = end + 3 if end >= 0 else -1
            for _ in range(2):  # up to two quotes just before the closing ones are content
                if 0 <= end < len(text) and text[end] == quote:
                    end += 1
        elif quote == '"':
            rest = _BASIC_REST.match(text, start + 1)
            end = rest.end() if rest else -1
        else:
            end = text.find("'", start + 1)
            end = end + 1 if end >= 0 and "\n" not in text[start:end] else -1
        if end < 0:
            break
        parts.append('""' + "\n" * text.count("\n", start, end))
        pos = end
    return "".join(parts)


def prescan_toml(text: str, where: str | Path) -> None:
    """Refuse, before tomllib sees it, TOML text that would make it recurse past Python's limit
    (arrays or inline tables nested 2,000 deep), stall (a dotted key of 50,000 parts takes
    tomllib about a minute) or fail outside its own errors (a 5,000-digit number). Linear in the
    text; strings and comments are skipped, so what they hold is never counted."""

    bare = _without_strings(text)
    brackets = _NOT_BRACKETS.sub("", bare)
    if brackets and max(accumulate(map(_DEPTH.__getitem__, brackets))) > MAX_NESTING:
        depth = 0
        for match in _BRACKETS.finditer(bare):
            depth += _DEPTH[match.group()]
            if depth > MAX_NESTING:
                raise InvalidCardData(
                    f"{where}, line {_line(bare, match.start())}: arrays and tables are nested "
                    f"more than {MAX_NESTING} deep"
                )
    key = _LONG_KEY.search(bare)
    if key:
        raise InvalidCardData(
            f"{where}, line {_line(bare, key.start())}: a dotted key has more than "
            f"{MAX_KEY_PARTS} parts"
        )
    number = _LONG_NUMBER.search(bare)
    if number:
        raise InvalidCardData(
            f"{where}, line {_line(bare, number.start())}: a number has more than "
            f"{MAX_DIGITS} digits"
        )


def parse_toml(data: bytes, where: str | Path) -> dict[str, Any]:
    """`data` (a file's bytes) as TOML; InvalidCardData naming `where` for anything wrong."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise InvalidCardData(
            f"{where}: not a text file: byte 0x{data[err.start]:02x} at line {line} is not "
            "UTF-8 (save the file as UTF-8)"
        ) from None
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write
    prescan_toml(text, where)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InvalidCardData(f"{where}: not valid TOML: {err}") from None
    except RecursionError:  # the prescan's bound should make this unreachable
        raise InvalidCardData(f"{where}: not valid TOML: nested too deep") from None
    except ValueError as err:  # a number Python will not convert
        raise InvalidCardData(f"{where}: not valid TOML: {err}") from None


class _Cache:
    """Validated files by (model, content hash): an edited file is read again, an unchanged one
    (ours, loaded by every game) is parsed once per process."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: OrderedDict[tuple[type[BaseModel], bytes], BaseModel] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[type[BaseModel], bytes]) -> BaseModel | None:
        with self.lock:
            found = self.entries.get(key)
            if found is not None:
                self.entries.move_to_end(key)
            return found

    def put(self, key: tuple[type[BaseModel], bytes], value: BaseModel) -> None:
        with self.lock:
            self.entries[key] = value
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()


_cache = _Cache(CACHE_SIZE)
clear_cache = _cache.clear


def load_toml(path: str | Path, model: type[Model], label: EntryLabel = _default_label) -> Model:
    """`path` read as TOML and validated as `model`; raises InvalidCardData naming the file,
    the entry and the field. Results are cached by the file's content, so a file edited
    since it was last loaded is read again."""
    data = read_data_file(path)
    key = (model, hashlib.sha256(data).digest())
    found = _cache.get(key)
    if isinstance(found, model):
        return found
    parsed = parse_toml(data, path)
    try:
        result = model.model_validate(parsed)
    except ValidationError as err:
        raise InvalidCardData(f"{path}: {describe(err, parsed, label, model)}") from None
    _cache.put(key, result)
    return result
