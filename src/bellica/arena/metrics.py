"""Ludii's game metrics over a run's results: balance, completion, draws, timeouts, duration,
and from each game's trajectory its decisiveness and lead changes (docs/lab.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from statistics import mean

from bellica.arena.match import GameResult


@dataclass(frozen=True, slots=True)
class Metrics:
    """A run's game metrics, each in [0, 1] but the durations (None where no game tells)."""

    games: int
    balance: float  # 1 - the widest gap between two seats' win rates
    completion: float  # games won by someone, neither drawn nor stopped by a house limit
    drawishness: float  # games drawn by the rules themselves
    timeouts: float  # games a house-rule limit ended
    rounds: float | None  # the mean rounds (days) a game lasted
    decisions: float  # the mean decisions a game took
    decisiveness: float | None  # the mean share of a won game before its winner was clear
    lead_change: float | None  # the mean share of round changes where the leaders changed


def seat_win_rates(results: Sequence[GameResult]) -> list[float]:
    """Each seat's share of the games it won (a shared victory counts for each winner; a
    victory every seat shares is a draw)."""
    if not results:
        return []
    seats = max(result.players for result in results)
    wins = [0] * seats
    for result in results:
        if not result.is_draw:
            for seat in result.winners:
                wins[seat] += 1
    return [won / len(results) for won in wins]


def balance(results: Sequence[GameResult]) -> float:
    """1 minus the largest difference between two seats' win rates: 1 when every seat wins
    as often, 0 when one always wins and another never."""
    rates = seat_win_rates(results)
    if len(rates) < 2:
        return 1.0
    return 1.0 - (max(rates) - min(rates))


def completion(results: Sequence[GameResult]) -> float:
    """The share of games someone won by the rules: no draw, no house-rule limit."""
    return _share(results, lambda r: not r.is_draw and not r.timeout and bool(r.winners))


def drawishness(results: Sequence[GameResult]) -> float:
    """The share of games the rules themselves drew (a draw at a house-rule limit is a
    timeout, not counted here)."""
    return _share(results, lambda r: r.is_draw and not r.timeout)


def timeouts(results: Sequence[GameResult]) -> float:
    """The share of games a house-rule limit of rounds, turns or days ended."""
    return _share(results, lambda r: r.timeout)


def _share(results: Sequence[GameResult], test: Callable[[GameResult], bool]) -> float:
    if not results:
        return 0.0
    return sum(1 for result in results if test(result)) / len(results)


def decisiveness(result: GameResult) -> float | None:
    """How much of a won game passed before a winner was clearly ahead: the share of its
    trajectory's points (each round's start) before a winner's value first rose above the
    best value any other seat reached in the whole game. 0: the winner led beyond reach from
    the start; 1: only the end settled it. None for a draw or a game without a trajectory."""
    points = [values for _, values in result.trajectory[:-1]]  # the last is the outcome
    if not points or not result.winners or result.is_draw:
        return None
    winners = set(result.winners)
    losers = [seat for seat in range(len(points[0])) if seat not in winners]
    threshold = max(values[seat] for values in points for seat in losers)
    for step, values in enumerate(points):
        if any(values[seat] > threshold for seat in winners):
            return step / len(points)
    return 1.0


def lead_change(result: GameResult) -> float | None:
    """How often the lead changed hands: the share of the trajectory's steps from one round
    to the next where the seats with the highest value were not the same. None with fewer
    than two rounds' points."""
    points = [values for _, values in result.trajectory[:-1]]
    if len(points) < 2:
        return None
    leaders = [_leaders(values) for values in points]
    changes = sum(1 for before, after in pairwise(leaders) if before != after)
    return changes / (len(points) - 1)


def _leaders(values: tuple[float, ...]) -> frozenset[int]:
    best = max(values)
    return frozenset(seat for seat, value in enumerate(values) if value == best)


def metrics(results: Sequence[GameResult]) -> Metrics:
    """Every metric of a run (of one matchup, to compare like with like)."""
    rounds = [r.rounds for r in results if r.rounds is not None]
    decisive = [d for d in map(decisiveness, results) if d is not None]
    changes = [c for c in map(lead_change, results) if c is not None]
    return Metrics(
        games=len(results),
        balance=balance(results),
        completion=completion(results),
        drawishness=drawishness(results),
        timeouts=timeouts(results),
        rounds=mean(rounds) if rounds else None,
        decisions=mean(r.decisions for r in results) if results else 0.0,
        decisiveness=mean(decisive) if decisive else None,
        lead_change=mean(changes) if changes else None,
    )
