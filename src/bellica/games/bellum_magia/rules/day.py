"""A day: the active horde rolled (and rolled again), gathering, scouts, attacks, recruiting,
and the end of the day or of the game."""

from __future__ import annotations

from dataclasses import dataclass

from bellica.core import Action
from bellica.core.stack import Count, Decision, Side, Step
from bellica.games.bellum_magia.rules import TASKS
from bellica.games.bellum_magia.rules.hordes import (
    FOOD,
    GLYPH,
    MAPS,
    THIEVES,
    can_raid,
    can_storm,
)
from bellica.games.bellum_magia.rules.kingdom import raid, refill_places
from bellica.games.bellum_magia.rules.recruit import Recruit
from bellica.games.bellum_magia.rules.stock import gain, pay, steal, win_chests
from bellica.games.bellum_magia.state import (
    ATTACK,
    BARREL,
    CHESTS_TO_END,
    OVER,
    RECRUIT,
    ROLL,
    MagiaState,
)

DAY_LIMIT = "the day limit"  # how an ending by the day_limit house rule begins


# -- 1. choose the active horde -------------------------------------------------------------
def begin_day(state: MagiaState) -> None:
    """A new day: the Captain rolls the die for the active horde, then the lords are asked,
    from the Captain, whether they have it rolled again."""
    state.day += 1
    state.phase = ROLL
    state.attacked = [False] * state.game.players
    state.caused.append(("day", state.day, state.captain))
    roll(state, state.captain, "")
    state.stack.append(RerollRound(0))


def roll(state: MagiaState, lord: int, why: str) -> None:
    """The Captain rolls the die (`why`: "" for the day's roll, "barrel" when `lord` bought a
    round, "confusion" for the Captain's spell)."""
    state.die = state.rng.d6()
    state.caused.append(("roll", lord, state.die, why))


def may_reroll(state: MagiaState, lord: int) -> bool:
    """Whether `lord` has something to force a new roll with: a Barrel, or (the Captain) a
    Confusion spell not yet turned today."""
    if state.held[lord][BARREL] > 0:
        return True
    return lord == state.captain and state.spells_used[lord] < state.spells[lord]


@TASKS.kind("reroll_round")
@dataclass(frozen=True, slots=True)
class RerollRound(Step):
    """Ask the lords in today's order, from the `index`-th, whether they force a new roll;
    those with nothing to spend are passed over. When nobody is left, the horde stands."""

    index: Count

    def run(self, state: MagiaState) -> None:
        order = state.order()
        for i in range(self.index, len(order)):
            if may_reroll(state, order[i]):
                state.stack.append(AskReroll(order[i], i))
                return
        horde_chosen(state)


@TASKS.kind("ask_reroll")
@dataclass(frozen=True, slots=True)
class AskReroll(Decision):
    """`side` (the `index`-th in today's order) lets the roll stand, buys a round with a
    Barrel, or (the Captain) casts a Confusion spell; a new roll starts the asking again from
    the Captain."""

    side: Side
    index: Count

    def choices(self, state: MagiaState) -> list[Action]:
        plain = state.game.actions.plain
        side = self.side
        out = [plain("keep")]
        if state.held[side][BARREL] > 0:
            out.append(plain("barrel"))
        if side == state.captain and state.spells_used[side] < state.spells[side]:
            out.append(plain("confusion"))
        return out

    def choose(self, state: MagiaState, action: Action) -> None:
        side = self.side
        if action.kind == "keep":
            state.stack.append(RerollRound(self.index + 1))
            return
        if action.kind == "barrel":
            pay(state, side, BARREL, 1)
        else:
            state.spells_used[side] += 1
        roll(state, side, action.kind)
        state.stack.append(RerollRound(0))

    def automatic(self, action: Action) -> bool:
        return False


# -- 2. gather resources, 3. call back the scouts ---------------------------------------------
def horde_chosen(state: MagiaState) -> None:
    """The die stands: everyone gathers, the scouts come back, the attacks begin."""
    order = state.order()
    for lord in order:
        line = state.active(lord)
        food = gain(state, lord, FOOD, line[FOOD])
        glyph = gain(state, lord, GLYPH, line[GLYPH])
        state.caused.append(("gather", lord, food, glyph, line[FOOD], line[GLYPH]))
    scouts(state, order)
    state.phase = ATTACK
    state.stack.append(AttackTurn(0))


def scouts(state: MagiaState, order: tuple[int, ...]) -> None:
    """The most treasure maps on the active line win a Metal chest; lords tied for the most
    win a Wooden chest each; when nobody has a map, nothing happens."""
    maps = [state.active(lord)[MAPS] for lord in range(state.game.players)]
    best = max(maps)
    if best == 0:
        return
    found = [lord for lord in order if maps[lord] == best]
    kind = "metal" if len(found) == 1 else "wooden"
    for lord in found:
        taken = win_chests(state, lord, kind, 1)
        state.caused.append(("scouts", lord, kind, tuple(taken), best))


# -- 4. attack ------------------------------------------------------------------------------
@TASKS.kind("attack_turn")
@dataclass(frozen=True, slots=True)
class AttackTurn(Step):
    """The `index`-th lord in today's order makes its attack; after the last, the chests are
    counted."""

    index: Count

    def run(self, state: MagiaState) -> None:
        order = state.order()
        if self.index >= len(order):
            attacks_done(state)
            return
        state.stack.append(AttackTurn(self.index + 1))
        state.stack.append(Attack(order[self.index]))


