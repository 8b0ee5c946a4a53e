"""Agent specs: parsing, canonical names, defaults and the errors for bad specs."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bellica.agents import (
    AGENT_NAMES,
    Agent,
    GreedyAgent,
    MctsAgent,
    RandomAgent,
    make_agent,
)
from bellica.core import InvalidConfig


def test_agent_names_are_the_three_agents() -> None:
    assert AGENT_NAMES == ("random", "greedy", "mcts")


@pytest.mark.parametrize(
    ("spec", "cls"), [("random", RandomAgent), ("greedy", GreedyAgent), ("mcts", MctsAgent)]
)
def test_plain_name_makes_that_agent(spec: str, cls: type[Agent]) -> None:
    agent = make_agent(spec, seed=5)
    assert type(agent) is cls
    assert agent.name == spec
    assert agent.seed == 5


@pytest.mark.parametrize(
    ("spec", "canonical"),
    [
        ("mcts:iterations=800", "mcts:iterations=800"),
        ("mcts:iterations=400", "mcts"),
        ("mcts:seconds=1", "mcts:seconds=1"),
        ("mcts:seconds=1.0", "mcts:seconds=1"),
        ("mcts:seconds=0.5:rollout=20:c=1.4", "mcts:seconds=0.5:rollout=20:c=1.4"),
        ("mcts:c=2:rollout=5:iterations=50", "mcts:iterations=50:rollout=5:c=2"),
        (" mcts : c = 0.7 ", "mcts:c=0.7"),
        ("mcts:rollout=0", "mcts:rollout=0"),
        ("greedy:depth=0:samples=1", "greedy:samples=1:depth=0"),
        ("greedy:samples=4:depth=3", "greedy"),
    ],
)
def test_name_is_the_canonical_spec(spec: str, canonical: str) -> None:
    agent = make_agent(spec)
    assert agent.name == canonical
    assert make_agent(agent.name).name == canonical


def test_mcts_settings_and_defaults() -> None:
    default = make_agent("mcts")
    assert isinstance(default, MctsAgent)
    assert (default.iterations, default.seconds, default.c, default.prior) == (400, None, 1.4, True)
    assert default.rollout_setting is None  # chosen per game when it first acts
    assert default.c_setting is None  # the game's exploration, when it first acts
    timed = make_agent("mcts:seconds=0.5:rollout=7:c=2")
    assert isinstance(timed, MctsAgent)
    assert (timed.iterations, timed.seconds, timed.rollout, timed.c) == (None, 0.5, 7, 2.0)


def test_greedy_settings_and_defaults() -> None:
    default = make_agent("greedy")
    assert isinstance(default, GreedyAgent)
    assert (default.samples, default.depth) == (4, 3)
    custom = make_agent("greedy:samples=2:depth=0")
    assert isinstance(custom, GreedyAgent)
    assert (custom.samples, custom.depth) == (2, 0)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "unknown agent ''; agents: random, greedy, mcts"),
        ("alphazero", "unknown agent 'alphazero'; agents: random, greedy, mcts"),
        ("MCTS", "unknown agent 'MCTS'"),
        ("random:seconds=1", "random has no option 'seconds'; random takes no options"),
        (
            "mcts:depth=2",
            "mcts has no option 'depth'; mcts takes iterations=N (default 400), "
            "seconds=X, rollout=N (default the game's rollout_depth, else 0 for a game "
            "with a heuristic, else 20), "
            "c=X (default the game's exploration, 1.4 unless the game sets it), "
            "prior=N (default 1)",
        ),
        ("greedy:iterations=5", "greedy has no option 'iterations'; greedy takes samples=N"),
        ("mcts:", "mcts has no empty option"),
        ("mcts:iterations", "mcts option iterations needs a value: write iterations=N"),
        ("mcts:iterations=", "mcts option iterations needs a value"),
        ("mcts:iterations=0", "mcts option iterations must be an integer >= 1, not 0"),
        ("mcts:iterations=1.5", "mcts option iterations must be an integer >= 1, not '1.5'"),
        ("mcts:iterations=many", "must be an integer >= 1, not 'many'"),
        ("mcts:seconds=0", "mcts option seconds must be a number > 0, not 0"),
        ("mcts:seconds=-1", "mcts option seconds must be a number > 0, not -1"),
        ("mcts:seconds=inf", "mcts option seconds must be a number > 0, not inf"),
        ("mcts:c=-0.1", "mcts option c must be a number >= 0, not -0.1"),
        ("mcts:c=nan", "mcts option c must be a number >= 0, not nan"),
        ("mcts:rollout=-1", "mcts option rollout must be an integer >= 0, not -1"),
        ("mcts:iterations=5:seconds=1", "mcts takes iterations=N or seconds=X"),
        ("mcts:c=1:c=2", "mcts option c is given twice"),
        ("greedy:samples=0", "greedy option samples must be an integer >= 1, not 0"),
        ("greedy:depth=-1", "greedy option depth must be an integer >= 0, not -1"),
        ("mcts:seconds=1,greedy", "mcts option seconds must be a number > 0, not '1,greedy'"),
    ],
)
def test_bad_spec_says_what_is_allowed(spec: str, message: str) -> None:
    with pytest.raises(InvalidConfig) as caught:
        make_agent(spec)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_spec_must_be_a_string() -> None:
    with pytest.raises(InvalidConfig, match="an agent spec is a string"):
        make_agent(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "build",
    [
        lambda: MctsAgent(iterations=0),
        lambda: MctsAgent(seconds=-2.0),
        lambda: MctsAgent(iterations=10, seconds=1.0),
        lambda: MctsAgent(rollout=True),
        lambda: GreedyAgent(samples=2.5),  # type: ignore[arg-type]
    ],
)
def test_constructors_check_their_settings_too(build: Callable[[], Agent]) -> None:
    with pytest.raises(InvalidConfig):
        build()


def test_repr_shows_the_spec() -> None:
    assert repr(make_agent("mcts:iterations=50")) == "<MctsAgent mcts:iterations=50>"
