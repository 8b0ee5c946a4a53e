"""What a seat sees: the observation, hidden-card resampling, and the terminal drawing."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bellica.core import IllegalAction, Rng
from bellica.core.cards import (
    BOUGHT,
    DRAWN,
    PLAYED,
    card_fact,
    resample,
    zone_tensor_size,
    zones_tensor,
)
from bellica.core.events import Event
from bellica.games.bellum.rules.buying import Pay
from bellica.games.bellum.rules.effects import ChooseTarget, Look, MayUse
from bellica.games.bellum.rules.turn import Block
from bellica.games.bellum.state import ATTACKING, BLOCKING, PHASE_NAMES, BellumState

if TYPE_CHECKING:
    from bellica.games.bellum.game import Bellum

ROMAN = ("I", "II", "III", "IV")


def card_view(state: BellumState, uid: int, in_play: bool = False) -> dict[str, Any]:
    """One face-up card as a seat sees it."""
    table = state.game.table
    card = table.card[uid]
    face = state.face_of(uid)
    out: dict[str, Any] = {
        "card": table.token[uid],
        "number": card.number,
        "name": face.name,
        "kind": face.kind,
        "clan": face.clan,
        "text": face.text,
    }
    if card.cost:
        out["cost"] = list(card.cost)
    if face.power is not None:
        out["printed_power"] = face.power
    if in_play:
        if face.kind == "creature":
            out["power"] = state.power(uid)
        out["damage"] = state.damage[uid]
        out["shield"] = bool(state.shield[uid])
        out["charges"] = state.charges[uid]
        out["petrified"] = state.cover[uid] >= 0
        out["attacking"] = bool(state.status[uid] & ATTACKING)
        out["blocking"] = bool(state.status[uid] & BLOCKING)
    return out


def _decision(state: BellumState, seat: int) -> dict[str, Any] | None:
    if not state.stack or state.winners is not None:
        return None
    task: Any = state.stack[-1]
    side = task.side
    out: dict[str, Any] = {"kind": task.name, "side": side, "seat": state.seat_of(side)}
    table = state.game.table
    if isinstance(task, ChooseTarget | MayUse):
        out["source"] = table.token[task.card]
    elif isinstance(task, Pay):
        out["card"] = table.token[task.card]
    elif isinstance(task, Block):
        out["card"] = table.token[task.attacker]
    elif isinstance(task, Look) and state.seat_of(side) == seat:
        out["cards"] = [card_view(state, u) for u in task.cards]
    return out


# Events as the rules note them: (kind, card uid[, side, card or amount ...]); "pillage" is
# (kind, team, district), "held" (kind, team), "through" (kind, uids, team), "draw" and
# "reshuffle" start with the side, "look" is (kind, side, victim, uids); "enter" ends with
# whether the player played the card, "spell" with whether it came from a hand. Each text
# names the cards by their labels: {card} is the subject, {side} a side, {other} another card.
EVENT_TEXT = {
    "enter": "{card} enters play for {side}",
    "spell": "{side} plays {card}",
    "answer": "{side} plays {card} in answer to {other}",
    "buy": "{side} buys {card}",
    "pay": "{side} discards {card} to pay for {other}",
    "damage": "{card} takes {amount} damage",
    "shielded": "{card}'s shield stops the damage",
    "shield": "{card} gets a shield",
    "healed": "{card} loses {amount} damage",
    "petrified": "{card} is petrified",
    "flipped": "{card} turns over",
    "charged": "{card} gains {amount} charge{s}",
    "spent": "{card} spends {amount} charge{s}",
    "dies": "{card} is destroyed",
    "fled": "{card} flees Troy",
    "attack": "{card} attacks {side}",
    "block": "{card} blocks {other}",
    "unblocked": "{side} does not block {card}",
    "target": "{other} targets {card}",
    "discard": "{side} discards {card}",
    "sacrifice": "{side} sacrifices {card}",
    "removed": "{card} of {side} is Removed into the Stock",
    "take": "{side} takes {card} from the Stock into its discard pile",
    "milled": "{card} is discarded from the top of {sides} deck",
    "reinforcement": "{side} reveals {card} as a Reinforcement",
}


def plural_verb(verb: str) -> str:
    """ "plays" → "play", "does" → "do": the verb for a subject named in the plural."""
    return "do" if verb == "does" else verb.removesuffix("s")


# The same texts for a side named in the plural ("the Hells play", "their discard pile").
PLURAL_TEXT = {
    kind: re.sub(r"\{side\} (\w+)", lambda m: "{side} " + plural_verb(m[1]), text).replace(
        " its ", " their "
    )
    for kind, text in EVENT_TEXT.items()
}
# Where the side and the other card sit in each event's tuple after the card.
SIDE_AT = {
    "enter": 0, "spell": 0, "answer": 0, "buy": 0, "pay": 0, "unblocked": 0, "discard": 0,
    "sacrifice": 0, "removed": 0, "take": 0, "milled": 0, "reinforcement": 0, "attack": 0,
}  # fmt: skip
OTHER_AT = {"answer": 1, "pay": 1, "block": 0, "target": 0}
AMOUNT = frozenset({"damage", "healed", "charged", "spent"})


def district_mark(team: int, number: int) -> str:
    """How the drawing names a district: "district:<team>:<number>"."""
    return f"district:{team}:{number}"


def side_name(state: BellumState, side: int) -> str:
    """A side as people name it: the scripted opponent's name, or the seat's label."""
    game = state.game
    if side in game.scripted:
        return game.script.opponent
    return game.seat_label(state.seat_of(side), state)


def acts(state: BellumState, side: int, verb: str) -> str:
    """The side named with its verb agreeing: "Athens draws", "the Hells draw" (every
    scripted opponent is a people, named in the plural)."""
    name = side_name(state, side)
    return f"{name} {plural_verb(verb) if side in state.game.scripted else verb}"


def possessive(name: str) -> str:
    """ "Sparta's", "Athens'", "the Greeks'"."""
    return name + ("'" if name.endswith("s") else "'s")


def _names(labels: list[str]) -> str:
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def _unharmed(state: BellumState) -> str:
    """The scenario's creatures that nothing can hurt or destroy, told with its objective."""
    table = state.game.table
    names = [table.card[uid].name for uid in sorted(state.game.immune)]
    if not names:
        return ""
    verb = "takes" if len(names) == 1 else "take"
    return f" {_names(names)} {verb} no damage and cannot be destroyed."


