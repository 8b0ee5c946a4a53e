"""Counters and tokens per card (damage, charges, a shield, the face shown, a covering card)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

COUNT = "count"  # a number of tokens, 0 or more, written as the mark and the number ("d2")
FLAG = "flag"  # on or off, written as the bare mark ("s")
CARD = "card"  # another card (its uid; -1 for none), written as the mark and its token ("p075")


@dataclass(frozen=True, slots=True)
class Counter:
    """One thing a card can carry: its name, its one-letter mark in positions, its kind and
    the largest value a position may give it."""

    name: str
    mark: str
    kind: str = COUNT
    most: int = 99

    def __post_init__(self) -> None:
        if len(self.mark) != 1 or not self.mark.isalpha():
            raise ValueError(f"counter {self.name}: a mark is one letter")
        if self.kind not in (COUNT, FLAG, CARD):
            raise ValueError(f"counter {self.name}: unknown kind {self.kind!r}")

    @property
    def empty(self) -> int:
        return -1 if self.kind == CARD else 0


class Counters:
    """The counters a game's cards carry: one list per counter, indexed by uid."""

    def __init__(self, counters: Sequence[Counter]) -> None:
        self.counters = tuple(counters)
        marks = [c.mark for c in self.counters]
        if len(set(marks)) != len(marks) or "@" in marks:
            raise ValueError("counters need distinct marks")
        self.by_mark = {c.mark: c for c in self.counters}
        self.index = {c.name: i for i, c in enumerate(self.counters)}
        self._empty = [(i, c.empty) for i, c in enumerate(self.counters)]

    def new(self, size: int) -> list[list[int]]:
        """Fresh lists for `size` cards, every counter empty."""
        return [[c.empty] * size for c in self.counters]

    @staticmethod
    def copy(values: list[list[int]]) -> list[list[int]]:
        return [row[:] for row in values]

    def clear(self, values: list[list[int]], uid: int) -> None:
        """Every counter of one card back to empty (it left play)."""
        for i, empty in self._empty:
            values[i][uid] = empty