@TASKS.kind("attack")
@dataclass(frozen=True, slots=True)
class Attack(Decision):
    """`side` raids a Place or the Tavern, attacks another lord's castle, or makes no attack;
    a lord whose horde can attack nothing is not asked."""

    side: Side

    def choices(self, state: MagiaState) -> list[Action]:
        space = state.game.actions
        side = self.side
        out = [
            space.card("raid", p) for p in state.places + state.tavern if can_raid(state, side, p)
        ]
        out += [
            space.card("attack", state.castle[victim][0])
            for victim in state.order()
            if victim != side and can_storm(state, side, victim)
        ]
        return [*out, space.plain("pass")] if out else []

    def choose(self, state: MagiaState, action: Action) -> None:
        side = self.side
        if action.kind == "pass":
            state.caused.append(("pass", side))
            return
        state.attacked[side] = True
        uid = state.game.actions.uid(action)
        if action.kind == "raid":
            raid(state, side, uid)
            return
        victim = next(lord for lord in range(state.game.players) if state.castle[lord] == [uid])
        thieves = state.active(side)[THIEVES]
        state.caused.append(("storm", side, victim, thieves))
        state.stack.append(Steal(side, victim, min(thieves, len(state.stock[victim]))))


@TASKS.kind("steal")
@dataclass(frozen=True, slots=True)
class Steal(Decision):
    """`side`'s thieves take `left` more chests from `victim`, one at a time, face down; once
    done, the robbed lord gains one Shield token."""

    side: Side
    victim: Side
    left: Count

    def choices(self, state: MagiaState) -> list[Action]:
        card = state.game.actions.card
        return [card("steal", u) for u in state.stock[self.victim]]

    def choose(self, state: MagiaState, action: Action) -> None:
        victim = self.victim
        steal(state, self.side, victim, state.game.actions.uid(action))
        if self.left > 1 and state.stock[victim]:
            state.stack.append(Steal(self.side, victim, self.left - 1))
            return
        state.shields[victim] += 1
        state.caused.append(("shield", victim))

    mid_move = True


def attacks_done(state: MagiaState) -> None:
    """After the attack phase: ten chests (or the house rule's last day) end the game;
    otherwise the recruiting begins."""
    game = state.game
    if any(len(state.stock[lord]) >= CHESTS_TO_END for lord in range(game.players)):
        finish(state, "")
        return
    if game.day_limit and state.day >= game.day_limit:
        finish(state, f"{DAY_LIMIT} ({game.day_limit} days, a house rule) is reached")
        return
    state.phase = RECRUIT
    state.stack.append(RecruitTurn(0))


# -- 5. recruit, 6. end of the day ------------------------------------------------------------
@TASKS.kind("recruit_turn")
@dataclass(frozen=True, slots=True)
class RecruitTurn(Step):
    """The `index`-th lord in today's order recruits; after the last, the day ends."""

    index: Count

    def run(self, state: MagiaState) -> None:
        order = state.order()
        if self.index >= len(order):
            end_day(state)
            return
        state.stack.append(RecruitTurn(self.index + 1))
        state.stack.append(Recruit(order[self.index], 0))


def end_day(state: MagiaState) -> None:
    """The Places are refilled, the Confusion spells turn back, the die passes to the left:
    the next lord is the Captain (the empty stack begins the next day)."""
    refill_places(state)
    state.spells_used = [0] * state.game.players
    state.captain = (state.captain + 1) % state.game.players
    state.die = 0
    state.caused.append(("captain", state.captain))


# -- the end ----------------------------------------------------------------------------------
def finish(state: MagiaState, why: str) -> None:
    """The chests are turned over: the richest lord wins; a tie goes to the most chests;
    still tied, they share it."""
    lords = range(state.game.players)
    key = [(state.wealth(lord), len(state.stock[lord])) for lord in lords]
    best = max(key)
    state.winners = tuple(lord for lord in lords if key[lord] == best)
    shown = 0  # every chest held is turned over and counted: everybody sees them now
    for lord in lords:
        for uid in state.stock[lord]:
            shown |= 1 << uid
    state.seen = [seen | shown for seen in state.seen]
    state.phase = OVER
    state.stack.clear()
    names = " and ".join(state.seat_label(lord) for lord in state.winners)
    wealth, chests = best
    shared = len(state.winners) > 1
    text = f"{names} {'share the victory' if shared else 'is the richest lord'}: {wealth} in "
    text += f"{chests} chest{'' if chests == 1 else 's'}"
    if len(state.winners) > 1:
        text += " each"
    elif sum(1 for k in key if k[0] == wealth) > 1:
        text += " (the most chests breaks the tie)"
    holder = next((lord for lord in lords if len(state.stock[lord]) >= CHESTS_TO_END), None)
    if why:
        text += f"; {why}"
    elif holder is not None and holder not in state.winners:
        text += f"; {state.seat_label(holder)}'s {len(state.stock[holder])} chests ended the game"
    state.reason = text
    state.caused.append(("over", state.winners))
