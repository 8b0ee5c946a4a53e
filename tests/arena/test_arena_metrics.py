"""Ludii's game metrics, each checked against hand-worked figures on hand-made games (two and
three players, draws, timeouts, trajectories)."""

from __future__ import annotations

import pytest

from bellica.arena import GameResult
from bellica.arena.metrics import (
    balance,
    completion,
    decisiveness,
    drawishness,
    lead_change,
    metrics,
    seat_win_rates,
    timeouts,
)


def game(
    winners: tuple[int, ...],
    players: int = 2,
    *,
    timeout: bool = False,
    rounds: int = 5,
    decisions: int = 40,
    trajectory: tuple[tuple[int, tuple[float, ...]], ...] = (),
) -> GameResult:
    return GameResult(
        index=0,
        seed=0,
        game="test",
        variant="standard",
        players=players,
        agents=("a",) * players,
        winners=winners,
        scores=(0.0,) * players,
        reason="",
        decisions=decisions,
        seconds=0.1,
        rounds=rounds,
        timeout=timeout,
        trajectory=trajectory,
    )


def test_outcome_shares_on_ten_two_player_games() -> None:
    # seat 0 wins 5, seat 1 wins 2 (one of them at the house limit), 2 natural draws, and a
    # draw at the house limit.
    results = [game((0,))] * 5 + [game((1,)), game((1,), timeout=True)]
    results += [game(()), game((0, 1)), game((), timeout=True)]
    assert seat_win_rates(results) == [0.5, 0.2]
    assert balance(results) == pytest.approx(0.7)
    assert completion(results) == pytest.approx(0.6)  # 5 + 1 won by the rules
    assert drawishness(results) == pytest.approx(0.2)  # () and the shared (0, 1)
    assert timeouts(results) == pytest.approx(0.2)


def test_balance_at_three_seats_is_the_widest_gap() -> None:
    # seats win 3, 1 and 0 of 4 games; a victory two seats share counts for both.
    results = [game((0,), 3), game((0,), 3), game((0, 1), 3), game((2,), 3, timeout=True)]
    assert seat_win_rates(results) == [0.75, 0.25, 0.25]
    assert balance(results) == pytest.approx(0.5)
    assert completion(results) == pytest.approx(0.75)
    assert balance([]) == 1.0 and completion([]) == 0.0


def test_decisiveness_is_the_share_of_rounds_before_the_winner_is_beyond_reach() -> None:
    # Seat 1 wins. The loser's best anywhere is 0.4 (round 2); seat 1 first exceeds it at
    # the fourth point (round 4): 3 of 5 points came before. The last point is the outcome.
    path = (
        (1, (0.0, 0.0)),
        (2, (0.4, -0.4)),
        (3, (0.1, 0.3)),
        (4, (-0.2, 0.5)),
        (5, (-0.6, 0.6)),
        (5, (-1.0, 1.0)),
    )
    assert decisiveness(game((1,), trajectory=path)) == pytest.approx(3 / 5)
    assert decisiveness(game((0,), trajectory=path)) == 1.0  # never above seat 1's 0.6
    early = ((1, (0.2, 0.1)), (2, (0.5, 0.3)), (3, (0.6, 0.2)), (3, (1.0, -1.0)))
    assert decisiveness(game((0,), trajectory=early)) == pytest.approx(1 / 3)  # 0.5 > 0.3
    assert decisiveness(game((), trajectory=path)) is None  # a draw has no winner
    assert decisiveness(game((1,))) is None  # no trajectory kept
    never = ((1, (0.5, 0.1)), (2, (0.2, 0.2)), (2, (-1.0, 1.0)))
    assert decisiveness(game((1,), trajectory=never)) == 1.0  # only the end settled it


def test_lead_change_counts_the_steps_where_the_leaders_differ() -> None:
    # Leaders by point: {0}, {0, 1} (a tie), {1}, {1}, {2}: three changes in four steps.
    path = (
        (1, (0.3, 0.1, 0.0)),
        (2, (0.2, 0.2, 0.0)),
        (3, (0.1, 0.4, 0.0)),
        (4, (0.1, 0.5, 0.2)),
        (5, (0.0, 0.1, 0.6)),
        (5, (-1.0, -1.0, 1.0)),
    )
    assert lead_change(game((2,), 3, trajectory=path)) == pytest.approx(3 / 4)
    assert lead_change(game((2,), 3, trajectory=path[:1] + path[-1:])) is None


def test_the_run_metrics_average_over_the_games_that_tell() -> None:
    path = ((1, (0.0, 0.0)), (2, (0.1, -0.1)), (3, (0.3, -0.3)), (3, (1.0, -1.0)))
    results = [
        game((0,), rounds=3, decisions=30, trajectory=path),  # decisive 1/3, lead change 1/2
        game((), rounds=7, decisions=70, trajectory=path),  # a draw: lead change only
        game((1,), rounds=5, decisions=50),  # no trajectory
    ]
    summary = metrics(results)
    assert summary.games == 3
    assert summary.rounds == pytest.approx(5.0) and summary.decisions == pytest.approx(50.0)
    assert summary.decisiveness == pytest.approx(1 / 3)
    assert summary.lead_change == pytest.approx(0.5)
    assert summary.drawishness == pytest.approx(1 / 3)
    empty = metrics([])
    assert (empty.games, empty.rounds, empty.decisiveness) == (0, None, None)


def test_the_seat_advantage_is_each_seats_distance_from_an_even_share() -> None:
    from bellica.arena import summarize
    from bellica.arena.report import seat_advantage

    results = [game((0,))] * 3 + [game((1,)), game(())]  # seats win 3 and 1 of 5
    assert seat_advantage(summarize(results)) == (
        "seat 0 +10.0 points, seat 1 -30.0 points against an even 50.0%"
    )
    three = [game((0,), 3), game((2,), 3), game((0,), 3)]
    assert seat_advantage(summarize(three)) == (
        "seat 0 +33.3 points, seat 1 -33.3 points, seat 2 +0.0 points against an even 33.3%"
    )