def _pillaged(state: BellumState, team: int, number: int) -> str:
    """ "Athens' district 1, Athens - Agora, is pillaged (Pillage: ...)": the district and
    what its ability does."""
    city = state.cities[team]
    for card in state.game.card_set.card:
        if card.city == city and card.district == number:
            return f"{possessive(city)} district {number}, {card.name}, is pillaged ({card.text})"
    return f"{possessive(city)} district {number} is pillaged"


def event_text(state: BellumState, event: tuple[Any, ...]) -> str:
    """One thing the last action caused, in words."""
    label = state.game.table.label
    kind, subject, *rest = event
    if kind == "pillage":
        return _pillaged(state, subject, rest[0])
    if kind == "held":
        return f"no attacker got through unblocked: {state.cities[subject]} is not pillaged"
    if kind == "through":
        names = [label[uid] for uid in subject]
        verb = "was" if len(names) == 1 else "were"
        return (
            f"{_names(names)} {verb} not blocked: the assault on {state.cities[rest[0]]} succeeds"
        )
    if kind == "reshuffle":
        return f"{acts(state, subject, 'shuffles')} the discard pile into a new deck"
    if kind == "cycle":
        return f"{possessive(side_name(state, subject))} deck has run out ({rest[0]} of 2)"
    if kind == "target" and rest[0] == subject:
        return f"{label[subject]} targets itself"
    if kind == "spell" and rest[1] >= 0:
        kind, rest = "answer", [rest[0], rest[1]]
    words: dict[str, Any] = {"card": label[subject]}
    texts = EVENT_TEXT
    if kind in SIDE_AT:
        side = rest[SIDE_AT[kind]]
        words["side"] = side_name(state, side)
        if side in state.game.scripted:
            texts = PLURAL_TEXT
        words["sides"] = possessive(words["side"])
    if kind in OTHER_AT:
        words["other"] = label[rest[OTHER_AT[kind]]]
    if kind in AMOUNT:
        words["amount"] = rest[0]
        words["s"] = "" if rest[0] == 1 else "s"
    return texts[kind].format(**words)


