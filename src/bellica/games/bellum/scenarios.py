"""Solo scenario data: decks, cards in play, changed card texts and difficulty settings."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bellica.core import InvalidCardData
from bellica.core.data_file import Whole, load_toml
from bellica.core.options import shown
from bellica.games.bellum.cards import (
    DATA_DIR,
    MAX_EFFECTS,
    MAX_NAME,
    MAX_NUMBER,
    MAX_POWER,
    MAX_TEXT,
    Effect,
)

if TYPE_CHECKING:
    from bellica.games.bellum.game import BellumTable as CardTable

SCENARIOS_FILE = DATA_DIR / "scenarios.toml"
Trigger = Literal["play", "rally", "deployment", "death", "assault", "answer"]

# Bounds (every number a strict whole number): a card is named by its number, 1 to 999; a list
# of cards holds at most 999 (a set's whole size); a solo turn reveals 1 to 10 cards, a
# list of reveals has one entry per cycle through the deck, at most 20; the Labyrinth heals its
# hero by 0 to 20 damage tokens a turn.
CardNumber = Annotated[int, Whole(1, MAX_NUMBER)]
Cards = Annotated[list[CardNumber], Field(max_length=MAX_NUMBER)]
MAX_REVEAL = 10
MAX_CYCLES = 20
MAX_HEAL = 20
Reveals = Annotated[list[Annotated[int, Whole(1, MAX_REVEAL)]], Field(max_length=MAX_CYCLES)]


class Override(BaseModel):
    """A card whose text the scenario changes."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    card: CardNumber
    trigger: Trigger
    effects: list[Effect] = Field(max_length=MAX_EFFECTS)  # empty: the ability is gone


class Power(BaseModel):
    """A creature's printed power in this scenario (ours, provisional): where our card contents
    made a scenario lopsided, its side's creatures are tuned here, not in the two-player game."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    card: CardNumber
    power: Annotated[int, Whole(1, MAX_POWER)]


class Text(BaseModel):
    """A card's text as this scenario plays it (our words), shown to the player instead of the
    card file's: what its overrides, its power and the scenario's rules make of the card."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    card: CardNumber
    text: str = Field(min_length=1, max_length=MAX_TEXT)


class Difficulty(BaseModel):
    """What an easier or harder setting changes."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    reveal: Reveals | None = Field(default=None, min_length=1)
    labyrinth_heal: Annotated[int, Whole(0, MAX_HEAL)] | None = None
    shielded: Cards = Field(default_factory=list)
    opponent_play_add: Cards = Field(default_factory=list)
    player_play_add: Cards = Field(default_factory=list)
    player_deck_remove: Cards = Field(default_factory=list)


class ScenarioData(BaseModel):
    """One scenario as written in scenarios.toml."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    id: str = Field(min_length=1, max_length=MAX_NAME)
    title: str = Field(min_length=1, max_length=100)
    opponent: str = Field(min_length=1, max_length=MAX_NAME)
    hero: CardNumber
    player_city: Literal["Athens", "Sparta", "Troy"] | None = None
    player_deck: Cards = Field(min_length=1)
    player_play: Cards = Field(default_factory=list)
    opponent_deck: Cards = Field(min_length=1)
    opponent_play: Cards = Field(default_factory=list)
    opponent_back: Cards = Field(default_factory=list)
    market: Cards = Field(default_factory=list)
    can_buy: bool = True
    can_attack: bool = True
    reveal: Reveals = Field(min_length=1)
    labyrinth_heal: Annotated[int, Whole(0, MAX_HEAL)] = 0
    immune: Cards = Field(default_factory=list)
    out_of_play: Cards = Field(default_factory=list)
    override: list[Override] = Field(default_factory=list, max_length=MAX_NUMBER)
    power: list[Power] = Field(default_factory=list, max_length=MAX_NUMBER)
    text: list[Text] = Field(default_factory=list, max_length=MAX_NUMBER)
    easier: Difficulty = Difficulty()
    harder: Difficulty = Difficulty()

    @model_validator(mode="after")
    def _each_card_once(self) -> ScenarioData:
        placed = [
            *self.player_deck,
            *self.player_play,
            *self.opponent_deck,
            *self.opponent_play,
            *self.market,
        ]
        for level, change in (
            ("", Difficulty()),
            ("easier: ", self.easier),
            ("harder: ", self.harder),
        ):
            adds = change.player_play_add + change.opponent_play_add
            for number, uses in Counter(placed + adds).items():
                if uses > 1:
                    raise ValueError(
                        f"{level}card {number:03d} is placed twice (the set has one copy)"
                    )
        for number, uses in Counter(p.card for p in self.power).items():
            if uses > 1:
                raise ValueError(f"card {number:03d}'s power is set twice")
        for number, uses in Counter(t.card for t in self.text).items():
            if uses > 1:
                raise ValueError(f"card {number:03d}'s text is set twice")
        changes = Counter((o.card, o.trigger) for o in self.override)
        for (number, trigger), uses in changes.items():
            if uses > 1:
                raise ValueError(f"card {number:03d}'s {trigger} ability is overridden twice")
        return self


class ScenarioFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    scenario: list[ScenarioData] = Field(max_length=100)

    @model_validator(mode="after")
    def _unique_ids(self) -> ScenarioFile:
        for name, uses in Counter(s.id for s in self.scenario).items():
            if uses > 1:
                raise ValueError(f"the scenario id {name!r} is used twice")
        return self


def _scenario_label(table: str, index: int, entry: Any) -> str:
    """ "scenario #2 (solo-plague)": the entry's place in the file, then its id."""
    name = entry.get("id") if isinstance(entry, dict) else None
    shown_id = name if isinstance(name, str) and len(name) <= MAX_NAME else shown(name)
    return f"scenario #{index + 1}" + (f" ({shown_id})" if name is not None else "")


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
    powers: dict[int, int] = field(default_factory=dict)  # uid -> the scenario's power
    texts: dict[int, str] = field(default_factory=dict)  # uid -> the card's text here


def load_scenario_file(path: str | Path = SCENARIOS_FILE) -> ScenarioFile:
    """Read and validate a scenario file (ours by default); raises InvalidCardData naming the
    file, the scenario and the field. Cached by content, like the card files."""
    return load_toml(path, ScenarioFile, _scenario_label)


def load_scenario(variant: str, difficulty: str, table: CardTable) -> Scenario:
    """The scenario of a solo variant at a difficulty, checked against the card set."""
    path = SCENARIOS_FILE
    raw = load_scenario_file(path)
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

    def creature(number: int) -> int:
        uid = uids([number], "power")[0]
        if table.faces[uid][0].kind != "creature":
            raise InvalidCardData(
                f"{path}: scenario {data.id}, power: sets the power of {table.label[uid]}, "
                "not a creature"
            )
        return uid

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
        labyrinth_heal=(
            data.labyrinth_heal if change.labyrinth_heal is None else change.labyrinth_heal
        ),
        shielded=uids(change.shielded, "shielded"),
        immune=uids([n for n in data.immune if n not in change.player_deck_remove], "immune"),
        out_of_play=uids(data.out_of_play, "out_of_play"),
        overrides={(o.card, o.trigger): o.effects for o in data.override},
        powers={creature(p.card): p.power for p in data.power},
        texts={uids([t.card], "text")[0]: t.text for t in data.text},
    )
