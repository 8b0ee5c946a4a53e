"""Events: what an action caused, in words for all, for the seats that saw more, and as dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

FORCED = (
    "forced"  # what a state notes when a lone choice is taken for a seat: (FORCED, seat, action)
)


@dataclass(frozen=True, slots=True)
class Dice:
    """One side's roll in a fight: who rolled, the dice it rolled and why that many.

    `base` is the piece's own dice; each modifier is (reason, change); `count` is the number
    actually rolled (the rules may keep it at a minimum), `faces` each die as it fell (empty
    where a game keeps only the sum) and `total` their sum.
    """

    who: str
    base: int
    modifiers: tuple[tuple[str, int], ...]
    count: int
    faces: tuple[int, ...]
    total: int

    def explain(self) -> str:
        """ "3 dice (knight 3, point-blank −1, against a pikeman −1, at least 1)"."""
        parts = [f"{self.base}"] + [f"{reason} {change:+d}" for reason, change in self.modifiers]
        summed = self.base + sum(change for _, change in self.modifiers)
        if summed != self.count:
            parts.append(f"at least {self.count}")
        noun = "die" if self.count == 1 else "dice"
        return f"{self.count} {noun} ({', '.join(parts).replace('+-', '-')})"

    def to_json(self) -> dict[str, Any]:
        return {
            "who": self.who,
            "base": self.base,
            "modifiers": [[reason, change] for reason, change in self.modifiers],
            "count": self.count,
            "faces": list(self.faces),
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class Event:
    """One thing the last action caused.

    `text` is what everyone may read; `private` gives, for a seat that saw more (the card it
    drew), that seat's own text; `dice` are the rolls of a fight; `facts` are small named
    values for programs (card tokens, squares, amounts); `marks` are the ids of the things it
    touched as a drawing names them (a square "e4", a card's token "045"), public ones only;
    `private_marks` gives, for a seat with a private text, the marks only it may know (the
    cards it drew). A `quiet` event only says again what its action's own text says (a piece
    moving from one square to another): logs need not show it, but its marks and facts count.
    """

    kind: str
    text: str
    private: tuple[tuple[int, str], ...] = ()
    dice: tuple[Dice, ...] = ()
    facts: tuple[tuple[str, Any], ...] = ()
    marks: tuple[str, ...] = ()
    private_marks: tuple[tuple[int, tuple[str, ...]], ...] = ()
    quiet: bool = False

    def text_for(self, seat: int | None) -> str:
        """What `seat` reads (None or a seat with no private text: the public text)."""
        for who, text in self.private:
            if who == seat:
                return text
        return self.text

    def marks_for(self, seat: int | None) -> tuple[str, ...]:
        """The marks `seat` may see: the public ones, and its own private ones."""
        for who, marks in self.private_marks:
            if who == seat:
                return self.marks + marks
        return self.marks

    def fact(self, name: str, default: Any = None) -> Any:
        for key, value in self.facts:
            if key == name:
                return value
        return default

    def to_json(self, seat: int | None = None) -> dict[str, Any]:
        """The event as `seat` may see it: `{"kind", "text", "dice"?, "marks"?}`, with no
        other seat's private text or marks (facts stay with programs: they are not sent)."""
        out: dict[str, Any] = {"kind": self.kind, "text": self.text_for(seat)}
        if self.dice:
            out["dice"] = [roll.to_json() for roll in self.dice]
        marks = self.marks_for(seat)
        if marks:
            out["marks"] = list(marks)
        if self.quiet:
            out["quiet"] = True
        return out