def _marks(state: BellumState, event: tuple[Any, ...]) -> tuple[str, ...]:
    """The card tokens and districts an event touched."""
    token = state.game.table.token
    kind, subject, *rest = event
    if kind == "pillage":
        return (district_mark(subject, rest[0]),)
    if kind == "through":
        return tuple(token[u] for u in subject)
    if kind in ("held", "reshuffle", "cycle"):
        return ()
    marks: tuple[str, ...] = (token[subject],)
    other = OTHER_AT.get("answer" if kind == "spell" else kind)
    if other is not None and rest[other] >= 0:
        marks += (token[rest[other]],)
    return marks


def events(state: BellumState, caused: list[tuple[Any, ...]]) -> list[Event]:
    """The events behind what the rules noted, with the cards and amounts as facts and the
    cards and districts they touched as marks; a player who drew or looked at cards (and a
    teammate allowed to see them) reads which. A card bought, drawn or played from hand (or
    put in play as it was bought) also carries its step, for the lab's per-card rows."""
    game = state.game
    token = game.table.token
    out = []
    for event in caused:
        kind, subject, *rest = event
        facts: tuple[tuple[str, Any], ...]
        if kind in ("draw", "look"):
            out.append(_hidden_cards(state, event))
            continue
        if kind == "pillage":
            facts = (("team", subject), ("district", rest[0]))
        elif kind in ("held", "reshuffle", "cycle"):
            facts = (("team" if kind == "held" else "side", subject),)
        elif kind == "through":
            facts = (("attackers", [token[u] for u in subject]), ("team", rest[0]))
        else:
            facts = (("card", token[subject]),)
            if kind in AMOUNT:
                facts += (("amount", rest[0]),)
            step = card_step(kind, rest)
            if step:
                facts += (card_fact(rest[0], (token[subject],), step),)
        out.append(Event(kind, event_text(state, event), facts=facts, marks=_marks(state, event)))
    return out


def card_step(kind: str, rest: list[Any]) -> str:
    """The step a card took for the side after it in the event ("": none): bought, played
    from hand, or put in play as it was bought."""
    if kind == "buy":
        return BOUGHT
    if (kind == "enter" and rest[1]) or (kind == "spell" and rest[2]):
        return PLAYED
    return ""


def _hidden_cards(state: BellumState, event: tuple[Any, ...]) -> Event:
    """A draw, or a look at the top of a deck: everyone reads how many cards; the seats that
    may see them read which, and only they get the cards' marks."""
    game = state.game
    token, label = game.table.token, game.table.label
    kind, side, *rest = event
    cards = rest[-1]
    count = f"{len(cards)} card" + ("" if len(cards) == 1 else "s")
    seen = ", ".join(label[u] for u in cards)
    if kind == "draw":
        who = acts(state, side, "draws")
        text, told = f"{who} {count}", f"{who} {seen}"
    else:
        victim = side_name(state, rest[0])
        where = (
            f"the top {count} of {possessive(victim)} deck"
            if len(cards) > 1
            else f"the top card of {possessive(victim)} deck"
        )
        who = acts(state, side, "looks")
        text, told = f"{who} at {where}", f"{who} at {where}: {seen}"
    seats = [s for s in range(game.players) if game.seating.sees(s, side)]
    private = tuple((s, told) for s in seats)
    private_marks = tuple((s, tuple(token[u] for u in cards)) for s in seats)
    facts: tuple[tuple[str, Any], ...] = (("count", len(cards)),)
    if kind == "draw":  # which cards: for programs only, never sent
        facts += (card_fact(side, (token[u] for u in cards), DRAWN),)
    return Event(kind, text, private, facts=facts, private_marks=private_marks)


