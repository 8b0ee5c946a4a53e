"""A cheap, clonable, seeded random generator (SplitMix64) that lives inside a game state."""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from mypy_extensions import mypyc_attr

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@mypyc_attr(allow_interpreted_subclasses=True)  # tests load the dice with a subclass
class Rng:
    """SplitMix64: one 64-bit integer of state, so cloning costs one allocation.

    Every draw is a pure function of the seed and the number of earlier draws, which is what
    makes a record (seed + actions) replay exactly.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _mix(seed & _MASK)

    @classmethod
    def from_any(cls, rng: int | random.Random | Rng) -> Rng:
        """An Rng from an int seed, a `random.Random` (one draw is taken) or another Rng."""
        if isinstance(rng, Rng):
            return rng.clone()
        if isinstance(rng, random.Random):
            return cls(rng.getrandbits(64))
        if isinstance(rng, int):
            return cls(rng)
        raise TypeError(f"expected an int seed or a random.Random, got {type(rng).__name__}")

    def clone(self) -> Rng:
        copy = Rng.__new__(Rng)
        copy.state = self.state
        return copy

    def next64(self) -> int:
        """The next 64 random bits."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        return (self.next64() * n) >> 64

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in [a, b]."""
        return a + self.below(b - a + 1)

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def d6(self) -> int:
        """One six-sided die."""
        self.state = s = (self.state + _GOLDEN) & _MASK  # next64, inline: dice are rolled often
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return 1 + (((z ^ (z >> 31)) * 6) >> 64)

    def roll(self, dice: int) -> int:
        """The sum of `dice` six-sided dice."""
        total = 0
        for _ in range(dice):
            total += 1 + ((self.next64() * 6) >> 64)
        return total

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return seq[(self.next64() * len(seq)) >> 64]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates), with next64 written out in the loop."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s
