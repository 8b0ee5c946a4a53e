"""What a seat sees: the observation, the log's events, the tensor, resampling, the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bellica.core import SPECTATOR, Rng
from bellica.core.cards import resample
from bellica.core.events import Event
from bellica.games.siege_of_olympus.cards import (
    COLOURS,
    Artifact,
    Commander,
    Minion,
    Olympus,
    Spell,
    describe,
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
    DODGE,
    PHASE_NAMES,
    PHASES,
    STATUS_NAMES,
    SiegeState,
)

if TYPE_CHECKING:
    from bellica.games.siege_of_olympus.game import SiegeOfOlympus


# -- cards as a seat sees them ----------------------------------------------------------------
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
_KINDS: dict[type, str] = {
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
        "kind": _KINDS.get(type(card), "olympus"),
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
    view = [card_view(state, u) for u in range(game.table.size)]  # cheap enough: 86 cards

    def cards(uids: list[int]) -> list[dict[str, Any]]:
        return [view[u] for u in uids]

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
                "commander": view[commander[0]] if commander else None,
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
        "olympus": view[game.olympus_uid],
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
        facts=(("side", side), ("count", len(drawn))),
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
            facts=(("side", side),),
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
    return Event(kind, text, facts=facts, marks=marks, quiet=quiet)


_SYNERGY_TEXT = {
    "spellcaster": "1 damage to every enemy minion",
    "trickster": "each Trickster will dodge the next attack against it",
    "olympian": "an enemy or imprisoned Titan costing 3 or less is destroyed",
    "titan": "an enemy or imprisoned Half-god costing 3 or less is destroyed",
    "half-god": "an enemy or imprisoned Creature costing 3 or less is destroyed",
    "giant": "an enemy or imprisoned Olympian costing 3 or less is destroyed",
    "creature": "an enemy or imprisoned Giant costing 3 or less is destroyed",
}


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


# -- the observation tensor -----------------------------------------------------------------
PLACES = 16  # where a card is, as a seat knows it (see observation_tensor)
CARD_FEATURES = 10
GLOBALS = 32


def tensor_shape(game: SiegeOfOlympus) -> tuple[int, ...]:
    return (game.table.size * (PLACES + CARD_FEATURES) + GLOBALS,)


def observation_tensor(state: SiegeState, seat: int, out: Any) -> None:
    """Per card: a one-hot place as `seat` knows it (own hand; the Deck or the other hand,
    which it cannot tell apart; the other hand, when seen arriving; own and enemy minions;
    Tartarus; the Agora; the Underworld; the Artifact pile; own and enemy Artifacts; own and
    enemy Commander; unchosen Commanders; Olympus; being cast), then its marks (damage,
    attacked, used, fresh, dodge, paralyzed, crippled, copying, attack, health), all scaled
    to [0, 1]; then the turn: phase, sides, health, abilities, the exchange, the target,
    counts and the round."""
    game = state.game
    size = game.table.size
    side = 0 if seat < 0 else seat
    other = 1 - side
    width = PLACES + CARD_FEATURES
    zones = [
        (state.hand[side], 0),
        (state.minions[side], 3),
        (state.minions[other], 4),
        (state.tartarus, 5),
        (state.agora, 6),
        (state.underworld, 7),
        (state.pile, 8),
        (state.artifacts[side], 9),
        (state.artifacts[other], 10),
        (state.commander[side], 11),
        (state.commander[other], 12),
        (state.unchosen, 13),
        (state.olympus, 14),
        (state.casting, 15),
    ]
    if seat < 0:
        zones = zones[1:]
    known = set(state.known[other])
    for uid in state.hand[other]:
        out[uid * width + (2 if uid in known else 1)] = 1.0
    if seat < 0:
        for uid in state.hand[side]:
            out[uid * width + (2 if uid in state.known[side] else 1)] = 1.0
    for uid in state.deck:
        out[uid * width + 1] = 1.0
    for pile, place in zones:
        for uid in pile:
            out[uid * width + place] = 1.0
    in_play = set(state.minions[0]) | set(state.minions[1]) | set(state.tartarus)
    for uid in in_play:
        base = uid * width + PLACES
        status = state.status[uid]
        out[base] = min(state.damage[uid], 12) / 12
        out[base + 1] = 1.0 if status & 1 else 0.0
        out[base + 2] = 1.0 if status & 2 else 0.0
        out[base + 3] = 1.0 if status & 4 else 0.0
        out[base + 4] = 1.0 if status & DODGE else 0.0
        out[base + 5] = 1.0 if state.is_paralyzed(uid) else 0.0
        out[base + 6] = 1.0 if state.is_crippled(uid) else 0.0
        out[base + 7] = 1.0 if state.copied[uid] >= 0 else 0.0
        out[base + 8] = min(state.attack_of(uid), 10) / 10
        out[base + 9] = min(state.health_of(uid), 13) / 13
    for uid in state.known[other] + (state.hand[side] if seat >= 0 else []):
        if state.status[uid] & 4:
            out[uid * width + PLACES + 3] = 1.0
    g = size * width
    out[g + PHASES.index(state.phase)] = 1.0
    out[g + 5] = 1.0 if state.active == side else 0.0
    out[g + 6] = 1.0 if state.first == side else 0.0
    out[g + 7] = min(state.health[side], 60) / 60
    out[g + 8] = min(state.health[other], 60) / 60
    out[g + 9] = 1.0 if state.ability_used[side] else 0.0
    out[g + 10] = 1.0 if state.ability_used[other] else 0.0
    out[g + 11] = 1.0 if state.exchanged else 0.0
    out[g + 12] = 1.0 if state.target >= 0 else 0.0
    out[g + 13] = min(len(state.deck), 120) / 120
    out[g + 14] = min(len(state.hand[side]), 20) / 20
    out[g + 15] = min(len(state.hand[other]), 20) / 20
    out[g + 16] = min(state.round, 100) / 100
    out[g + 17] = 1.0 if state.current_player == side else 0.0
    out[g + 18] = 1.0 if seat < 0 else 0.0
    if state.stack and state.winners is None:
        names = game.tasks.names()
        name = state.stack[-1].name
        out[g + 19 + names.index(name) % (GLOBALS - 19)] = 1.0
