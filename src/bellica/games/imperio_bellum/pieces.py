"""The pieces: kinds, their names and letters, and how a piece is packed into one integer."""

from __future__ import annotations

# A square holds 0 (open) or side * 8 + kind.
KNIGHT, ARCHER, PIKEMAN, FOOTSOLDIER, BASE, HEADQUARTERS = 1, 2, 3, 4, 5, 6
UNIT_KINDS = (
    KNIGHT,
    ARCHER,
    PIKEMAN,
    FOOTSOLDIER,
)  # the kinds that fight and can be reinforcements
BASE_KINDS = (BASE, HEADQUARTERS)

KIND_NAMES = {
    KNIGHT: "knight",
    ARCHER: "archer",
    PIKEMAN: "pikeman",
    FOOTSOLDIER: "footsoldier",
    BASE: "base",
    HEADQUARTERS: "headquarters",
}
KIND_BY_NAME = {v: k for k, v in KIND_NAMES.items()}
# Letters from the rulebook's board representation (B, K, A, P, F; H for the headquarters).
LETTERS = {KNIGHT: "K", ARCHER: "A", PIKEMAN: "P", FOOTSOLDIER: "F", BASE: "B", HEADQUARTERS: "H"}
KIND_BY_LETTER = {v: k for k, v in LETTERS.items()}

# Per-square flags, kept beside the board and moved with the piece.
ENTRENCHED = 1  # a pikeman that stood still through a whole turn of its side
ACTED = 2  # the piece has acted (or arrived) this turn
MOVED = 4  # the piece changed square this turn (it arrived, moved or advanced)
CAPTURED = 8  # a base held by the side that captured it from its original owner


def piece(side: int, kind: int) -> int:
    return side * 8 + kind


def side_of(p: int) -> int:
    return p >> 3


def kind_of(p: int) -> int:
    return p & 7


def is_base(p: int) -> bool:
    return (p & 7) >= BASE


def title(kind: int) -> str:
    return KIND_NAMES[kind].capitalize()
