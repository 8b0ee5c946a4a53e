"""Wilson intervals and the tallies of agents and seats."""

from __future__ import annotations

import pytest

from bellica.arena import GameResult, Scoreboard, Tally, summarize, wilson_interval


def result(agents: tuple[str, ...], winners: tuple[int, ...], decisions: int = 10) -> GameResult:
    return GameResult(
        index=0,
        seed=0,
        game="pebbles",
        variant="standard",
        players=len(agents),
        agents=agents,
        winners=winners,
        scores=tuple(1.0 if s in winners else 0.0 for s in range(len(agents))),
        reason="test",
        decisions=decisions,
        seconds=0.5,
    )


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (1, 20, 0.0089, 0.2361),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval_matches_known_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    got_low, got_high = wilson_interval(successes, trials)
    assert got_low == pytest.approx(low, abs=1e-4)
    assert got_high == pytest.approx(high, abs=1e-4)


def test_wilson_interval_without_trials_is_everything() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_interval_narrows_with_a_lower_confidence() -> None:
    low90, high90 = wilson_interval(5, 10, z=1.6448536269514722)
    assert low90 == pytest.approx(0.2693, abs=1e-4)
    assert high90 == pytest.approx(0.7307, abs=1e-4)


@pytest.mark.parametrize(("successes", "trials"), [(-1, 10), (11, 10), (0, -1)])
def test_wilson_interval_rejects_impossible_counts(successes: int, trials: int) -> None:
    with pytest.raises(ValueError, match="successes"):
        wilson_interval(successes, trials)


def test_tally_counts_wins_draws_and_losses() -> None:
    tally = Tally("greedy")
    for won, draw in [(True, False), (False, False), (False, True), (True, False)]:
        tally.add(won, draw)
    assert (tally.wins, tally.draws, tally.losses, tally.games) == (2, 1, 1, 4)
    assert tally.win_rate == 0.5
    assert tally.interval == wilson_interval(2, 4)


def test_scoreboard_tallies_each_seat_an_agent_held() -> None:
    results = [
        result(("random", "greedy"), (1,), decisions=4),
        result(("greedy", "random"), (0,), decisions=8),
        result(("random", "greedy"), (), decisions=6),
        result(("random", "random"), (1,), decisions=12),
    ]
    summary = summarize(results, agents=["greedy", "random"])
    assert [t.label for t in summary.agents] == ["greedy", "random"]
    greedy, rand = summary.agents
    assert (greedy.wins, greedy.draws, greedy.losses) == (2, 1, 0)
    assert (rand.wins, rand.draws, rand.losses) == (1, 1, 3)
    seat0, seat1 = summary.seats
    assert (seat0.label, seat0.wins, seat0.draws, seat0.losses) == ("seat 0", 1, 1, 2)
    assert (seat1.label, seat1.wins, seat1.draws, seat1.losses) == ("seat 1", 2, 1, 1)
    assert summary.games == 4
    assert summary.draws == 1
    assert summary.mean_decisions == 7.5
    assert (summary.min_decisions, summary.max_decisions) == (4, 12)
    assert summary.mean_seconds == 0.5
    assert summary.total_seconds == 2.0


def test_scoreboard_counts_every_team_winner() -> None:
    board = Scoreboard()
    board.add(result(("a", "b", "a", "b"), (0, 2)))
    a, b = board.summary().agents
    assert (a.label, a.wins, a.losses) == ("a", 2, 0)
    assert (b.label, b.wins, b.losses) == ("b", 0, 2)


def test_an_empty_scoreboard_summarizes_to_zeros() -> None:
    summary = Scoreboard(["random"]).summary()
    assert summary.games == 0
    assert summary.mean_decisions == 0.0
    assert summary.agents[0].games == 0
    assert summary.agents[0].win_rate == 0.0


def test_a_victory_every_seat_shares_is_a_draw() -> None:
    """As State.returns counts it (0 to all): a full tie is no win for anyone; a victory two
    of three seats share is a win for both."""
    board = Scoreboard()
    board.add(result(("a", "b"), (0, 1)))
    board.add(result(("a", "b", "c"), (0, 1)))
    summary = board.summary()
    a, b, c = summary.agents
    assert (a.wins, a.draws, a.losses) == (1, 1, 0)
    assert (b.wins, b.draws, b.losses) == (1, 1, 0)
    assert (c.wins, c.draws, c.losses) == (0, 0, 1)
    assert summary.draws == 1


def test_the_pairs_count_each_agents_games_with_each_opponent() -> None:
    board = Scoreboard()
    board.add(result(("a", "b"), (0,)))
    board.add(result(("b", "a"), (0,)))
    board.add(result(("a", "c"), (0,)))
    board.add(result(("c", "b"), ()))
    pairs = board.summary().pairs
    assert (pairs["a", "b"].wins, pairs["a", "b"].losses) == (1, 1)
    assert (pairs["b", "a"].wins, pairs["b", "a"].losses) == (1, 1)
    assert (pairs["a", "c"].wins, pairs["c", "a"].losses) == (1, 1)
    assert (pairs["c", "b"].draws, pairs["b", "c"].draws) == (1, 1)
    assert ("a", "a") not in pairs
