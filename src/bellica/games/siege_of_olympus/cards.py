"""The card schema: minions, spells, artifacts, commanders and Olympus, validated from TOML."""

from __future__ import annotations

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

Class = Literal["raider", "spellcaster", "ranger", "trickster", "neutral"]
Race = Literal["olympian", "titan", "half-god", "giant", "creature"]
Style = Literal["melee", "bow", "spell"]
Trigger = Literal["summon", "activate"]
Copied = Literal["attack", "health", "class", "race", "piece"]
Negated = Literal["spell", "effect", "attack"]
Search = Literal["minion", "spell", "any"]
Target = Literal[
    "enemy_minion",  # one minion the opponent controls
    "any_minion",  # one minion in play, either side
    "own_minion",  # one minion you control
    "prisoner",  # one minion in Tartarus
    "enemy_commander",
    "enemy",  # an enemy minion or the enemy Commander
]

CLASSES: tuple[str, ...] = ("raider", "spellcaster", "ranger", "trickster", "neutral")
RACES: tuple[str, ...] = ("olympian", "titan", "half-god", "giant", "creature")
COLOURS = {
    "olympian": "blue",
    "titan": "red",
    "half-god": "purple",
    "giant": "orange",
    "creature": "green",
}
# Each race's synergy destroys a minion of the race it beats.
BEATS = {
    "giant": "olympian",
    "olympian": "titan",
    "titan": "half-god",
    "half-god": "creature",
    "creature": "giant",
}
RANGED = ("bow", "spell")

VERBS = (
    "damage",
    "destroy",
    "draw",
    "heal",
    "reborn",
    "free",
    "ambush",
    "search",
    "pick",
    "cripple",
    "paralyze",
    "explore",
    "exchange",
)
TARGETED = {"damage", "destroy", "cripple", "paralyze"}
MINION_TARGETS = {"enemy_minion", "any_minion", "own_minion", "prisoner"}

MAX_PIECE = 15  # artifact numbers 1..15 (the action space and tensors are sized for them)
MAX_COST = 7  # a minion's cost: at most 7 (eight minions fill a side)
MAX_ATTACK = 9
MAX_HEALTH = 12
MAX_AMOUNT = 10  # damage, cards drawn, health healed by one effect
MAX_EFFECTS = 6
MAX_OPTIONS = 3  # a Pick offers 2 or 3 options
MAX_NAME = 40
MAX_TEXT = 400
MAX_MINIONS = 60  # minion uids come first and the fight actions have a slot per minion
MAX_COMMANDER_HEALTH = 60


class Effect(BaseModel):
    """One thing a card does: a verb with its amount, target and filters."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    damage: Annotated[int, Whole(1, MAX_AMOUNT)] | None = None
    destroy: bool = False
    draw: Annotated[int, Whole(1, MAX_AMOUNT)] | None = None
    heal: Annotated[int, Whole(1, MAX_AMOUNT)] | None = None
    reborn: bool = False
    free: bool = False
    ambush: bool = False
    search: Search | None = None
    pick: list[list[Effect]] | None = Field(default=None, min_length=2, max_length=MAX_OPTIONS)
    cripple: bool = False
    paralyze: bool = False
    explore: bool = False
    exchange: bool = False

    target: Target | None = None
    max_cost: Annotated[int, Whole(0, MAX_COST)] | None = None
    race: Race | None = None
    class_: Class | None = Field(default=None, alias="class")
    optional: bool = False  # "you may"
    _verb: str = PrivateAttr(default="")

    @model_validator(mode="after")
    def _one_verb(self) -> Effect:
        verbs = [v for v in VERBS if getattr(self, v) not in (None, False)]
        if len(verbs) != 1:
            named = ", ".join(verbs) or "none"
            raise ValueError(f"an effect names exactly one verb of {', '.join(VERBS)} ({named})")
        verb = self._verb = verbs[0]
        if verb in TARGETED and self.target is None:
            raise ValueError(f"{verb} needs a target")
        if verb not in TARGETED and self.target is not None:
            raise ValueError(f"{verb} takes no target")
        if verb in ("cripple", "paralyze", "destroy") and self.target not in MINION_TARGETS:
            raise ValueError(f"{verb} targets a minion, not {self.target}")
        filtered = (self.max_cost, self.race, self.class_) != (None, None, None)
        if filtered and verb not in TARGETED and verb != "search":
            raise ValueError("max_cost, race and class filter a target or a search only")
        if filtered and self.target in ("enemy_commander",):
            raise ValueError("a Commander target takes no max_cost, race or class")
        for option in self.pick or []:
            if not 1 <= len(option) <= MAX_EFFECTS:
                raise ValueError(f"each pick option holds 1 to {MAX_EFFECTS} effects")
            if any(e.verb == "pick" for e in option):
                raise ValueError("a pick option cannot hold another pick")
        return self

    @property
    def verb(self) -> str:
        return self._verb

    @property
    def amount(self) -> int:
        value = getattr(self, self._verb)
        return value if isinstance(value, int) and not isinstance(value, bool) else 1


Effects = Annotated[list[Effect], Field(max_length=MAX_EFFECTS)]


class Entry(BaseModel):
    """What every card has: its number, name, a line of flavour and whether we designed it."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    number: Annotated[int, Whole(1, 999)]
    name: str = Field(min_length=1, max_length=MAX_NAME)
    flavour: str = Field(default="", max_length=MAX_TEXT)
    provisional: bool


