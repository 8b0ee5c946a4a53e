"""The card schema: castles, creatures, places, chest values and the reserve, from TOML."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bellica.core.data_file import (
    Whole,
    check_numbered,
    load_toml,
    numbered_label,
    numbered_where,
)

DATA_DIR = Path(__file__).parent / "data"
CARDS_FILE = DATA_DIR / "cards.toml"

Rank = Literal["goblin", "evil", "most_evil"]
PlaceKind = Literal["tavern", "farm", "village", "town"]
Bonus = Literal["shield", "roll_again", "magic_shield"]

FACES = 6  # a castle has one horde line per die face
LEFT = ("food", "glyph", "maps")  # what the left side of a line produces
RIGHT = ("swords", "magic", "thieves")  # what the right side of a line attacks with
VALUES = LEFT + RIGHT
RESOURCES = ("food", "glyph", "barrel")
CHEST_KINDS = ("wooden", "metal", "gold")
RANKS = ("goblin", "evil", "most_evil")
KINGDOM = ("farm", "village", "town")  # the kingdom pile's layers, top first
BONUSES = ("shield", "roll_again", "magic_shield")
# How many Bonus tokens of each kind the box holds: creatures may carry no more than these.
BONUS_TOKENS = {"shield": 20, "roll_again": 17, "magic_shield": 8}

MAX_LINE = 9  # one value of one line of a castle or a creature
MAX_SHIELD = 20
MAX_SPOILS = 9
MAX_CHEST_VALUE = 99
MAX_NAME = 40
MAX_TEXT = 400
MAX_CREATURES = 150  # of each rank, and places of each kind
MAX_CHESTS = 60  # of each kind (two letters and two digits name a chest)
MAX_CASTLES = 8

Line = Annotated[int, Whole(0, MAX_LINE)]
Lines = Annotated[list[Line], Field(min_length=FACES, max_length=FACES)]
ZERO = (0,) * FACES


class Entry(BaseModel):
    """What every printed piece has: its number, name, a line of flavour and whether we
    designed it."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    number: Annotated[int, Whole(1, 999)]
    name: str = Field(min_length=1, max_length=MAX_NAME)
    flavour: str = Field(default="", max_length=MAX_TEXT)
    provisional: bool


class Horde(Entry):
    """Six-line values, one per die face (1 first): production on the left (food, glyphs,
    treasure maps), attack on the right (swords, magic swords, thieves)."""

    food: Lines = Field(default_factory=lambda: list(ZERO))
    glyph: Lines = Field(default_factory=lambda: list(ZERO))
    maps: Lines = Field(default_factory=lambda: list(ZERO))
    swords: Lines = Field(default_factory=lambda: list(ZERO))
    magic: Lines = Field(default_factory=lambda: list(ZERO))
    thieves: Lines = Field(default_factory=lambda: list(ZERO))

    def line(self, value: str) -> tuple[int, ...]:
        """One value's six lines (`value` one of VALUES)."""
        return tuple(getattr(self, value))


class Castle(Horde):
    """A castle board: its six horde lines and its printed shield."""

    shield: Annotated[int, Whole(0, MAX_SHIELD)]


class Creature(Horde):
    """A creature: its rank (what recruiting it costs) and the Bonus token it brings. Slid
    under the left of a castle it adds its left values; under the right, its right values."""

    rank: Rank
    bonus: Bonus | None = None

    @model_validator(mode="after")
    def _adds_something(self) -> Creature:
        if not any(any(self.line(v)) for v in VALUES):
            raise ValueError("a creature adds something to at least one line")
        return self


class Place(Entry):
    """A Place of the human kingdom (or the Tavern): its shields and its spoils."""

    kind: PlaceKind
    shield: Annotated[int, Whole(0, MAX_SHIELD)]
    magic_shield: Annotated[int, Whole(0, MAX_SHIELD)] = 0
    food: Annotated[int, Whole(0, MAX_SPOILS)] = 0
    glyph: Annotated[int, Whole(0, MAX_SPOILS)] = 0
    barrel: Annotated[int, Whole(0, MAX_SPOILS)] = 0
    wooden: Annotated[int, Whole(0, MAX_SPOILS)] = 0
    metal: Annotated[int, Whole(0, MAX_SPOILS)] = 0
    gold: Annotated[int, Whole(0, MAX_SPOILS)] = 0

    def spoils(self) -> dict[str, int]:
        """What raiding it gives, by resource and chest kind (only what it gives)."""
        keys = RESOURCES + CHEST_KINDS
        return {k: getattr(self, k) for k in keys if getattr(self, k)}


