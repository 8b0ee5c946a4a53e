"""Position notation: a Siege of Olympus state as lines of card tokens, read back with checks."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bellica.core import InvalidPosition
from bellica.core.position_lines import PositionLines
from bellica.core.stack import read_stack, write_stack
from bellica.games.siege_of_olympus.rules import flow as _flow  # noqa: F401 (task kinds)
from bellica.games.siege_of_olympus.rules import setup as _setup  # noqa: F401 (set-up's tasks)
from bellica.games.siege_of_olympus.rules.deck import AGORA_MOST, MINION_LIMIT, TARTARUS_SIZE
from bellica.games.siege_of_olympus.state import PHASES, SETUP, SiegeState

if TYPE_CHECKING:
    from bellica.games.siege_of_olympus.game import SiegeOfOlympus

HEADER = "siege-of-olympus"
# The zones in the order positions write them: a shared zone by its name, a side's as
# "hand 0". The Deck is written bottom first (its top card last).
SHARED = ("deck", "tartarus", "agora", "underworld", "pile", "olympus", "casting", "unchosen")
OWNED = ("hand", "known", "minions", "artifacts", "commander")
_TURN = re.compile(r"^(\d{1,4}) round (\d{1,4}) active ([01]) first ([01]) phase ([a-z]+)$")
_PAIR = re.compile(r"^(-?\d{1,3}) (-?\d{1,3})$")
_FLAGS = {"yes": True, "no": False}


def write_position(state: SiegeState) -> str:
    game = state.game
    codec, values = game.codec, state.counters
    token = game.table.token

    def tokens(uids: list[int]) -> str:
        return " ".join(token[u] for u in uids) or "-"

    yes = {True: "yes", False: "no"}
    lines = [
        HEADER,
        f"turn {state.turn} round {state.round} active {state.active} first {state.first} "
        f"phase {state.phase}",
        f"health {state.health[0]} {state.health[1]}",
        f"ability used {yes[state.ability_used[0]]} {yes[state.ability_used[1]]}",
        f"exchanged {yes[state.exchanged]}",
        f"left {tokens(state.left)}",
        f"target {token[state.target] if state.target >= 0 else '-'}",
        f"races {state.races[0]} {state.races[1]}",
    ]
    for name in SHARED:
        lines.append(f"{name}: {codec.words(getattr(state, name), values)}")
    for name in OWNED:
        for side in (0, 1):
            lines.append(f"{name} {side}: {codec.words(getattr(state, name)[side], values)}")
    lines.append("stack: " + write_stack(state.stack, game))
    if state.winners is not None:
        winners = " ".join(map(str, state.winners)) or "-"
        lines.append(f"result: {winners} | {state.reason}")
    return "\n".join(lines) + "\n"


def read_position(game: SiegeOfOlympus, text: str) -> SiegeState:
    """The state a position describes; InvalidPosition naming the line and what is wrong, for
    anything that cannot be read or could not happen in a game."""
    lines = PositionLines(text, HEADER, "Siege of Olympus")
    state = SiegeState(game, 0)
    match = _TURN.match(lines.take("turn"))
    if not match:
        raise InvalidPosition(
            "turn: 'turn N round N active 0|1 first 0|1 phase setup|deploy|recruit|attack|over'"
        )
    turn, rnd, active, first, phase = match.groups()
    if phase not in PHASES:
        raise InvalidPosition(f"turn: phase is one of {', '.join(PHASES)}, not {phase!r}")
    state.turn, state.round = int(turn), int(rnd)
    state.active, state.first, state.phase = int(active), int(first), phase
    if (state.phase == SETUP) != (state.turn == 0) or state.round < 1:
        raise InvalidPosition("turn: the set-up is turn 0, every later phase turn 1 or more")
    state.health = _pair(lines.take("health"), "health", 0, 99)
    used = lines.take("ability").split()
    if len(used) != 3 or used[0] != "used" or any(w not in _FLAGS for w in used[1:]):
        raise InvalidPosition("ability: 'ability used yes|no yes|no'")
    state.ability_used = [_FLAGS[w] for w in used[1:]]
    exchanged = lines.take("exchanged")
    if exchanged not in _FLAGS:
        raise InvalidPosition("exchanged: yes or no")
    state.exchanged = _FLAGS[exchanged]
    state.races = _pair(lines.take("races"), "races", 0, 31)
    values = state.counters
    codec = game.codec
    placed: dict[int, str] = {}

    def read(key: str, into: list[int]) -> None:
        for uid, owner in codec.read(lines.take(key), values, key):
            if owner is not None:
                raise InvalidPosition(f"{key}: cards here take no owner mark")
            if key.startswith("known"):
                into.append(uid)
                continue
            if uid in placed:
                raise InvalidPosition(f"{key}: card {game.token(uid)} is also in {placed[uid]}")
            placed[uid] = key
            into.append(uid)

    for name in SHARED:
        read(name, getattr(state, name))
    for name in OWNED:
        for side in (0, 1):
            read(f"{name} {side}", getattr(state, name)[side])
    state.left = _tokens(game, lines.take("left"), "left")
    target = _tokens(game, lines.take("target"), "target")
    state.target = target[0] if target else -1
    state.stack = read_stack(lines.take("stack"), game)
    result = lines.optional("result")
    if result is not None:
        winners, bar, reason = result.partition("|")
        if not bar or not re.fullmatch(r"\s*(-|[01]( [01])?)\s*", winners):
            raise InvalidPosition("result: 'result: 0 | reason' (or '-' for a draw)")
        state.winners = tuple(sorted({int(w) for w in winners.split() if w != "-"}))
        state.reason = reason.strip()
    lines.done()
    missing = [game.token(u) for u in range(game.table.size) if u not in placed]
    if missing:
        raise InvalidPosition(f"card {missing[0]} is in no zone (every card is somewhere)")
    _check(state)
    return state


def _pair(text: str, key: str, low: int, high: int) -> list[int]:
    match = _PAIR.match(text)
    if not match or not all(low <= int(v) <= high for v in match.groups()):
        raise InvalidPosition(f"{key}: two whole numbers from {low} to {high}")
    return [int(v) for v in match.groups()]


def _tokens(game: SiegeOfOlympus, text: str, key: str) -> list[int]:
    if text == "-":
        return []
    out = []
    for word in text.split():
        uid = game.uid(word)
        if uid is None:
            raise InvalidPosition(f"{key}: {word[:20]!r} is not a card of this game")
        out.append(uid)
    return out


SETUP_TASKS = frozenset({"begin", "mulligan", "deal_hands", "choose_commander"})


def _check_stack(state: SiegeState) -> None:
    """The stack's shape: the set-up's tasks during the set-up only, with the step that ends
    it at the bottom; a Disrupt window over the resolution or the attack it may negate."""
    stack = state.stack
    names = [task.name for task in stack]
    if state.phase == SETUP:
        if not names or names[0] != "begin":
            raise InvalidPosition("stack: the set-up ends with the begin step at the bottom")
        stray = [n for n in names if n not in SETUP_TASKS]
        if stray:
            raise InvalidPosition(f"stack: {stray[0]} cannot happen during the set-up")
    else:
        stray = [n for n in names if n in SETUP_TASKS]
        if stray:
            raise InvalidPosition(f"stack: {stray[0]} happens during the set-up only")
    for i, task in enumerate(stack):
        if task.name != "disrupt_window":
            continue
        event = getattr(task, "event", "")
        below = "fight" if event == "attack" else "resolve"
        if i == 0 or names[i - 1] != below:
            raise InvalidPosition(f"stack: a Disrupt window on {event} sits over a {below} task")
        if getattr(task, "side", -1) == state.active:
            raise InvalidPosition("stack: only the player whose turn it is not may Disrupt")


def _check(state: SiegeState) -> None:
    """Refuse what could not happen in a game: cards in zones of the wrong kind, too many
    minions, health above the Commander's, known cards not in the hand, a stuck decision."""
    game = state.game
    kinds = {
        "minion": game.is_minion,
        "spell": game.is_spell,
        "artifact": game.is_artifact,
        "commander": game.is_commander,
    }

    def only(uids: list[int], allowed: tuple[str, ...], where: str) -> None:
        for uid in uids:
            if not any(kinds[k][uid] for k in allowed):
                raise InvalidPosition(f"{where}: {game.token(uid)} is not a {' or '.join(allowed)}")

    playing = ("minion", "spell")
    only(state.deck, playing, "deck")
    only(state.agora, playing, "agora")
    only(state.underworld, playing, "underworld")
    only(state.casting, ("spell",), "casting")
    only(state.tartarus, ("minion",), "tartarus")
    only(state.pile, ("artifact",), "pile")
    only(state.unchosen, ("commander",), "unchosen")
    if state.olympus != [game.olympus_uid]:
        raise InvalidPosition(
            f"olympus: holds the Olympus card {game.token(game.olympus_uid)} alone"
        )
    if len(state.tartarus) > TARTARUS_SIZE:
        raise InvalidPosition(f"tartarus: at most {TARTARUS_SIZE} prisoners")
    taking = sum(1 for task in state.stack if task.name == "take")  # a card left, one to take
    if len(state.agora) > AGORA_MOST + taking:
        raise InvalidPosition(f"agora: at most {AGORA_MOST} cards")
    for side in (0, 1):
        only(state.hand[side], playing, f"hand {side}")
        only(state.minions[side], ("minion",), f"minions {side}")
        only(state.artifacts[side], ("artifact",), f"artifacts {side}")
        only(state.commander[side], ("commander",), f"commander {side}")
        if len(state.minions[side]) > MINION_LIMIT:
            raise InvalidPosition(f"minions {side}: at most {MINION_LIMIT} minions")
        if len(state.commander[side]) > 1:
            raise InvalidPosition(f"commander {side}: one Commander")
        commander = state.commander[side]
        if commander and state.health[side] > game.table.card[commander[0]].health:
            raise InvalidPosition(f"health: side {side} has more than its Commander's health")
        if not commander and (state.phase != SETUP or state.health[side]):
            raise InvalidPosition(f"commander {side}: a Commander leads after the set-up")
        for uid in state.known[side]:
            if uid not in state.hand[side]:
                raise InvalidPosition(f"known {side}: {game.token(uid)} is not in hand {side}")
        if len(set(state.known[side])) != len(state.known[side]):
            raise InvalidPosition(f"known {side}: a card is named twice")
    for uid in state.left:
        if not (game.is_minion[uid] or game.is_spell[uid]):
            raise InvalidPosition(f"left: {game.token(uid)} is not a minion or a spell")
    if state.target >= 0 and not game.is_minion[state.target]:
        raise InvalidPosition("target: the turn's target is a minion")
    in_play = set(state.minions[0]) | set(state.minions[1]) | set(state.tartarus)
    for uid in range(game.table.size):
        if uid in in_play:
            if state.damage[uid] >= state.health_of(uid):
                raise InvalidPosition(f"{game.token(uid)}: its damage would have destroyed it")
            copied = state.copied[uid]
            if copied >= 0 and (not game.copies[uid] or not game.is_minion[copied]):
                raise InvalidPosition(
                    f"{game.token(uid)}: copies a minion only if its card says so"
                )
        elif any(row[uid] not in (0, -1) for row in state.counters if row is not state.status):
            raise InvalidPosition(f"{game.token(uid)}: only minions in play carry marks")
    for task in state.stack:
        problem = task.check(state)
        if problem:
            raise InvalidPosition(f"stack: {task.name}: {problem}")
    _check_stack(state)
    if state.stack and not state.stack[-1].decides:
        raise InvalidPosition(
            f"stack: {state.stack[-1].name} is a step; a position waits for a decision on top"
        )
    if state.winners is not None:
        if state.stack or state.phase != "over":
            raise InvalidPosition("result: a finished game has phase over and an empty stack")
    elif state.phase == "over":
        raise InvalidPosition("turn: phase over needs a result line")
    elif state.phase != SETUP and not state.stack and not state.commander[state.active]:
        raise InvalidPosition("the active player has no Commander")
    if state.winners is None and not state.legal_actions():
        raise InvalidPosition("nothing to decide in this position (and no result)")
