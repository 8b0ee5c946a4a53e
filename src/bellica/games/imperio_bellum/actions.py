"""The action space: every Imperio Bellum decision, its index, its words and its JSON."""

from __future__ import annotations

from typing import Any

from bellica.core import Action, IllegalAction
from bellica.core.options import shown
from bellica.games.imperio_bellum.board import distance, name, parse_square
from bellica.games.imperio_bellum.pieces import (
    ARCHER,
    KIND_BY_NAME,
    KIND_NAMES,
    UNIT_KINDS,
    title,
)

N = 81
FORMATION_SLOTS = 8
PRESET_SLOTS = 4

# Index ranges, in order. Piece kinds 1..6 map to 0..5 (units first, then base, headquarters).
PLACE = 0  # + (kind-1)*81 + square
FORMATION = PLACE + 6 * N  # + formation number
READY = FORMATION + FORMATION_SLOTS
REINFORCE = READY + 1  # + (kind-1)
UNREINFORCE = REINFORCE + 4  # + (kind-1)
PRESET = UNREINFORCE + 4  # + preset number
RESERVES_READY = PRESET + PRESET_SLOTS
REMOVE = RESERVES_READY + 1  # + square
RELOCATE = REMOVE + N  # + from*81 + to
ALTERATIONS_DONE = RELOCATE + N * N
SPAWN = ALTERATIONS_DONE + 1  # + (kind-1)*81 + square
NO_SPAWN = SPAWN + 4 * N  # + base square
SELECT = NO_SPAWN + N  # + (kind-1)*81 + square
MOVE = SELECT + 6 * N  # + (kind-1)*6561 + from*81 + to
ATTACK = MOVE + 6 * N * N  # + (kind-1)*6561 + from*81 + to   (units only)
CAPTURE = ATTACK + 4 * N * N  # + square
DESTROY = CAPTURE + N  # + square
HOLD = DESTROY + N  # + (kind-1)*81 + square
END_TURN = HOLD + 6 * N
SIZE = END_TURN + 1


def _piece_name(kind: int) -> str:
    """ "Knight", "Base", "Headquarters": how actions name a piece."""
    return title(kind)


def _a(kind: int) -> str:
    """ "a knight", "an archer"."""
    word = KIND_NAMES[kind]
    return ("an " if word[0] in "aeiou" else "a ") + word


