"""A piece's text in our words, from its data: a creature's two edges, a Place's spoils."""

from __future__ import annotations

from typing import Any

from bellica.games.bellum_magia.cards import (
    LEFT,
    RIGHT,
    Castle,
    Chest,
    Creature,
    Horde,
    Place,
)

VALUE_WORDS = {
    "food": ("food", "food"),
    "glyph": ("glyph", "glyphs"),
    "maps": ("treasure map", "treasure maps"),
    "swords": ("sword", "swords"),
    "magic": ("magic sword", "magic swords"),
    "thieves": ("thief", "thieves"),
    "barrel": ("Barrel", "Barrels"),
    "wooden": ("Wooden chest", "Wooden chests"),
    "metal": ("Metal chest", "Metal chests"),
    "gold": ("Gold chest", "Gold chests"),
}
BONUS_WORDS = {
    "shield": "a Shield token",
    "roll_again": "a Confusion spell (Roll Again token)",
    "magic_shield": "a Magic Shield token",
}
RANK_WORDS = {
    "goblin": "Goblin",
    "evil": "Evil Creature (2 food)",
    "most_evil": "Most Evil Creature (1 glyph and 4 food, or 3 glyphs)",
}


def amount(value: str, n: int) -> str:
    """ "3 food", "1 magic sword", "2 Gold chests"."""
    one, many = VALUE_WORDS[value]
    return f"{n} {one if n == 1 else many}"


def edge(horde: Horde, values: tuple[str, ...]) -> str:
    """One edge of a castle or creature: what each die face adds ("1: 2 food; 4: 1 map")."""
    parts = []
    for face in range(6):
        got = [amount(v, horde.line(v)[face]) for v in values if horde.line(v)[face]]
        if got:
            parts.append(f"{face + 1}: {', '.join(got)}")
    return "; ".join(parts) or "nothing"


def spoils(place: Place) -> str:
    """ "2 food, 1 Wooden chest"."""
    return ", ".join(amount(k, n) for k, n in place.spoils().items()) or "nothing"


def card_text(card: Any) -> str:
    """What a piece does, in words."""
    if isinstance(card, Creature):
        text = f"{RANK_WORDS[card.rank]}. Left: {edge(card, LEFT)}. Right: {edge(card, RIGHT)}."
        if card.bonus:
            text += f" Brings {BONUS_WORDS[card.bonus]}."
        return text
    if isinstance(card, Castle):
        return f"Shield {card.shield}. Left: {edge(card, LEFT)}. Right: {edge(card, RIGHT)}."
    if isinstance(card, Place):
        guard = f"Shield {card.shield}"
        if card.magic_shield:
            guard += f", magic shield {card.magic_shield}"
        stays = (
            " It is never discarded: anyone may raid it every day." if card.kind == "tavern" else ""
        )
        return f"{guard}. Spoils: {spoils(card)}.{stays}"
    if isinstance(card, Chest):
        return f"A {card.kind} chest: its value is seen only by its owner."
    return ""
