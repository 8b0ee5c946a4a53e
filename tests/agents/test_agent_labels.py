"""Human names for agent specs, as the lobby and the table headers show them."""

from __future__ import annotations

import pytest

from bellica.agents.labels import agent_label


@pytest.mark.parametrize(
    ("spec", "label"),
    [
        ("random", "Random"),
        ("greedy", "Greedy"),
        ("mcts:seconds=1", "MCTS, 1 s per move"),
        ("mcts:seconds=0.2", "MCTS, 0.2 s per move"),
        ("mcts:iterations=2000", "MCTS, 2,000 iterations per move"),
        ("mcts:iterations=1", "MCTS, 1 iteration per move"),
        ("mcts", "MCTS, 400 iterations per move"),
        ("mcts:seconds=1:rollout=20", "MCTS, 1 s per move, rollouts of 20 moves"),
        (" mcts : seconds = 3 ", "MCTS, 3 s per move"),
    ],
)
def test_a_spec_reads_as_a_human_name(spec: str, label: str) -> None:
    assert agent_label(spec) == label


@pytest.mark.parametrize("spec", ["bogus", "mcts:seconds=", "mcts:depth=3", ""])
def test_a_spec_that_does_not_parse_is_shown_as_written(spec: str) -> None:
    assert agent_label(spec) == spec
