"""Typed game options: whole numbers with bounds, choices from a list, on/off switches."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from bellica.core.errors import InvalidConfig

_WHOLE = re.compile(r"^[+-]?\d{1,18}$")
_TRUE = frozenset({"on", "true", "yes", "1"})
_FALSE = frozenset({"off", "false", "no", "0"})


def shown(value: object) -> str:
    """A short, safe rendering of any value for an error message (no 5,000-digit numbers)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if abs(value) >= 10**18:
            digits = int(value.bit_length() * 0.30103) + 1
            return f"a number of about {digits} digits"
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else f"{value} (not a finite number)"
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    return f"a {type(value).__name__}"


@dataclass(frozen=True, slots=True)
class Option:
    """One option: its key, a one-line description, its default, and the variants it concerns
    (empty: every variant). Subclasses say which values are allowed."""

    key: str
    description: str

    @property
    def default(self) -> Any:
        raise NotImplementedError

    def check(self, value: object) -> Any:
        """The canonical form of `value`; raises InvalidConfig saying what is allowed."""
        raise NotImplementedError

    def allowed(self) -> str:
        """The allowed values in words: "a whole number from 0 to 1000"."""
        raise NotImplementedError

    def applies_to(self, variant: str) -> bool:
        return True

    def describe(self) -> str:
        """One line for `--help` and `bellica list`."""
        return f"{self.key}: {self.description} ({self.allowed()}; default {self.default})"

    def to_json(self) -> dict[str, Any]:
        """What the web lobby needs to draw a menu for it."""
        return {"key": self.key, "description": self.description, "default": self.default}

    def _bad(self, value: object) -> InvalidConfig:
        return InvalidConfig(f"option {self.key} must be {self.allowed()}, not {shown(value)}")


@dataclass(frozen=True, slots=True)
class WholeNumber(Option):
    """A whole number between `minimum` and `maximum`."""

    minimum: int
    maximum: int
    initial: int
    variants: tuple[str, ...] = ()

    @property
    def default(self) -> int:
        return self.initial

    def applies_to(self, variant: str) -> bool:
        return not self.variants or variant in self.variants

    def allowed(self) -> str:
        return f"a whole number from {self.minimum} to {self.maximum}"

    def check(self, value: object) -> int:
        number: int
        if isinstance(value, bool):
            raise self._bad(value)
        if isinstance(value, int):
            number = value
        elif isinstance(value, str) and _WHOLE.match(value.strip()):
            number = int(value.strip())
        else:
            raise self._bad(value)
        if not self.minimum <= number <= self.maximum:
            raise self._bad(number)
        return number

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "type": "whole",
            "description": self.description,
            "default": self.initial,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "variants": list(self.variants),
        }


@dataclass(frozen=True, slots=True)
class Choice(Option):
    """One value from a list; `labels` (same order) are how menus show them."""

    choices: tuple[str, ...]
    labels: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.choices:
            raise ValueError(f"option {self.key} needs at least one choice")
        if self.labels and len(self.labels) != len(self.choices):
            raise ValueError(f"option {self.key}: one label per choice")

    @property
    def default(self) -> str:
        return self.choices[0]

    def applies_to(self, variant: str) -> bool:
        return not self.variants or variant in self.variants

    def allowed(self) -> str:
        if len(self.choices) == 1:
            return self.choices[0]
        return ", ".join(self.choices[:-1]) + " or " + self.choices[-1]

    def check(self, value: object) -> str:
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise self._bad(value)
        if isinstance(value, int) and abs(value) >= 10**18:
            raise self._bad(value)
        folded = "".join(str(value).split()).casefold()
        for choice in self.choices:
            if "".join(choice.split()).casefold() == folded:
                return choice
        raise self._bad(value)

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "type": "choice",
            "description": self.description,
            "default": self.default,
            "choices": list(self.choices),
            "labels": list(self.labels or self.choices),
            "variants": list(self.variants),
        }


@dataclass(frozen=True, slots=True)
class Switch(Option):
    """On or off."""

    initial: bool = False
    variants: tuple[str, ...] = ()

    @property
    def default(self) -> bool:
        return self.initial

    def applies_to(self, variant: str) -> bool:
        return not self.variants or variant in self.variants

    def allowed(self) -> str:
        return "on or off"

    def describe(self) -> str:
        return (
            f"{self.key}: {self.description} (on or off; default {'on' if self.initial else 'off'})"
        )

    def check(self, value: object) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        if isinstance(value, str):
            word = value.strip().casefold()
            if word in _TRUE:
                return True
            if word in _FALSE:
                return False
        raise self._bad(value)

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "type": "switch",
            "description": self.description,
            "default": self.initial,
            "variants": list(self.variants),
        }


class Options:
    """A game's options, in the order menus and help show them."""

    __slots__ = ("_by_key",)

    def __init__(self, *options: Option) -> None:
        self._by_key = {option.key: option for option in options}
        if len(self._by_key) != len(options):
            raise ValueError("two options share a key")

    def __iter__(self) -> Iterator[Option]:
        return iter(self._by_key.values())

    def __len__(self) -> int:
        return len(self._by_key)

    def __contains__(self, key: object) -> bool:
        return key in self._by_key

    def __getitem__(self, key: str) -> Option:
        return self._by_key[key]

    def keys(self) -> list[str]:
        return list(self._by_key)

    def for_variant(self, variant: str) -> list[Option]:
        """The options that concern a variant (what a menu for it shows)."""
        return [option for option in self if option.applies_to(variant)]

    def defaults(self) -> dict[str, Any]:
        return {option.key: option.default for option in self}

    def check(self, title: str, given: Mapping[str, object] | None) -> dict[str, Any]:
        """Every option's value, checked, in canonical form, defaults filled in; raises
        InvalidConfig for an unknown key or a bad value."""
        given = dict(given or {})
        for key in given:
            if not isinstance(key, str) or key not in self._by_key:
                known = ", ".join(self._by_key) or "none"
                raise InvalidConfig(f"{title} has no option {shown(key)}; options: {known}")
        return {
            key: option.check(given[key]) if key in given else option.default
            for key, option in self._by_key.items()
        }

    def to_json(self) -> list[dict[str, Any]]:
        return [option.to_json() for option in self]
