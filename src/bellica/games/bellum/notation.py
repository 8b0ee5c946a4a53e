"""Position notation: a Bellum state as readable lines of card tokens, and back."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bellica.core import InvalidPosition
from bellica.core.stack import read_stack, write_stack
from bellica.games.bellum.checks import check_position
from bellica.games.bellum.state import PHASE_NAMES, BellumState

if TYPE_CHECKING:
    from bellica.games.bellum.game import Bellum

ROMAN = ("I", "II", "III", "IV")
SIDE_ZONES = ("deck", "hand", "discard", "play")


def write_position(state: BellumState) -> str:
    game = state.game
    codec = game.codec
    values = state.counters

    def cards(uids: list[int]) -> str:
        return codec.words(uids, values)

    def tokens(uids: list[int]) -> str:
        return " ".join(game.table.token[u] for u in uids) or "-"

    lines = [f"bellum {game.variant} {game.players}p"]
    lines.append(
        f"turn: round {state.round}, team {state.active}, member {state.member}, "
        f"phase {state.phase}, first {state.first}"
    )
    flags = []
    if state.strategy_used:
        flags.append("strategy_used")
    if state.died_this_turn:
        flags.append("died_this_turn")
    bonus, clan, source = state.pillage_bonus
    if bonus:
        asked = game.table.token[source] if source >= 0 else "-"
        flags.append(f"pillage={bonus}:{clan or 'any'}:{asked}")
    lines.append("flags: " + (" ".join(flags) or "-"))
    for team in range(game.teams):
        city = state.cities[team] or "none"
        lines.append(
            f"city {team}: {city}, pillaged {state.pillaged[team]}, strategy {state.strategy[team]}"
        )
    for side in range(game.sides):
        for zone in SIDE_ZONES:
            lines.append(f"side {side} {zone}: {cards(getattr(state, zone)[side])}")
    for battlefield, stacks in enumerate(state.stacks):
        piles = " | ".join(cards(pile) for pile in stacks)
        lines.append(f"olympus {battlefield}: {piles}")
    lines.append("legends: " + " | ".join(cards(pile) for pile in state.legends))
    lines.append("market: " + cards(state.market))
    lines.append("stock: " + cards(state.stock))
    lines.append("resolving: " + codec.words(state.resolving, values, state.owner))
    lines.append("reinforcements: " + cards(state.reinforcements))
    blocks = " ".join(f"{game.table.token[a]}>{game.table.token[b]}" for a, b in state.blocks)
    lines.append(f"assault: {tokens(state.attackers)} / {blocks or '-'} / {tokens(state.through)}")
    lines.append("rally left: " + tokens(state.rally_left))
    lines.append(f"solo: cycles {state.cycles}, fled {state.fled}")
    lines.append("stack: " + write_stack(state.stack, game))
    if state.winners is not None:
        winners = " ".join(map(str, state.winners)) or "-"
        lines.append(f"result: {winners} | {state.reason}")
    return "\n".join(lines) + "\n"


class _Reader:
    """The position's lines by key, and their cards read into a state."""

    def __init__(self, game: Bellum, text: str) -> None:
        self.game = game
        self.lines: dict[str, str] = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line:
                continue
            if number == 1 or ":" not in line:
                if "#header" in self.lines:
                    raise InvalidPosition(f"line {number} is not 'key: value': {line[:40]!r}")
                self.lines["#header"] = line
                continue
            key, _, value = line.partition(":")
            key = key.strip()
            if key in self.lines:
                raise InvalidPosition(f"the position has two {key[:40]!r} lines")
            self.lines[key] = value.strip()

    def get(self, key: str) -> str:
        if key not in self.lines:
            raise InvalidPosition(f"the position has no {key!r} line")
        return self.lines[key]

    def cards(
        self, state: BellumState, text: str, owner: int | None, where: str, owned: bool = False
    ) -> list[int]:
        """The cards of one zone; `owner` is given to each (None: each names its own)."""
        game = self.game
        read = game.codec.read(text, state.counters, where, max_owner=game.sides - 1)
        out = []
        for uid, named in read:
            if owned and named is None:
                raise InvalidPosition(f"{where}: {game.table.token[uid]} needs its owner (@side)")
            if not owned and named is not None:
                raise InvalidPosition(f"{where}: {game.table.token[uid]} takes no owner here")
            state.owner[uid] = named if named is not None else -1 if owner is None else owner
            out.append(uid)
        return out

    def tokens(self, text: str, where: str) -> list[int]:
        if text.strip() == "-":
            return []
        out = []
        for word in text.split():
            uid = self.game.uid(word)
            if uid is None:
                raise InvalidPosition(f"{where}: {word[:40]!r} is not a card of this game")
            out.append(uid)
        return out


def _number(text: str, what: str, high: int) -> int:
    if not re.fullmatch(r"\d{1,4}", text) or int(text) > high:
        raise InvalidPosition(f"{what} must be a whole number from 0 to {high}, not {text[:20]!r}")
    return int(text)


