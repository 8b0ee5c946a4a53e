"""Helpers for the Siege of Olympus tests: the test card set, positions from a few zones, and
actions and zones by card name."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import bellica
from bellica.core import Action
from bellica.core.stack import advance
from bellica.games.siege_of_olympus.game import SiegeOfOlympus
from bellica.games.siege_of_olympus.rules.flow import idle
from bellica.games.siege_of_olympus.state import SiegeState

CARDS = Path(__file__).parent / "data" / "rules_cards.toml"
COMMANDERS = ("Kronos", "Typhon")


@cache
def _loaded(cards: str, options: tuple[tuple[str, Any], ...]) -> SiegeOfOlympus:
    game = bellica.load("siege-of-olympus", options=dict(options), cards=cards)
    assert isinstance(game, SiegeOfOlympus)
    return game


def game(cards: str | Path = CARDS, **options: Any) -> SiegeOfOlympus:
    """The game with the test cards (loaded once per configuration)."""
    return _loaded(str(cards), tuple(sorted(options.items())))


def uid(g: SiegeOfOlympus | SiegeState, name: str) -> int:
    """A card's uid by its name."""
    table = g.game.table if isinstance(g, SiegeState) else g.table
    for u, card in enumerate(table.card):
        if card.name == name:
            return u
    raise AssertionError(f"no card called {name!r}")


def token(g: SiegeOfOlympus | SiegeState, name: str) -> str:
    table = g.game.table if isinstance(g, SiegeState) else g.table
    return table.token[uid(g, name)]


def name_of(state: SiegeState, u: int) -> str:
    return str(state.game.table.card[u].name)


def names(state: SiegeState, uids: list[int]) -> list[str]:
    return [name_of(state, u) for u in uids]


def _word(g: SiegeOfOlympus, item: str) -> str:
    """ "Raider Three[d2]" -> "001[d2]"."""
    name, bracket, marks = item.partition("[")
    return token(g, name.strip()) + (bracket + marks if bracket else "")


def position(
    *,
    phase: str = "deploy",
    active: int = 0,
    first: int = 0,
    turn: int | None = None,
    hands: dict[int, list[str]] | None = None,
    known: dict[int, list[str]] | None = None,
    minions: dict[int, list[str]] | None = None,
    artifacts: dict[int, list[str]] | None = None,
    tartarus: list[str] | None = None,
    agora: list[str] | None = None,
    underworld: list[str] | None = None,
    deck: list[str] | None = None,
    rest: str = "deck",
    commanders: tuple[str, str] = COMMANDERS,
    health: tuple[int, int] | None = None,
    ability_used: tuple[bool, bool] = (False, False),
    exchanged: bool = False,
    left: list[str] | None = None,
    target: str | None = None,
    races: tuple[int, int] | None = None,
    stack: str = "-",
    cards: str | Path = CARDS,
    run: bool = True,
    **options: Any,
) -> SiegeState:
    """A position from the zones given, cards by name (marks after the name: "Wisp[d1]").
    `deck` lists the Deck's top cards, the next to be drawn first; every minion and spell not
    placed goes under them (`rest="deck"`), into the Underworld (`"underworld"`) or into a
    hand (`"hand 0"`, `"hand 1"`). Artifacts not held are in the pile. The races whose synergy
    has struck are those each side holds three of, unless `races` says otherwise. With `run`,
    the game moves on as after any move (synergies, artifacts) until a decision is needed."""
    g = game(cards, **options)
    table = g.table
    hands, known, minions = hands or {}, known or {}, minions or {}
    artifacts = artifacts or {}
    if turn is None:
        turn = 3 if active == first else 4
    zones: dict[str, list[str]] = {
        "tartarus": [_word(g, x) for x in tartarus or []],
        "agora": [_word(g, x) for x in agora or []],
        "underworld": [_word(g, x) for x in underworld or []],
        "casting": [],
    }
    for side in (0, 1):
        zones[f"hand {side}"] = [_word(g, x) for x in hands.get(side, [])]
        zones[f"minions {side}"] = [_word(g, x) for x in minions.get(side, [])]
        zones[f"artifacts {side}"] = [_word(g, x) for x in artifacts.get(side, [])]
        zones[f"commander {side}"] = [token(g, commanders[side])]
        zones[f"known {side}"] = [token(g, x) for x in known.get(side, [])]
    top = [_word(g, x) for x in deck or []]
    placed = {w[:3] for key, words in zones.items() if not key.startswith("known") for w in words}
    placed |= {w[:3] for w in top}
    # Cards not placed, in the order they would be drawn: minions, spells, Disrupts last.
    order = g.minion_uids + sorted(g.spell_uids, key=lambda u: bool(g.disrupts[u]))
    spare = [table.token[u] for u in order if table.token[u] not in placed]
    if rest == "deck":
        zones["deck"] = list(reversed(top + spare))
    else:
        zones["deck"] = list(reversed(top))
        zones[rest] += spare
    zones["pile"] = [
        table.token[u]
        for u in sorted(g.artifact_uids, key=lambda u: -table.card[u].piece)
        if table.token[u] not in placed
    ]
    zones["olympus"] = [table.token[g.olympus_uid]]
    zones["unchosen"] = [
        table.token[u] for u in g.commander_uids if table.card[u].name not in commanders
    ]
    if health is None:
        health = (
            table.card[uid(g, commanders[0])].health,
            table.card[uid(g, commanders[1])].health,
        )
    yes = {True: "yes", False: "no"}
    lines = [
        "siege-of-olympus",
        f"turn {turn} round {(turn + 1) // 2} active {active} first {first} phase {phase}",
        f"health {health[0]} {health[1]}",
        f"ability used {yes[ability_used[0]]} {yes[ability_used[1]]}",
        f"exchanged {yes[exchanged]}",
        f"left {' '.join(token(g, x) for x in left or []) or '-'}",
        f"target {token(g, target) if target else '-'}",
        f"races {races[0] if races else 0} {races[1] if races else 0}",
    ]
    for key in ("deck", "tartarus", "agora", "underworld", "pile", "olympus", "casting"):
        lines.append(f"{key}: {' '.join(zones[key]) or '-'}")
    lines.append(f"unchosen: {' '.join(zones['unchosen']) or '-'}")
    for key in ("hand", "known", "minions", "artifacts", "commander"):
        for side in (0, 1):
            lines.append(f"{key} {side}: {' '.join(zones[f'{key} {side}']) or '-'}")
    lines.append(f"stack: {stack}")
    state = g.load_position("\n".join(lines) + "\n")
    assert isinstance(state, SiegeState)
    if races is None:
        state.races = [struck(state, side) for side in (0, 1)]
    if run:
        advance(state, idle)
    return state


