"""The log: what the rules noted, in words; a card drawn named only to those who may see it.
A card drawn, taken from the Battle Line or played carries the lab's card fact (programs only)."""

from __future__ import annotations

from typing import Any

from bellica.core.cards import BOUGHT, DRAWN, PLAYED, card_fact
from bellica.core.events import Dice, Event
from bellica.games.para_bellum.actions import slot_words
from bellica.games.para_bellum.state import ParaState, cell_words


def events(state: ParaState, caused: list[tuple[Any, ...]]) -> list[Event]:
    return [e for e in (_event(state, item) for item in caused) if e is not None]


def _event(state: ParaState, item: tuple[Any, ...]) -> Event | None:
    game = state.game
    label, token = game.table.label, game.table.token
    name = state.seat_label
    kind = item[0]
    if kind == "draw":
        _, side, uid = item
        seen = tuple(
            (s, f"{name(side)} draws {label[uid]}")
            for s in range(game.players)
            if game.seating.sees(s, side)
        )
        return Event(
            kind,
            f"{name(side)} draws an Army card",
            seen,
            facts=(card_fact(side, (token[uid],), DRAWN),),
            private_marks=tuple((s, (token[uid],)) for s, _ in seen),
        )
    if kind == "take":
        _, side, uid = item
        return Event(
            kind,
            f"{name(side)} takes {label[uid]} from the Battle Line",
            facts=(card_fact(side, (token[uid],), BOUGHT),),
            marks=(token[uid],),
        )
    if kind == "line":
        return Event(kind, f"{label[item[1]]} joins the Battle Line", marks=(token[item[1]],))
    if kind == "start":
        _, side, uid = item
        return Event(kind, f"{name(side)} leads the {game.colour[uid]} army", marks=(token[uid],))
    if kind == "returned":
        return Event(kind, f"{name(item[1])} puts an objective back under its deck", quiet=True)
    if kind == "turn":
        return Event(kind, f"Turn {item[2]}: {name(item[1])}")
    if kind == "event":
        return Event(
            kind, f"Event: {label[item[1]]} — {game.texts[item[1]]}", marks=(token[item[1]],)
        )
    if kind == "place":
        _, side, uid, cell = item
        return Event(
            kind,
            f"{name(side)} places {label[uid]} on {cell_words(cell)}",
            facts=_played_army(state, side, uid),
            marks=(token[uid],),
            quiet=True,
        )
    if kind == "legion":
        _, side, run, colour = item
        big = " Big" if len(run) >= 3 else ""
        return Event(
            kind,
            f"{name(side)} completes a{big} {colour} Legion of {len(run)} "
            f"card{'s' if len(run) > 1 else ''}",
        )
    if kind == "die":
        _, side, slot, face = item
        what = "Legion" if slot.startswith("g") else "Centurion"
        dice = (Dice(name(side), 1, (), 1, (face,), face),)
        return Event(kind, f"{name(side)} rolls a {what} die: {face}", dice=dice)
    if kind == "centurion":
        return Event(kind, f"{name(item[1])} completes a Centurion")
    if kind == "blazon":
        return Event(kind, f"{name(item[1])} wins the {item[2]} Color Blazon")
    if kind == "banner":
        _, side, banner, slot = item
        return Event(
            kind, f"{name(side)} adds the {banner.replace('_', ' ')} banner to {slot_words(slot)}"
        )
    if kind == "morale":
        _, side, roll, total, held, passed = item
        verdict = "passes" if passed else "fails"
        dice = (Dice(name(side), 1, (), 1, (roll,), roll),)
        return Event(
            kind,
            f"{name(side)} takes a Morale test: {total} against {held} dice, and {verdict}",
            dice=dice,
        )
    if kind == "lost":
        return Event(kind, f"{name(item[1])} loses {slot_words(item[2])}")
    if kind == "paid":
        _, side, slot, pips, coins = item
        parts = ([f"{pips} from {slot_words(slot)}"] if slot and pips else []) + (
            [f"{coins} coin{'s' if coins > 1 else ''}"] if coins else []
        )
        return Event(kind, f"{name(side)} pays " + (" and ".join(parts) or "nothing"), quiet=True)
    if kind == "action":
        return None
    if kind == "effect":
        return None
    if kind == "die_now":
        _, side, slot, verb = item
        return Event(
            kind, f"{name(side)}: {verb.replace('_', ' ')} — {slot_words(slot)}", quiet=True
        )
    if kind in ("disable", "eliminate"):
        _, side, uid = item
        return Event(kind, f"{name(side)} {kind}s {label[uid]}", marks=(token[uid],))
    if kind == "deploy":
        return Event(
            kind,
            f"{name(item[1])} deploys {label[item[2]]}",
            facts=(card_fact(item[1], (token[item[2]],), PLAYED),),
            marks=(token[item[2]],),
        )
    if kind == "order":
        return Event(
            kind,
            f"{name(item[1])} gives the order {label[item[2]]}",
            facts=(card_fact(item[1], (token[item[2]],), PLAYED),),
            marks=(token[item[2]],),
        )
    if kind == "discarded":
        return Event(kind, f"{name(item[1])} discards {label[item[2]]}", marks=(token[item[2]],))
    if kind == "runner":
        _, side, at, track = item
        return Event(kind, f"{name(side)}'s Runner moves to space {at} of {track}")
    if kind == "objective":
        _, side, uid = item
        return Event(kind, f"{name(side)} fulfils the objective {label[uid]}", marks=(token[uid],))
    if kind == "ending":
        _, side, why = item
        return Event(
            kind, f"{name(side)} {why}: the game ends when the turn would pass back to them"
        )
    if kind == "over":
        return Event(kind, state.reason)
    raise ValueError(f"unknown event {kind!r}")


def _played_army(state: ParaState, side: int, uid: int) -> tuple[tuple[str, Any], ...]:
    """An Army card placed is played into the army; a Special Unit placed was played by its
    Deploy, whose event tells it."""
    game = state.game
    return (card_fact(side, (game.table.token[uid],), PLAYED),) if game.is_army[uid] else ()
