"""The card schema: faces, abilities and the effect vocabulary, validated from TOML."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from bellica.core.data_file import Whole, load_toml
from bellica.core.errors import InvalidCardData
from bellica.core.options import shown

DATA_DIR = Path(__file__).parent / "data"
CARDS_FILE = DATA_DIR / "cards.toml"

Clan = Literal["myth", "soldier", "oracle", "demon"]
AnyClan = Literal["myth", "soldier", "oracle", "demon", "any"]
Ring = Literal["any", "myth", "soldier", "oracle", "demon"]
Kind = Literal["creature", "spell", "relic", "district", "petrified", "labyrinth", "help"]
Deck = Literal["city", "olympus", "legend", "basic", "stock", "help"]
City = Literal["Athens", "Sparta", "Troy"]
Target = Literal[
    "self",  # the card whose ability this is
    "creature",  # one creature the controller chooses, on any side
    "enemy_creature",  # one opposing creature the controller chooses
    "own_creature",  # one of the controller's creatures
    "other_own_creature",  # one of the controller's creatures other than this one
    "all_creatures",
    "enemy_creatures",
    "own_creatures",
    "other_own_creatures",
    "hand_or_discard",  # one card from the controller's hand or discard pile (for remove)
]
Who = Literal["self", "opponent", "each_opponent", "each_player"]
AnswerEvent = Literal["spell", "death", "assault"]

# Each effect names exactly one of these verbs.
VERBS = (
    "damage",
    "heal",
    "destroy",
    "petrify",
    "shield",
    "power",
    "immune",
    "unblockable",
    "draw",
    "discard",
    "sacrifice",
    "summon",
    "take",
    "remove",
    "charge",
    "spend",
    "flip",
    "pillage",
    "cancel",
    "look",
)
TARGETED = {"damage", "heal", "destroy", "petrify", "shield", "power", "immune", "unblockable"}
ONGOING_ONLY = {"power", "immune", "unblockable"}
ONGOING_TARGETS = {"self", "own_creatures", "other_own_creatures"}
PLAYER_VERBS = {"draw", "discard", "sacrifice", "take", "look"}

# Every number a card file may hold is a strict whole number (not true, not "3", not 3.0) within
# bounds that fit the game; the bounds keep a user's file from overflowing what reads the cards
# (the heuristics, the observation tensors) and are named in the error when one is broken.
MAX_POWER = 12  # a creature's printed power; an ongoing power change is -12 to +12, not 0
MAX_DAMAGE = 20  # damage one effect deals (every creature dies of far less)
MAX_HEAL = 20  # damage tokens one heal removes; 99 means "all of them"
HEAL_ALL = 99
MAX_CARDS_MOVED = 10  # cards one draw, discard, sacrifice or look moves or shows
MAX_CHARGES = 20  # charges one effect puts on or takes off a card, or a condition asks for
MAX_PILLAGE = 4  # districts one pillage takes: a city has four
MAX_SUMMON = 5  # copies one summon or take brings from the Stock
MAX_EFFECTS = 10  # effects in one ability
MAX_TEXT = 400  # characters of a face's text
MAX_NAME = 40  # characters of a face's name
MAX_NUMBER = 999  # card numbers are 001 to 999, so a set holds at most 999 cards
MIN_STARTER = 3  # Basic designs a starter deck needs: the second player's opening hand


class Condition(BaseModel):
    """When an effect applies: every field given must hold."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    other: AnyClan | None = None  # you have another creature of this clan in play
    own: AnyClan | None = None  # you have a card of this clan in play (this counts)
    # this card holds at least this many charges (1 to 20)
    charges: Annotated[int, Whole(1, MAX_CHARGES)] | None = None
    died_this_turn: bool = False  # a death ability has triggered this turn