class ActionSpace(dict[int, Action]):
    """Builds each action on first use and keeps it, so equal actions are the same object.

    It is a dict from index to action: a lookup of an action already built costs one dict
    access, which matters because the rules look actions up millions of times.
    """

    def __init__(self, formations: list[str], presets: list[str]) -> None:
        super().__init__()
        if len(formations) > FORMATION_SLOTS or len(presets) > PRESET_SLOTS:
            raise ValueError("too many formations or reinforcement presets")
        self.formations = formations
        self.presets = presets

    def __missing__(self, index: int) -> Action:
        action = self[index] = self._build(index)
        return action

    # -- building ---------------------------------------------------------------------------
    def _build(self, i: int) -> Action:
        if not 0 <= i < SIZE:
            raise IllegalAction(f"action index {i} is outside 0..{SIZE - 1}")
        if i < FORMATION:
            kind, sq = divmod(i - PLACE, N)
            kind += 1
            return Action(
                "place",
                {"piece": KIND_NAMES[kind], "square": name(sq)},
                i,
                f"Place {_piece_name(kind)} at {name(sq)}",
            )
        if i < READY:
            n = i - FORMATION
            if n >= len(self.formations):
                raise IllegalAction(f"there is no formation number {n}")
            label = self.formations[n]
            return Action("formation", {"name": label}, i, f"Deploy formation: {label}")
        if i == READY:
            return Action("ready", {}, i, "Formation ready")
        if i < UNREINFORCE:
            kind = i - REINFORCE + 1
            return Action(
                "reinforce",
                {"piece": KIND_NAMES[kind]},
                i,
                f"Add {_a(kind)} to the reinforcements",
            )
        if i < PRESET:
            kind = i - UNREINFORCE + 1
            return Action(
                "unreinforce",
                {"piece": KIND_NAMES[kind]},
                i,
                f"Take {_a(kind)} out of the reinforcements",
            )
        if i < RESERVES_READY:
            n = i - PRESET
            if n >= len(self.presets):
                raise IllegalAction(f"there is no reinforcement preset number {n}")
            label = self.presets[n]
            return Action("preset", {"name": label}, i, f"Take reinforcements: {label}")
        if i == RESERVES_READY:
            return Action("reserves_ready", {}, i, "Reinforcements ready")
        if i < RELOCATE:
            sq = i - REMOVE
            return Action(
                "remove", {"square": name(sq)}, i, f"Alter: remove the piece at {name(sq)}"
            )
        if i < ALTERATIONS_DONE:
            frm, to = divmod(i - RELOCATE, N)
            return Action(
                "relocate",
                {"from": name(frm), "to": name(to)},
                i,
                f"Alter: move the piece at {name(frm)} to {name(to)}",
            )
        if i == ALTERATIONS_DONE:
            return Action("alterations_done", {}, i, "Alterations done")
        if i < NO_SPAWN:
            kind, sq = divmod(i - SPAWN, N)
            kind += 1
            return Action(
                "spawn",
                {"piece": KIND_NAMES[kind], "square": name(sq)},
                i,
                f"Spawn {title(kind)} at {name(sq)}",
            )
        if i < SELECT:
            sq = i - NO_SPAWN
            return Action(
                "no_spawn", {"base": name(sq)}, i, f"No spawn from the base at {name(sq)}"
            )
        if i < MOVE:
            kind, sq = divmod(i - SELECT, N)
            kind += 1
            return Action(
                "select",
                {"piece": KIND_NAMES[kind], "square": name(sq)},
                i,
                f"{_piece_name(kind)} {name(sq)}",
            )
        if i < ATTACK:
            kind, rest = divmod(i - MOVE, N * N)
            frm, to = divmod(rest, N)
            kind += 1
            return Action(
                "move",
                {"piece": KIND_NAMES[kind], "from": name(frm), "to": name(to)},
                i,
                f"{_piece_name(kind)} {name(frm)} → {name(to)}",
            )
        if i < CAPTURE:
            kind, rest = divmod(i - ATTACK, N * N)
            frm, to = divmod(rest, N)
            kind += 1
            verb = "shoots" if kind == ARCHER and distance(frm, to) >= 2 else "attacks"
            return Action(
                "attack",
                {"piece": KIND_NAMES[kind], "from": name(frm), "to": name(to)},
                i,
                f"{title(kind)} {name(frm)} {verb} {name(to)}",
            )
        if i < DESTROY:
            sq = i - CAPTURE
            return Action("capture", {"square": name(sq)}, i, f"Capture the base at {name(sq)}")
        if i < HOLD:
            sq = i - DESTROY
            return Action("destroy", {"square": name(sq)}, i, f"Destroy the base at {name(sq)}")
        if i < END_TURN:
            kind, sq = divmod(i - HOLD, N)
            kind += 1
            return Action(
                "hold",
                {"piece": KIND_NAMES[kind], "square": name(sq)},
                i,
                f"{_piece_name(kind)} {name(sq)} holds",
            )
        return Action("end_turn", {}, i, "End turn")

    # -- JSON -------------------------------------------------------------------------------
    def from_json(self, data: Any) -> Action:
        """The action a JSON dict names; raises IllegalAction for anything malformed."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise IllegalAction(f"an action must be an object with a 'kind', not {shown(data)}")
        kind = shown(data["kind"])
        try:
            index = self._index(data)
        except (KeyError, ValueError, TypeError, AttributeError, RecursionError) as err:
            why = str(err)[:120] if not isinstance(err, RecursionError) else "nested too deep"
            raise IllegalAction(f"malformed Imperio Bellum action of kind {kind}: {why}") from None
        action = self[index]
        if action.to_json() != data:
            raise IllegalAction(
                f"malformed Imperio Bellum action of kind {kind}: expected {action.to_json()}"
            )
        return action

    def _index(self, d: dict[str, Any]) -> int:
        kind = d["kind"]

        def sq(key: str) -> int:
            return parse_square(d[key])

        def piece(units_only: bool = False) -> int:
            value = KIND_BY_NAME[d["piece"]]
            if units_only and value not in UNIT_KINDS:
                raise ValueError(f"{d['piece']} cannot do that")
            return value - 1

        simple = {
            "ready": READY,
            "reserves_ready": RESERVES_READY,
            "alterations_done": ALTERATIONS_DONE,
            "end_turn": END_TURN,
        }
        if kind in simple:
            return simple[kind]
        if kind == "place":
            return PLACE + piece() * N + sq("square")
        if kind == "formation":
            return FORMATION + self.formations.index(d["name"])
        if kind == "reinforce":
            return REINFORCE + piece(True)
        if kind == "unreinforce":
            return UNREINFORCE + piece(True)
        if kind == "preset":
            return PRESET + self.presets.index(d["name"])
        if kind == "remove":
            return REMOVE + sq("square")
        if kind == "relocate":
            return RELOCATE + sq("from") * N + sq("to")
        if kind == "spawn":
            return SPAWN + piece(True) * N + sq("square")
        if kind == "no_spawn":
            return NO_SPAWN + sq("base")
        if kind == "select":
            return SELECT + piece() * N + sq("square")
        if kind == "move":
            return MOVE + piece() * N * N + sq("from") * N + sq("to")
        if kind == "attack":
            return ATTACK + piece(True) * N * N + sq("from") * N + sq("to")
        if kind == "capture":
            return CAPTURE + sq("square")
        if kind == "destroy":
            return DESTROY + sq("square")
        if kind == "hold":
            return HOLD + piece() * N + sq("square")
        raise ValueError(f"unknown action kind {kind!r}")
