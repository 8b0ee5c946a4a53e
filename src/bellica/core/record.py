"""Game records: the config, the seed and the actions; a JSON file a person can read.

A record may come from anywhere (a file a user hands to `bellica replay`, a stored game), so
reading one trusts nothing: the file is bounded in size and must be UTF-8 JSON; numbers must be
finite and of sane length; the seed is a 64-bit unsigned whole number; options are flat, actions
and meta shallow. Anything else is an InvalidRecord saying what is wrong and what is allowed.
"""

from __future__ import annotations

import json
import math
import os
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bellica.core.config import GameConfig
from bellica.core.errors import InvalidConfig, InvalidRecord
from bellica.core.options import shown

FORMAT = "bellica-record/1"

MAX_RECORD_BYTES = 64 * 1024 * 1024  # 64 MiB: millions of actions; long games are legal
MAX_SEED = 2**64 - 1  # seeds are 64-bit unsigned whole numbers
MAX_PLAYERS = 64
MAX_NAME = 100  # characters of a game id or a variant
MAX_DIGITS = 40  # digits of any whole number in a record (a seed has at most 20)
_TOO_LONG = 10**MAX_DIGITS
MAX_TEXT = 10_000  # characters of an option's text value
# How deep objects and lists may nest: an option is a scalar (options are flat); an action is an
# object whose values may hold lists or small objects two levels further; meta is as shallow.
MAX_ACTION_DEPTH = 3
MAX_META_DEPTH = 3


class _Refused(ValueError):
    """A JSON number that a record may not hold (raised from inside json.loads)."""


def _whole(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Refused(
            f"a number of {digits:,} digits; a record's whole numbers have at most {MAX_DIGITS} "
            f"(a seed is 0 to 2**64-1)"
        )
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"a record holds only finite numbers, not {text[:40]}")
    return value


def _constant(text: str) -> Any:
    raise _Refused(f"a record holds only finite numbers, not {text}")


def _problem(value: Any, depth: int) -> str | None:
    """What makes `value` unfit for a record, or None: lists and objects nested more than
    `depth` deep (a scalar is 0 deep), or a number that is not finite or far too long. Also
    checks values that did not come through `Record.loads` (the server hands over parsed JSON)."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"a number that is not finite ({value})"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _TOO_LONG:
        return f"a whole number of more than {MAX_DIGITS} digits"
    if isinstance(value, str):
        return None if _unicode(value) else "text that is not valid Unicode (a lone surrogate)"
    if isinstance(value, dict):
        children: Any = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        children = value
    else:
        return None
    if depth == 0:
        return "lists and objects nested too deep"
    for child in children:
        problem = _problem(child, depth - 1)
        if problem is not None:
            return problem
    return None


def _unicode(text: str) -> bool:
    """Whether `text` can be written as UTF-8 (JSON's \\ud800 escapes can make it not)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _scalar(value: Any) -> bool:
    """Whether `value` may be an option's value: short text, a finite number, a bool, null."""
    if isinstance(value, str):
        return len(value) <= MAX_TEXT and _unicode(value)
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, int):
        return _problem(value, 0) is None
    return value is None


