"""Position text as keyed lines: a header, then one line per key ("hand 0: 012 034")."""

from __future__ import annotations

import re
from typing import Any

from bellica.core.errors import InvalidPosition

MAX_LINE = 4000  # characters on one line
_KEYED = re.compile(r"[a-z_]+( \d{1,2})?")


class PositionLines:
    """A position's lines by key, each taken once: "hand 0: 012 034" has the key "hand 0";
    "health 20 18" (no colon) the key "health". The first line must be `header`; a key given
    twice, a line too long or text that is not a string is refused."""

    def __init__(self, text: Any, header: str, title: str) -> None:
        if not isinstance(text, str):
            raise InvalidPosition(f"a position is text, not {type(text).__name__}")
        rows = [line.strip() for line in text.strip().splitlines()]
        if not rows or rows[0] != header:
            raise InvalidPosition(f"a {title} position starts with {header!r}")
        self.by_key: dict[str, str] = {}
        for row in rows[1:]:
            if len(row) > MAX_LINE:
                raise InvalidPosition(f"a line of {len(row)} characters is too long")
            key, rest = self._split(row)
            if key in self.by_key:
                raise InvalidPosition(f"{key!r} is given twice")
            self.by_key[key] = rest

    @staticmethod
    def _split(row: str) -> tuple[str, str]:
        head, colon, rest = row.partition(":")
        if colon and _KEYED.fullmatch(head):
            return head, rest.strip()
        word, _, rest = row.partition(" ")
        return word, rest.strip()

    def take(self, key: str) -> str:
        """The rest of the line `key` (refused when there is none)."""
        found = self.by_key.pop(key, None)
        if found is None:
            raise InvalidPosition(f"the position has no {key!r} line")
        return found

    def optional(self, key: str) -> str | None:
        """The rest of the line `key`, or None when the position has none."""
        return self.by_key.pop(key, None)

    def done(self) -> None:
        """Every line has been read: any left is unknown."""
        if self.by_key:
            raise InvalidPosition(f"unknown line {next(iter(self.by_key))[:40]!r}")