def relation(game: Bellum, viewer: int | None, side: int) -> str | None:
    """How the viewing side stands to `side`: "you", "teammate" or "enemy" (None for a
    spectator), so a drawing can colour each battlefield's cards."""
    if viewer is None:
        return None
    if side == viewer:
        return "you"
    return "teammate" if game.team_of[side] == game.team_of[viewer] else "enemy"


def observation(state: BellumState, seat: int) -> dict[str, Any]:
    game = state.game
    players = []
    viewer = game.seating.sides_of(seat)[0] if 0 <= seat < game.players else None
    for side in range(game.sides):
        mine = state.seat_of(side) == seat and side not in game.scripted
        entry: dict[str, Any] = {
            "side": side,
            "seat": None if side in game.scripted else state.seat_of(side),
            "team": game.team_of[side],
            "relation": relation(game, viewer, side),
            "battlefield": game.battlefield_of[side],
            "scripted": side in game.scripted,
            "hand_count": len(state.hand[side]),
            "deck_count": len(state.deck[side]),
            "discard": [card_view(state, u) for u in state.discard[side]],
            "play": [card_view(state, u, in_play=True) for u in state.play[side]],
        }
        if mine:
            entry["hand"] = [card_view(state, u) for u in state.hand[side]]
        players.append(entry)
    cities = []
    for team in range(game.teams):
        name = state.cities[team]
        districts = [
            {
                "district": c.district,
                "name": c.name,
                "text": c.text,
                "pillaged": (c.district or 0) <= state.pillaged[team],
            }
            for c in sorted(
                (c for c in game.card_set.card if c.city == name and name),
                key=lambda c: c.district or 0,
            )
        ]
        cities.append(
            {
                "team": team,
                "city": name or None,
                "pillaged": state.pillaged[team],
                "strategy": state.strategy[team],
                "districts": districts,
            }
        )

    def pile(uids: list[int], number: int) -> dict[str, Any]:
        return {
            "stack": ROMAN[number],
            "count": len(uids),
            "top": card_view(state, uids[-1]) if uids else None,
        }

    obs: dict[str, Any] = {
        "game": "bellum",
        "variant": game.variant,
        "seat": seat,
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "active_team": state.active,
        "to_play": state.current_player,
        "players": players,
        "cities": cities,
        "olympus": [[pile(p, n) for n, p in enumerate(bf)] for bf in state.stacks],
        "legends": [pile(p, n) for n, p in enumerate(state.legends)],
        "market": [card_view(state, u) for u in state.market],
        "stock": [game.table.token[u] for u in state.stock],
        "resolving": [card_view(state, u) for u in state.resolving],
        "attackers": [game.table.token[u] for u in state.attackers],
        "blocks": [[game.table.token[a], game.table.token[b]] for a, b in state.blocks],
        "strategy_used": state.strategy_used,
        "decision": _decision(state, seat),
    }
    if game.solo:
        script = game.script
        obs["scenario"] = {
            "title": script.title,
            "opponent": script.opponent,
            "objective": script.objective + _unharmed(state),
            "rules": script.rules(),
            "counters": script.counters(state),
            "cycles": state.cycles,
            "fled": state.fled,
            "reinforcements": [card_view(state, u) for u in state.reinforcements],
        }
    if state.winners is not None:
        obs["result"] = {"winners": list(state.winners), "reason": state.reason}
    return obs


# -- the observation tensor -----------------------------------------------------------------
PHASES = tuple(PHASE_NAMES)
CARD_FEATURES = 11  # damage, shield, charges, back face, petrified, five status bits, in play
GLOBALS = 24  # see observation_tensor


def tensor_shape(game: Bellum) -> tuple[int, ...]:
    """One flat vector: where each card is as the seat knows it, each card's tokens, each
    side's counts and the turn, and which decision is pending."""
    places = zone_tensor_size(game.layout, game.sides)
    per_side = 2  # cards in hand, cards in deck
    size = game.table.size * (places + CARD_FEATURES) + game.sides * (per_side + 1)
    size += len(PHASES) + GLOBALS + len(game.tasks.names()) + game.sides
    return (size,)