class Effect(BaseModel):
    """One step of an ability: a verb with its amount, target and conditions."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    damage: Annotated[int, Whole(1, MAX_DAMAGE)] | None = None  # 1 to 20
    # damage tokens removed: 1 to 20, or 99 for all of them
    heal: Annotated[int, Whole(1, MAX_HEAL, also=(HEAL_ALL,))] | None = None
    destroy: bool = False
    petrify: bool = False
    shield: bool = False
    # ongoing: the targets' power changes by this much (-12 to 12, not 0)
    power: Annotated[int, Whole(-MAX_POWER, MAX_POWER, not_zero=True)] | None = None
    immune: bool = False  # ongoing: the targets take no damage
    unblockable: bool = False  # ongoing: the targets cannot be blocked
    draw: Annotated[int, Whole(1, MAX_CARDS_MOVED)] | None = None  # 1 to 10 cards
    discard: Annotated[int, Whole(1, MAX_CARDS_MOVED)] | None = None  # 1 to 10 cards
    sacrifice: Annotated[int, Whole(1, MAX_CARDS_MOVED)] | None = None  # 1 to 10 creatures
    # a Stock card's name, put into the controller's play
    summon: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)
    # a Stock card's name, put into `who`'s discard pile
    take: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)
    remove: bool = False
    charge: Annotated[int, Whole(1, MAX_CHARGES)] | None = None  # charges put on this card, 1-20
    spend: Annotated[int, Whole(1, MAX_CHARGES)] | None = None  # charges taken off it, 1-20
    flip: bool = False
    # districts pillaged instead of one: 2 to 4 (a city has four)
    pillage: Annotated[int, Whole(2, MAX_PILLAGE)] | None = None
    cancel: bool = False  # an answer cancels the spell it answers
    # look at the top 1 to 10 cards of a deck, discard one
    look: Annotated[int, Whole(1, MAX_CARDS_MOVED)] | None = None

    target: Target | None = None
    clan: Clan | None = None  # only targets (or, for pillage, unblocked attackers) of this clan
    who: Who = "self"
    count: Annotated[int, Whole(1, MAX_SUMMON)] = 1  # summon and take: how many, 1 to 5
    optional: bool = False  # "you may"
    requires: Condition | None = None
    _verb: str = PrivateAttr(default="")
    _amount: int = PrivateAttr(default=1)

    @model_validator(mode="after")
    def _one_verb(self) -> Effect:
        verbs = self.verbs()
        if len(verbs) != 1:
            named = ", ".join(verbs) or "none"
            raise ValueError(f"an effect names exactly one verb of {', '.join(VERBS)} ({named})")
        verb = verbs[0]
        if verb in TARGETED and self.target is None:
            raise ValueError(f"{verb} needs a target")
        if verb == "remove" and self.target is None:
            raise ValueError("remove needs a target (self, a creature or hand_or_discard)")
        if verb not in TARGETED and verb != "remove" and self.target not in (None, "self"):
            raise ValueError(f"{verb} takes no target")
        if self.target == "hand_or_discard" and verb != "remove":
            raise ValueError("only remove may target hand_or_discard")
        if verb not in PLAYER_VERBS and self.who != "self":
            raise ValueError(f"{verb} acts for its controller; `who` is not allowed")
        value = getattr(self, verb)
        self._verb = verb
        self._amount = self.count if isinstance(value, str) else 1 if value is True else value
        return self

    def verbs(self) -> list[str]:
        return [v for v in VERBS if getattr(self, v) not in (None, False)]

    @property
    def verb(self) -> str:
        return self._verb

    @property
    def amount(self) -> int:
        """The verb's number (1 for a yes/no verb; the count for summon and take)."""
        return self._amount


Effects = Annotated[list[Effect], Field(max_length=MAX_EFFECTS)]