@dataclass(slots=True)
class Record:
    """Everything needed to reproduce a game exactly: the game's config, its seed and the
    actions (same seed + same actions = same state), and free-form meta (who played)."""

    config: GameConfig
    seed: int
    actions: list[dict[str, Any]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        game: str,
        players: int,
        variant: str,
        options: dict[str, Any],
        seed: int,
        actions: list[dict[str, Any]] | None = None,
        meta: dict[str, Any] | None = None,
    ) -> Record:
        """A record from its parts, without loading the game (InvalidRecord if the set-up is
        malformed; whether the game accepts it shows when it is replayed)."""
        try:
            config = GameConfig(game, players, variant, tuple(options.items()))
        except InvalidConfig as err:
            raise InvalidRecord(f"the record's game cannot be set up: {err}") from None
        return cls(config, seed, list(actions or []), dict(meta or {}))

    @property
    def game(self) -> str:
        return self.config.game

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def variant(self) -> str:
        return self.config.variant

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.config.options)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON; a card file is named only when the game used one of its own,
        and where a game class came from never is (reading a record imports nothing)."""
        config = self.config
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": config.game,
            "players": config.players,
            "variant": config.variant,
            "options": dict(config.options),
        }
        if config.cards is not None:
            data["cards"] = config.cards
        data.update(seed=self.seed, meta=self.meta, actions=self.actions)
        return data

    def dumps(self) -> str:
        """The record as JSON text, one action per line so that diffs and eyes can read it."""
        head = {k: v for k, v in self.to_json().items() if k != "actions"}
        try:
            lines = [json.dumps(a, ensure_ascii=False, allow_nan=False) for a in self.actions]
            text = json.dumps(head, indent=2, ensure_ascii=False, allow_nan=False)
        except ValueError:
            raise InvalidRecord(
                "this record holds a number that is not finite (Infinity or NaN), which JSON "
                "cannot keep"
            ) from None
        body = ",\n    ".join(lines)
        return text[:-2] + (
            f',\n  "actions": [\n    {body}\n  ]\n}}\n' if lines else ',\n  "actions": []\n}\n'
        )

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.dumps(), encoding="utf-8")
        return path

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """A record from parsed JSON; raises InvalidRecord naming what is wrong."""
        if not isinstance(data, dict):
            raise InvalidRecord(f"a record must be a JSON object, not {shown(data)}")
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            raise InvalidRecord(f"unknown record format {shown(fmt)} (expected {FORMAT!r})")
        try:
            game, players, variant = data["game"], data["players"], data["variant"]
            seed, actions = data["seed"], data["actions"]
        except KeyError as missing:
            raise InvalidRecord(f"the record has no {missing.args[0]!r} field") from None
        options = data.get("options", {})
        meta = data.get("meta", {})
        cards = data.get("cards")

        def whole(value: Any, low: int, high: int) -> bool:
            return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

        def name(value: Any) -> bool:
            return isinstance(value, str) and 0 < len(value) <= MAX_NAME and _unicode(value)

        checks = [
            (name(game), f"'game' must be a game id (text of 1 to {MAX_NAME} characters)", game),
            (
                whole(players, 1, MAX_PLAYERS),
                f"'players' must be a whole number from 1 to {MAX_PLAYERS}",
                players,
            ),
            (name(variant), f"'variant' must be text of 1 to {MAX_NAME} characters", variant),
            (
                whole(seed, 0, MAX_SEED),
                f"'seed' must be a whole number from 0 to 2**64-1 ({MAX_SEED})",
                seed,
            ),
            (isinstance(options, dict), "'options' must be an object", options),
            (isinstance(actions, list), "'actions' must be a list", actions),
            (isinstance(meta, dict), "'meta' must be an object", meta),
            (cards is None or name(cards), "'cards' must be a card file's path", cards),
        ]
        for ok, message, value in checks:
            if not ok:
                raise InvalidRecord(f"{message}, not {shown(value)}")
        for key, value in options.items():
            if not _unicode(key):
                raise InvalidRecord("an option's name is not valid Unicode (a lone surrogate)")
            if not _scalar(value):
                raise InvalidRecord(
                    f"option {shown(key)} must be text, a finite number, true, false or null "
                    f"(options are flat), not {shown(value)}"
                )
        for i, action in enumerate(actions):
            if not isinstance(action, dict):
                raise InvalidRecord(f"action {i + 1} is not an object, but {shown(action)}")
            problem = _problem(action, MAX_ACTION_DEPTH)
            if problem is not None:
                raise InvalidRecord(
                    f"action {i + 1} holds {problem} (an action nests lists and objects at "
                    f"most {MAX_ACTION_DEPTH} deep, itself included)"
                )
        problem = _problem(meta, MAX_META_DEPTH)
        if problem is not None:
            raise InvalidRecord(
                f"'meta' holds {problem} (meta nests lists and objects at most "
                f"{MAX_META_DEPTH} deep, itself included)"
            )
        record = cls.of(game, players, variant, options, seed, actions, meta)
        if cards is not None:
            record.config = replace(record.config, cards=cards)
        return record

    @classmethod
    def loads(cls, text: str | bytes) -> Record:
        """A record from its JSON text; raises InvalidRecord naming what is wrong."""
        if isinstance(text, bytes | bytearray):
            text = _decode(bytes(text))
        text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write
        try:
            data = json.loads(text, parse_int=_whole, parse_float=_finite, parse_constant=_constant)
        except json.JSONDecodeError as err:
            raise InvalidRecord(f"not valid JSON: {err}") from None
        except _Refused as err:
            raise InvalidRecord(str(err)) from None
        except RecursionError:
            raise InvalidRecord(
                "lists and objects are nested too deep for a record (actions and meta nest at "
                f"most {MAX_ACTION_DEPTH} deep, options not at all)"
            ) from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """A record file; raises InvalidRecord naming the file and what is wrong."""
        try:
            info = os.stat(path)
            if not stat.S_ISREG(info.st_mode):
                raise InvalidRecord(f"{path}: cannot read: not a regular file")
            if info.st_size > MAX_RECORD_BYTES:
                raise InvalidRecord(_too_big(path, info.st_size))
            with open(path, "rb") as handle:
                data = handle.read(MAX_RECORD_BYTES + 1)
        except OSError as err:
            raise InvalidRecord(f"{path}: cannot read: {err.strerror or err}") from None
        if len(data) > MAX_RECORD_BYTES:
            raise InvalidRecord(_too_big(path, len(data)))
        try:
            return cls.loads(_decode(data))
        except InvalidRecord as err:
            raise InvalidRecord(f"{path}: {err}") from None


def _too_big(path: str | Path, size: int) -> str:
    return f"{path}: {size:,} bytes is too big; a record file may hold at most 64 MiB"


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise InvalidRecord(
            f"not a text file: byte 0x{data[err.start]:02x} at line {line} is not UTF-8 (a "
            "record is UTF-8 JSON)"
        ) from None
