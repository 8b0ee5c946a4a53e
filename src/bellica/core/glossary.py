"""A game's glossary: one short entry in our words per piece, keyword, card type and token.

Each game may keep `data/glossary.toml` beside its rules; `glossary_of(game)` finds and validates
it (through `load_toml`, so a bad file is an `InvalidCardData` naming the entry and field), and a
game without one gets an empty glossary. The browser shows an entry when a player hovers, long-
presses or focuses an element tagged with its key, or a word of a card's text that names it.
"""

from __future__ import annotations

import inspect
import re
from collections import Counter
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from bellica.core.data_file import load_toml
from bellica.core.game import Game

FILE_NAME = "glossary.toml"
MAX_ENTRIES = 200
MAX_TERM = 40  # characters of a term or of a word that marks it in card text
MAX_TEXT = 600  # characters of an entry's explanation
MAX_WORDS = 12  # words that mark one entry in card text

Key = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")]
Word = Annotated[str, StringConstraints(min_length=2, max_length=MAX_TERM, pattern=r"^[^\n]+$")]
Category = Literal["piece", "keyword", "clan", "card type", "cost", "token", "phase", "term"]


class Entry(BaseModel):
    """One glossary entry: what a key means, in a sentence or two."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    key: Key  # what `data-help` names: lower case, digits and dashes
    term: str = Field(min_length=1, max_length=MAX_TERM)  # as the table shows it: "Knight"
    category: Category
    text: str = Field(min_length=1, max_length=MAX_TEXT)
    # the words that mark this entry in a card's text (any case, whole words): the term when
    # left out, none when [] (an entry only a tagged element shows)
    words: list[Word] | None = Field(default=None, max_length=MAX_WORDS)

    def marks(self) -> list[str]:
        """The words of a card's text that name this entry."""
        return list(self.words) if self.words is not None else [self.term]

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "term": self.term,
            "category": self.category,
            "text": self.text,
            "words": self.marks(),
        }


class Glossary(BaseModel):
    """A whole glossary file: entries with distinct keys, each marking word used once."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    entry: list[Entry] = Field(default_factory=list, max_length=MAX_ENTRIES)

    @model_validator(mode="after")
    def _distinct(self) -> Glossary:
        keys = Counter(e.key for e in self.entry)
        for key, uses in keys.items():
            if uses > 1:
                raise ValueError(f"the key {key!r} is used by {uses} entries")
        words = Counter(word.lower() for e in self.entry for word in e.marks())
        for word, uses in words.items():
            if uses > 1:
                raise ValueError(f"the word {word!r} marks {uses} entries; it may mark only one")
        return self

    def get(self, key: str) -> Entry | None:
        return next((e for e in self.entry if e.key == key), None)

    def find(self, text: str) -> list[str]:
        """The keys whose words appear in `text` (whole words, any case), in text order."""
        found: list[tuple[int, str]] = []
        for entry in self.entry:
            for word in entry.marks():
                hit = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE)
                if hit:
                    found.append((hit.start(), entry.key))
        seen: dict[str, None] = {}
        for _, key in sorted(found):
            seen.setdefault(key)
        return list(seen)

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.entry]


def glossary_file(game: Game | type[Game]) -> Path:
    """Where a game's glossary lives: `data/glossary.toml` in the package of its Game class."""
    cls = game if isinstance(game, type) else type(game)
    return Path(inspect.getfile(cls)).parent / "data" / FILE_NAME


def load_glossary(path: str | Path) -> Glossary:
    """A glossary file read and validated; raises InvalidCardData naming the entry and field."""
    return load_toml(path, Glossary, _entry_label)


def glossary_of(game: Game | type[Game]) -> Glossary:
    """The game's glossary, or an empty one when its package keeps none."""
    path = glossary_file(game)
    return load_glossary(path) if path.is_file() else Glossary()


def _entry_label(table: str, index: int, entry: Any) -> str:
    key = entry.get("key") if isinstance(entry, dict) else None
    shown_key = f" ({key})" if isinstance(key, str) and len(key) <= MAX_TERM else ""
    return f"[[{table}]] #{index + 1}{shown_key}"
