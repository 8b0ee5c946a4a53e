"""What a seat sees: the observation with its decision in words, and resampling the rest."""

from __future__ import annotations

from typing import Any

from bellica.core import SPECTATOR, Rng
from bellica.core.cards import resample
from bellica.games.bellum_magia.cards import CHEST_KINDS, LEFT, RIGHT, Castle, Creature, Place
from bellica.games.bellum_magia.rules.hordes import can_raid, can_storm
from bellica.games.bellum_magia.rules.recruit import COSTS
from bellica.games.bellum_magia.state import PHASE_NAMES, MagiaState

VALUE_KEYS = LEFT + RIGHT


def card_view(state: MagiaState, uid: int) -> dict[str, Any]:
    """One face-up piece: a creature (both edges), a Place (shields and spoils) or a castle."""
    game = state.game
    card = game.table.card[uid]
    out: dict[str, Any] = {"card": game.table.token[uid], "name": card.name}
    if isinstance(card, Creature):
        out |= {"kind": "creature", "rank": card.rank, "bonus": card.bonus}
        out |= {v: list(card.line(v)) for v in VALUE_KEYS}
        if card.rank != "goblin":
            out["costs"] = [
                {"food": food, "glyph": glyph}
                for (rank, _), (food, glyph) in COSTS.items()
                if rank == card.rank
            ]
    elif isinstance(card, Castle):
        out |= {"kind": "castle", "shield": card.shield}
        out |= {v: list(card.line(v)) for v in VALUE_KEYS}
    elif isinstance(card, Place):
        out |= {
            "kind": "place",
            "place": card.kind,
            "shield": card.shield,
            "magic_shield": card.magic_shield,
            "spoils": card.spoils(),
        }
    out["text"] = game.texts[uid]
    if card.flavour:
        out["flavour"] = card.flavour
    return out


def chest_view(state: MagiaState, uid: int, seat: int) -> dict[str, Any]:
    """A chest as `seat` sees it: its token and kind, and its value if the seat knows it (or
    the game is over: every chest has been turned over)."""
    game = state.game
    known = state.winners is not None or (seat >= 0 and state.knows(seat, uid))
    return {
        "chest": game.table.token[uid],
        "kind": game.chest_kind[uid],
        "value": state.value[uid] if known else None,
    }


def lord_view(state: MagiaState, lord: int, seat: int) -> dict[str, Any]:
    chests = [chest_view(state, u, seat) for u in state.stock[lord]]
    held = state.held[lord]
    line = state.active(lord) if state.die else None
    return {
        "seat": lord,
        "label": state.seat_label(lord),
        "castle": card_view(state, state.castle[lord][0]) if state.castle[lord] else None,
        "left": [card_view(state, u) for u in state.left[lord]],
        "right": [card_view(state, u) for u in state.right[lord]],
        "goblins": [card_view(state, u) for u in state.goblins[lord]],
        "lines": [dict(zip(VALUE_KEYS, row, strict=True)) for row in state.lines[lord]],
        "active": dict(zip(VALUE_KEYS, line, strict=True)) if line else None,
        "shield": state.shield_of(lord),
        "shield_tokens": state.shields[lord],
        "magic_shield": state.magic_shields[lord],
        "spells": state.spells[lord],
        "spells_used": state.spells_used[lord],
        "food": held[0],
        "glyph": held[1],
        "barrel": held[2],
        "chests": chests,
        "chest_count": len(chests),
        "wealth": (
            sum(c["value"] for c in chests) if all(c["value"] is not None for c in chests) else None
        ),
        "attacked": state.attacked[lord],
        "captain": lord == state.captain,
    }