def observation_tensor(state: BellumState, seat: int, out: Any) -> None:
    """What `seat` knows, as numbers in [0, 1]: nothing that determinizing for it changes."""
    game = state.game
    if not 0 <= seat < game.players:
        raise IllegalAction(f"an observation tensor is for a seat 0..{game.players - 1}")
    side = game.seating.sides_of(seat)[0]
    sides = game.sides
    size = game.table.size
    places = zone_tensor_size(game.layout, sides)
    cards = out[: size * places].reshape(size, places)
    zones_tensor(state.zones, game.seating, seat, side, cards)
    at = size * places
    tokens = out[at : at + size * CARD_FEATURES].reshape(size, CARD_FEATURES)
    for owner in range(sides):
        for uid in state.play[owner]:
            row = tokens[uid]
            row[0] = min(state.damage[uid], 10) / 10
            row[1] = state.shield[uid]
            row[2] = min(state.charges[uid], 10) / 10
            row[3] = state.face[uid]
            row[4] = state.cover[uid] >= 0
            status = state.status[uid]
            for bit in range(5):
                row[5 + bit] = (status >> bit) & 1
            row[10] = 1.0
    at += size * CARD_FEATURES
    for offset in range(sides):  # each side, counted round the table from the seat's own
        other = (side + offset) % sides
        out[at] = min(len(state.hand[other]), 20) / 20
        out[at + 1] = min(len(state.deck[other]), 60) / 60
        out[at + 2] = other in game.scripted
        at += 3
    out[at + PHASES.index(state.phase)] = 1.0
    at += len(PHASES)
    mine = game.team_of[side]
    limit = game.turn_limit or 1000
    values = [
        min(state.round, limit) / limit,
        state.active == mine,
        state.member / 2,
        state.pillaged[mine] / 4,
        state.pillaged[mine ^ 1] / 4,
        min(state.strategy[mine], 9) / 9,
        min(state.strategy[mine ^ 1], 9) / 9,
        state.strategy_used,
        state.died_this_turn,
        state.pillage_bonus[0] / 4,
        state.first == mine,
        min(state.cycles, 2) / 2,
        min(state.fled, 3) / 3,
        state.winners is not None,
        state.current_player == seat,
        bool(state.attackers),
        bool(state.blocks),
        bool(state.through),
        min(len(state.stock), 40) / 40,
        min(len(state.market), 20) / 20,
        min(len(state.reinforcements), 10) / 10,
        min(len(state.resolving), 5) / 5,
        min(len(state.rally_left), 10) / 10,
        min(len(state.stack), 20) / 20,
    ]
    out[at : at + GLOBALS] = values
    at += GLOBALS
    names = game.tasks.names()
    if state.stack:
        out[at + names.index(state.stack[-1].name)] = 1.0
    at += len(names)
    deciding = state.current_player
    if deciding is not None:
        top = state.stack[-1] if state.stack else None
        decider = getattr(top, "side", None) if top is not None and top.decides else None
        decider = state.active_side() if decider is None else decider
        out[at + (decider - side) % sides] = 1.0


def resample_hidden(state: BellumState, seat: int, rng: Rng) -> None:
    """Reshuffle what `seat` cannot know: every deck's order (its own too), the other players'
    hands (dealt again from their hand and deck together; a player paying a cost is known to
    hold cards that pay it), and each stack below its top card. Cards a pending look shows
    stay where they are."""
    fixed: set[int] = set()
    paying: dict[int, tuple[str, ...]] = {}
    for task in state.stack:
        if isinstance(task, Look):  # the looker's decision names them: they stay put
            fixed.update(task.cards)
        elif isinstance(task, Pay):
            paying[task.side] = task.rings

    def payers(side: int, pool: list[int], rng: Rng) -> list[int]:
        """A paying side holds a card of each clan its rings still ask for."""
        rings = paying.get(side)
        if rings is None:
            return []
        chosen: list[int] = []
        for ring in rings:
            if ring == "any":
                continue
            fitting = [u for u in pool if u not in chosen and state.face_of(u).clan == ring]
            if not fitting:
                return []
            chosen.append(rng.choice(fitting))
        return chosen

    resample(state.zones, state.game.seating, seat, rng, fixed, payers)


