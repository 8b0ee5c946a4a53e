"""The log: what the rules noted, in words; a chest's value told only to those who know it."""

from __future__ import annotations

from typing import Any

from bellica.core.cards import BOUGHT, PLAYED, card_fact
from bellica.core.events import Dice, Event
from bellica.games.bellum_magia.state import MagiaState
from bellica.games.bellum_magia.texts import amount

RESOURCES = ("food", "glyph", "barrel")


def events(state: MagiaState, caused: list[tuple[Any, ...]]) -> list[Event]:
    """Each noted event in words, with the pieces it touched as marks."""
    return [_event(state, item) for item in caused]


def _chests(state: MagiaState, uids: tuple[int, ...], seat: int | None) -> str:
    """ "a Metal chest (M03)", or with its value for a seat that knows it: "... worth 4"."""
    game = state.game
    parts = []
    for uid in uids:
        kind = game.chest_kind[uid].capitalize()
        text = f"a {kind} chest ({game.table.token[uid]})"
        if seat is not None:
            text += f" worth {state.value[uid]}"
        parts.append(text)
    return ", ".join(parts)


def _event(state: MagiaState, item: tuple[Any, ...]) -> Event:
    game = state.game
    label, token = game.table.label, game.table.token
    name = state.seat_label
    kind = item[0]
    if kind == "castle":
        _, lord, uid = item
        return Event(kind, f"Lord {lord + 1} rules {label[uid]}", marks=(token[uid],))
    if kind == "slide":
        _, lord, uid, right = item
        where = "right (attack)" if right else "left (production)"
        played = card_fact(lord, (token[uid],), PLAYED)  # a Goblin placed, a recruit slid in
        text = f"{name(lord)} slides {label[uid]} under the {where}"
        return Event(kind, text, marks=(token[uid],), facts=(played,))
    if kind == "day":
        _, day, captain = item
        return Event(kind, f"Day {day} begins: {name(captain)} is the Captain")
    if kind == "roll":
        _, lord, face, why = item
        captain = name(state.captain)
        dice = (Dice(captain, 1, (), 1, (face,), face),)
        if why == "barrel":
            text = f"{name(lord)} buys a round with a Barrel: {captain} rolls again, a {face}"
        elif why == "confusion":
            text = f"{captain} casts a Confusion spell and rolls again: a {face}"
        else:
            text = f"{captain} rolls a {face}: line {face} is everyone's active horde"
        return Event(kind, text, dice=dice, facts=(("face", face),))
    if kind == "gather":
        _, lord, food, glyph, wanted_food, wanted_glyph = item
        got = [amount(r, n) for r, n in (("food", food), ("glyph", glyph)) if n]
        text = f"{name(lord)} gathers {' and '.join(got) or 'nothing'}"
        if (food, glyph) != (wanted_food, wanted_glyph):
            text += " (all the reserve had left)"
        return Event(kind, text, facts=(("lord", lord), ("food", food), ("glyph", glyph)))
    if kind == "scouts":
        _, lord, chest_kind, taken, maps = item
        brought = f"a {chest_kind.capitalize()} chest"
        scouts = f"{name(lord)}'s scouts ({amount('maps', maps)})"
        if not taken:
            return Event(kind, f"{scouts} find the {chest_kind} pile empty")
        public = f"{scouts} bring back {brought}"
        private = f"{public}: {_chests(state, taken, lord)}"
        marks = tuple(token[u] for u in taken)
        won = card_fact(lord, marks, BOUGHT)  # the chests the scouts bring back are the lord's
        return Event(kind, public, ((lord, private),), marks=marks, facts=(won,))
    if kind == "raid":
        _, lord, place, got, taken = item
        spoils = [amount(r, n) for r, n in zip(RESOURCES, got, strict=True) if n]
        counts: dict[str, int] = {}
        for uid in taken:
            counts[game.chest_kind[uid]] = counts.get(game.chest_kind[uid], 0) + 1
        spoils += [amount(k, n) for k, n in counts.items()]
        public = f"{name(lord)} raids {label[place]}: {', '.join(spoils) or 'nothing left to take'}"
        private = public
        if taken:
            private += f" ({_chests(state, taken, lord)})"
        chests = tuple(token[u] for u in taken)
        marks = (token[place], *chests)
        facts: tuple[tuple[str, Any], ...] = (("lord", lord),)
        if chests:  # the chests are the lord's; the Place is discarded (the Tavern stays)
            facts += (card_fact(lord, chests, BOUGHT),)
        return Event(kind, public, ((lord, private),), marks=marks, facts=facts)
    if kind == "pass":
        return Event(kind, f"{name(item[1])} makes no attack today", quiet=True)
    if kind == "storm":
        _, lord, victim, thieves = item
        text = f"{name(lord)} storms {name(victim)}'s castle with {amount('thieves', thieves)}"
        return Event(kind, text, marks=(token[state.castle[victim][0]],))
    if kind == "steal":
        _, thief, victim, uid = item
        public = f"{name(thief)} steals {_chests(state, (uid,), None)} from {name(victim)}"
        private = f"{name(thief)} steals {_chests(state, (uid,), thief)} from {name(victim)}"
        told = ((thief, private), (victim, private))
        stolen = card_fact(thief, (token[uid],), BOUGHT)  # the thief takes the chest
        return Event(kind, public, told, marks=(token[uid],), facts=(stolen,))
    if kind == "shield":
        victim = item[1]
        shield = state.shield_of(victim)
        text = f"{name(victim)} gains a Shield token: its castle's shield is now {shield}"
        return Event(kind, text)
    if kind == "recruit":
        _, lord, uid, food, glyph = item
        paid = " and ".join(amount(r, n) for r, n in (("glyph", glyph), ("food", food)) if n)
        recruited = card_fact(lord, (token[uid],), BOUGHT)  # paid for from a row
        text = f"{name(lord)} recruits {label[uid]} for {paid}"
        return Event(kind, text, marks=(token[uid],), facts=(recruited,), quiet=True)
    if kind == "face_up":
        return Event(kind, f"{label[item[1]]} is turned face up", marks=(token[item[1]],))
    if kind == "place":
        return Event(
            kind, f"{label[item[1]]} is revealed in the human kingdom", marks=(token[item[1]],)
        )
    if kind == "captain":
        return Event(kind, f"The die passes: {name(item[1])} is the next Captain")
    if kind == "over":
        return Event(kind, state.reason, facts=(("winners", item[1]),))
    raise ValueError(f"unknown event {kind!r}")
