"""Whose decision it is and what it offers: the stack's top, or the phase; carrying actions out."""

from __future__ import annotations

from bellica.core import Action
from bellica.core.events import FORCED
from bellica.core.stack import offered, take
from bellica.games.siege_of_olympus.rules import turn
from bellica.games.siege_of_olympus.rules.synergies import settle
from bellica.games.siege_of_olympus.state import ATTACK, DEPLOY, RECRUIT, SiegeState

# A phase whose only possible action is ending it ends by itself (the log still says so).
AUTOMATIC = frozenset({"end_recruit"})


def legal_actions(state: SiegeState) -> list[Action]:
    return offered(state, phase_actions)


def phase_actions(state: SiegeState) -> list[Action]:
    """The active player's decisions when nothing is pending: the phase's own."""
    space = state.game.actions
    side = state.active
    card, plain = space.card, space.plain
    phase = state.phase
    out: list[Action] = []
    if phase == DEPLOY:
        out += [card("summon", u) for u in turn.summonable(state, side)]
        out += [card("cast", u) for u in turn.castable(state, side)]
        if state.minions[side] or not state.ability_used[side]:
            out += [card("use", u) for u in turn.usable(state, side)]
        if not state.exchanged and state.agora:
            out += [card("leave", u) for u in sorted(state.hand[side])]
        out.append(plain("end_deploy"))
    elif phase == RECRUIT:
        out += turn.attacks(state, side)
        out.append(plain("end_recruit"))
    elif phase == ATTACK:
        out += turn.attacks(state, side)
        out.append(plain("end_turn"))
    return out


def apply_action(state: SiegeState, action: Action) -> None:
    take(state, action, apply_phase, idle)


def apply_phase(state: SiegeState, action: Action) -> None:
    side = state.active
    kind = action.kind
    space = state.game.actions
    if kind == "attack":
        attacker, target = space.fight(action)
        turn.declare(state, side, attacker, target)
    elif kind == "summon":
        turn.summon(state, side, space.uid(action))
    elif kind == "cast":
        turn.cast(state, side, space.uid(action))
    elif kind == "use":
        turn.use(state, side, space.uid(action))
    elif kind == "leave":
        turn.exchange(state, side, space.uid(action))
    elif kind == "end_deploy":
        turn.end_deploy(state)
    elif kind == "end_recruit":
        turn.end_recruit(state)
    elif kind == "end_turn":
        turn.end_turn(state)


def idle(state: SiegeState) -> list[Action] | None:
    """Nothing pending: settle what the minions in play make happen, then offer the phase's
    decisions (a phase that can only end, ends)."""
    if state.winners is not None:
        return []
    settle(state)
    if state.winners is not None:
        return []
    if state.stack:
        return None
    out = phase_actions(state)
    if len(out) == 1 and out[0].kind in AUTOMATIC:
        state.caused.append((FORCED, state.active, out[0]))
        apply_phase(state, out[0])
        return None
    return out
