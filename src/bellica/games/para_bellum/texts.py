"""A card's text in our words, from its data: costs, effects, rules, conditions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bellica.games.para_bellum.cards import (
    Ability,
    Alliance,
    Army,
    Battle,
    Command,
    Cost,
    Effect,
    Event,
    Objective,
)

DIE_WORDS = {"general": "General", "red": "red", "grey": "grey"}
MODIFIER_WORDS = {
    "empower_bonus": "Empower adds {n:+d}",
    "morale_bonus": "Morale tests roll {n:+d}",
    "hand_limit": "hand limit {n:+d}",
    "actions": "{n:+d} action token(s) a turn",
    "muster_free": "Muster costs only its action token",
    "consult_free": "Consult costs only its action token",
    "requisition_coins": "Requisition gains {n:+d} coin(s)",
    "no_coins": "coins cannot be spent",
    "legion_coins": "each completed Legion gains {n} coin(s)",
    "centurion_vp": "each completed Centurion gains {n} victory point(s)",
}
CONDITION_WORDS = {
    "legions": "complete Legions",
    "big_legions": "complete Big Legions",
    "blazons": "Color Blazons",
    "red_dice": "red dice in your army",
    "grey_dice": "grey dice in your army",
    "grey_total": "points on your grey dice",
    "permanents": "Permanents and Special Units in play",
    "coins": "coins",
    "columns": "columns spanned by your army",
    "banners": "banners on your dice",
}


def cost_text(cost: list[Cost]) -> str:
    parts = []
    for item in cost:
        if item.coins:
            parts.append(f"{item.coins} coin{'s' if item.coins > 1 else ''}")
        else:
            banner = f" with {item.banner.replace('_', ' ').title()}" if item.banner else ""
            parts.append(f"{item.pips} from a {DIE_WORDS[item.die or 'grey']} die{banner}")
    return ", ".join(parts)


def effect_text(effect: Effect) -> str:
    n = effect.amount
    verb = effect.verb
    plural = "s" if n > 1 else ""
    words = {
        "vp": f"gain {n} victory point{plural}",
        "coins": f"gain {n} coin{plural}",
        "draw_army": f"draw {n} Army card{plural}",
        "take_command": f"take {n} Command card{plural} from the Battle Line",
        "empower": f"add {n} to one of your grey dice",
        "rally": f"add {n} to one of your red dice",
        "inspire": f"add {n} to your General die",
        "reroll": "re-roll one of your grey dice",
        "recruit": f"roll a new {effect.recruit} die into an empty slot",
        "banner": "add an unused banner to one of your dice",
        "morale": "every opponent takes a Morale test" + (f" at {n:+d}" if effect.morale else ""),
        "actions": f"gain {n} action token{plural}",
        "disable": f"disable an opponent's {_kind(effect.disable)}",
        "eliminate": f"discard an opponent's {_kind(effect.eliminate)}",
        "free_construct": "play a Construct from your hand without paying for it",
        "harass": f"every opponent lowers one of its grey dice by {n}",
    }
    return words[verb]


def _kind(subtype: str | None) -> str:
    return "Permanent" if subtype in (None, "any") else f"{subtype.capitalize()}"


def ability_text(ability: Ability) -> str:
    effects = "; ".join(effect_text(e) for e in ability.effects)
    cost = cost_text(ability.cost)
    return f"{cost}: {effects}" if cost else effects[0].upper() + effects[1:]


def modifiers_text(modifiers: Mapping[Any, int]) -> str:
    return "; ".join(MODIFIER_WORDS[k].format(n=v) for k, v in modifiers.items())


def card_text(card: Any) -> str:
    """What a card does, in words."""
    if isinstance(card, Army):
        marks = [f"{card.colour}", f"left edge {card.left}, right edge {card.right}"]
        if card.full:
            marks.append("full colour")
        if card.cornicine:
            marks.append(f"Cornicine to the {card.cornicine}")
        if card.mounted:
            marks.append(f"Mounted Commander at the {card.mounted}")
        if card.start:
            marks.append("Starting card: the General die's place")
        return "; ".join(marks) + "."
    if isinstance(card, Command):
        kind = {"order": "Order", "permanent": "Permanent", "special": "Special Unit"}[card.type]
        head = kind + (
            f" ({', '.join(s.capitalize() for s in card.subtypes)})" if card.subtypes else ""
        )
        parts = []
        if card.options:
            parts += [f"Option {i + 1}: {ability_text(o)}" for i, o in enumerate(card.options)]
        if card.action is not None:
            parts.append(f"Action (once a turn): {ability_text(card.action)}")
        if card.rule:
            parts.append(f"While in play: {modifiers_text(card.rule)}")
        return f"{head}. " + ". ".join(parts) + "."
    if isinstance(card, Objective):
        secret = "Keep it face down until met" if card.secret else "Keep it face up"
        return (
            f"{card.at_least} or more {CONDITION_WORDS[card.kind]}: {card.points} points. {secret}."
        )
    if isinstance(card, Event):
        parts = []
        if card.modifiers:
            parts.append("This round: " + modifiers_text(card.modifiers))
        if card.on_reveal:
            parts.append(
                "When revealed, every player: " + "; ".join(effect_text(e) for e in card.on_reveal)
            )
        return ". ".join(parts) + "."
    if isinstance(card, Battle):
        return " ".join(
            f"{c.capitalize()}: " + "; ".join(effect_text(e) for e in card.bonus(c)) + "."
            for c in ("gold", "green", "purple", "white", "black")
        )
    if isinstance(card, Alliance):
        return (
            f"Alliance action: {ability_text(card.action)}. Runner: {card.track} spaces to the "
            f"teammate's end, then " + "; ".join(effect_text(e) for e in card.bonus) + "."
        )
    return ""
