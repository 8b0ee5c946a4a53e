"""Decisions: who decides now, the legal actions, and carrying an action out."""

from __future__ import annotations

from typing import Any

from bellica.core import Action
from bellica.games.bellum import solo, turn
from bellica.games.bellum.resolve import (
    CHOICES,
    active_side,
    answers_for,
    apply_to,
    bury,
    check_deaths,
    effect_of,
    fire,
    may_answer,
    perform,
    play_spell,
    run_ability,
)
from bellica.games.bellum.state import DECLARE, DEPLOY, DRAW, KEEP, RALLY, BellumState
from bellica.games.bellum.zones import draw, put

# Phase decisions applied without asking when they are the only thing a player can do.
AUTOMATIC = frozenset({"end_rally", "end_declare", "end_deploy", "keep", "draw_0"})


def deciding_side(state: BellumState) -> int:
    stack = state.stack
    if stack:
        return int(stack[-1][1])
    return active_side(state)


# -- legal actions -------------------------------------------------------------------------------
def legal_actions(state: BellumState) -> list[Action]:
    if state.winners is not None:
        return []
    stack = state.stack
    if stack:
        return choice_actions(state, stack[-1])
    return phase_actions(state)


def phase_actions(state: BellumState) -> list[Action]:
    space = state.game.actions
    side = active_side(state)
    card, plain = space.card, space.plain
    phase = state.phase
    out: list[Action] = []
    if phase == RALLY:
        out += [card("resolve", u) for u in state.rally_left]
        out += [card("play", u) for u in turn.playable(state, side, RALLY)]
        out += [card("use", u) for u in solo.hand_uses(state, side)]
        if not state.rally_left or (
            state.game.scenario is not None
            and all(solo.optional_rally(state, u) for u in state.rally_left)
        ):
            out.append(plain("end_rally"))
    elif phase == DECLARE:
        out += [card("attack", u) for u in turn.attack_options(state, side)]
        out.append(plain("end_declare"))
    elif phase == DEPLOY:
        out += [card("play", u) for u in turn.playable(state, side, DEPLOY)]
        out += [card("buy", u) for u in turn.buy_options(state, side)]
        out += [card("use", u) for u in solo.hand_uses(state, side)]
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


def choice_actions(state: BellumState, task: tuple[Any, ...]) -> list[Action]:
    space = state.game.actions
    card, plain = space.card, space.plain
    kind, side = task[0], task[1]
    if kind == "target":
        _, _, frame, cands, optional = task
        out = [card("target", u) for u in cands]
        if optional:
            out.append(card("decline", frame[1]))
        return out
    if kind == "use":
        src = task[2][1]
        return [card("use", src), card("decline", src)]
    if kind == "discard":
        return [card("discard", u) for u in sorted(state.hand[side])]
    if kind == "sacrifice":
        return [card("sacrifice", u) for u in state.living(side)]
    if kind == "remove":
        _, _, frame, optional = task
        out = [card("remove", u) for u in sorted(state.hand[side] + state.discard[side])]
        if optional:
            out.append(card("decline", frame[1]) if frame else plain("skip"))
        return out
    if kind == "look":
        return [card("discard", u) for u in task[3]]
    if kind == "order":
        return [card("resolve", u) for u in task[3]]
    if kind == "answer":
        _, _, event, ctx, _ = task
        return [card("answer", u) for u in answers_for(state, side, event, ctx)] + [plain("pass")]
    if kind == "pay":
        return [card("pay", u) for u in turn.pay_options(state, side, task[3])]
    if kind == "block":
        _, _, _, cands = task
        return [card("block", u) for u in cands] + [plain("no_block")]
    if kind == "assign":
        return [card("target", u) for u in task[3]]
    if kind == "flee":
        return [card("flee", u) for u in task[2]] + [plain("no_flee")]
    raise ValueError(f"unknown decision {kind!r}")


# -- carrying out ----------------------------------------------------------------------------------
def apply_action(state: BellumState, action: Action) -> None:
    uid = -1
    token = action.get("card")
    if token is not None:
        uid = state.game.table.uid_by_token[token]
    if state.stack:
        apply_choice(state, state.stack.pop(), action.kind, uid)
    else:
        apply_phase(state, action.kind, uid)
    advance(state)


def apply_phase(state: BellumState, kind: str, uid: int) -> None:
    side = active_side(state)
    if kind == "resolve":
        turn.resolve_rally(state, uid)
    elif kind == "play":
        turn.play_card(state, side, uid)
    elif kind == "use":
        solo.use_from_hand(state, side, uid)
    elif kind == "end_rally":
        turn.end_rally(state)
    elif kind == "attack":
        turn.declare(state, uid)
    elif kind == "end_declare":
        turn.end_declare(state)
    elif kind == "buy":
        turn.buy(state, side, uid)
    elif kind == "strategy":
        turn.strategy(state, side)
    elif kind == "end_deploy":
        turn.end_deploy(state)
    elif kind.startswith("draw_"):
        draw(state, side, int(kind[5:]))
        turn.after_draw(state)
    elif kind == "discard":
        state.hand[side].remove(uid)
        state.discard[side].append(uid)
    elif kind == "keep":
        turn.keep(state)
    else:
        raise ValueError(f"unexpected phase action {kind!r}")


