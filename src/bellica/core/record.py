"""Game records: the config, the seed and the actions; a JSON file a person can read."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bellica.core.errors import InvalidRecord

FORMAT = "bellica-record/1"


@dataclass(slots=True)
class Record:
    """Everything needed to reproduce a game exactly: same seed + same actions = same state."""

    game: str
    players: int
    variant: str
    options: dict[str, Any]
    seed: int
    actions: list[dict[str, Any]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "variant": self.variant,
            "options": self.options,
            "seed": self.seed,
            "meta": self.meta,
            "actions": self.actions,
        }

    def dumps(self) -> str:
        """The record as JSON text, one action per line so that diffs and eyes can read it."""
        head = {k: v for k, v in self.to_json().items() if k != "actions"}
        lines = [json.dumps(a, ensure_ascii=False) for a in self.actions]
        body = ",\n    ".join(lines)
        text = json.dumps(head, indent=2, ensure_ascii=False)
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
            raise InvalidRecord("a record must be a JSON object")
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            raise InvalidRecord(f"unknown record format {fmt!r} (expected {FORMAT!r})")
        try:
            game, players, variant = data["game"], data["players"], data["variant"]
            seed, actions = data["seed"], data["actions"]
        except KeyError as missing:
            raise InvalidRecord(f"the record has no {missing.args[0]!r} field") from None
        options = data.get("options", {})
        checks = [
            (isinstance(game, str), "'game' must be a string"),
            (
                isinstance(players, int) and not isinstance(players, bool),
                "'players' must be an int",
            ),
            (isinstance(variant, str), "'variant' must be a string"),
            (isinstance(seed, int) and not isinstance(seed, bool), "'seed' must be an int"),
            (isinstance(options, dict), "'options' must be an object"),
            (isinstance(actions, list), "'actions' must be a list"),
        ]
        for ok, message in checks:
            if not ok:
                raise InvalidRecord(message)
        for i, action in enumerate(actions):
            if not isinstance(action, dict):
                raise InvalidRecord(f"action {i + 1} is not an object")
        meta = data.get("meta", {})
        return cls(
            game, players, variant, options, seed, actions, meta if isinstance(meta, dict) else {}
        )

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise InvalidRecord(f"not valid JSON: {err}") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise InvalidRecord(f"cannot read {path}: {err.strerror or err}") from None
        except UnicodeDecodeError:
            raise InvalidRecord(f"{path} is not a text file") from None
        return cls.loads(text)
