"""The phases of a game of Imperio Bellum, in the order the rulebook runs them."""

from __future__ import annotations

DEFENDER_BASES, DEFENDER_PIECES, DEFENDER_RESERVES = 0, 1, 2
ATTACKER_BASES, ATTACKER_PIECES, ATTACKER_RESERVES = 3, 4, 5
ALTERATIONS, PLAY, OVER = 6, 7, 8

PHASE_NAMES = (
    "defender-bases",
    "defender-pieces",
    "defender-reinforcements",
    "attacker-bases",
    "attacker-pieces",
    "attacker-reinforcements",
    "alterations",
    "play",
    "over",
)
