"""Helpers for the Bellum Magia rulings tests: a small card set whose values are easy to add up
(most creatures add 1 of one thing on every line), positions built from a few zones by piece
name, and actions chosen by kind and piece."""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import bellica
from bellica.core import Action
from bellica.games.bellum_magia.cards import Castle, Chest, Creature, Place
from bellica.games.bellum_magia.game import BellumMagia
from bellica.games.bellum_magia.state import MagiaState

ALL = [1] * 6


def _horde(**arrays: list[int]) -> str:
    return "".join(f"{key} = {value}\n" for key, value in arrays.items())


def _creatures() -> list[tuple[str, str, str, str]]:
    """(name, rank, arrays, bonus) of every test creature, in number order."""
    out = [(f"Goblin {i}", "goblin", _horde(food=ALL, swords=ALL), "") for i in range(1, 11)]
    evil = [
        ("Sword Imp", 8, _horde(swords=ALL), ""),
        ("Hex Imp", 4, _horde(magic=ALL), ""),
        ("Cutpurse", 4, _horde(thieves=ALL), ""),
        ("Scout", 4, _horde(maps=ALL), ""),
        ("Harvester", 4, _horde(food=[5] * 6, glyph=[3] * 6), ""),
        ("Shield Ogre", 2, _horde(swords=ALL), "shield"),
        ("Trickster", 3, _horde(food=ALL), "roll_again"),
        ("Warder", 2, _horde(food=ALL), "magic_shield"),
        ("Grunt", 6, _horde(food=ALL), ""),
    ]
    for name, count, arrays, bonus in evil:
        out += [(f"{name} {i}", "evil", arrays, bonus) for i in range(1, count + 1)]
    out += [(f"Dragon {i}", "most_evil", _horde(swords=[3] * 6, magic=ALL), "") for i in (1, 2, 3)]
    out += [(f"Lich {i}", "most_evil", _horde(glyph=[2] * 6), "roll_again") for i in (1, 2, 3)]
    return out


# Castles: Ashkeep and Dicehold have shield 0; Dicehold's food shows the die's face.
CASTLES = {
    "Ashkeep": (0, _horde()),
    "Bonewall": (1, _horde()),
    "Cinderhold": (2, _horde()),
    "Duskspire": (3, _horde()),
    "Dicehold": (0, _horde(food=[1, 2, 3, 4, 5, 6])),
}
LORDS = tuple(CASTLES)
# Places: (kind, shield, magic shield, spoils); eight Farms, one more than the rulebook's set.
PLACES: list[tuple[str, str, int, int, dict[str, int]]] = [
    ("Tavern", "tavern", 1, 0, {"food": 1, "barrel": 1}),
    *[(f"Farm {i}", "farm", 1, 0, {"food": 2, "wooden": 1}) for i in range(1, 9)],
    *[(f"Village {i}", "village", 3, 0, {"food": 3, "glyph": 1, "metal": 1}) for i in range(1, 8)],
    *[(f"Town {i}", "town", 6, 1, {"glyph": 2, "barrel": 3, "gold": 1}) for i in range(1, 4)],
]
# Chest values: W01..W20 are worth 1..20, M01..M20 21..40, G01..G10 41..50.
VALUES = {"wooden": list(range(1, 21)), "metal": list(range(21, 41)), "gold": list(range(41, 51))}


def card_file_text() -> str:
    parts = []
    number = 0
    for name, rank, arrays, bonus in _creatures():
        number += 1
        extra = f'bonus = "{bonus}"\n' if bonus else ""
        parts.append(
            f'[[creature]]\nnumber = {number}\nname = "{name}"\nrank = "{rank}"\n{arrays}{extra}'
            "provisional = false\n"
        )
    for name, kind, shield, magic, spoils in PLACES:
        number += 1
        given = "".join(f"{k} = {v}\n" for k, v in spoils.items())
        parts.append(
            f'[[place]]\nnumber = {number}\nname = "{name}"\nkind = "{kind}"\nshield = {shield}\n'
            f"magic_shield = {magic}\n{given}provisional = false\n"
        )
    for name, (shield, arrays) in CASTLES.items():
        number += 1
        parts.append(
            f'[[castle]]\nnumber = {number}\nname = "{name}"\nshield = {shield}\n{arrays}'
            "provisional = false\n"
        )
    parts.append(
        "[chests]\n"
        + "".join(f"{kind} = {values}\n" for kind, values in VALUES.items())
        + "provisional = false\n"
    )
    parts.append("[reserve]\nfood = 30\nglyph = 20\nbarrel = 10\n")
    return "\n".join(parts)


@cache
def cards_path() -> str:
    """The test card file, in the temporary folder under a name its content decides (written
    whole, then renamed, so parallel runs never read half a file)."""
    text = card_file_text()
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    path = Path(tempfile.gettempdir()) / f"bellica-bm-rules-{digest}.toml"
    if not path.exists():
        part = path.with_suffix(f".{os.getpid()}.part")
        part.write_text(text, encoding="utf-8")
        os.replace(part, path)
    return str(path)


