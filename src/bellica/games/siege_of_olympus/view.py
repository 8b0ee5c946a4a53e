"""What a seat sees: the observation with its decision in words, public words for secret
actions, and resampling what the seat cannot know."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bellica.core import SPECTATOR, Rng
from bellica.core.cards import resample
from bellica.games.siege_of_olympus.cards import (
    COLOURS,
    Artifact,
    Commander,
    Minion,
    Olympus,
    Spell,
)
from bellica.games.siege_of_olympus.rules.effects import (
    ChooseTarget,
    DisruptWindow,
    search_matches,
    targets,
    verb,
)
from bellica.games.siege_of_olympus.rules.synergies import SYNERGY, pieces
from bellica.games.siege_of_olympus.state import (
    PHASE_NAMES,
    STATUS_NAMES,
    SiegeState,
)

if TYPE_CHECKING:
    pass


# -- cards as a seat sees them ----------------------------------------------------------------
KINDS: dict[type, str] = {
    Minion: "minion",
    Spell: "spell",
    Artifact: "artifact",
    Commander: "commander",
}


def card_view(state: SiegeState, uid: int) -> dict[str, Any]:
    """One face-up card as a seat sees it, with its marks where it is in play or a prisoner."""
    game = state.game
    card = game.table.card[uid]
    out: dict[str, Any] = {
        "card": game.table.token[uid],
        "number": card.number,
        "name": card.name,
        "kind": KINDS.get(type(card), "olympus"),
        "text": game.texts[uid],
        "keywords": game.keywords[uid],
    }
    if isinstance(card, Minion):
        out |= {
            "class": state.class_of(uid),
            "race": state.race_of(uid),
            "colour": COLOURS[state.race_of(uid)],
            "piece": card.piece,
            "pieces": list(state.pieces_of(uid)),
            "cost": card.cost,
            "attack": state.attack_of(uid),
            "health": state.health_of(uid),
            "printed_attack": card.attack,
            "printed_health": card.health,
            "style": card.style,
            "ranged": card.ranged,
            "damage": state.damage[uid],
            "flags": flags(state, uid),
        }
        if state.copied[uid] >= 0:
            out["copied"] = game.table.token[state.copied[uid]]
    elif isinstance(card, Spell):
        out["disrupt"] = list(card.disrupt)
    elif isinstance(card, Commander):
        out["health"] = card.health
        out["ability_name"] = card.ability_name
    elif isinstance(card, Artifact):
        out["piece"] = card.piece
    elif isinstance(card, Olympus):
        out["goal"] = card.artifacts_to_win
    return out


def flags(state: SiegeState, uid: int) -> list[str]:
    """A card's marks by name: attacked, used, fresh, dodge, paralyzed, crippled."""
    status = state.status[uid]
    out = [name for bit, name in STATUS_NAMES.items() if status & bit]
    if state.is_paralyzed(uid):
        out.append("paralyzed")
    if state.is_crippled(uid):
        out.append("crippled")
    return out


def _decision(state: SiegeState, seat: int) -> dict[str, Any] | None:
    if not state.stack or state.winners is not None:
        return None
    task: Any = state.stack[-1]
    side = task.side
    out: dict[str, Any] = {"kind": task.name, "side": side, "seat": side}
    token = state.game.table.token
    card = getattr(task, "card", -1)
    if isinstance(card, int) and card >= 0:
        out["source"] = token[card]
    if isinstance(task, DisruptWindow):
        out["event"] = task.event
    if isinstance(task, ChooseTarget) and seat == side:
        effect = task.effect(state)
        if effect is not None and effect.verb == "search":
            out["cards"] = [card_view(state, u) for u in targets(state, side, effect, task.card)]
    out["text"] = decision_text(state, task)
    return out


