"""The log: what the rules noted, in words, with the cards each event touched as marks."""

from __future__ import annotations

from typing import Any

from bellica.core.cards import BOUGHT, DRAWN, PLAYED, card_fact
from bellica.core.events import Event
from bellica.games.siege_of_olympus.cards import Commander
from bellica.games.siege_of_olympus.state import SiegeState


# -- events ---------------------------------------------------------------------------------
def events(state: SiegeState, caused: list[tuple[Any, ...]]) -> list[Event]:
    """The events behind what the rules noted, in words, with the cards they touched as marks;
    a draw tells everyone how many cards and the drawer which."""
    out: list[Event] = []
    i = 0
    while i < len(caused):
        event = caused[i]
        if event[0] == "draw":
            side = event[1]
            drawn = [event[2]]
            while i + 1 < len(caused) and caused[i + 1][:2] == ("draw", side):
                i += 1
                drawn.append(caused[i][2])
            out.append(_drawn(state, side, drawn))
        else:
            out.append(_event(state, event))
        i += 1
    return out


def _drawn(state: SiegeState, side: int, drawn: list[int]) -> Event:
    table = state.game.table
    who = state.seat_label(side)
    count = f"{len(drawn)} card" + ("" if len(drawn) == 1 else "s")
    told = f"{who} draws {', '.join(table.label[u] for u in drawn)}"
    return Event(
        "draw",
        f"{who} draws {count}",
        ((side, told),),
        facts=(
            ("side", side),
            ("count", len(drawn)),
            card_fact(side, [table.token[u] for u in drawn], DRAWN),
        ),
        private_marks=((side, tuple(table.token[u] for u in drawn)),),
    )


_TEXT = {
    "reshuffle": "The Underworld is shuffled into a new Deck",
    "prisoner": "{card} is taken prisoner in Tartarus",
    "agora": "{card} is put in the Agora",
    "bottom": "{card} goes to the bottom of the Deck (the Agora is full)",
    "commander": "{side} leads the siege as {card}",
    "summon": "{side} summons {card}",
    "cast": "{side} casts {card}",
    "destroyed": "{card} is destroyed and goes to the Underworld",
    "recruited": "{side} recruits {card} from Tartarus into its hand",
    "damage": "{card} takes {amount} damage",
    "paralyzed": "{card} is paralyzed: it cannot attack in its controller's next turn",
    "crippled": "{card} is crippled: no attacks, no keywords until its controller's next turn ends",
    "discard": "{side} discards {card}",
    "turn": "{side}'s turn {turn} begins",
}