def observation(state: MagiaState, seat: int) -> dict[str, Any]:
    """Everything `seat` may know (SPECTATOR: what everybody knows): the lords' castles,
    creatures, resources and chests (values only of the seat's own and those it once held),
    the kingdom, the face-up creatures, the piles as counts, the day and the decision."""
    game = state.game
    rows = {
        "evil": [card_view(state, r[0]) if r else None for r in state.evil_row],
        "most_evil": [card_view(state, r[0]) if r else None for r in state.most_evil_row],
    }
    kingdom = dict(zip(("town", "village", "farm"), map(len, state.kingdom), strict=True))
    out: dict[str, Any] = {
        "game": game.id,
        "seat": seat,
        "players": game.players,
        "day": state.day,
        "day_limit": game.day_limit,
        "captain": state.captain,
        "first": state.first,
        "phase": state.phase,
        "phase_name": PHASE_NAMES[state.phase],
        "die": state.die or None,
        "order": list(state.order()),
        "lords": [lord_view(state, lord, seat) for lord in range(game.players)],
        "places": [card_view(state, u) for u in state.places],
        "tavern": card_view(state, state.tavern[0]) if state.tavern else None,
        "kingdom": {k: kingdom[k] for k in ("farm", "village", "town")},
        "discard": [game.table.token[u] for u in state.discard],
        "creatures": rows,
        "piles": {
            "evil": [len(p) for p in state.evil_pile],
            "most_evil": [len(p) for p in state.most_evil_pile],
        },
        "chest_piles": {k: len(state.piles[k]) for k in CHEST_KINDS},
        "reserve": dict(zip(("food", "glyph", "barrel"), state.reserve, strict=True)),
        "unchosen": [card_view(state, u) for u in state.unchosen],
        "decision": _decision(state),
        "result": _result(state),
    }
    if seat == SPECTATOR:
        out["seat"] = SPECTATOR
    return out


def _result(state: MagiaState) -> dict[str, Any] | None:
    if state.winners is None:
        return None
    return {
        "winners": list(state.winners),
        "reason": state.reason,
        "wealth": [state.wealth(lord) for lord in range(state.game.players)],
    }


_ASKED = {
    "choose_castle": "choose your castle",
    "place_goblins": "slide each Goblin under the left (production) or the right (attack)",
    "ask_reroll": "the die shows {die}: let it stand, or have it rolled again",
    "attack": "make one attack (line {die}), or none",
    "steal": "steal a chest from {victim} ({left} more)",
    "recruit": "recruit creatures with food and glyphs, or stop",
}


def _decision(state: MagiaState) -> dict[str, Any] | None:
    if not state.stack or state.winners is not None:
        return None
    task: Any = state.stack[-1]
    side = task.side
    out: dict[str, Any] = {"kind": task.name, "side": side, "seat": side}
    victim = getattr(task, "victim", -1)
    words = _ASKED[task.name].format(
        die=state.die,
        victim=state.seat_label(victim) if victim >= 0 else "",
        left=getattr(task, "left", 0),
    )
    out["text"] = f"{state.seat_label(side)}: {words}"
    if task.name == "attack":
        out["raids"] = [
            state.game.table.token[p]
            for p in state.places + state.tavern
            if can_raid(state, side, p)
        ]
        out["castles"] = [
            state.seat_label(v) for v in state.order() if v != side and can_storm(state, side, v)
        ]
    return out


# -- determinizing ------------------------------------------------------------------------------
def resample_hidden(state: MagiaState, seat: int, rng: Rng) -> None:
    """Deal again what `seat` cannot know: the creature piles (each rank's two piles, and the
    Goblins left in the box), each layer of the kingdom pile with the Places of its kind left
    in the box, and the value of every chest the seat has not seen, among the chests of its
    kind the seat has not seen (wherever they are: a pile, another lord's stock)."""
    game = state.game
    resample(state.zones, game.seating, seat, rng)
    seen = state.seen[seat] if seat >= 0 else 0
    value = list(state.value)
    for kind in CHEST_KINDS:
        unseen = [u for u in game.chest_uids[kind] if not seen >> u & 1]
        values = [value[u] for u in unseen]
        rng.shuffle(values)
        for uid, v in zip(unseen, values, strict=True):
            value[uid] = v
    state.value = value
