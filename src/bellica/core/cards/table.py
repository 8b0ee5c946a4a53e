"""The physical cards of one configuration: every copy gets a uid, a token and a label."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Copy(Generic[C]):
    """One physical copy: the printed card, the token people and positions name it by ("045",
    "045b" for a second box's copy), its name, its faces (front first) and its box."""

    card: C
    token: str
    name: str
    faces: tuple[Any, ...]
    box: int = 0


class CardTable(Generic[C]):
    """Card copies by uid. A uid never changes meaning within one configuration, so states keep
    zones as lists of small integers; people read the token and the label ("Hoplite (045)")."""

    def __init__(self, copies: Sequence[Copy[C]]) -> None:
        self.copies = tuple(copies)
        self.card: list[C] = [c.card for c in copies]
        self.token: list[str] = [c.token for c in copies]
        self.label: list[str] = [f"{c.name} ({c.token})" for c in copies]
        self.faces: list[tuple[Any, ...]] = [c.faces for c in copies]
        self.box: list[int] = [c.box for c in copies]
        self.size = len(copies)
        self.uid_by_token: dict[str, int] = {}
        for uid, token in enumerate(self.token):
            if token in self.uid_by_token:
                raise ValueError(f"two copies share the token {token!r}")
            self.uid_by_token[token] = uid

    def uid(self, token: str) -> int:
        """The uid of a token; KeyError when no copy has it."""
        return self.uid_by_token[token]

    def uids(self, where: Callable[[C], bool], box: int | None = None) -> list[int]:
        """The uids whose printed card satisfies `where` (optionally of one box), in uid order."""
        return [
            uid
            for uid, card in enumerate(self.card)
            if where(card) and (box is None or self.box[uid] == box)
        ]
