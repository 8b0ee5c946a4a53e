"""Whose decision it is and what it offers: the stack's top, or the phase; carrying actions out."""

from __future__ import annotations

from bellica.core import Action
from bellica.core.events import FORCED
from bellica.core.stack import offered, take
from bellica.games.bellum.rules import turn
from bellica.games.bellum.rules.buying import buy, buy_options
from bellica.games.bellum.state import DECLARE, DEPLOY, DRAW, KEEP, RALLY, BellumState

# Phase decisions taken without asking when they are the only thing a player can do.
AUTOMATIC = frozenset({"end_rally", "end_declare", "end_deploy", "keep", "draw_0"})


def legal_actions(state: BellumState) -> list[Action]:
    return offered(state, phase_actions)


def phase_actions(state: BellumState) -> list[Action]:
    """The active player's decisions when nothing is pending: the phase's own."""
    game = state.game
    space = game.actions
    side = state.active_side()
    hand_uses = game.hand_uses
    card, plain = space.card, space.plain
    phase = state.phase
    out: list[Action] = []
    if phase == RALLY:
        out += [card("resolve", u) for u in state.rally_left]
        out += [card("play", u) for u in turn.playable(state, side, RALLY)]
        if hand_uses is not None:
            out += [card("use", u) for u in hand_uses(state, side)]
        if not state.rally_left or all(
            game.script.optional_rally(state, u) for u in state.rally_left
        ):
            out.append(plain("end_rally"))
    elif phase == DECLARE:
        out += [card("attack", u) for u in turn.attack_options(state, side)]
        out.append(plain("end_declare"))
    elif phase == DEPLOY:
        out += [card("play", u) for u in turn.playable(state, side, DEPLOY)]
        out += [card("buy", u) for u in buy_options(state, side)]
        if hand_uses is not None:
            out += [card("use", u) for u in hand_uses(state, side)]
        if turn.can_strategy(state, side):
            out.append(plain("strategy"))
        out.append(plain("end_deploy"))
    elif phase == DRAW:
        most = turn.draw_options(state, side)
        out += [plain(f"draw_{n}") for n in range(most, -1, -1)]
    elif phase == KEEP:
        out += [card("discard", u) for u in sorted(state.hand[side])]
        if len(state.hand[side]) <= turn.HAND_SIZE:
            out.append(plain("keep"))
    return out


def apply_action(state: BellumState, action: Action) -> None:
    take(state, action, _phase_action, idle)


def _phase_action(state: BellumState, action: Action) -> None:
    apply_phase(state, action.kind, state.game.actions.uid(action))


def apply_phase(state: BellumState, kind: str, uid: int) -> None:
    side = state.active_side()
    if kind == "resolve":
        turn.resolve_rally(state, uid)
    elif kind == "play":
        turn.play_card(state, side, uid)
    elif kind == "use":
        state.game.script.use_from_hand(state, side, uid)
    elif kind == "end_rally":
        turn.end_rally(state)
    elif kind == "attack":
        turn.declare(state, uid)
    elif kind == "end_declare":
        turn.end_declare(state)
    elif kind == "buy":
        buy(state, side, uid)
    elif kind == "strategy":
        turn.strategy(state, side)
    elif kind == "end_deploy":
        turn.end_deploy(state)
    elif kind.startswith("draw_"):
        turn.draw_phase(state, side, int(kind[5:]))
    elif kind == "discard":
        state.hand[side].remove(uid)
        state.discard[side].append(uid)
        state.caused.append(("discard", uid, side))
    elif kind == "keep":
        turn.keep(state)
    else:
        raise ValueError(f"unexpected phase action {kind!r}")


def idle(state: BellumState) -> list[Action] | None:
    """Nothing is pending: end the scenario if it is won, take a phase's lone automatic step
    (None: the game moved on), or give the phase's decisions (none once the game is over)."""
    if state.winners is not None:
        return []
    check_end = state.game.check_end
    if check_end is not None and check_end(state):
        return None
    legal = phase_actions(state)
    if len(legal) == 1 and legal[0].kind in AUTOMATIC:  # taken for the player, and logged
        state.caused.append((FORCED, state.current_player, legal[0]))
        apply_phase(state, legal[0].kind, -1)
        return None
    return legal