def read_position(game: Bellum, text: str, steps_on_top: bool = False) -> BellumState:
    """The state a position describes; InvalidPosition unless it can be played. A position
    always has a decision (or nothing) on top of its stack: steps run as soon as they are on
    top. Tests that build a position to be run on (`steps_on_top`) may leave one there."""
    if not isinstance(text, str):
        raise InvalidPosition("a position is text")
    reader = _Reader(game, text)
    header = reader.lines.get("#header", "")
    expected = f"bellum {game.variant} {game.players}p"
    if header != expected:
        raise InvalidPosition(f"the first line must be {expected!r}, not {header[:60]!r}")
    state = BellumState(game, 0)
    turn = re.fullmatch(
        r"round (\d+), team (\d+), member (\d+), phase (\w+), first (\d+)", reader.get("turn")
    )
    if not turn:
        raise InvalidPosition(
            "the turn line reads like 'round 1, team 0, member 0, phase rally, first 0'"
        )
    state.round = _number(turn[1], "the round", 9999)
    state.active = _number(turn[2], "the team", game.teams - 1)
    state.member = _number(turn[3], "the member", len(game.members[state.active]) - 1)
    state.phase = turn[4]
    state.first = _number(turn[5], "the first team", game.teams - 1)
    if state.phase not in PHASE_NAMES:
        raise InvalidPosition(
            f"unknown phase {state.phase[:20]!r}; phases: {', '.join(PHASE_NAMES)}"
        )
    for flag in reader.get("flags").split():
        if flag == "strategy_used":
            state.strategy_used = True
        elif flag == "died_this_turn":
            state.died_this_turn = True
        elif bonus := re.fullmatch(r"pillage=([2-4]):(any|myth|soldier|oracle|demon):(\S+)", flag):
            source = -1 if bonus[3] == "-" else reader.tokens(bonus[3], "flags")[0]
            state.pillage_bonus = (int(bonus[1]), "" if bonus[2] == "any" else bonus[2], source)
        elif flag != "-":
            raise InvalidPosition(f"unknown flag {flag[:20]!r}")
    for team in range(game.teams):
        match = re.fullmatch(
            r"(\w+), pillaged (\d), strategy (\d{1,2})", reader.get(f"city {team}")
        )
        if not match:
            raise InvalidPosition(f"city {team} reads like 'Athens, pillaged 0, strategy 3'")
        state.cities[team] = "" if match[1] == "none" else match[1]
        state.pillaged[team] = _number(match[2], f"city {team}'s pillaged districts", 4)
        state.strategy[team] = int(match[3])
    for side in range(game.sides):
        for zone in SIDE_ZONES:
            key = f"side {side} {zone}"
            getattr(state, zone)[side][:] = reader.cards(state, reader.get(key), side, key)
    for battlefield in range(game.battlefields):
        key = f"olympus {battlefield}"
        piles = reader.get(key).split("|")
        if len(piles) != 4:
            raise InvalidPosition(f"{key}: four stacks separated by |")
        for pile, words in zip(state.stacks[battlefield], piles, strict=True):
            pile[:] = reader.cards(state, words, None, key)
    piles = reader.get("legends").split("|")
    if len(piles) != 4:
        raise InvalidPosition("legends: four stacks separated by |")
    for pile, words in zip(state.legends, piles, strict=True):
        pile[:] = reader.cards(state, words, None, "legends")
    state.market[:] = reader.cards(state, reader.get("market"), None, "market")
    state.stock[:] = reader.cards(state, reader.get("stock"), None, "stock")
    state.resolving[:] = reader.cards(state, reader.get("resolving"), None, "resolving", owned=True)
    # The Greeks' Reinforcements are theirs (side 1) in the Siege of Troy.
    state.reinforcements[:] = reader.cards(state, reader.get("reinforcements"), 1, "reinforcements")
    parts = reader.get("assault").split("/")
    if len(parts) != 3:
        raise InvalidPosition(
            "the assault line reads attackers / blocks / unblocked, like '013 017 / 013>021 / "
            "017', or '- / - / -'"
        )
    attackers, blocks, through = parts
    state.attackers = reader.tokens(attackers, "assault")
    state.through = reader.tokens(through, "assault")
    for pair in blocks.split():
        if pair == "-":
            continue
        duel = [reader.tokens(part, "assault") for part in pair.split(">")]
        if len(duel) != 2 or any(len(side) != 1 for side in duel):
            raise InvalidPosition(f"assault: a block reads attacker>blocker, not {pair[:40]!r}")
        state.blocks.append((duel[0][0], duel[1][0]))
    state.rally_left = reader.tokens(reader.get("rally left"), "rally left")
    solo = re.fullmatch(r"cycles (\d), fled (\d)", reader.get("solo"))
    if not solo:
        raise InvalidPosition("the solo line reads like 'cycles 0, fled 0'")
    state.cycles, state.fled = int(solo[1]), int(solo[2])
    state.stack = read_stack(reader.get("stack"), game)
    if "result" in reader.lines:
        winners, bar, reason = reader.lines["result"].partition("|")
        if not bar:
            raise InvalidPosition("the result line reads like '0 | the reason' or '- | a draw'")
        state.winners = tuple(
            _number(x, "a winner", game.players - 1) for x in winners.split() if x != "-"
        )
        state.reason = reason.strip()
    seen: dict[int, str] = {}
    for name, uids in _zones(state):
        for uid in uids:
            if uid in seen:
                raise InvalidPosition(
                    f"card {game.table.token[uid]} is both in {seen[uid]} and in {name}"
                )
            seen[uid] = name
    check_position(state)
    top: Any = state.stack[-1] if state.stack else None
    if top is not None and not top.decides and not steps_on_top:
        raise InvalidPosition(
            f"the stack's top, {top.name}, is a step: a position waits for a decision"
        )
    if top is not None and top.decides and not top.choices(state):
        raise InvalidPosition(f"the decision on top of the stack, {top.name}, offers nothing")
    return state


def _zones(state: BellumState) -> list[tuple[str, list[int]]]:
    layout = state.game.layout
    return list(zip(layout.names, state.zones.lists, strict=True))