class Answer(BaseModel):
    """An answer: a spell played out of turn when `on` happens, if `requires` holds."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    on: AnswerEvent
    requires: Condition | None = None
    effects: list[Effect] = Field(min_length=1, max_length=MAX_EFFECTS)


class Face(BaseModel):
    """One side of a card: what it is and what it does."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: str = Field(min_length=1, max_length=MAX_NAME)
    kind: Kind
    clan: Clan | None = None
    power: Annotated[int, Whole(1, MAX_POWER)] | None = None  # a creature's: 1 to 12
    text: str = Field(default="", max_length=MAX_TEXT)
    # Abilities: at most 10 effects each.
    play: Effects = Field(default_factory=list)  # a spell's effect
    rally: Effects = Field(default_factory=list)
    deployment: Effects = Field(default_factory=list)
    death: Effects = Field(default_factory=list)
    assault: Effects = Field(default_factory=list)
    ongoing: Effects = Field(default_factory=list)
    pillage: Effects = Field(default_factory=list)  # a district's
    purchase: Effects = Field(default_factory=list)
    answer: Answer | None = None

    @model_validator(mode="after")
    def _fits_kind(self) -> Face:
        if self.kind == "creature" and self.power is None:
            raise ValueError("a creature needs a power")
        if self.kind != "creature" and self.power is not None:
            raise ValueError(f"a {self.kind} has no power")
        if self.kind in ("creature", "spell", "relic") and self.clan is None:
            raise ValueError(f"a {self.kind} needs a clan")
        if self.play and self.kind != "spell":
            raise ValueError("only a spell has a play effect")
        if self.answer is not None and self.kind != "spell":
            raise ValueError("only a spell can be an answer")
        if self.pillage and self.kind != "district":
            raise ValueError("only a district has a pillage ability")
        for trigger in ("play", "rally", "deployment", "death", "assault", "pillage", "purchase"):
            for effect in getattr(self, trigger):
                if effect.verb in ONGOING_ONLY:
                    raise ValueError(f"{effect.verb} belongs in an ongoing ability, not {trigger}")
                if effect.verb == "cancel":
                    raise ValueError("cancel belongs in an answer")
        for effect in self.ongoing:
            if effect.verb not in ONGOING_ONLY:
                raise ValueError(
                    f"an ongoing ability uses power, immune or unblockable, not {effect.verb}"
                )
            if effect.target not in ONGOING_TARGETS:
                raise ValueError(
                    "an ongoing ability affects only its owner's creatures: target self, "
                    f"own_creatures or other_own_creatures, not {effect.target}"
                )
            if effect.requires is not None or effect.optional:
                raise ValueError("an ongoing ability has no condition and is not optional")
        for effect in self.answer.effects if self.answer else []:
            if effect.verb in ONGOING_ONLY:
                raise ValueError(f"{effect.verb} belongs in an ongoing ability, not an answer")
        if self.death and self.kind != "creature":
            raise ValueError("only a creature has a death ability")
        return self

    def abilities(self) -> dict[str, list[Effect]]:
        """The triggered abilities this face has, by trigger."""
        out = {}
        for trigger in ("rally", "deployment", "death", "assault", "pillage", "purchase"):
            effects = getattr(self, trigger)
            if effects:
                out[trigger] = effects
        return out


class Card(Face):
    """A printed card: its number, where it starts, its cost, and maybe a back face."""

    number: Annotated[int, Whole(1, MAX_NUMBER)]  # 1 to 999, each used once
    deck: Deck
    stack: Annotated[int, Whole(1, 4)] | None = None  # Olympus and Legend numbers I..IV
    cost: list[Ring] = Field(default_factory=list, max_length=6)  # at most 6 rings
    city: City | None = None
    district: Annotated[int, Whole(1, 4)] | None = None  # 1 to 4
    # charges on a city's fourth district: 0 to 9
    strategy: Annotated[int, Whole(0, 9)] | None = None
    back: Face | None = None  # the other face, shown after a Flip
    provisional: bool

    @model_validator(mode="after")
    def _fits_deck(self) -> Card:
        if self.deck in ("olympus", "legend") and self.stack is None:
            raise ValueError(f"an {self.deck} card needs a stack number (1 to 4)")
        if self.deck not in ("olympus", "legend") and self.stack is not None:
            raise ValueError("only Olympus and Legend cards have a stack number")
        if self.deck in ("olympus", "legend") and not self.cost:
            raise ValueError("a card that can be bought needs cost rings")
        if (self.deck == "city") != (self.kind == "district"):
            raise ValueError("City cards, and only they, are districts")
        if self.kind == "district":
            if self.city is None or self.district is None:
                raise ValueError("a district needs its city and district number")
            if (self.district == 4) != (self.strategy is not None):
                raise ValueError("the fourth district, and only it, has a Strategy level")
        return self

    @property
    def label(self) -> str:
        return f"{self.name} ({self.number:03d})"