_ASKED = {
    "choose_commander": "choose a Commander",
    "mulligan": "return up to three cards to the Deck, then keep the hand",
    "pick": "pick one of {source}'s options",
    "leave": "leave a card of the hand in the Agora (an exchange)",
    "take": "take a card from the Agora (not one left there this turn)",
    "ambush": "choose the attack of {source}'s Ambush",
    "copy": "choose the minion {source} copies",
    "discard_down": "discard down to eight cards",
}
_CHOOSE = {
    "damage": "the target of {source}'s damage",
    "destroy": "what {source} destroys",
    "cripple": "what {source} cripples",
    "paralyze": "what {source} paralyzes",
    "reborn": "a minion of the Underworld to take back ({source})",
    "free": "a prisoner to free ({source})",
    "search": "a card of the Deck ({source})",
    "explore": "an Artifact to take ({source})",
}


def decision_text(state: SiegeState, task: Any) -> str:
    """What the pending decision asks, in words anyone may read: "Kronos: choose the target
    of Chimera (043)'s damage"."""
    label = state.game.table.label
    who = state.seat_label(task.side)
    source = label[task.card] if getattr(task, "card", -1) >= 0 else ""
    if isinstance(task, DisruptWindow):
        negated = {"spell": "", "effect": "'s effect", "attack": "'s attack"}[task.event]
        return f"{who}: disrupt {source}{negated}, or let it happen"
    if isinstance(task, ChooseTarget):
        effect = task.effect(state)
        asked = _CHOOSE.get(verb(effect), "a card for {source}") if effect else "a card"
        return f"{who}: choose " + asked.format(source=source)
    if task.name == "race_strike":
        return f"{who}: the {task.race.capitalize()} synergy destroys an enemy minion or prisoner"
    return f"{who}: " + _ASKED.get(task.name, "decide").format(source=source)


def observation(state: SiegeState, seat: int) -> dict[str, Any]:
    """Everything `seat` may know (SPECTATOR: what everyone knows): the public zones, each
    side's Commander, minions and Artifacts, its own hand, the other hand as a count with the
    cards everyone saw arrive in it."""
    game = state.game
    seen: dict[int, dict[str, Any]] = {}  # each shown card's view, built once

    def view(uid: int) -> dict[str, Any]:
        found = seen.get(uid)
        if found is None:
            found = seen[uid] = card_view(state, uid)
        return found

    def cards(uids: list[int]) -> list[dict[str, Any]]:
        return [view(u) for u in uids]

    players = []
    for side in (0, 1):
        synergies = [
            name
            for name in ("raider", "spellcaster", "ranger", "trickster", "neutral")
            if state.count_class(side, name) >= SYNERGY
        ]
        synergies += [
            name
            for name in COLOURS
            if sum(1 for u in state.minions[side] if state.race_of(u) == name) >= SYNERGY
        ]
        in_pile = {game.table.card[u].piece for u in state.pile}
        carried = {str(p): n for p, n in sorted(pieces(state, side).items()) if p in in_pile}
        commander = state.commander[side]
        players.append(
            {
                "side": side,
                "label": state.seat_label(side),
                "relation": None if seat == SPECTATOR else ("you" if side == seat else "opponent"),
                "commander": view(commander[0]) if commander else None,
                "health": state.health[side],
                "max_health": game.table.card[commander[0]].health if commander else 0,
                "ability_used": state.ability_used[side],
                "hand_count": len(state.hand[side]),
                "known": cards(sorted(state.known[side])),
                "minions": cards(state.minions[side]),
                "artifacts": cards(state.artifacts[side]),
                "synergies": synergies,
                "pieces": carried,
            }
        )
    hand = None
    if seat != SPECTATOR:
        hand = cards(sorted(state.hand[seat]))
        if state.current_player == seat:
            usable = {
                game.table.token[game.actions.uid(a)]
                for a in state.legal_actions()
                if a.kind in ("summon", "cast", "leave", "discard", "return", "disrupt")
            }
            hand = [c | {"playable": c["card"] in usable} for c in hand]
    outcome = None
    if state.winners is not None:
        outcome = {"winners": list(state.winners), "reason": state.reason}
    return {
        "game": game.info.id,
        "seat": seat,
        "you": None if seat == SPECTATOR else seat,
        "phase": state.phase,
        "phase_name": PHASE_NAMES[state.phase],
        "round": state.round,
        "turn_number": state.turn,
        "active": state.active,
        "first": state.first,
        "artifacts_to_win": game.goal,
        "turn_limit": game.turn_limit,
        "players": players,
        "hand": hand,
        "deck_count": len(state.deck),
        "tartarus": cards(state.tartarus),
        "agora": cards(state.agora),
        "underworld": cards(state.underworld),
        "artifact_pile": cards(sorted(state.pile, key=lambda u: game.table.card[u].piece)),
        "olympus": view(game.olympus_uid),
        "casting": cards(state.casting),
        "unchosen": cards(sorted(state.unchosen)),
        "turn": {
            "exchanged": state.exchanged,
            "left": [game.table.token[u] for u in state.left],
            "target": game.table.token[state.target] if state.target >= 0 else None,
        },
        "decision": _decision(state, seat),
        "result": outcome,
    }


