"""Whose decision it is and what it offers: every decision is a task on the stack."""

from __future__ import annotations

from typing import Any

from bellica.core import Action
from bellica.core.stack import advance, offered
from bellica.games.para_bellum.rules.scoring import check_objectives
from bellica.games.para_bellum.state import ParaState


def legal_actions(state: ParaState) -> list[Action]:
    return offered(state, no_actions)


def no_actions(state: ParaState) -> list[Action]:
    """Every decision of the game is a task on the stack: with none pending, none is open."""
    return []


def apply_action(state: ParaState, action: Action) -> None:
    """The decision on top of the stack takes the action (stack.take, without a phase's own
    actions to fall back on); the stack runs to the next decision; objectives are checked."""
    if not state.stack:
        refuse(state, action)
    decision: Any = state.stack.pop()
    decision.choose(state, action)
    advance(state, idle)
    check_objectives(state)


def refuse(state: ParaState, action: Action) -> None:
    raise AssertionError(f"no decision is pending for {action}")


def idle(state: ParaState) -> list[Action] | None:
    """The stack is never empty while the game goes on: the end of each turn begins the next."""
    return []