ChestValues = Annotated[
    list[Annotated[int, Whole(0, MAX_CHEST_VALUE)]], Field(min_length=1, max_length=MAX_CHESTS)
]


class Chests(BaseModel):
    """The hidden value of every Treasure Chest, per kind (one entry per chest)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    wooden: ChestValues
    metal: ChestValues
    gold: ChestValues
    provisional: bool


class Reserve(BaseModel):
    """How many resource tokens the reserve holds of each kind."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    food: Annotated[int, Whole(1, 999)]
    glyph: Annotated[int, Whole(1, 999)]
    barrel: Annotated[int, Whole(1, 999)]


class CardSet(BaseModel):
    """A whole card file."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    castle: list[Castle] = Field(min_length=5, max_length=MAX_CASTLES)
    creature: list[Creature] = Field(min_length=14, max_length=3 * MAX_CREATURES)
    place: list[Place] = Field(min_length=14, max_length=4 * MAX_CREATURES)
    chests: Chests
    reserve: Reserve

    @model_validator(mode="after")
    def _consistent(self) -> CardSet:
        """Checks across entries; each message names the entry and field at fault."""
        placed = [
            (table, index, entry)
            for table, entries in (
                ("creature", self.creature),
                ("place", self.place),
                ("castle", self.castle),
            )
            for index, entry in enumerate(entries)
        ]
        check_numbered(placed)
        ranks = {rank: self.creatures(rank) for rank in RANKS}
        least = {"goblin": 10, "evil": 2, "most_evil": 2}  # 2 Goblins a lord; two face up
        for rank, count in least.items():
            if len(ranks[rank]) < count:
                raise ValueError(
                    f"creature: the set needs at least {count} creatures of rank {rank!r}, "
                    f"not {len(ranks[rank])}"
                )
            if len(ranks[rank]) > MAX_CREATURES:
                raise ValueError(f"creature: at most {MAX_CREATURES} of rank {rank!r}")
        kinds = {kind: self.places(kind) for kind in ("tavern", *KINGDOM)}
        if len(kinds["tavern"]) != 1:
            raise ValueError(f"place: the set needs exactly one tavern, not {len(kinds['tavern'])}")
        for kind, count in (("farm", 6), ("village", 6), ("town", 1)):  # a 4-player kingdom
            if not count <= len(kinds[kind]) <= MAX_CREATURES:
                raise ValueError(
                    f"place: the set needs {count} to {MAX_CREATURES} places of kind {kind!r}, "
                    f"not {len(kinds[kind])}"
                )
        carried: dict[str, list[str]] = {}
        for index, creature in enumerate(self.creature):
            if creature.bonus is None:
                continue
            found = carried.setdefault(creature.bonus, [])
            found.append(numbered_where("creature", index, creature))
            if len(found) > BONUS_TOKENS[creature.bonus]:
                raise ValueError(
                    f"{found[-1]}, field bonus: the box holds {BONUS_TOKENS[creature.bonus]} "
                    f"{creature.bonus} tokens, and more creatures than that carry one"
                )
        return self

    def creatures(self, rank: str) -> list[Creature]:
        return [c for c in self.creature if c.rank == rank]

    def places(self, kind: str) -> list[Place]:
        return [p for p in self.place if p.kind == kind]


def load_cards(path: str | Path | None = None) -> CardSet:
    """Read and validate a card file (ours by default); InvalidCardData names the file, the
    entry and the field."""
    return load_toml(Path(path) if path is not None else CARDS_FILE, CardSet, numbered_label)


class Chest(BaseModel):
    """One Treasure Chest token as the table knows it: its kind (the token shows it); its
    value is hidden and kept apart, by the state."""

    model_config = ConfigDict(frozen=True)

    kind: str
    number: int

    @property
    def name(self) -> str:
        return f"{self.kind.capitalize()} chest"