def apply_choice(state: BellumState, task: tuple[Any, ...], kind: str, uid: int) -> None:
    what, side = task[0], task[1]
    stack = state.stack
    if what == "target":
        frame = task[2]
        if kind == "target":
            apply_to(state, frame, effect_of(state, frame), [uid])
    elif what == "use":
        if kind == "use":
            frame = task[2]
            perform(state, frame, effect_of(state, frame), confirmed=True)
    elif what == "discard":
        state.hand[side].remove(uid)
        state.discard[side].append(uid)
        if task[2] > 1 and state.hand[side]:
            stack.append(("discard", side, task[2] - 1))
    elif what == "sacrifice":
        from bellica.games.bellum.state import DOOMED

        state.status[uid] |= DOOMED
        left = [u for u in state.living(side) if u != uid and not state.status[u] & DOOMED]
        if task[2] > 1 and left:
            stack.append(("sacrifice", side, task[2] - 1))
    elif what == "remove":
        if kind == "remove":
            pile = state.hand[side] if uid in state.hand[side] else state.discard[side]
            pile.remove(uid)
            put(state, uid, side, "stock")
    elif what == "look":
        victim, seen = task[2], task[3]
        deck = state.deck[victim]
        deck.remove(uid)
        state.discard[victim].append(uid)
        rest = [u for u in seen if u != uid]
        # The other cards go back and the deck is shuffled (ruling): nobody tracks its order.
        if rest:
            state.rng.shuffle(deck)
    elif what == "order":
        rest = tuple(u for u in task[3] if u != uid)
        if rest:
            stack.append(("order", side, task[2], rest))
        fire(state, task[2], uid)
    elif what == "answer":
        _, _, event, ctx, rest = task
        if kind == "answer":
            stack.append(("window", event, ctx, (side, *rest)))
            play_spell(state, side, uid, "answer", ctx)
        else:
            stack.append(("window", event, ctx, rest))
    elif what == "pay":
        state.hand[side].remove(uid)
        state.discard[side].append(uid)
        rest = task[3][1:]
        if rest:
            stack.append(("pay", side, task[2], rest))
    elif what == "block":
        if kind == "block":
            turn.block(state, task[2], uid)
    elif what == "assign":
        solo.assign(state, task, uid)
    elif what == "flee":
        if kind == "flee":
            solo.flee(state, uid)
    else:
        raise ValueError(f"unexpected decision {what!r}")


# -- running the stack ---------------------------------------------------------------------------
def run_task(state: BellumState, task: tuple[Any, ...]) -> None:
    kind = task[0]
    if kind == "ability":
        run_ability(state, task)
    elif kind == "deaths":
        check_deaths(state)
    elif kind == "bury":
        bury(state, task[1], task[2])
    elif kind == "spell_done":
        uid = task[1]
        state.resolving.remove(uid)
        state.status[uid] = 0
        state.discard[state.owner[uid]].append(uid)
    elif kind == "window":
        _, event, ctx, sides = task
        for i, side in enumerate(sides):
            if may_answer(state, side, event, ctx):
                state.stack.append(("answer", side, event, ctx, sides[i + 1 :]))
                return
    elif kind == "blocks":
        turn.run_blocks(state, task[1])
    elif kind == "combat":
        turn.combat(state)
    elif kind == "pillage_step":
        turn.pillage_step(state)
    elif kind == "pillage":
        turn.pillage(state, task[1], task[2])
    elif kind == "assault_end":
        turn.assault_end(state)
    elif kind == "bought":
        turn.bought(state, task[1], task[2])
    elif kind == "end_turn":
        turn.end_turn(state)
    elif kind.startswith("solo_"):
        solo.run_task(state, task)
    else:
        raise ValueError(f"unknown task {kind!r}")


def advance(state: BellumState) -> None:
    """Run the stack until a decision is needed (or the game ends). Forced choices (a single
    mandatory option) and phase ends with nothing else to do are taken without asking."""
    stack = state.stack
    while state.winners is None:
        if stack:
            task = stack[-1]
            if task[0] in CHOICES:
                legal = choice_actions(state, task)
                if not legal:
                    stack.pop()
                    continue
                if len(legal) == 1 and legal[0].kind not in ("pass", "no_block", "no_flee"):
                    action = legal[0]
                    token = action.get("card")
                    uid = state.game.table.uid_by_token[token] if token is not None else -1
                    apply_choice(state, stack.pop(), action.kind, uid)
                    continue
                state._legal = legal
                return
            stack.pop()
            run_task(state, task)
            continue
        if state.game.scenario is not None and solo.check_end(state):
            continue
        legal = phase_actions(state)
        if len(legal) == 1 and legal[0].kind in AUTOMATIC:
            apply_phase(state, legal[0].kind, -1)
            continue
        state._legal = legal
        return
    state._legal = []
