"""Position notation: a Bellum state as readable lines of card tokens, and back."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from bellica.core import InvalidPosition
from bellica.games.bellum.state import PHASE_NAMES, BellumState

if TYPE_CHECKING:
    from bellica.games.bellum.game import Bellum

ROMAN = ("I", "II", "III", "IV")
_MARK = re.compile(r"^(?P<token>\d{3}b?)(?:\[(?P<marks>[^\]]*)\])?(?:@(?P<owner>\d))?$")


def _card(state: BellumState, uid: int, owner: bool = False) -> str:
    marks = []
    if state.damage[uid]:
        marks.append(f"d{state.damage[uid]}")
    if state.shield[uid]:
        marks.append("s")
    if state.charges[uid]:
        marks.append(f"c{state.charges[uid]}")
    if state.face[uid]:
        marks.append("f")
    if state.cover[uid] >= 0:
        marks.append("p" + state.game.table.token[state.cover[uid]])
    if state.status[uid]:
        marks.append(f"x{state.status[uid]}")
    text = state.game.table.token[uid] + (f"[{','.join(marks)}]" if marks else "")
    return text + (f"@{state.owner[uid]}" if owner else "")


def _cards(state: BellumState, uids: list[int], owner: bool = False) -> str:
    return " ".join(_card(state, u, owner) for u in uids) or "-"


def write_position(state: BellumState) -> str:
    game = state.game
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
    if state.pillage_bonus[0]:
        flags.append(f"pillage={state.pillage_bonus[0]}:{state.pillage_bonus[1] or 'any'}")
    lines.append("flags: " + (" ".join(flags) or "-"))
    for team in range(game.teams):
        city = state.cities[team] or "none"
        lines.append(
            f"city {team}: {city}, pillaged {state.pillaged[team]}, strategy {state.strategy[team]}"
        )
    for side in range(game.sides):
        for zone in ("deck", "hand", "discard", "play"):
            lines.append(f"side {side} {zone}: {_cards(state, getattr(state, zone)[side])}")
    for battlefield, stacks in enumerate(state.stacks):
        piles = " | ".join(_cards(state, pile) for pile in stacks)
        lines.append(f"olympus {battlefield}: {piles}")
    lines.append("legends: " + " | ".join(_cards(state, pile) for pile in state.legends))
    lines.append("market: " + _cards(state, state.market))
    lines.append("stock: " + _cards(state, state.stock))
    lines.append("resolving: " + _cards(state, state.resolving, owner=True))
    blocks = " ".join(f"{a}>{b}" for a, b in state.blocks) or "-"
    lines.append(f"assault: {' '.join(map(str, state.attackers)) or '-'} / {blocks}")
    lines.append("rally left: " + (" ".join(map(str, state.rally_left)) or "-"))
    lines.append(
        f"solo: cycles {state.cycles}, fled {state.fled}, reinforcements "
        + (" ".join(map(str, state.reinforcements)) or "-")
    )
    lines.append("stack: " + json.dumps(state.stack, separators=(",", ":")))
    if state.winners is not None:
        winners = " ".join(map(str, state.winners)) or "-"
        lines.append(f"result: {winners} | {state.reason}")
    return "\n".join(lines) + "\n"


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


class _Reader:
    def __init__(self, game: Bellum, text: str) -> None:
        self.game = game
        self.lines: dict[str, str] = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line:
                continue
            if number == 1 or ":" not in line:
                self.lines.setdefault("#header", line)
                continue
            key, _, value = line.partition(":")
            self.lines[key.strip()] = value.strip()

    def get(self, key: str) -> str:
        if key not in self.lines:
            raise InvalidPosition(f"the position has no {key!r} line")
        return self.lines[key]

    def cards(self, state: BellumState, text: str, owner: int | None, where: str) -> list[int]:
        if text == "-":
            return []
        out = []
        table = self.game.table
        for word in text.split():
            match = _MARK.match(word)
            if not match or match["token"] not in table.uid_by_token:
                raise InvalidPosition(f"{where}: {word!r} is not a card of this game")
            uid = table.uid_by_token[match["token"]]
            for mark in filter(None, (match["marks"] or "").split(",")):
                self.mark(state, uid, mark, where)
            if match["owner"] is not None:
                state.owner[uid] = int(match["owner"])
            elif owner is not None:
                state.owner[uid] = owner
            out.append(uid)
        return out

    def mark(self, state: BellumState, uid: int, mark: str, where: str) -> None:
        try:
            if mark[0] == "d":
                state.damage[uid] = int(mark[1:])
            elif mark == "s":
                state.shield[uid] = 1
            elif mark[0] == "c":
                state.charges[uid] = int(mark[1:])
            elif mark == "f":
                state.face[uid] = 1
            elif mark[0] == "p":
                state.cover[uid] = self.game.table.uid_by_token[mark[1:]]
            elif mark[0] == "x":
                state.status[uid] = int(mark[1:])
            else:
                raise ValueError(mark)
        except (ValueError, KeyError, IndexError):
            raise InvalidPosition(f"{where}: bad card mark {mark!r}") from None


def read_position(game: Bellum, text: str) -> BellumState:
    if not isinstance(text, str):
        raise InvalidPosition("a position is text")
    reader = _Reader(game, text)
    header = reader.lines.get("#header", "")
    expected = f"bellum {game.variant} {game.players}p"
    if header != expected:
        raise InvalidPosition(f"the first line must be {expected!r}, not {header!r}")
    state = BellumState(game, 0)
    try:
        turn = dict(part.strip().split(" ", 1) for part in reader.get("turn").split(","))
        state.round = int(turn["round"])
        state.active = int(turn["team"])
        state.member = int(turn["member"])
        state.phase = turn["phase"]
        state.first = int(turn["first"])
    except (KeyError, ValueError):
        raise InvalidPosition(
            "the turn line reads like 'round 1, team 0, member 0, phase rally, first 0'"
        ) from None
    if state.phase not in PHASE_NAMES or not 0 <= state.active < 2:
        raise InvalidPosition(f"unknown phase {state.phase!r} or team {state.active}")
    for flag in reader.get("flags").split():
        if flag == "strategy_used":
            state.strategy_used = True
        elif flag == "died_this_turn":
            state.died_this_turn = True
        elif flag.startswith("pillage="):
            amount, _, clan = flag[8:].partition(":")
            state.pillage_bonus = (int(amount), "" if clan == "any" else clan)
        elif flag != "-":
            raise InvalidPosition(f"unknown flag {flag!r}")
    for team in range(game.teams):
        match = re.match(r"^(\w+), pillaged (\d), strategy (\d+)$", reader.get(f"city {team}"))
        if not match:
            raise InvalidPosition(f"city {team} reads like 'Athens, pillaged 0, strategy 3'")
        state.cities[team] = "" if match[1] == "none" else match[1]
        state.pillaged[team] = int(match[2])
        state.strategy[team] = int(match[3])
    for side in range(game.sides):
        for zone in ("deck", "hand", "discard", "play"):
            key = f"side {side} {zone}"
            getattr(state, zone)[side] = reader.cards(state, reader.get(key), side, key)
    for battlefield in range(game.battlefields):
        key = f"olympus {battlefield}"
        piles = reader.get(key).split("|")
        if len(piles) != 4:
            raise InvalidPosition(f"{key}: four stacks separated by |")
        state.stacks[battlefield] = [reader.cards(state, p.strip(), -1, key) for p in piles]
    piles = reader.get("legends").split("|")
    if len(piles) != 4:
        raise InvalidPosition("legends: four stacks separated by |")
    state.legends = [reader.cards(state, p.strip(), -1, "legends") for p in piles]
    state.market = reader.cards(state, reader.get("market"), -1, "market")
    state.stock = reader.cards(state, reader.get("stock"), -1, "stock")
    state.resolving = reader.cards(state, reader.get("resolving"), None, "resolving")
    try:
        attackers, _, blocks = reader.get("assault").partition("/")
        state.attackers = [int(x) for x in attackers.split() if x != "-"]
        state.blocks = [
            (int(a), int(b)) for a, _, b in (x.partition(">") for x in blocks.split() if x != "-")
        ]
        state.rally_left = [int(x) for x in reader.get("rally left").split() if x != "-"]
        match = re.match(r"^cycles (\d+), fled (\d+), reinforcements (.*)$", reader.get("solo"))
        if not match:
            raise ValueError("solo")
        state.cycles, state.fled = int(match[1]), int(match[2])
        state.reinforcements = [int(x) for x in match[3].split() if x != "-"]
        state.stack = list(_tuples(json.loads(reader.get("stack"))))
    except (ValueError, TypeError):
        raise InvalidPosition("the assault, rally left, solo or stack line is malformed") from None
    if "result" in reader.lines:
        winners, _, reason = reader.lines["result"].partition("|")
        state.winners = tuple(int(x) for x in winners.split() if x != "-")
        state.reason = reason.strip()
    seen: dict[int, str] = {}
    for name, uids in _zones(state):
        for uid in uids:
            if uid in seen:
                raise InvalidPosition(
                    f"card {game.table.token[uid]} is both in {seen[uid]} and in {name}"
                )
            seen[uid] = name
    return state


def _zones(state: BellumState) -> list[tuple[str, list[int]]]:
    out = []
    for side in range(state.game.sides):
        for zone in ("deck", "hand", "discard", "play"):
            out.append((f"side {side} {zone}", getattr(state, zone)[side]))
    for battlefield, stacks in enumerate(state.stacks):
        for number, pile in enumerate(stacks):
            out.append((f"olympus {battlefield} {ROMAN[number]}", pile))
    for number, pile in enumerate(state.legends):
        out.append((f"legend {ROMAN[number]}", pile))
    out += [("market", state.market), ("stock", state.stock), ("resolving", state.resolving)]
    return out
