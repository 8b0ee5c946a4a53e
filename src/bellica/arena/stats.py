"""Tallies of simulated games: wins, draws and losses per agent and per seat, with intervals."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bellica.arena.match import GameResult

Z95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion `successes / trials` (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 and `trials`
    successes; with no trials it is the whole of [0, 1].
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(slots=True)
class Tally:
    """Wins, draws and losses of one agent or one seat; a win rate with its 95% interval."""

    label: str
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        """The share of games won (draws count as not won); 0 with no games."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def add(self, won: bool, draw: bool) -> None:
        if draw:
            self.draws += 1
        elif won:
            self.wins += 1
        else:
            self.losses += 1


@dataclass(slots=True)
class Summary:
    """What a batch of games shows: per-agent and per-seat tallies and game lengths."""

    games: int
    agents: list[Tally]
    seats: list[Tally]
    draws: int
    mean_decisions: float
    min_decisions: int
    max_decisions: int
    mean_seconds: float
    total_seconds: float
    # (agent, opponent) -> the agent's wins, draws and losses in the games it played with
    # that opponent at the table (head to head at two players), for the matchup table.
    pairs: dict[tuple[str, str], Tally] = field(default_factory=dict)


class Scoreboard:
    """Adds results up one at a time, so that millions of games need no list of results.

    An agent is tallied once per seat it held: with `random` in both seats, `random` plays
    two games per game and wins one of them.
    """

    __slots__ = (
        "_agents",
        "_decisions",
        "_draws",
        "_games",
        "_max",
        "_min",
        "_pairs",
        "_seats",
        "_seconds",
    )

    def __init__(self, agents: Sequence[str] = ()) -> None:
        self._agents: dict[str, Tally] = {name: Tally(name) for name in agents}
        self._seats: list[Tally] = []
        self._pairs: dict[tuple[str, str], Tally] = {}
        self._games = 0
        self._draws = 0
        self._decisions = 0
        self._min = 0
        self._max = 0
        self._seconds = 0.0

    def add(self, result: GameResult) -> None:
        draw = result.is_draw
        winners = set(result.winners)
        for seat, agent in enumerate(result.agents):
            while len(self._seats) <= seat:
                self._seats.append(Tally(f"seat {len(self._seats)}"))
            won = seat in winners
            self._seats[seat].add(won, draw)
            tally = self._agents.get(agent)
            if tally is None:
                tally = self._agents[agent] = Tally(agent)
            tally.add(won, draw)
            for other in result.agents:
                if other != agent:
                    pair = self._pairs.get((agent, other))
                    if pair is None:
                        pair = self._pairs[agent, other] = Tally(f"{agent} with {other}")
                    pair.add(won, draw)
        if self._games == 0:
            self._min = self._max = result.decisions
        else:
            self._min = min(self._min, result.decisions)
            self._max = max(self._max, result.decisions)
        self._games += 1
        self._draws += draw
        self._decisions += result.decisions
        self._seconds += result.seconds

    def summary(self) -> Summary:
        games = self._games
        return Summary(
            games=games,
            agents=[Tally(t.label, t.wins, t.draws, t.losses) for t in self._agents.values()],
            seats=[Tally(t.label, t.wins, t.draws, t.losses) for t in self._seats],
            draws=self._draws,
            mean_decisions=self._decisions / games if games else 0.0,
            min_decisions=self._min,
            max_decisions=self._max,
            mean_seconds=self._seconds / games if games else 0.0,
            total_seconds=self._seconds,
            pairs={k: Tally(t.label, t.wins, t.draws, t.losses) for k, t in self._pairs.items()},
        )


def summarize(results: Iterable[GameResult], agents: Sequence[str] = ()) -> Summary:
    """The summary of some results; `agents` fixes the order of the agent rows."""
    board = Scoreboard(agents)
    for result in results:
        board.add(result)
    return board.summary()
