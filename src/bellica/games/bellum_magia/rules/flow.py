"""Whose decision it is and what it offers: the stack's top; a new day when the stack is empty."""

from __future__ import annotations

from bellica.core import Action
from bellica.core.stack import offered, take
from bellica.games.bellum_magia.rules.day import begin_day
from bellica.games.bellum_magia.state import MagiaState


def legal_actions(state: MagiaState) -> list[Action]:
    return offered(state, no_actions)


def no_actions(state: MagiaState) -> list[Action]:
    """Every decision of the game is a task on the stack: with none pending, none is open."""
    return []


def apply_action(state: MagiaState, action: Action) -> None:
    take(state, action, refuse, idle)


def refuse(state: MagiaState, action: Action) -> None:
    raise AssertionError(f"no decision is pending for {action}")


def idle(state: MagiaState) -> list[Action] | None:
    """Nothing pending: over, or a new day begins."""
    if state.winners is not None:
        return []
    begin_day(state)
    return None
