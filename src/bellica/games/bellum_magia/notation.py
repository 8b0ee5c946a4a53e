"""Position notation: a Bellum Magia state as keyed lines of tokens, read back with checks."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bellica.core import InvalidPosition
from bellica.core.position_lines import PositionLines
from bellica.core.stack import read_stack, write_stack
from bellica.games.bellum_magia.cards import CHEST_KINDS, Castle, Chest, Creature, Place
from bellica.games.bellum_magia.rules import flow as _flow  # noqa: F401 (the day's task kinds)
from bellica.games.bellum_magia.rules import setup as _setup  # noqa: F401 (the set-up's)
from bellica.games.bellum_magia.rules.hordes import summed_lines
from bellica.games.bellum_magia.state import MAX_BARRELS, PHASES, SETUP, MagiaState

if TYPE_CHECKING:
    from bellica.games.bellum_magia.game import BellumMagia

HEADER = "bellum-magia"
TITLE = "Bellum Magia"
_DAY = re.compile(r"^(\d{1,4}) captain (\d) first (\d) phase ([a-z]+) die ([0-6])$")
_RESERVE = re.compile(r"^food (\d{1,3}) glyph (\d{1,3}) barrel (\d{1,3})$")
LORD_NUMBERS = ("food", "glyph", "barrel", "shields", "magic", "spells", "used")
_FLAGS = {"yes": True, "no": False}
# What each zone family may hold: a rank of creature, a kind of Place, a castle or a chest.
HOLDS = {
    "unchosen": "castle",
    "castle": "castle",
    "goblins": "goblin",
    "left": "creature",
    "right": "creature",
    "stock": "chest",
    "goblin_box": "goblin",
    "evil_pile": "evil",
    "most_evil_pile": "most_evil",
    "evil_row": "evil",
    "most_evil_row": "most_evil",
    "farms": "farm",
    "villages": "village",
    "towns": "town",
    "farm_box": "farm",
    "village_box": "village",
    "town_box": "town",
    "places": "kingdom",
    "tavern": "tavern",
    "discard": "kingdom",
    "wooden": "wooden",
    "metal": "metal",
    "gold": "gold",
}
SINGLE = frozenset({"castle", "evil_row", "most_evil_row", "tavern"})  # at most one piece


def write_position(state: MagiaState) -> str:
    game = state.game
    token = game.table.token
    yes = {True: "yes", False: "no"}

    def tokens(uids: list[int]) -> str:
        return " ".join(token[u] for u in uids) or "-"

    lines = [
        HEADER,
        f"day {state.day} captain {state.captain} first {state.first} phase {state.phase} "
        f"die {state.die}",
        "reserve food {} glyph {} barrel {}".format(*state.reserve),
    ]
    for lord in range(game.players):
        food, glyph, barrel = state.held[lord]
        seen = [u for u in range(game.table.size) if state.knows(lord, u)]
        lines.append(
            f"lord {lord}: food={food} glyph={glyph} barrel={barrel} "
            f"shields={state.shields[lord]} magic={state.magic_shields[lord]} "
            f"spells={state.spells[lord]} used={state.spells_used[lord]} "
            f"attacked={yes[state.attacked[lord]]} seen={','.join(token[u] for u in seen) or '-'}"
        )
    for name, pile in zip(game.layout.names, state.zones.lists, strict=True):
        lines.append(f"{name}: {tokens(pile)}")
    chests = [u for kind in CHEST_KINDS for u in game.chest_uids[kind]]
    lines.append("values: " + " ".join(f"{token[u]}={state.value[u]}" for u in chests))
    lines.append("stack: " + write_stack(state.stack, game))
    if state.winners is not None:
        winners = " ".join(map(str, state.winners)) or "-"
        lines.append(f"result: {winners} | {state.reason}")
    return "\n".join(lines) + "\n"


def read_position(game: BellumMagia, text: str) -> MagiaState:
    """The state a position describes; InvalidPosition naming the line and what is wrong, for
    anything that cannot be read or could not happen in a game."""
    lines = PositionLines(text, HEADER, TITLE)
    state = MagiaState(game, 0)
    lords = game.players
    match = _DAY.match(lines.take("day"))
    if not match:
        raise InvalidPosition(
            "day: 'day N captain C first F phase setup|roll|attack|recruit|over die 0-6'"
        )
    day, captain, first, phase, die = match.groups()
    if phase not in PHASES:
        raise InvalidPosition(f"day: phase is one of {', '.join(PHASES)}, not {phase!r}")
    if int(captain) >= lords or int(first) >= lords:
        raise InvalidPosition(f"day: the Captain and the first Captain are lords 0 to {lords - 1}")
    state.day, state.captain, state.first = int(day), int(captain), int(first)
    state.phase, state.die = phase, int(die)
    if (phase == SETUP) != (state.day == 0) or (phase == SETUP) != (state.die == 0):
        raise InvalidPosition("day: the set-up is day 0 with no die; every later day has a roll")
    reserve = _RESERVE.match(lines.take("reserve"))
    if not reserve:
        raise InvalidPosition("reserve: 'reserve food N glyph N barrel N'")
    state.reserve = [int(v) for v in reserve.groups()]
    for lord in range(lords):
        _read_lord(state, lord, lines.take(f"lord {lord}"))
    placed: dict[int, str] = {}
    for name, pile in zip(game.layout.names, state.zones.lists, strict=True):
        pile.extend(_pieces(state, name, lines.take(name), placed))
    missing = [game.token(u) for u in range(game.table.size) if u not in placed]
    if missing:
        raise InvalidPosition(f"{missing[0]} is in no zone (every piece is somewhere)")
    state.value = _values(game, lines.take("values"))
    state.stack = read_stack(lines.take("stack"), game)
    result = lines.optional("result")
    if result is not None:
        winners, bar, reason = result.partition("|")
        if not bar or not re.fullmatch(r"\s*(\d( \d){0,4})\s*", winners):
            raise InvalidPosition("result: 'result: 0 2 | reason' (the winners, then why)")
        state.winners = tuple(sorted({int(w) for w in winners.split()}))
        if any(w >= lords for w in state.winners):
            raise InvalidPosition(f"result: the winners are lords 0 to {lords - 1}")
        state.reason = reason.strip()
    lines.done()
    for lord in range(lords):
        state.lines[lord] = summed_lines(state, lord)
    _check(state)
    return state


def _read_lord(state: MagiaState, lord: int, text: str) -> None:
    """ "food=3 glyph=1 barrel=2 shields=1 magic=0 spells=1 used=0 attacked=no seen=W03"."""
    game = state.game
    fields = dict(part.partition("=")[::2] for part in text.split())
    wanted = (*LORD_NUMBERS, "attacked", "seen")
    if sorted(fields) != sorted(wanted) or len(text.split()) != len(wanted):
        raise InvalidPosition(f"lord {lord}: {' '.join(f'{k}=…' for k in wanted)}")
    numbers = {}
    for key in LORD_NUMBERS:
        if not re.fullmatch(r"\d{1,3}", fields[key]):
            raise InvalidPosition(f"lord {lord}: {key} is a whole number, not {fields[key][:20]!r}")
        numbers[key] = int(fields[key])
    state.held[lord] = [numbers["food"], numbers["glyph"], numbers["barrel"]]
    state.shields[lord] = numbers["shields"]
    state.magic_shields[lord] = numbers["magic"]
    state.spells[lord] = numbers["spells"]
    state.spells_used[lord] = numbers["used"]
    if fields["attacked"] not in _FLAGS:
        raise InvalidPosition(f"lord {lord}: attacked is yes or no")
    state.attacked[lord] = _FLAGS[fields["attacked"]]
    seen = 0
    for word in [] if fields["seen"] == "-" else fields["seen"].split(","):
        uid = game.uid(word)
        if uid is None or not game.chest_kind[uid]:
            raise InvalidPosition(f"lord {lord}: seen lists chests, not {word[:20]!r}")
        seen |= 1 << uid
    state.seen[lord] = seen


def _pieces(state: MagiaState, name: str, text: str, placed: dict[int, str]) -> list[int]:
    game = state.game
    family = name.split(" ")[0]
    holds = HOLDS[family]
    out = []
    for word in [] if text == "-" else text.split():
        uid = game.uid(word)
        if uid is None:
            raise InvalidPosition(f"{name}: {word[:20]!r} is not a piece of this game")
        if uid in placed:
            raise InvalidPosition(f"{name}: {word} is also in {placed[uid]}")
        if not _holds(game, holds, uid):
            raise InvalidPosition(f"{name}: {word} is not a {holds.replace('_', ' ')} piece")
        placed[uid] = name
        out.append(uid)
    if family in SINGLE and len(out) > 1:
        raise InvalidPosition(f"{name}: holds one piece at most")
    return out


def _holds(game: BellumMagia, holds: str, uid: int) -> bool:
    card = game.table.card[uid]
    if holds == "castle":
        return isinstance(card, Castle)
    if holds == "creature":
        return isinstance(card, Creature)
    if holds in ("goblin", "evil", "most_evil"):
        return isinstance(card, Creature) and card.rank == holds
    if holds == "chest":
        return isinstance(card, Chest)
    if holds in CHEST_KINDS:
        return isinstance(card, Chest) and card.kind == holds
    if holds == "kingdom":
        return isinstance(card, Place) and card.kind != "tavern"
    return isinstance(card, Place) and card.kind == holds


def _values(game: BellumMagia, text: str) -> list[int]:
    """Every chest's value, each kind's values those of the card set in some order."""
    value = [-1] * game.table.size
    for part in text.split():
        word, eq, number = part.partition("=")
        uid = game.uid(word)
        if (
            not eq
            or uid is None
            or not game.chest_kind[uid]
            or not re.fullmatch(r"\d{1,2}", number)
        ):
            raise InvalidPosition(f"values: 'W01=2 ...', not {part[:20]!r}")
        if value[uid] >= 0:
            raise InvalidPosition(f"values: {word} is given twice")
        value[uid] = int(number)
    for kind in CHEST_KINDS:
        uids = game.chest_uids[kind]
        if any(value[u] < 0 for u in uids):
            raise InvalidPosition(f"values: every {kind} chest needs its value")
        if sorted(value[u] for u in uids) != sorted(game.printed_values[u] for u in uids):
            raise InvalidPosition(f"values: the {kind} chests' values are not the card set's")
    return value


def _check(state: MagiaState) -> None:
    """Refuse what could not happen in a game: resources out of the reserve's count, a third
    Barrel, tokens the creatures do not explain, unseen own chests, a stuck decision."""
    game = state.game
    for resource, total in enumerate(game.reserve):
        if state.reserve[resource] + sum(h[resource] for h in state.held) != total:
            raise InvalidPosition(
                f"reserve: the lords and the reserve hold {total} of each resource "
                f"({('food', 'glyph', 'barrel')[resource]})"
            )
    for lord in range(game.players):
        where = f"lord {lord}"
        if state.held[lord][2] > MAX_BARRELS:
            raise InvalidPosition(f"{where}: a lord holds at most {MAX_BARRELS} Barrels")
        creatures = state.left[lord] + state.right[lord]
        carried = {b: sum(1 for u in creatures if game.bonus[u] == b) for b in game.bonus}
        if state.spells[lord] != carried.get("roll_again", 0):
            raise InvalidPosition(f"{where}: spells are the castle's Roll Again creatures")
        if state.magic_shields[lord] != carried.get("magic_shield", 0):
            raise InvalidPosition(f"{where}: magic is the castle's Magic Shield creatures")
        if state.shields[lord] < carried.get("shield", 0):
            raise InvalidPosition(f"{where}: fewer Shield tokens than its Shield creatures")
        if state.spells_used[lord] > state.spells[lord] or (
            state.spells_used[lord] and lord != state.captain
        ):
            raise InvalidPosition(f"{where}: only the Captain turns its own Confusion spells")
        for uid in state.stock[lord]:
            if not state.knows(lord, uid):
                raise InvalidPosition(f"{where}: a lord has seen every chest it holds")
        if not state.castle[lord] and (state.phase != SETUP or creatures):
            raise InvalidPosition(f"castle {lord}: every lord has a castle after the set-up")
        if state.phase != SETUP and state.goblins[lord]:
            raise InvalidPosition(f"goblins {lord}: the Goblins are placed during the set-up")
        if state.attacked[lord] and state.phase not in ("attack", "recruit", "over"):
            raise InvalidPosition(f"{where}: attacks are made in the attack phase")
    for task in state.stack:
        problem = task.check(state)
        if problem:
            raise InvalidPosition(f"stack: {task.name}: {problem}")
    setup_tasks = {"choose_castle", "place_goblins"}
    for task in state.stack:
        if (task.name in setup_tasks) != (state.phase == SETUP):
            raise InvalidPosition(f"stack: {task.name} does not belong to the {state.phase} phase")
    if state.stack and not state.stack[-1].decides:
        raise InvalidPosition(
            f"stack: {state.stack[-1].name} is a step; a position waits for a decision on top"
        )
    if state.winners is not None:
        if state.stack or state.phase != "over":
            raise InvalidPosition("result: a finished game has phase over and an empty stack")
    elif state.phase == "over":
        raise InvalidPosition("day: phase over needs a result line")
    elif not state.stack:
        raise InvalidPosition("stack: a game under way waits for a decision")
    if state.winners is None and not state.legal_actions():
        raise InvalidPosition("nothing to decide in this position (and no result)")