def public_words(state: SiegeState, action: Any) -> str | None:
    """What the other player reads of an action that names a hidden card: a card returned to
    the Deck at the mulligan, or the card a Search takes (None for any other action)."""
    if action.kind == "return":
        return "Return a card to the Deck"
    task = state.stack[-1] if state.stack else None
    if action.kind == "target" and isinstance(task, ChooseTarget):
        effect = task.effect(state)
        if effect is not None and verb(effect) == "search":
            return f"Take a card from the Deck ({state.game.table.label[task.card]})"
    return None


# -- hidden information -------------------------------------------------------------------------
def resample_hidden(state: SiegeState, seat: int, rng: Rng) -> None:
    """Deal again what `seat` cannot know: the other hand and the Deck together (keeping the
    cards everyone saw arrive in that hand, and any Deck cards a pending search shows), and
    the Deck's order. A player asked whether to Disrupt keeps a Disrupt that can answer."""
    fixed = set(state.known[0]) | set(state.known[1])
    task = state.stack[-1] if state.stack else None
    if isinstance(task, ChooseTarget) and task.side == seat:
        effect = task.effect(state)
        if effect is not None and effect.verb == "search":
            # The searcher sees every matching Deck card, so it also knows that the other
            # matching cards it cannot see are in the other hand: none of them is dealt
            # into the Deck.
            fixed.update(targets(state, seat, effect, task.card))
            fixed.update(u for u in state.hand[1 - seat] if search_matches(state, u, effect))
    window = task if isinstance(task, DisruptWindow) and task.side != seat else None
    disrupts = state.game.disrupts

    def responder(side: int, pool: list[int], rng: Rng) -> list[int]:
        if window is None or side != window.side:
            return []
        fitting = [u for u in pool if window.event in disrupts[u]]
        return [rng.choice(fitting)] if fitting else []

    resample(state.zones, state.game.seating, seat, rng, fixed, responder)
    if isinstance(task, ChooseTarget) and task.side != seat:
        _keep_a_match(state, task, rng)


def _keep_a_match(state: SiegeState, task: ChooseTarget, rng: Rng) -> None:
    """The other player is choosing a Search's card, so the Deck holds at least one match:
    if the cards dealt again left none there, one of that player's unknown matching hand
    cards trades places with a Deck card."""
    effect = task.effect(state)
    if effect is None or effect.verb != "search":
        return
    deck, hand = state.deck, state.hand[task.side]
    if any(search_matches(state, u, effect) for u in deck) or not deck:
        return
    known = state.known[task.side]
    matching = [u for u in hand if u not in known and search_matches(state, u, effect)]
    if not matching:
        return
    card = rng.choice(matching)
    spot = rng.below(len(deck))
    hand[hand.index(card)], deck[spot] = deck[spot], card
