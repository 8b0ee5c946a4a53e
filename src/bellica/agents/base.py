"""The agent interface: an agent sees one seat's view and returns one legal action."""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar

from bellica.core import Action, IllegalAction, InvalidConfig, Rng, SeatView

Setting = int | float | None


@dataclass(frozen=True, slots=True)
class Option:
    """One `key=value` setting an agent accepts in its spec, with its default and lower bound."""

    key: str
    integer: bool
    default: Setting
    minimum: float
    strict: bool = False  # the value must exceed `minimum` rather than reach it
    default_note: str = ""  # how an unset (None) default is chosen, for help and errors

    def describe(self) -> str:
        """How the option reads in help and error messages: `c=X (default 1.4)`."""
        slot = f"{self.key}={'N' if self.integer else 'X'}"
        if self.default is None:
            return f"{slot} (default {self.default_note})" if self.default_note else slot
        return f"{slot} (default {self.format(self.default)})"

    def requirement(self) -> str:
        kind = "an integer" if self.integer else "a number"
        return f"{kind} {'>' if self.strict else '>='} {format_number(self.minimum)}"

    def parse(self, agent: str, text: str) -> int | float:
        """The value written as `text` in a spec (raises InvalidConfig)."""
        try:
            value: int | float = int(text) if self.integer else float(text)
        except ValueError:
            raise self._bad(agent, repr(text)) from None
        return self.check(agent, value)

    def check(self, agent: str, value: object) -> int | float:
        """`value` if it is allowed for this option (raises InvalidConfig)."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._bad(agent, repr(value))
        if self.integer and not isinstance(value, int):
            raise self._bad(agent, repr(value))
        if (
            not math.isfinite(value)
            or value < self.minimum
            or (self.strict and value == self.minimum)
        ):
            raise self._bad(agent, format_number(value))
        return value if self.integer else float(value)

    def format(self, value: Setting) -> str:
        return str(value) if self.integer else format_number(float(value or 0))

    def _bad(self, agent: str, shown: str) -> InvalidConfig:
        return InvalidConfig(f"{agent} option {self.key} must be {self.requirement()}, not {shown}")


def format_number(value: float) -> str:
    """The shortest text that reads back as `value`: 1.0 -> "1", 0.5 -> "0.5"."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


class Agent(ABC):
    """A player that decides from a `SeatView`; it never sees another seat's secrets.

    `kind` is the agent's name in specs and `options` the settings a spec may give it;
    `name` is the agent's canonical spec (`mcts:seconds=1`), which `make_agent` turns back
    into an equal agent. `rng` is the agent's own generator, seeded from `seed`.

    `deadline`, when whoever runs the agent sets it, is the `time.perf_counter()` by which
    `act` must answer: an agent that searches stops there and plays its best action so far.
    """

    kind: ClassVar[str] = "agent"
    options: ClassVar[tuple[Option, ...]] = ()

    name: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self.name = self.kind
        self.deadline: float | None = None

    @abstractmethod
    def act(self, view: SeatView) -> Action:
        """One of `view.legal_actions()`."""

    @classmethod
    def option(cls, key: str) -> Option | None:
        for option in cls.options:
            if option.key == key:
                return option
        return None

    @classmethod
    def usage(cls) -> str:
        """What a spec for this agent may say, e.g. `greedy takes samples=N (default 4)`."""
        if not cls.options:
            return f"{cls.kind} takes no options"
        return f"{cls.kind} takes " + ", ".join(option.describe() for option in cls.options)

    def _legal(self, view: SeatView) -> list[Action]:
        """The view's legal actions; raises IllegalAction if there is nothing to decide."""
        legal = view.legal_actions()
        if not legal:
            raise IllegalAction(
                f"{self.name} cannot act for seat {view.seat}: no action is legal (game over?)"
            )
        return legal

    def _configure(self, **settings: Setting) -> None:
        """Check the settings against `options` and set `name` to the canonical spec; a setting
        left at its default or None (unset) is not written."""
        parts = [self.kind]
        for option in self.options:
            value = settings.get(option.key)
            if value is None:
                continue
            value = option.check(self.kind, value)
            if value != option.default:
                parts.append(f"{option.key}={option.format(value)}")
        self.name = ":".join(parts)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