@cache
def _loaded(players: int, options: tuple[tuple[str, Any], ...]) -> BellumMagia:
    game = bellica.load("bellum-magia", players=players, options=dict(options), cards=cards_path())
    assert isinstance(game, BellumMagia)
    return game


def game(players: int = 3, **options: Any) -> BellumMagia:
    """The game on the test cards (loaded once per configuration)."""
    return _loaded(players, tuple(sorted(options.items())))


def tok(g: BellumMagia | MagiaState, name: str) -> str:
    """A piece's token by its name ("Sword Imp 1" -> "011"); chest tokens pass unchanged."""
    game_ = g.game if isinstance(g, MagiaState) else g
    table = game_.table
    for uid, card in enumerate(table.card):
        if card.name == name or table.token[uid] == name:
            return str(table.token[uid])
    raise AssertionError(f"no piece called {name!r}")


def uid(g: BellumMagia | MagiaState, name: str) -> int:
    game_ = g.game if isinstance(g, MagiaState) else g
    found = game_.uid(tok(game_, name))
    assert found is not None
    return found


def names(state: MagiaState, uids: list[int]) -> list[str]:
    return [str(state.game.table.card[u].name) for u in uids]


def tokens(state: MagiaState, uids: list[int]) -> list[str]:
    return [str(state.game.table.token[u]) for u in uids]


def position(
    players: int = 3,
    *,
    stack: str,
    day: int = 1,
    captain: int = 0,
    first: int | None = None,
    phase: str = "attack",
    die: int = 1,
    castles: list[str] | None = None,
    left: dict[int, list[str]] | None = None,
    right: dict[int, list[str]] | None = None,
    stock: dict[int, list[str]] | None = None,
    seen: dict[int, list[str]] | None = None,
    held: dict[int, tuple[int, int, int]] | None = None,
    shields: dict[int, int] | None = None,
    used: dict[int, int] | None = None,
    attacked: tuple[int, ...] = (),
    reserve: tuple[int, int, int] | None = None,
    places: list[str] | None = None,
    farms: list[str] | None = None,
    villages: list[str] | None = None,
    towns: list[str] | None = None,
    discard: list[str] | None = None,
    evil_row: tuple[list[str], list[str]] = (["Grunt 1"], ["Grunt 2"]),
    most_evil_row: tuple[list[str], list[str]] = (["Dragon 1"], ["Lich 1"]),
    evil_pile: tuple[list[str], list[str]] | None = None,
    most_evil_pile: tuple[list[str], list[str]] | None = None,
    chest_piles: dict[str, list[str]] | None = None,
    spare: int | None = None,
    **options: Any,
) -> MagiaState:
    """A position on the test cards. Zones are given by piece name (piles top last); pieces
    not placed go to the box, the unchosen castles, the creature piles (split in two) or their
    chest pile (the lowest token on top); with `spare`, the creatures left over (those the
    given piles leave out) are already under the left of that lord's castle. Spells and
    Magic Shield tokens follow the creatures; `shields` adds robbery Shield tokens to the
    Shield creatures'. `held` is (food, glyph, barrel); the reserve holds the rest unless
    given. `stack` is the task stack, bottom first."""
    g = game(players, **options)
    left = dict(left or {})
    right = right or {}
    stock = stock or {}
    held = held or {}
    lords = range(players)
    zones: dict[str, list[str]] = {name: [] for name in g.layout.names}
    castles = castles or list(LORDS[:players])
    for lord in lords:
        zones[f"castle {lord}"] = [castles[lord]]
        zones[f"left {lord}"] = list(left.get(lord, []))
        zones[f"right {lord}"] = list(right.get(lord, []))
        zones[f"stock {lord}"] = stock.get(lord, [])
    zones["places"] = places if places is not None else [f"Farm {i}" for i in range(1, players + 1)]
    zones["farms"] = farms if farms is not None else [f"Farm {i}" for i in range(8, players, -1)]
    zones["villages"] = (
        villages if villages is not None else [f"Village {i}" for i in range(7, 0, -1)]
    )
    zones["towns"] = towns if towns is not None else [f"Town {i}" for i in range(3, 0, -1)]
    zones["discard"] = discard or []
    zones["tavern"] = ["Tavern"]
    for slot in range(2):
        zones[f"evil_row {slot}"] = evil_row[slot]
        zones[f"most_evil_row {slot}"] = most_evil_row[slot]
    for family, given in (("evil_pile", evil_pile), ("most_evil_pile", most_evil_pile)):
        if given is not None:
            zones[f"{family} 0"], zones[f"{family} 1"] = given
    for kind, pile in (chest_piles or {}).items():
        zones[kind] = pile
    # Everything else goes where the rules keep unused pieces.
    placed = {tok(g, n) for pile in zones.values() for n in pile}
    table = g.table
    rest: dict[str, list[str]] = {}
    for u, card in enumerate(table.card):
        token = table.token[u]
        if token in placed:
            continue
        if isinstance(card, Creature):
            where = {"goblin": "goblin_box", "evil": "evil_pile", "most_evil": "most_evil_pile"}
            family = where[card.rank]
        elif isinstance(card, Place):
            family = f"{card.kind}_box"
        elif isinstance(card, Castle):
            family = "unchosen"
        else:
            assert isinstance(card, Chest)
            family = card.kind
        rest.setdefault(family, []).append(token)
    for family, pieces in rest.items():
        if family in ("evil_pile", "most_evil_pile") and spare is not None:
            zones[f"left {spare}"] += pieces
            left[spare] = zones[f"left {spare}"]
        elif family in ("evil_pile", "most_evil_pile"):
            pieces.reverse()  # the lowest numbers on top, under the piles' given cards
            half = (len(pieces) + 1) // 2
            zones[f"{family} 0"][:0] = pieces[:half]
            zones[f"{family} 1"][:0] = pieces[half:]
        elif family in ("wooden", "metal", "gold"):
            zones[family] += sorted(pieces, reverse=True)
        else:
            zones[family] += pieces
    totals = (30, 20, 10)
    if reserve is None:
        reserve = tuple(
            totals[r] - sum(held.get(lord, (0, 0, 0))[r] for lord in lords) for r in range(3)
        )  # type: ignore[assignment]
    assert reserve is not None
    lines = [
        "bellum-magia",
        f"day {day} captain {captain} first {captain if first is None else first} "
        f"phase {phase} die {die}",
        "reserve food {} glyph {} barrel {}".format(*reserve),
    ]
    for lord in lords:
        food, glyph, barrel = held.get(lord, (0, 0, 0))
        creatures = left.get(lord, []) + right.get(lord, [])
        bonus = [g.bonus[uid(g, n)] for n in creatures]
        knows = [tok(g, n) for n in stock.get(lord, []) + (seen or {}).get(lord, [])]
        lines.append(
            f"lord {lord}: food={food} glyph={glyph} barrel={barrel} "
            f"shields={bonus.count('shield') + (shields or {}).get(lord, 0)} "
            f"magic={bonus.count('magic_shield')} spells={bonus.count('roll_again')} "
            f"used={(used or {}).get(lord, 0)} attacked={'yes' if lord in attacked else 'no'} "
            f"seen={','.join(knows) or '-'}"
        )
    for name in g.layout.names:
        lines.append(f"{name}: {' '.join(tok(g, n) for n in zones[name]) or '-'}")
    values = [
        f"{kind[0].upper()}{i + 1:02d}={v}" for kind, vs in VALUES.items() for i, v in enumerate(vs)
    ]
    lines.append("values: " + " ".join(values))
    lines.append(f"stack: {stack}")
    state = g.load_position("\n".join(lines) + "\n")
    assert isinstance(state, MagiaState)
    return state


