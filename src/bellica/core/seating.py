"""Seats, sides and teams: who plays what, who may see whose hidden cards, turn order, results."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Seating:
    """How the players sit at a game.

    A *side* is what the rules move (an army, a city's hand of cards); a *seat* is a player
    who decides. Each side belongs to one team; a *scripted* side has no player of its own
    (a solo scenario's opponent) and the choices its script leaves open fall to the seat
    `seat_of_side` names. With `teammates_see`, a team's members may look at each other's
    hidden cards (Para Bellum's teams share information).
    """

    seat_of_side: tuple[int, ...]
    team_of_side: tuple[int, ...]
    scripted: frozenset[int] = frozenset()
    teammates_see: bool = False
    members: tuple[tuple[int, ...], ...] = field(init=False)
    enemies: tuple[tuple[int, ...], ...] = field(init=False)
    players: int = field(init=False)

    def __post_init__(self) -> None:
        if len(self.seat_of_side) != len(self.team_of_side):
            raise ValueError("every side needs a seat and a team")
        teams = max(self.team_of_side) + 1
        members = tuple(
            tuple(s for s, t in enumerate(self.team_of_side) if t == team) for team in range(teams)
        )
        enemies = tuple(
            tuple(o for o, t in enumerate(self.team_of_side) if t != team)
            for team in self.team_of_side
        )
        object.__setattr__(self, "members", members)
        object.__setattr__(self, "enemies", enemies)
        object.__setattr__(self, "players", max(self.seat_of_side) + 1)

    @classmethod
    def duel(cls, sides: int = 2) -> Seating:
        """One seat per side, every side its own team."""
        return cls(tuple(range(sides)), tuple(range(sides)))

    @classmethod
    def alternating_teams(cls, sides: int, teams: int = 2) -> Seating:
        """Seats alternate between teams round the table: side s is on team s % teams."""
        return cls(tuple(range(sides)), tuple(s % teams for s in range(sides)))

    @property
    def sides(self) -> int:
        return len(self.seat_of_side)

    @property
    def teams(self) -> int:
        return len(self.members)

    def team(self, side: int) -> int:
        return self.team_of_side[side]

    def sides_of(self, seat: int) -> tuple[int, ...]:
        """The sides a seat plays itself (not the scripted ones it decides ties for)."""
        return tuple(
            s for s, who in enumerate(self.seat_of_side) if who == seat and s not in self.scripted
        )

    def sees(self, seat: int, side: int) -> bool:
        """Whether `seat` may look at `side`'s hidden cards (its hand): its own sides, and its
        teammates' where the game lets teammates share."""
        if side in self.scripted:
            return False
        owner = self.seat_of_side[side]
        if owner == seat:
            return True
        if not self.teammates_see:
            return False
        mine = self.sides_of(seat)
        return any(self.team_of_side[s] == self.team_of_side[side] for s in mine)

    def order(self, first: int, among: Sequence[int] | None = None) -> tuple[int, ...]:
        """`among` (default: every side) in turn order, starting from side `first` and going
        round the table."""
        pool = range(self.sides) if among is None else among
        count = self.sides
        return tuple(sorted(pool, key=lambda s: (s - first) % count))

    def next_first(self, first: int) -> int:
        """Who goes first in the next round when the first player rotates clockwise."""
        return (first + 1) % self.sides

    def winners(self, team: int) -> tuple[int, ...]:
        """The seats that win when `team` wins (each seat once, scripted sides excluded)."""
        seats = {self.seat_of_side[s] for s in self.members[team] if s not in self.scripted}
        return tuple(sorted(seats))
