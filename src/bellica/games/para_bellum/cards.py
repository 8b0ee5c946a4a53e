"""The card schema: Army and Command cards, objectives, events, battle and alliance cards,
the basic actions' costs and the effect vocabulary, validated from TOML."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from bellica.core.data_file import (
    Whole,
    check_numbered,
    load_toml,
    numbered_label,
    numbered_where,
)

DATA_DIR = Path(__file__).parent / "data"
CARDS_FILE = DATA_DIR / "cards.toml"

COLOURS = ("gold", "green", "purple", "white", "black")  # the five legion colours (ours)
Colour = Literal["gold", "green", "purple", "white", "black"]
Edge = Literal["open", "closed"]
Side = Literal["left", "right"]
End = Literal["top", "bottom"]
DieKind = Literal["general", "red", "grey"]
RED_BANNERS = ("strategist", "field_commander", "warlord")
GREY_BANNERS = ("artifex", "veterani", "speculatore")
BANNERS = RED_BANNERS + GREY_BANNERS
Banner = Literal["strategist", "field_commander", "warlord", "artifex", "veterani", "speculatore"]
Subtype = Literal["character", "construct", "cavalry", "engineer", "religious"]
CommandType = Literal["order", "permanent", "special"]
BASIC_ACTIONS = ("command", "deploy", "muster", "empower", "consult", "motivate", "requisition")

# The effect vocabulary: each effect names exactly one verb.
VERBS = (
    "vp",  # gain N victory-point tokens
    "coins",  # gain N coins
    "draw_army",  # draw N Army cards
    "take_command",  # take N Command cards from the Battle Line (one at a time, your choice)
    "empower",  # add N to one of your grey dice (your choice)
    "rally",  # add N to one of your red dice
    "inspire",  # add N to your General die (at most 6)
    "reroll",  # re-roll one of your grey dice (your choice)
    "recruit",  # roll a new die of that colour ("red" or "grey") into an empty slot of yours
    "banner",  # add an unused banner to one of your dice
    "morale",  # every opponent takes a Morale test, the roll raised by N
    "actions",  # gain N action tokens this turn
    "disable",  # disable an opponent's permanent (of a subtype, or "any")
    "eliminate",  # discard an opponent's permanent (of a subtype, or "any")
    "free_construct",  # play a Construct from your hand without paying its Deploy cost
    "harass",  # every opponent lowers one of its grey dice (its choice) by N
)
SubtypeOrAny = Literal["character", "construct", "cavalry", "engineer", "religious", "any"]

# What a permanent's rule, an event or the battle may change (key: amount).
MODIFIERS = (
    "empower_bonus",  # Empower adds this much more
    "morale_bonus",  # Morale tests against this player roll this much higher (negative: lower)
    "hand_limit",  # the hand may hold this many more cards
    "actions",  # this many more action tokens each turn
    "muster_free",  # 1: Muster costs only its token
    "consult_free",  # 1: Consult costs only its token
    "requisition_coins",  # Requisition gains this many more coins
    "no_coins",  # 1: coins cannot be spent
    "legion_coins",  # each completed Legion also gains this many coins
    "centurion_vp",  # each completed Centurion also gains this many VP tokens
)

MAX_NAME = 40
MAX_TEXT = 400
MAX_AMOUNT = 6
MAX_EFFECTS = 4
MAX_ARMY = 120
MAX_COMMAND_TITLES = 60
MAX_COPIES = 6


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Cost(Strict):
    """One item of a cost: pips of one die (of a colour, maybe with a banner), or coins."""

    die: DieKind | None = None
    pips: Annotated[int, Whole(1, 6)] | None = None
    banner: Banner | None = None
    coins: Annotated[int, Whole(1, 9)] | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Cost:
        if (self.die is None) == (self.coins is None):
            raise ValueError("a cost item is a die with pips, or coins")
        if self.die is not None and self.pips is None:
            raise ValueError("a die cost needs its pips")
        if self.die is None and (self.pips is not None or self.banner is not None):
            raise ValueError("pips and banner belong to a die cost")
        if self.banner is not None:
            family = RED_BANNERS if self.die == "red" else GREY_BANNERS
            if self.die == "general" or self.banner not in family:
                raise ValueError(f"a {self.banner} banner is never on a {self.die} die")
        return self


class Effect(Strict):
    """One thing a card does: exactly one verb with its amount or kind."""

    vp: Annotated[int, Whole(1, 9)] | None = None
    coins: Annotated[int, Whole(1, MAX_AMOUNT)] | None = None
    draw_army: Annotated[int, Whole(1, 3)] | None = None
    take_command: Annotated[int, Whole(1, 3)] | None = None
    empower: Annotated[int, Whole(1, MAX_AMOUNT)] | None = None
    rally: Annotated[int, Whole(1, MAX_AMOUNT)] | None = None
    inspire: Annotated[int, Whole(1, MAX_AMOUNT)] | None = None
    reroll: Literal["grey"] | None = None
    recruit: Literal["red", "grey"] | None = None
    banner: bool = False
    morale: Annotated[int, Whole(0, MAX_AMOUNT)] | None = None
    actions: Annotated[int, Whole(1, 3)] | None = None
    disable: SubtypeOrAny | None = None
    eliminate: SubtypeOrAny | None = None
    free_construct: bool = False
    harass: Annotated[int, Whole(1, 3)] | None = None
    _verb: str = PrivateAttr(default="")

    @model_validator(mode="after")
    def _one_verb(self) -> Effect:
        verbs = [v for v in VERBS if getattr(self, v) is not None and getattr(self, v) is not False]
        if len(verbs) != 1:
            named = ", ".join(verbs) or "none"
            raise ValueError(f"an effect names exactly one verb of {', '.join(VERBS)} ({named})")
        self._verb = verbs[0]
        return self

    @property
    def verb(self) -> str:
        return self._verb

    @property
    def amount(self) -> int:
        value = getattr(self, self._verb)
        return value if isinstance(value, int) and not isinstance(value, bool) else 1


Costs = Annotated[list[Cost], Field(max_length=3)]
Effects = Annotated[list[Effect], Field(min_length=1, max_length=MAX_EFFECTS)]
Modifiers = dict[
    Literal[
        "empower_bonus",
        "morale_bonus",
        "hand_limit",
        "actions",
        "muster_free",
        "consult_free",
        "requisition_coins",
        "no_coins",
        "legion_coins",
        "centurion_vp",
    ],
    Annotated[int, Whole(-3, 3)],
]


class Ability(Strict):
    """A cost and what paying it does ("cost: effects")."""

    cost: Costs = Field(default_factory=list)
    effects: Effects


class Entry(Strict):
    """What every card has: its number, name, a line of flavour, whether we designed it."""

    number: Annotated[int, Whole(1, 999)]
    name: str = Field(min_length=1, max_length=MAX_NAME)
    flavour: str = Field(default="", max_length=MAX_TEXT)
    provisional: bool


class Army(Entry):
    """An Army card: its colour, its two edges, and what it carries."""

    colour: Colour
    start: bool = False  # a Starting card (one per colour; never in the deck)
    players: Annotated[int, Whole(2, 4)] = 2  # the least player count it is used at (III, IV)
    left: Edge
    right: Edge
    full: bool = False  # a full-colour card (weighs in Morale tests)
    cornicine: Side | None = None  # links its grey die with its neighbour's on that side
    mounted: End | None = None  # a Mounted Commander on that edge's Centurion

    @model_validator(mode="after")
    def _starting(self) -> Army:
        if self.start and self.players != 2:
            raise ValueError("a Starting card is used at every player count (players = 2)")
        return self


class Command(Entry):
    """A Command card: an Order (one or two options), a Permanent or a Special Unit (an action
    used once per turn, and/or a rule it changes for its owner)."""

    type: CommandType
    copies: Annotated[int, Whole(1, MAX_COPIES)] = 1
    subtypes: list[Subtype] = Field(default_factory=list, max_length=3)
    options: list[Ability] = Field(default_factory=list, max_length=2)
    action: Ability | None = None
    rule: Modifiers = Field(default_factory=dict)

    @model_validator(mode="after")
    def _shape(self) -> Command:
        if self.type == "order":
            if not self.options:
                raise ValueError("an order has one or two options")
            if self.action is not None or self.rule or self.subtypes:
                raise ValueError("an order has options only: no action, rule or subtypes")
        else:
            if self.options:
                raise ValueError(f"a {self.type} has an action or a rule, not options")
            if self.action is None and not self.rule:
                raise ValueError(f"a {self.type} needs an action, a rule, or both")
        return self


ObjectiveKind = Literal[
    "legions",  # completed Legions
    "big_legions",  # completed Big Legions
    "blazons",  # colour blazons won
    "red_dice",  # red dice in the army
    "grey_dice",  # grey dice in the army
    "grey_total",  # the grey dice's summed value
    "permanents",  # permanents and special units in play
    "coins",  # coins held
    "columns",  # columns the army spans
    "banners",  # banners on dice
]


class Objective(Entry):
    """An Objective: a condition met at least `at_least` times, its points, and whether it is
    kept face down (secret) until met."""

    kind: ObjectiveKind
    at_least: Annotated[int, Whole(1, 60)]
    points: Annotated[int, Whole(1, 9)]
    secret: bool = True


class Event(Entry):
    """An Event: what changes for the round it is revealed (modifiers for every player), and
    what every player does when it is revealed."""

    modifiers: Modifiers = Field(default_factory=dict)
    on_reveal: list[Effect] = Field(default_factory=list, max_length=MAX_EFFECTS)

    @model_validator(mode="after")
    def _does_something(self) -> Event:
        if not self.modifiers and not self.on_reveal:
            raise ValueError("an event changes a rule or does something when revealed")
        return self


class Battle(Entry):
    """A Battle card: one Battle Bonus per colour."""

    gold: Effects
    green: Effects
    purple: Effects
    white: Effects
    black: Effects

    def bonus(self, colour: str) -> Sequence[Effect]:
        """A colour's Battle Bonus: the card's own effects (not to be changed)."""
        bonus: list[Effect] = getattr(self, colour)
        return bonus


class Alliance(Entry):
    """An Alliance card (4 players): the team's Alliance action and the Runner track, with the
    bonus each runner triggers on reaching its teammate's end."""

    action: Ability
    track: Annotated[int, Whole(2, 6)]
    bonus: Effects


