"""Many games on local cores: the same results for any number of workers, in game order."""

from __future__ import annotations

from collections import Counter

import pytest

from bellica.arena import GameConfig, GameResult, MatchError, run_local
from bellica.core import InvalidConfig


def test_one_worker_and_two_workers_agree(setup: GameConfig) -> None:
    here = list(run_local(setup, ["random", "greedy"], 40, seed=100, workers=1))
    pool = list(run_local(setup, ["random", "greedy"], 40, seed=100, workers=2, chunk_size=3))
    assert [r.index for r in pool] == list(range(40))
    assert [r.seed for r in pool] == list(range(100, 140))
    assert all(a.same_play(b) for a, b in zip(here, pool, strict=True))


def test_progress_hears_of_every_game(setup: GameConfig) -> None:
    seen: list[GameResult] = []
    results = list(run_local(setup, ["random"], 12, workers=2, progress=seen.append))
    assert sorted(r.index for r in seen) == list(range(12))
    assert len(results) == 12


def test_every_agent_plays_every_seat_equally(setup3: GameConfig) -> None:
    results = list(run_local(setup3, ["random", "greedy", "mcts:iterations=5"], 9, workers=1))
    per_seat = [Counter(r.agents[seat] for r in results) for seat in range(3)]
    for counts in per_seat:
        assert counts == {"random": 3, "greedy": 3, "mcts:iterations=5": 3}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "number of games must be at least 1, not 0"),
        ({"workers": 0}, "number of workers must be at least 1, not 0"),
        ({"agents": ["random", "nobody"]}, "unknown agent 'nobody'"),
        ({"agents": ["mcts:speed=3"]}, "mcts has no option 'speed'"),
        ({"agents": ["random"] * 3}, "3 agents were given for a 2-player game"),
        ({"chunk_size": 0}, "chunk size must be at least 1"),
    ],
)
def test_bad_arguments_fail_before_any_game(
    setup: GameConfig, kwargs: dict[str, object], message: str
) -> None:
    arguments: dict[str, object] = {"agents": ["random", "greedy"], "games": 4, "workers": 2}
    arguments.update(kwargs)
    with pytest.raises(InvalidConfig, match=message):
        run_local(setup, **arguments)  # type: ignore[arg-type]


def test_a_failing_game_in_a_worker_reaches_the_caller(setup: GameConfig) -> None:
    with pytest.raises(MatchError, match="did not end within 1 decisions"):
        list(run_local(setup, ["random"], 6, workers=2, max_decisions=1))