def render(obs: dict[str, Any]) -> Any:
    """A rich drawing of one seat's observation: cities, battlefields, stacks and the hand."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    def short(card: dict[str, Any]) -> str:
        text = f"{card['name']} [{card['card']}]"
        if "power" in card:
            text += f" {card['power']}/{card.get('printed_power', card['power'])}"
        marks = []
        if card.get("damage"):
            marks.append(f"{card['damage']} dmg")
        if card.get("shield"):
            marks.append("shield")
        if card.get("charges"):
            marks.append(f"{card['charges']} charges")
        if card.get("petrified"):
            marks.append("petrified")
        if card.get("attacking"):
            marks.append("attacking")
        if card.get("blocking"):
            marks.append("blocking")
        return text + (f" ({', '.join(marks)})" if marks else "")

    parts: list[Any] = []
    head = f"Round {obs['round']} · {obs['phase']} · team {obs['active_team']} to play"
    if "scenario" in obs:
        sc = obs["scenario"]
        head += f" · {sc['title']} (deck cycles {sc['cycles']}, fled {sc['fled']})"
    parts.append(Text(head, style="bold"))
    if "scenario" in obs:  # the same all game: drawn at the first decision and with the table
        sc = obs["scenario"]
        rules = Table.grid(padding=(0, 1))
        rules.add_column(justify="right", style="dim", width=3)
        rules.add_column(style="dim")
        for rule in sc.get("rules", []):
            rules.add_row("•", rule)
        parts.append(Group(Text(sc["objective"]), rules))
    cities = Table(title="Cities", show_lines=False)
    cities.add_column("team")
    cities.add_column("city")
    cities.add_column("districts (✗ pillaged)")
    cities.add_column("strategy")
    for city in obs["cities"]:
        if city["city"]:
            marks = " ".join(
                ("✗" if d["pillaged"] else "·") + f"{d['district']} {d['name']}"
                for d in city["districts"]
            )
            cities.add_row(str(city["team"]), city["city"], marks, str(city["strategy"]))
    if any(city["city"] for city in obs["cities"]):
        parts.append(cities)
    field = Table(title="Players")
    for column in ("player", "hand", "deck", "discard", "in play"):
        field.add_column(column)
    for p in obs["players"]:
        who = "scripted" if p["scripted"] else f"seat {p['seat']}"
        field.add_row(
            f"{who} (team {p['team']}, battlefield {p['battlefield']})",
            str(p["hand_count"]),
            str(p["deck_count"]),
            str(len(p["discard"])),
            "\n".join(short(c) for c in p["play"]) or "-",
        )
    parts.append(field)
    shop = Table(title="Olympus and Legend stacks")
    shop.add_column("stack")
    for number, _ in enumerate(obs["legends"]):
        shop.add_column(ROMAN[number])

    def top(entry: dict[str, Any]) -> str:
        card = entry["top"]
        if card is None:
            return "(empty)"
        cost = "+".join(card.get("cost", []))
        return f"{card['name']} [{card['card']}] cost {cost} ({entry['count']})"

    for bf, stacks in enumerate(obs["olympus"]):
        shop.add_row(f"Olympus {bf}", *[top(e) for e in stacks])
    shop.add_row("Legend", *[top(e) for e in obs["legends"]])
    parts.append(shop)
    if obs["market"]:
        parts.append(Text("For sale: " + ", ".join(short(c) for c in obs["market"])))
    if obs.get("scenario", {}).get("reinforcements"):
        cards = obs["scenario"]["reinforcements"]
        parts.append(Text("Reinforcements: " + ", ".join(short(c) for c in cards)))
    for p in obs["players"]:
        if "hand" in p:
            hand = Table(title=f"Your hand (seat {p['seat']})")
            for column in ("card", "kind", "clan", "power", "text"):
                hand.add_column(column)
            for c in p["hand"]:
                hand.add_row(
                    f"{c['name']} [{c['card']}]",
                    c["kind"],
                    c["clan"] or "-",
                    str(c.get("printed_power", "")),
                    c["text"],
                )
            parts.append(hand)
    if obs.get("result"):
        parts.append(Text(f"Game over: {obs['result']['reason']}", style="bold"))
    return Group(*parts)