# -- stacks: the decision on top, the steps below that carry the day on ---------------------
def attack_stack(state_order: tuple[int, ...], index: int = 0) -> str:
    """The attack phase, the `index`-th lord of the order to choose."""
    return f"attack_turn index={index + 1}; attack side={state_order[index]}"


def recruit_stack(state_order: tuple[int, ...], index: int = 0) -> str:
    return f"recruit_turn index={index + 1}; recruit side={state_order[index]} recruited=0"


def reroll_stack(side: int, index: int = 0) -> str:
    return f"ask_reroll side={side} index={index}"


def order(players: int, captain: int) -> tuple[int, ...]:
    return tuple((captain + i) % players for i in range(players))


# -- choosing ---------------------------------------------------------------------------------
def kinds(state: MagiaState) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def offered(state: MagiaState, kind: str) -> list[str]:
    """The names of the pieces the legal actions of `kind` name (chests by token)."""
    space = state.game.actions
    out = []
    for action in state.legal_actions():
        if action.kind == kind:
            u = space.uid(action)
            table = state.game.table
            out.append(str(table.token[u] if state.game.chest_kind[u] else table.card[u].name))
    return out


def action(state: MagiaState, kind: str, name: str | None = None) -> Action:
    """The legal action of `kind` naming piece `name` (or naming none)."""
    space = state.game.actions
    want = None if name is None else uid(state, name)
    for a in state.legal_actions():
        if a.kind != kind:
            continue
        if want is None or space.uid(a) == want:
            return a
    raise AssertionError(f"no legal {kind} {name or ''}: {[a.text for a in state.legal_actions()]}")


def play(state: MagiaState, kind: str, name: str | None = None) -> MagiaState:
    state.apply(action(state, kind, name))
    return state


def asked(state: MagiaState) -> int | None:
    """Whose decision it is."""
    return state.current_player
