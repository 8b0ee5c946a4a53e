"""Who plays game `i` of a run and with which seed: one match, or a round robin of matchups."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from bellica.arena.match import seat_lineup
from bellica.core import InvalidConfig


@dataclass(frozen=True, slots=True)
class Schedule:
    """The games of a run, numbered from 0.

    With no more agents than seats there is one matchup: the agents repeated to fill the
    seats. With more, a round robin: every group of `players` different agents (by position in
    the list) is a matchup. Each matchup plays `games` games on the same seeds, `seed` to
    `seed + games - 1` (common random numbers: two matchups meet the same deals and dice
    where their choices agree), and the seats rotate one step per game, so every agent of a
    matchup sits in every seat equally often over `players` games.
    """

    matchups: tuple[tuple[str, ...], ...]
    players: int
    games: int  # per matchup
    seed: int

    @classmethod
    def create(cls, agents: Sequence[str], players: int, games: int, seed: int = 0) -> Schedule:
        """The schedule for `agents` at a table of `players` (InvalidConfig if it cannot be)."""
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise InvalidConfig(f"the number of games must be at least 1, not {games}")
        agents = tuple(agents)
        if not agents:
            raise InvalidConfig("give at least one agent")
        matchups: tuple[tuple[str, ...], ...]
        if len(agents) <= players:
            seat_lineup(agents, players, 0)  # the same checks as every game's
            matchups = (agents,)
        else:
            for spec in agents:
                if agents.count(spec) > 1:
                    raise InvalidConfig(
                        f"a round robin ({len(agents)} agents for {players} seats) takes each "
                        f"agent once, but {spec!r} is given {agents.count(spec)} times"
                    )
            matchups = tuple(combinations(agents, players))
        return cls(matchups, players, games, seed)

    @property
    def round_robin(self) -> bool:
        return len(self.matchups) > 1

    @property
    def total(self) -> int:
        """How many games the run plays."""
        return len(self.matchups) * self.games

    @property
    def agents(self) -> tuple[str, ...]:
        """Every agent spec once, in the order first given."""
        return tuple(dict.fromkeys(spec for matchup in self.matchups for spec in matchup))

    def matchup_of(self, index: int) -> int:
        return index // self.games

    def seed_of(self, index: int) -> int:
        return self.seed + index % self.games

    def lineup(self, index: int) -> tuple[str, ...]:
        """The agent in each seat of game `index`."""
        return seat_lineup(self.matchups[index // self.games], self.players, index % self.games)
