"""Agent specs: `name[:key=value...]` strings such as `mcts:seconds=1`, parsed into agents."""

from __future__ import annotations

from bellica.agents.base import Agent
from bellica.agents.greedy import GreedyAgent
from bellica.agents.mcts import MctsAgent
from bellica.agents.random_agent import RandomAgent
from bellica.core import InvalidConfig

AGENTS: dict[str, type[Agent]] = {
    RandomAgent.kind: RandomAgent,
    GreedyAgent.kind: GreedyAgent,
    MctsAgent.kind: MctsAgent,
}
AGENT_NAMES: tuple[str, ...] = tuple(AGENTS)


def parse_spec(spec: str) -> tuple[type[Agent], dict[str, int | float]]:
    """The agent class a spec names and its settings (raises InvalidConfig)."""
    if not isinstance(spec, str):
        raise InvalidConfig(f"an agent spec is a string such as 'mcts:seconds=1', not {spec!r}")
    name, *parts = (part.strip() for part in spec.split(":"))
    cls = AGENTS.get(name)
    if cls is None:
        raise InvalidConfig(f"unknown agent {name!r}; agents: {', '.join(AGENT_NAMES)}")
    settings: dict[str, int | float] = {}
    for part in parts:
        key, equals, text = (piece.strip() for piece in part.partition("="))
        option = cls.option(key)
        if option is None:
            shown = f"option {key!r}" if key else "empty option"
            raise InvalidConfig(f"{name} has no {shown}; {cls.usage()}")
        if not equals or not text:
            raise InvalidConfig(f"{name} option {key} needs a value: write {option.describe()}")
        if key in settings:
            raise InvalidConfig(f"{name} option {key} is given twice in {spec!r}")
        settings[key] = option.parse(name, text)
    return cls, settings


def make_agent(spec: str, seed: int = 0) -> Agent:
    """The agent a spec describes, e.g. `random`, `greedy`, `mcts:iterations=800`,
    `mcts:seconds=0.5:rollout=20:c=1.4`; raises InvalidConfig for a bad spec."""
    cls, settings = parse_spec(spec)
    return cls(seed, **settings)