class Basic(Strict):
    """The basic actions' costs (each also takes one action token)."""

    command: Costs
    deploy: Costs
    muster: Costs
    empower: Costs
    consult: Costs
    motivate: Costs
    requisition: Costs
    empower_amount: Annotated[int, Whole(1, 6)] = 2
    provisional: bool

    @model_validator(mode="after")
    def _motivate_spends_a_red_die(self) -> Basic:
        # The red die spent picks the grey dice re-rolled (ruling 10), so Motivate's cost has
        # exactly one red item; anything else it asks for must leave the dice as they are.
        red = [item for item in self.motivate if item.die == "red"]
        dice = [item for item in self.motivate if item.die in ("grey", "red")]
        if len(red) != 1 or len(dice) != 1:
            raise ValueError(
                "motivate: the cost names exactly one red die (the Centurion spent); "
                "its other items may only be General pips or coins"
            )
        return self

    def motivate_die(self) -> Cost:
        """The red item of Motivate's cost: the die spent, its pips and any banner it needs."""
        return next(item for item in self.motivate if item.die == "red")


class CardSet(Strict):
    """A whole card file."""

    army: list[Army] = Field(min_length=20, max_length=MAX_ARMY)
    command: list[Command] = Field(min_length=4, max_length=MAX_COMMAND_TITLES)
    objective: list[Objective] = Field(min_length=6, max_length=40)
    event: list[Event] = Field(min_length=1, max_length=40)
    battle: list[Battle] = Field(min_length=1, max_length=10)
    alliance: list[Alliance] = Field(min_length=2, max_length=10)
    basic: Basic

    @model_validator(mode="after")
    def _consistent(self) -> CardSet:
        tables: list[tuple[str, list[Entry]]] = [
            ("army", list(self.army)),
            ("command", list(self.command)),
            ("objective", list(self.objective)),
            ("event", list(self.event)),
            ("battle", list(self.battle)),
            ("alliance", list(self.alliance)),
        ]
        check_numbered((t, i, e) for t, entries in tables for i, e in enumerate(entries))
        starts = [(i, a) for i, a in enumerate(self.army) if a.start]
        colours = [a.colour for _, a in starts]
        if sorted(colours) != sorted(COLOURS):
            raise ValueError(
                f"army: the set needs one Starting card of each colour ({', '.join(COLOURS)}), "
                f"not {', '.join(colours) or 'none'}"
            )
        for index, card in starts:
            if card.left != "open" or card.right != "open":
                raise ValueError(
                    f"{numbered_where('army', index, card)}, field left: a Starting card's "
                    "edges are both open (its Legion needs cards on both sides)"
                )
        deck = [a for a in self.army if not a.start]
        if sum(1 for a in deck if a.players == 2) < 12:
            raise ValueError("army: the deck needs at least 12 cards used at every player count")
        if sum(c.copies for c in self.command) < 12:
            raise ValueError("command: the deck needs at least 12 Command cards")
        return self

    def army_deck(self, players: int) -> list[Army]:
        """The deck's Army cards at a player count."""
        return [a for a in self.army if not a.start and a.players <= players]


def load_cards(path: str | Path | None = None) -> CardSet:
    """Read and validate a card file (ours by default); InvalidCardData names the file, the
    entry and the field."""
    return load_toml(Path(path) if path is not None else CARDS_FILE, CardSet, numbered_label)
