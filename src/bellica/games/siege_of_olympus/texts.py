"""A card's rules text in our words and its glossary keywords, both built from its data."""

from __future__ import annotations

from typing import Any

from bellica.games.siege_of_olympus.cards import (
    Artifact,
    Commander,
    Minion,
    Olympus,
    Spell,
    describe,
)


def card_text(card: Any) -> str:
    """A card's rules text in our words, built from its data."""
    if isinstance(card, Minion):
        words = []
        if card.primordial:
            words.append("Primordial Attack.")
        if card.lethal:
            words.append("Lethal.")
        if card.resistant:
            words.append("Resistant.")
        if card.add is not None:
            words.append(f"Add: also carries piece {card.add}.")
        if card.joker:
            words.append("Joker: on summoning, copies the piece of a minion in play.")
        if card.copy_ is not None:
            words.append(
                f"Copy and Replace: on summoning, takes the {card.copy_} of a minion in play."
            )
        if card.effects:
            when = "Once per turn, in your Deploy phase: " if card.trigger == "activate" else ""
            combine = "Combine: " if len(card.effects) > 1 else ""
            words.append(when + combine + describe(card.effects))
        return " ".join(words)
    if isinstance(card, Spell):
        text = describe(card.effects, spell=True)
        if card.disrupt:
            negated = " or ".join(
                {"spell": "a spell", "effect": "an effect", "attack": "an attack"}[n]
                for n in card.disrupt
            )
            text = f"Disrupt: in the opponent's turn, negate {negated}. " + text
        elif len(card.effects) > 1:
            text = "Combine: " + text
        return text.strip()
    if isinstance(card, Commander):
        return f"{card.ability_name} (once per game): {describe(card.ability)}"
    if isinstance(card, Artifact):
        return f"Taken by controlling the three minions that carry piece {card.piece}."
    if isinstance(card, Olympus):
        return f"Hold {card.artifacts_to_win} Artifacts to conquer Olympus."
    return ""


def keywords(card: Any) -> list[str]:
    """The glossary keys of a card's keywords."""
    out = []
    if isinstance(card, Minion):
        for flag in ("primordial", "lethal", "resistant", "joker"):
            if getattr(card, flag):
                out.append(flag)
        if card.add is not None:
            out.append("add")
        if card.copy_ is not None:
            out.append("copy-and-replace")
    effects = card.ability if isinstance(card, Commander) else getattr(card, "effects", [])
    if isinstance(card, Spell) and card.disrupt:
        out.append("disrupt")
    if len(effects) > 1:
        out.append("combine")
    for effect in effects:
        verbs = [effect.verb] + [e.verb for option in effect.pick or [] for e in option]
        for word in verbs:
            if word in _KEYWORD_VERBS and _KEYWORD_VERBS[word] not in out:
                out.append(_KEYWORD_VERBS[word])
    return out


_KEYWORD_VERBS = {
    "reborn": "reborn",
    "free": "free",
    "ambush": "ambush",
    "search": "search",
    "pick": "pick",
    "cripple": "cripple",
    "paralyze": "paralyze",
    "explore": "explore",
    "exchange": "exchange",
}