class Minion(Entry):
    """A minion: class, race, artifact piece, cost, attack and health, style, keywords."""

    class_: Class = Field(alias="class")
    race: Race
    piece: Annotated[int, Whole(1, MAX_PIECE)]
    cost: Annotated[int, Whole(0, MAX_COST)]
    attack: Annotated[int, Whole(0, MAX_ATTACK)]
    health: Annotated[int, Whole(1, MAX_HEALTH)]
    style: Style = "melee"
    primordial: bool = False
    lethal: bool = False
    resistant: bool = False
    add: Annotated[int, Whole(1, MAX_PIECE)] | None = None  # a second piece it carries
    joker: bool = False  # on summon, copies a piece carried by a minion in play
    copy_: Copied | None = Field(default=None, alias="copy")  # on summon, from a chosen minion
    trigger: Trigger = "summon"
    effects: Effects = Field(default_factory=list)

    @model_validator(mode="after")
    def _fits(self) -> Minion:
        if self.add is not None and self.add == self.piece:
            raise ValueError("add names a second artifact number, not the minion's own piece")
        if self.trigger == "activate" and not self.effects:
            raise ValueError("an activated minion needs effects")
        if self.joker and self.copy_ is not None:
            raise ValueError("a minion is a Joker or copies, not both")
        return self

    @property
    def ranged(self) -> bool:
        return self.style in RANGED


class Spell(Entry):
    """A spell: its effects, or a response that negates (Disrupt)."""

    effects: Effects = Field(default_factory=list)
    disrupt: list[Negated] = Field(default_factory=list, max_length=3)

    @model_validator(mode="after")
    def _fits(self) -> Spell:
        if not self.effects and not self.disrupt:
            raise ValueError("a spell needs effects or a disrupt list")
        if len(set(self.disrupt)) != len(self.disrupt):
            raise ValueError("disrupt names each of spell, effect, attack at most once")
        if self.disrupt and any(e.verb in ("ambush", "exchange") for e in self.effects):
            raise ValueError(
                "a Disrupt spell is cast in the opponent's turn: no ambush or exchange"
            )
        return self


class Artifact(Entry):
    """An artifact, taken by completing its three pieces."""

    piece: Annotated[int, Whole(1, MAX_PIECE)]


class Commander(Entry):
    """A Commander: its health, and its ability (once per game, in your Deploy phase)."""

    health: Annotated[int, Whole(1, MAX_COMMANDER_HEALTH)]
    ability_name: str = Field(min_length=1, max_length=MAX_NAME)
    ability: list[Effect] = Field(min_length=1, max_length=MAX_EFFECTS)

    @model_validator(mode="after")
    def _fits(self) -> Commander:
        if any(e.verb == "ambush" for e in self.ability):
            raise ValueError("a Commander ability cannot ambush: a Commander has no attack")
        return self


class Olympus(Entry):
    """The goal card: how many Artifacts conquer Olympus."""

    artifacts_to_win: Annotated[int, Whole(1, MAX_PIECE)]


