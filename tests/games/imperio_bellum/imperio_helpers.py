"""Helpers for the Imperio Bellum tests: positions from a few squares, scripted dice, actions by
their text, and what stands on a square."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import bellica
from bellica.core import Action
from bellica.games.imperio_bellum.board import DEFENDER, parse_square
from bellica.games.imperio_bellum.game import ImperioBellum
from bellica.games.imperio_bellum.pieces import CAPTURED, ENTRENCHED, LETTERS
from bellica.games.imperio_bellum.state import ImperioBellumState

FILES = "abcdefghi"

# Each side's headquarters in a far corner, with one spare footsoldier beside it, so that a
# position has a base and a fighting piece per side without touching the action in the middle.
CAMPS = {"a1": "H", "b1": "F", "i9": "h", "h9": "f"}


class ScriptedDice:
    """Stands in for a state's Rng. Each `roll(n)` returns the next scripted total and records
    `n`, so a test can say both what the dice show and how many dice each side was given."""

    state = None  # no generator behind the dice: events give their totals, not their faces

    def __init__(self, totals: Iterable[int]) -> None:
        self.totals = list(totals)
        self.asked: list[int] = []

    def roll(self, dice: int) -> int:
        if not self.totals:
            raise AssertionError(f"an unscripted roll of {dice} dice (after {self.asked})")
        self.asked.append(dice)
        return self.totals.pop(0)

    def d6(self) -> int:
        return self.roll(1)

    def below(self, n: int) -> int:
        raise AssertionError("the rules engine drew a non-dice random number")

    def next64(self) -> int:
        raise AssertionError("the rules engine drew raw random bits")

    def clone(self) -> ScriptedDice:
        copy = ScriptedDice(self.totals)
        copy.asked = list(self.asked)
        return copy

    @property
    def used_up(self) -> bool:
        return not self.totals


def game(**options: Any) -> ImperioBellum:
    loaded = bellica.load("imperio-bellum", options=options)
    assert isinstance(loaded, ImperioBellum)
    return loaded


def position_text(pieces: dict[str, str], **headers: Any) -> str:
    """Position text with `pieces` ({"c3": "K", "c5": "p+"}) on an otherwise open board.
    Header keywords use underscores for dashes (to_move="defender"); None leaves one out.
    In play the round is 1 and the attacker to move unless given; during setup the round is
    0 and the phase says who is to move."""
    board = [["O"] * 9 for _ in range(9)]
    for sq, token in pieces.items():
        s = parse_square(sq)
        board[s // 9][s % 9] = token
    lines = ["imperio-bellum"]
    playing = headers.get("phase", "play") in ("play", "over")
    fields = {
        "phase": "play",
        "round": 1 if playing else 0,
        "to_move": "attacker" if playing else None,
        **headers,
    }
    for key, value in fields.items():
        if value is not None:
            lines.append(f"{key.replace('_', '-')}: {value}")
    lines.append("board:")
    for rank in range(8, -1, -1):
        lines.append(f"{rank + 1} " + " ".join(board[rank]))
    lines.append("  " + " ".join(FILES))
    return "\n".join(lines) + "\n"


def load(
    pieces: dict[str, str],
    *,
    dice: Iterable[int] = (),
    options: dict[str, Any] | None = None,
    **headers: Any,
) -> ImperioBellumState:
    """A state from `pieces` and headers, with scripted dice (rolling more raises)."""
    state = game(**(options or {})).load_position(position_text(pieces, **headers))
    state.rng = ScriptedDice(dice)
    return state


def texts(state: ImperioBellumState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def find(state: ImperioBellumState, text: str) -> Action:
    for action in state.legal_actions():
        if str(action) == text:
            return action
    raise AssertionError(f"{text!r} is not legal; legal: {texts(state)}")


def do(state: ImperioBellumState, *steps: str) -> ImperioBellumState:
    """Apply the actions with these texts, in order."""
    for text in steps:
        state.apply(find(state, text))
    return state


def at(state: ImperioBellumState, sq: str) -> str:
    """The notation token on a square: "O", "K", "p+", "B*"."""
    s = parse_square(sq)
    p = state.board[s]
    if not p:
        return "O"
    letter = LETTERS[p & 7]
    if p >> 3 == DEFENDER:
        letter = letter.lower()
    flags = state.flags[s]
    return letter + ("+" if flags & ENTRENCHED else "") + ("*" if flags & CAPTURED else "")


def dice_asked(state: ImperioBellumState) -> list[int]:
    rng = state.rng
    assert isinstance(rng, ScriptedDice)
    return rng.asked


def header(state: ImperioBellumState, key: str) -> str | None:
    """The value of one header line of `state.position()`, or None when it is not written."""
    for line in state.position().splitlines():
        if line.startswith(f"{key}:"):
            return line.partition(":")[2].strip()
    return None
