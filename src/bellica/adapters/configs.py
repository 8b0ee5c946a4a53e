"""Every game, variant and player count the adapters cover, and what they share of each."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import bellica
from bellica.core import Game


@dataclass(frozen=True, slots=True)
class Config:
    """One way to play a registered game: its id, variant, player count and options."""

    game_id: str
    variant: str
    players: int
    options: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def load(self) -> Game:
        return bellica.load(self.game_id, self.players, self.variant, dict(self.options))

    @property
    def name(self) -> str:
        """ "bellum/solo-troy/1p": how tests and reports name it."""
        return f"{self.game_id}/{self.variant}/{self.players}p"


def configs() -> Iterator[Config]:
    """Every registered game × variant × allowed player count, in id order: the adapters'
    tests run over these, so a sixth game is checked without new code."""
    for info in bellica.games():
        for variant in info.variants:
            for players in info.allowed_players(variant):
                yield Config(info.id, variant, players)


def agent_names(game: Game) -> list[str]:
    """The adapters' names for the seats: "player_0", "player_1", … (PettingZoo's custom)."""
    return [f"player_{seat}" for seat in range(game.players)]