class CardSet(BaseModel):
    """A whole card file."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    minion: list[Minion] = Field(min_length=6, max_length=MAX_MINIONS)
    spell: list[Spell] = Field(default_factory=list, max_length=40)
    artifact: list[Artifact] = Field(min_length=1, max_length=MAX_PIECE)
    commander: list[Commander] = Field(min_length=2, max_length=8)
    olympus: Olympus

    @model_validator(mode="after")
    def _consistent(self) -> CardSet:
        """Checks across entries; each message names the entry and field at fault, as the
        per-entry errors do ("minion #3 (003 Calliope), field piece: ...")."""
        tables: list[tuple[str, list[Entry]]] = [
            ("minion", list(self.minion)),
            ("spell", list(self.spell)),
            ("artifact", list(self.artifact)),
            ("commander", list(self.commander)),
        ]
        placed = [(t, i, e) for t, entries in tables for i, e in enumerate(entries)]
        placed.append(("olympus", -1, self.olympus))
        check_numbered(placed)
        artifacts: dict[int, str] = {}
        for index, artifact in enumerate(self.artifact):
            where = numbered_where("artifact", index, artifact)
            if artifact.piece in artifacts:
                raise ValueError(
                    f"{where}, field piece: artifact number {artifact.piece} is already "
                    f"{artifacts[artifact.piece]}"
                )
            artifacts[artifact.piece] = where
        for index, minion in enumerate(self.minion):
            if minion.add is not None and minion.add not in artifacts:
                raise ValueError(
                    f"{numbered_where('minion', index, minion)}, field add: no artifact has "
                    f"the number {minion.add} ({_numbers(artifacts)})"
                )
        carriers: dict[int, list[str]] = {}
        for index, minion in enumerate(self.minion):
            where = numbered_where("minion", index, minion)
            if minion.piece not in artifacts:
                raise ValueError(
                    f"{where}, field piece: no artifact has the number {minion.piece} "
                    f"({_numbers(artifacts)})"
                )
            carriers.setdefault(minion.piece, []).append(where)
            if len(carriers[minion.piece]) > 3:
                raise ValueError(
                    f"{where}, field piece: artifact {minion.piece} is already carried by three "
                    f"minions ({'; '.join(carriers[minion.piece][:3])}); each number needs "
                    "exactly three"
                )
        for piece, where in sorted(artifacts.items()):
            found = carriers.get(piece, [])
            if len(found) != 3:
                held = "; ".join(found) or "none"
                raise ValueError(
                    f"{where}, field piece: each artifact needs exactly three minions carrying "
                    f"its number {piece}, not {len(found)} ({held})"
                )
        if self.olympus.artifacts_to_win > len(self.artifact):
            raise ValueError(
                f"olympus ({self.olympus.number:03d} {self.olympus.name}), field "
                f"artifacts_to_win: {self.olympus.artifacts_to_win} is more than the "
                f"{len(self.artifact)} artifacts of the set"
            )
        return self


def _numbers(artifacts: dict[int, str]) -> str:
    return "artifacts: " + (", ".join(map(str, sorted(artifacts))) or "none")


def describe(effects: list[Effect], *, spell: bool = False) -> str:
    """Effects in words, as the card text shows them (`spell`: a spell's, whose Ambush lets
    one of your minions attack; a minion's Ambush is its own attack)."""
    return " ".join(_sentence(e, spell) for e in effects)


def _target(effect: Effect) -> str:
    words = {
        "enemy_minion": "an enemy minion",
        "any_minion": "a minion",
        "own_minion": "one of your minions",
        "prisoner": "a prisoner",
        "enemy_commander": "the enemy Commander",
        "enemy": "an enemy minion or the enemy Commander",
    }[effect.target or "any_minion"]
    return words + _filters(effect)


def _filters(effect: Effect) -> str:
    parts = []
    if effect.race is not None:
        parts.append(f"{effect.race.capitalize()}")
    if effect.class_ is not None:
        parts.append(f"{effect.class_.capitalize()}")
    text = f" ({' '.join(parts)})" if parts else ""
    if effect.max_cost is not None:
        text += f" costing {effect.max_cost} or less"
    return text


def _sentence(effect: Effect, spell: bool = False) -> str:
    verb = effect.verb
    may = "You may " if effect.optional else ""
    n = effect.amount
    if verb == "damage":
        text = f"Deal {n} damage to {_target(effect)}."
    elif verb == "destroy":
        text = f"Destroy {_target(effect)}."
    elif verb == "draw":
        text = f"Draw {n} card{'s' if n > 1 else ''}."
    elif verb == "heal":
        text = f"Your Commander regains {n} health."
    elif verb == "reborn":
        text = "Reborn: take a minion from the Underworld into your hand."
    elif verb == "free":
        text = "Free: take a prisoner from Tartarus into your hand."
    elif verb == "ambush":
        who = "one of your minions attacks" if spell else "this minion attacks"
        text = f"Ambush: {who} an enemy minion now."
    elif verb == "search":
        kind = {"minion": "a minion", "spell": "a spell", "any": "a card"}[effect.search or "any"]
        text = f"Search the Deck for {kind}{_filters(effect)}, then shuffle it."
    elif verb == "pick":
        options = " or ".join(
            f"({describe(o, spell=spell).rstrip('.')})" for o in effect.pick or []
        )
        text = f"Pick one: {options}."
    elif verb == "cripple":
        text = f"Cripple {_target(effect)}."
    elif verb == "paralyze":
        text = f"Paralyze {_target(effect)}."
    elif verb == "explore":
        text = "Explore: take an Artifact whose three pieces are all in play."
    else:
        text = "Exchange: swap a card of your hand with one in the Agora."
    if may:
        text = may + text[0].lower() + text[1:]
    return text


def load_cards(path: str | Path | None = None) -> CardSet:
    """Read and validate a card file (ours by default); InvalidCardData names the file, the
    card and the field."""
    return load_toml(Path(path) if path is not None else CARDS_FILE, CardSet, numbered_label)
