"""Solo scenario data: decks, cards in play, changed card texts and difficulty settings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from bellica.core import InvalidCardData
from bellica.core.data_file import load_toml
from bellica.games.bellum.cards import DATA_DIR, Effect

if TYPE_CHECKING:
    from bellica.games.bellum.game import BellumTable as CardTable

SCENARIOS_FILE = DATA_DIR / "scenarios.toml"
Trigger = Literal["play", "rally", "deployment", "death", "assault", "answer"]


class Override(BaseModel):
    """A card whose text the scenario changes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    card: int
    trigger: Trigger
    effects: list[Effect]


class Difficulty(BaseModel):
    """What an easier or harder setting changes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    reveal: list[int] | None = None
    labyrinth_heal: int | None = None
    shielded: list[int] = Field(default_factory=list)
    opponent_play_add: list[int] = Field(default_factory=list)
    player_play_add: list[int] = Field(default_factory=list)
    player_deck_remove: list[int] = Field(default_factory=list)


class ScenarioData(BaseModel):
    """One scenario as written in scenarios.toml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: str
    opponent: str
    hero: int
    player_city: str | None = None
    player_deck: list[int]
    player_play: list[int] = Field(default_factory=list)
    opponent_deck: list[int]
    opponent_play: list[int] = Field(default_factory=list)
    opponent_back: list[int] = Field(default_factory=list)
    market: list[int] = Field(default_factory=list)
    can_buy: bool = True
    can_attack: bool = True
    reveal: list[int] = Field(min_length=1)
    labyrinth_heal: int = 0
    immune: list[int] = Field(default_factory=list)
    out_of_play: list[int] = Field(default_factory=list)
    override: list[Override] = Field(default_factory=list)
    easier: Difficulty = Difficulty()
    harder: Difficulty = Difficulty()


class ScenarioFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    scenario: list[ScenarioData]


@dataclass
class Scenario:
    """A scenario at one difficulty, with its cards named by uid."""

    id: str
    title: str
    opponent: str
    hero: int
    player_city: str | None
    player_deck: list[int]
    player_play: list[int]
    opponent_deck: list[int]
    opponent_play: list[int]
    opponent_back: list[int]
    market: list[int]
    can_buy: bool
    can_attack: bool
    reveal: list[int]
    labyrinth_heal: int
    shielded: list[int]
    immune: list[int]
    out_of_play: list[int]
    overrides: dict[tuple[int, str], list[Effect]] = field(default_factory=dict)


def load_scenario(variant: str, difficulty: str, table: CardTable) -> Scenario:
    """The scenario of a solo variant at a difficulty, checked against the card set."""
    path = SCENARIOS_FILE
    raw = load_toml(path, ScenarioFile)
    found = [s for s in raw.scenario if s.id == variant]
    if not found:
        raise InvalidCardData(f"{path}: no scenario {variant!r}")
    data = found[0]
    change = {"easier": data.easier, "harder": data.harder}.get(difficulty, Difficulty())

    def uids(numbers: list[int], what: str) -> list[int]:
        out = []
        for number in numbers:
            try:
                out.append(table.uid(number))
            except KeyError:
                raise InvalidCardData(
                    f"{path}: scenario {data.id}, {what}: the card set has no card {number:03d}"
                ) from None
        return out

    player_deck = [n for n in data.player_deck if n not in change.player_deck_remove]
    return Scenario(
        id=data.id,
        title=data.title,
        opponent=data.opponent,
        hero=uids([data.hero], "hero")[0],
        player_city=data.player_city,
        player_deck=uids(player_deck, "player_deck"),
        player_play=uids(data.player_play + change.player_play_add, "player_play"),
        opponent_deck=uids(data.opponent_deck, "opponent_deck"),
        opponent_play=uids(data.opponent_play + change.opponent_play_add, "opponent_play"),
        opponent_back=uids(data.opponent_back, "opponent_back"),
        market=uids(data.market, "market"),
        can_buy=data.can_buy,
        can_attack=data.can_attack,
        reveal=change.reveal or data.reveal,
        labyrinth_heal=change.labyrinth_heal or data.labyrinth_heal,
        shielded=uids(change.shielded, "shielded"),
        immune=uids(data.immune, "immune"),
        out_of_play=uids(data.out_of_play, "out_of_play"),
        overrides={(o.card, o.trigger): o.effects for o in data.override},
    )
