"""Many games on local cores: the same results for any number of workers, in game order."""

from __future__ import annotations

from collections import Counter

import pytest

from bellica.arena import GameConfig, GameResult, Keep, MatchError, run_local
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


def test_more_agents_than_seats_play_a_round_robin(setup: GameConfig) -> None:
    """Every pair of the three agents is a matchup of 4 games on the same seeds, seats
    rotated within it; the numbering runs on through the matchups, and two workers agree."""
    agents = ["random", "greedy", "mcts:iterations=5"]
    here = list(run_local(setup, agents, 4, seed=50, workers=1))
    pool = list(run_local(setup, agents, 4, seed=50, workers=2, chunk_size=1))
    assert all(a.same_play(b) for a, b in zip(here, pool, strict=True))
    assert [r.index for r in here] == list(range(12))
    assert [r.matchup for r in here] == [0] * 4 + [1] * 4 + [2] * 4
    assert [r.seed for r in here] == [50, 51, 52, 53] * 3
    pairs = [("random", "greedy"), ("random", "mcts:iterations=5"), ("greedy", "mcts:iterations=5")]
    for matchup, (a, b) in enumerate(pairs):
        games = here[4 * matchup : 4 * matchup + 4]
        assert [r.agents for r in games] == [(a, b), (b, a), (a, b), (b, a)]


def test_a_run_can_keep_each_games_record(setup: GameConfig) -> None:
    """Keeping records, every result carries its record, which replays to the same end and
    names the agents as the replay viewer reads them."""
    from bellica.core import Record, replay

    results = list(
        run_local(setup, ["random", "greedy"], 3, seed=7, workers=2, keep=Keep(records=True))
    )
    for result in results:
        assert result.record is not None
        record = Record.loads(result.record)
        assert record.meta["agents"] == list(result.agents)
        state = replay(record)
        assert state.is_terminal and tuple(state.outcome().winners) == result.winners
    plain = list(run_local(setup, ["random", "greedy"], 3, seed=7, workers=1))
    assert all(r.record is None for r in plain)


def _timed(seconds: float) -> GameResult:
    return GameResult(0, 0, "g", "standard", 2, ("random",) * 2, (0,), (1.0, 0.0), "", 10, seconds)


def test_chunks_hold_about_a_twentieth_of_a_second_of_play() -> None:
    """One game until a game is timed; then as many as take CHUNK_SECONDS, never more than a
    quarter of each worker's share; a size the caller fixes stays."""
    from bellica.arena.worker import CHUNK_SECONDS, Chunks

    chunks = Chunks(total=1000, workers=2)
    assert chunks.size == 1
    chunks.timed([_timed(0.001)] * 4)  # quick games: many to a chunk
    assert chunks.size == round(CHUNK_SECONDS / 0.001)
    slow = Chunks(total=1000, workers=2)
    slow.timed([_timed(2.0)])  # MCTS games: one at a time, so nobody waits long at the end
    assert slow.size == 1
    small = Chunks(total=40, workers=2)
    small.timed([_timed(0.0001)])
    assert small.size == 5  # a quarter of each worker's 20
    assert Chunks(total=1000, workers=2, fixed=7).size == 7