def _event(state: SiegeState, event: tuple[Any, ...]) -> Event:
    """One noted event in words, with its facts and marks."""
    game = state.game
    label, token = game.table.label, game.table.token
    kind = event[0]
    marks: tuple[str, ...] = ()
    quiet = False
    name = state.seat_label
    if kind in ("prisoner", "agora", "bottom", "destroyed", "damage", "paralyzed", "crippled"):
        uid = event[1]
        text = _TEXT[kind].format(card=label[uid], amount=event[2] if kind == "damage" else 0)
        marks = (token[uid],)
    elif kind in ("commander", "summon", "cast", "recruited", "discard"):
        side, uid = event[1], event[2]
        who = f"player {side + 1}" if kind == "commander" else name(side)
        text = _TEXT[kind].format(side=who, card=label[uid])
        marks = (token[uid],)
    elif kind == "reshuffle":
        text = _TEXT[kind]
    elif kind == "turn":
        text = _TEXT[kind].format(side=name(event[1]), turn=state.round)
    elif kind == "mulligan":
        side, count = event[1], event[2]
        text = (
            f"{name(side)} returns {count} card{'s' if count != 1 else ''} to the Deck and draws "
            "as many"
            if count
            else f"{name(side)} keeps the opening hand"
        )
    elif kind == "use":
        side, uid = event[1], event[2]
        card = game.table.card[uid]
        if isinstance(card, Commander):
            text = f"{name(side)} uses the Commander's ability, {card.ability_name}"
        else:
            text = f"{name(side)} uses {label[uid]}"
        marks = (token[uid],)
    elif kind == "exchange":
        side, left, taken = event[1:]
        text = f"{name(side)} leaves {label[left]} in the Agora and takes {label[taken]}"
        marks = (token[left], token[taken])
    elif kind == "fight":
        attacker, target, dealt, back = event[1:]
        took = f", and takes {back}" if back else ", and takes none back"
        text = f"{label[attacker]} attacks {label[target]}: deals {dealt}{took}"
        marks = (token[attacker], token[target])
    elif kind == "strike":
        attacker, side, amount = event[1:]
        text = f"{label[attacker]} strikes {name(side)}'s Commander for {amount}"
        marks = (token[attacker], token[state.commander[side][0]])
    elif kind == "commander_hit":
        side, amount = event[1:]
        text = f"{name(side)}'s Commander loses {amount} health ({state.health[side]} left)"
        marks = (token[state.commander[side][0]],)
    elif kind == "heal":
        side, amount = event[1:]
        text = (
            f"{name(side)}'s Commander regains {amount} health ({state.health[side]} now)"
            if amount
            else f"{name(side)}'s Commander is already at full health ({state.health[side]})"
        )
        marks = (token[state.commander[side][0]],)
    elif kind == "dodge":
        target, attacker = event[1:]
        text = f"{label[target]} dodges the attack of {label[attacker]} (Trickster synergy)"
        marks = (token[target], token[attacker])
    elif kind == "to_hand" and event[3] == "search":
        side, uid = event[1], event[2]
        return Event(
            kind,
            f"{name(side)} searches the Deck for a card, then shuffles the Deck",
            ((side, f"{name(side)} searches the Deck for {label[uid]}, then shuffles it"),),
            facts=(("side", side), card_fact(side, [token[uid]], DRAWN)),
            private_marks=((side, (token[uid],)),),
        )
    elif kind == "to_hand":
        side, uid, how = event[1:]
        text = {
            "reborn": f"{name(side)} brings {label[uid]} back from the Underworld into its hand",
            "free": f"{name(side)} frees {label[uid]} from Tartarus into its hand",
        }[how]
        marks = (token[uid],)
    elif kind == "disrupt":
        side, uid, source, negated = event[1:]
        what = {"spell": "", "effect": "'s effect", "attack": "'s attack"}[negated]
        text = f"{name(side)} casts {label[uid]} and disrupts {label[source]}{what}"
        marks = (token[uid], token[source])
    elif kind == "artifact":
        side, uid, how = event[1:]
        verb = "completes" if how == "complete" else "explores for"
        text = f"{name(side)} {verb} the Artifact {label[uid]} and takes it"
        text += " (and draws a card)" if how == "complete" else ""
        marks = (token[uid],)
    elif kind == "synergy":
        side, what = event[1:]
        text = f"{name(side)}'s {what.capitalize()} synergy: {_SYNERGY_TEXT[what]}"
    elif kind == "race_strike":
        side, uid, race = event[1:]
        text = f"{name(side)}'s {race.capitalize()} synergy destroys {label[uid]}"
        marks = (token[uid],)
    elif kind == "copy":
        uid, other, what = event[1:]
        words = "piece" if what == "joker" else what
        text = f"{label[uid]} copies the {words} of {label[other]}"
        marks = (token[uid], token[other])
    elif kind == "target":
        uid, source = event[1:]
        text = f"{label[source]} targets {label[uid]}"
        marks = (token[uid], token[source])
        quiet = True
    else:  # pragma: no cover - every kind the rules note is above
        raise ValueError(f"unknown event {kind}")
    facts = tuple((f"v{i}", v) for i, v in enumerate(event[1:]) if isinstance(v, int | str))
    return Event(kind, text, facts=facts + _card_step(state, event), marks=marks, quiet=quiet)


# The lab's card steps (core.cards.card_log): what a noted kind tells of a side's card, and
# where the card is in the noted tuple (the side is always first). Acquiring is taking a
# card into the hand other than by a draw (a prisoner recruited or Freed, an Agora card
# exchanged for, a Reborn minion) or taking an Artifact; a Search takes from the Deck, as a
# draw does (told with the search above).
_STEPS = {
    "summon": (PLAYED, 2),
    "cast": (PLAYED, 2),
    "disrupt": (PLAYED, 2),
    "recruited": (BOUGHT, 2),
    "to_hand": (BOUGHT, 2),
    "exchange": (BOUGHT, 3),
    "artifact": (BOUGHT, 2),
}


def _card_step(state: SiegeState, event: tuple[Any, ...]) -> tuple[tuple[str, Any], ...]:
    """The card fact of a noted event that plays or acquires a card (none for the others)."""
    found = _STEPS.get(event[0])
    if found is None:
        return ()
    step, at = found
    return (card_fact(event[1], [state.game.table.token[event[at]]], step),)


_SYNERGY_TEXT = {
    "spellcaster": "1 damage to every enemy minion",
    "trickster": "each Trickster will dodge the next attack against it",
    "olympian": "an enemy or imprisoned Titan costing 3 or less is destroyed",
    "titan": "an enemy or imprisoned Half-god costing 3 or less is destroyed",
    "half-god": "an enemy or imprisoned Creature costing 3 or less is destroyed",
    "giant": "an enemy or imprisoned Olympian costing 3 or less is destroyed",
    "creature": "an enemy or imprisoned Giant costing 3 or less is destroyed",
}
