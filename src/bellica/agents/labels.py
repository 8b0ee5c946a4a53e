"""Human names for agent specs: `mcts:seconds=1` reads "MCTS, 1 s per move"."""

from __future__ import annotations

from bellica.agents.base import format_number
from bellica.agents.mcts import DEFAULT_ITERATIONS
from bellica.agents.spec import parse_spec
from bellica.core import InvalidConfig

NAMES = {"random": "Random", "greedy": "Greedy", "mcts": "MCTS"}
# the settings a name mentions after the budget, in words
EXTRA = {"rollout": "rollouts of {} moves", "c": "exploration {}", "prior": "prior {}"}


def agent_label(spec: str) -> str:
    """How people name the agent a spec describes: "Random", "Greedy", "MCTS, 1 s per move",
    "MCTS, 2,000 iterations per move". A spec that does not parse is shown as it is."""
    try:
        cls, settings = parse_spec(spec)
    except InvalidConfig:
        return spec if isinstance(spec, str) else repr(spec)
    name = NAMES.get(cls.kind, cls.kind)
    parts = [budget(settings)] if cls.kind == "mcts" else []
    parts += [
        EXTRA.get(key, key + " {}").format(number(value))
        for key, value in settings.items()
        if key not in ("seconds", "iterations")
    ]
    return ", ".join([name, *parts])


def budget(settings: dict[str, int | float]) -> str:
    """An MCTS agent's thinking budget per move (its default when the spec names none)."""
    if "seconds" in settings:
        return f"{number(settings['seconds'])} s per move"
    iterations = int(settings.get("iterations", DEFAULT_ITERATIONS))
    return f"{number(iterations)} iteration{'' if iterations == 1 else 's'} per move"


def number(value: int | float) -> str:
    """A setting as people write it: 2000 -> "2,000", 0.5 -> "0.5", 1.0 -> "1"."""
    if isinstance(value, int):
        return f"{value:,}"
    text = format_number(value)
    whole, dot, fraction = text.partition(".")
    if not whole.isdigit():  # a huge or tiny number written with an exponent
        return text
    return f"{int(whole):,}{dot}{fraction}"
