"""The error classes every part of bellica raises for bad input."""

from __future__ import annotations


class BellicaError(Exception):
    """Base of every error bellica raises on purpose; its message is meant for a person."""


class IllegalAction(BellicaError):
    """An action that is not legal in the state it was applied to (the state is unchanged)."""


class InvalidPosition(BellicaError):
    """A position text that does not describe a valid state of the game."""


class InvalidConfig(BellicaError):
    """An unknown game, a bad player count, variant or option."""


class InvalidCardData(BellicaError):
    """A card, board or scenario data file that fails validation."""


class InvalidRecord(BellicaError):
    """A game record that cannot be read or does not replay."""