def struck(state: SiegeState, side: int) -> int:
    """The bits of the races `side` holds three or more of."""
    from bellica.games.siege_of_olympus.cards import RACES

    bits = 0
    for bit, race in enumerate(RACES):
        if sum(1 for u in state.minions[side] if state.race_of(u) == race) >= 3:
            bits |= 1 << bit
    return bits


# -- actions ----------------------------------------------------------------------------------
def card(state: SiegeState, kind: str, name: str) -> Action:
    """The card action `kind` ("summon", "cast", "target", ...) about the card `name`."""
    return state.game.actions.card(kind, uid(state, name))


def plain(state: SiegeState, kind: str) -> Action:
    return state.game.actions.plain(kind)


def attack(state: SiegeState, attacker: str, target: str | None) -> Action:
    """The attack of `attacker` on the minion `target` (None: the enemy Commander)."""
    return state.game.actions.attack(
        uid(state, attacker), -1 if target is None else uid(state, target)
    )


def legal(state: SiegeState, action: Action) -> bool:
    return action in state.legal_actions()


def play(state: SiegeState, *actions: Action) -> SiegeState:
    """Apply the actions in order (each must be legal)."""
    for action in actions:
        assert action in state.legal_actions(), (
            f"{action} is not legal; legal: {[str(a) for a in state.legal_actions()]}"
        )
        state.apply(action)
    return state


def kinds(state: SiegeState) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def cards_of(state: SiegeState, kind: str) -> set[str]:
    """The names of the cards the legal actions of `kind` name."""
    space = state.game.actions
    return {name_of(state, space.uid(a)) for a in state.legal_actions() if a.kind == kind}


def attacks(state: SiegeState) -> set[tuple[str, str | None]]:
    """The legal attacks as (attacker, target) names; None for the enemy Commander."""
    space = state.game.actions
    out: set[tuple[str, str | None]] = set()
    for a in state.legal_actions():
        if a.kind == "attack":
            attacker, target = space.fight(a)
            out.add((name_of(state, attacker), None if target < 0 else name_of(state, target)))
    return out


# -- zones ------------------------------------------------------------------------------------
def zone(state: SiegeState, name: str, side: int | None = None) -> list[str]:
    """The card names in a zone: "hand", "minions", "artifacts", "known" (with a side), or
    "deck", "tartarus", "agora", "underworld", "pile"."""
    cards = getattr(state, name)
    return names(state, cards[side] if side is not None else cards)


def where(state: SiegeState, name: str) -> str:
    """The zone a card is in: "hand 0", "minions 1", "underworld", ..."""
    u = uid(state, name)
    for key in ("deck", "tartarus", "agora", "underworld", "pile", "olympus", "casting"):
        if u in getattr(state, key):
            return key
    for key in ("hand", "minions", "artifacts", "commander"):
        for side in (0, 1):
            if u in getattr(state, key)[side]:
                return f"{key} {side}"
    return "unchosen"


def damage(state: SiegeState, name: str) -> int:
    return int(state.damage[uid(state, name)])


def view(state: SiegeState, name: str, seat: int = 0) -> dict[str, Any]:
    """The card as `seat`'s observation shows it, wherever it is public."""
    obs = state.observation(seat)
    wanted = token(state, name)
    pools = [obs["tartarus"], obs["agora"], obs["underworld"]]
    for p in obs["players"]:
        pools += [p["minions"], p["artifacts"], p["known"]]
    pools.append(obs["hand"] or [])
    for pool in pools:
        for c in pool:
            if c["card"] == wanted:
                return dict(c)
    raise AssertionError(f"{name} is not in view of seat {seat}")


def end_phase(state: SiegeState) -> SiegeState:
    """End the phase under way (Deploy, Recruit or Attack) for the active player."""
    for kind in ("end_deploy", "end_recruit", "end_turn"):
        action = plain(state, kind)
        if action in state.legal_actions():
            state.apply(action)
            return state
    raise AssertionError(f"no phase to end; legal: {[str(a) for a in state.legal_actions()]}")


def to_phase(state: SiegeState, phase: str) -> SiegeState:
    """End phases until the active player's `phase` or a later one of the same turn (a
    Recruit phase with no prisoner to attack ends by itself)."""
    order = ("deploy", "recruit", "attack")
    side = state.active
    while state.phase in order and order.index(state.phase) < order.index(phase):
        end_phase(state)
    assert state.active == side, "the turn ended"
    return state


def pass_turn(state: SiegeState) -> SiegeState:
    """End the active player's turn, phase after phase, without doing anything."""
    side = state.active
    while state.active == side and not state.is_terminal:
        end_phase(state)
    return state