class CardSet(BaseModel):
    """A whole card file."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    card: list[Card] = Field(min_length=1, max_length=MAX_NUMBER)

    @model_validator(mode="after")
    def _consistent(self) -> CardSet:
        numbers = Counter(c.number for c in self.card)
        for number, uses in numbers.items():
            if uses > 1:
                raise ValueError(f"card {number:03d}: its number is used twice")
        stock = {c.name for c in self.card if c.deck == "stock"}
        for card in self.card:
            for face in (card, card.back):
                if face is None:
                    continue
                effects = [e for effects in face.abilities().values() for e in effects]
                effects += face.play + (face.answer.effects if face.answer else [])
                for effect in effects:
                    name = effect.summon or effect.take
                    if name is not None and name not in stock:
                        raise ValueError(
                            f"card {card.number:03d} summons {name!r}, which is not a Stock card"
                        )
        for city in ("Athens", "Sparta", "Troy"):
            districts = sorted(c.district or 0 for c in self.card if c.city == city)
            if districts and districts != [1, 2, 3, 4]:
                raise ValueError(f"{city} needs exactly districts 1 to 4")
        basics: dict[str, int] = {}
        for card in self.card:
            if card.deck == "basic":
                basics[card.name] = basics.get(card.name, 0) + 1
        for name, copies in basics.items():
            if copies != 2:
                raise ValueError(
                    f"the Basic card {name!r} needs two copies (one per starter deck), not {copies}"
                )
        return self

    def cities(self) -> list[str]:
        """The cities whose four districts are all in the set."""
        return [c for c in ("Athens", "Sparta", "Troy") if any(x.city == c for x in self.card)]

    def by_number(self) -> dict[int, Card]:
        return {c.number: c for c in self.card}

    def check_playable(self, variant: str, where: str | Path = "the card file") -> None:
        """Raise InvalidCardData unless the set can deal a game of `variant`: a standard or
        teams game needs two whole cities and a starter deck for each player (one copy of each
        Basic design, at least MIN_STARTER designs so that an opening hand can be drawn). A
        solo scenario brings its own decks; its cards are checked when it is loaded. Kept out
        of the file's validation, so that a set meant only for solo play still loads."""
        if variant not in ("standard", "teams"):
            return
        if len(self.cities()) < 2:
            raise InvalidCardData(f"{where}: a game needs two cities with four districts each")
        designs = len({c.name for c in self.card if c.deck == "basic"})
        if designs < MIN_STARTER:
            raise InvalidCardData(
                f"{where}: a {variant} game deals each player a starter deck of one copy of "
                f"each Basic card; it needs at least {MIN_STARTER} Basic designs (the opening "
                f"hand), this set has {designs}"
            )


def _card_label(table: str, index: int, entry: Any) -> str:
    """ "card #32 (32 Yama)": the entry's place in the file, then its number and name."""
    label = ""
    if isinstance(entry, dict):
        number, name = entry.get("number"), entry.get("name")
        parts = [
            x if isinstance(x, str) and len(x) <= MAX_NAME else shown(x)
            for x in (number, name)
            if x is not None
        ]
        label = " (" + " ".join(parts) + ")" if parts else ""
    return f"card #{index + 1}{label}"


def load_cards(path: str | Path | None = None) -> CardSet:
    """Read and validate a card file (ours by default); raises InvalidCardData naming the file,
    the card and the field. The result is cached by the file's content: an unchanged file is
    parsed once per process, an edited one is read again."""
    return load_toml(Path(path) if path is not None else CARDS_FILE, CardSet, _card_label)
