"""Effects and rule changes: what cards do (one verb at a time), the round's and the
permanents' modifiers, and the payments for costs named by their source (rules.dice)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from bellica.core import Action
from bellica.core.stack import Card, Count, Decision, Side, Step, Word
from bellica.games.para_bellum.cards import Alliance, Battle, Command, Effect, Event
from bellica.games.para_bellum.rules import TASKS, task
from bellica.games.para_bellum.rules.dice import (
    Pay,
    add_die,
    banner_choices,
    cost_of,
    count,
    dice,
    empty_slots,
    set_value,
    value,
)
from bellica.games.para_bellum.rules.grid import occupy
from bellica.games.para_bellum.rules.modifiers import modifier, rules_changed
from bellica.games.para_bellum.state import ParaState


# -- payments -------------------------------------------------------------------------------
def push_payment(state: ParaState, side: int, what: str) -> None:
    """Put the Pay decisions for a cost on the stack, the first item on top."""
    state.stack += payments(side, what, len(cost_of(state, side, what)))


@cache
def payments(side: int, what: str, items: int) -> tuple[Pay, ...]:
    """The Pay decisions for a cost of so many items, the last first: the same tasks serve
    every payment (a task never changes)."""
    return tuple(Pay(side, what, index) for index in reversed(range(items)))


# -- effects ----------------------------------------------------------------------------------
def effects_of(state: ParaState, card: int, where: str) -> Sequence[Effect]:
    """The effects a source names: an Order's option ("opt1"), a Permanent's or Special Unit's
    action ("use"), a Battle Bonus ("gold"…), an Event's reveal ("reveal"), an Alliance's
    action ("alliance") or Runner bonus ("runner"). The card's own list: not to be changed;
    looked up once per game (ParaBellum.effects)."""
    known = state.game.effects
    found = known.get((card, where))
    if found is None:
        found = known[card, where] = named_effects(state.game.table.card[card], where)
    return found


def named_effects(entry: object, where: str) -> Sequence[Effect]:
    """effects_of's answer for a card's entry in the card file."""
    if isinstance(entry, Command):
        if where in ("opt1", "opt2"):
            return entry.options[int(where[3]) - 1].effects
        return entry.action.effects if entry.action is not None else ()
    if isinstance(entry, Battle):
        return entry.bonus(where)
    if isinstance(entry, Event):
        return entry.on_reveal
    if isinstance(entry, Alliance):
        return entry.action.effects if where == "alliance" else entry.bonus
    return ()


def push_effects(state: ParaState, side: int, card: int, where: str) -> None:
    """Put a source's effects on the stack, the first on top."""
    state.stack += effect_steps(side, card, where, len(effects_of(state, card, where)))


@cache
def effect_steps(side: int, card: int, where: str, effects: int) -> tuple[Do, ...]:
    """The steps that carry out so many effects of a source, the last first: the same tasks
    serve every time (a task never changes)."""
    return tuple(Do(side, card, where, index) for index in reversed(range(effects)))


@dataclass(frozen=True, slots=True)
class Do(Step):
    """`side` carries out effect `index` of a source (`card`, `where`: see effects_of)."""

    side: Side
    card: Card
    where: Word
    index: Count

    def run(self, state: ParaState) -> None:
        effect = effects_of(state, self.card, self.where)[self.index]
        do(state, self.side, effect, self.card)


TASKS.add("do", Do)


def verb_amount(state: ParaState, effect: Effect) -> tuple[str, int]:
    """An effect's verb and amount, worked out once per game (the card's effects live as long
    as the game, so each is known by its identity)."""
    known = state.game.verbs
    found = known.get(id(effect))
    if found is None:
        found = known[id(effect)] = (effect.verb, effect.amount)
    return found


def do(state: ParaState, side: int, effect: Effect, source: int) -> None:
    """One effect: at once, or a decision put on the stack."""
    game = state.game
    verb, n = verb_amount(state, effect)
    state.caused.append(("effect", side, source, verb, n))
    if verb == "vp":
        state.vp[side] += n
    elif verb == "coins":
        state.coins[side] += n
        state.recount = True
    elif verb == "draw_army":
        for _ in range(n):
            turn.draw_army(state, side)
    elif verb == "take_command":
        for _ in range(n):
            state.stack.append(task(TakeCommand, side))
    elif verb == "inspire":
        state.general[side] = min(6, state.general[side] + n)
    elif verb == "actions":
        if side == state.active:
            state.actions_left += n
    elif verb == "morale":
        for other in reversed(game.opponents(side)):
            state.stack.append(task(turn.MoraleTest, other, n))
    elif verb == "harass":
        for other in reversed(game.opponents(side)):
            state.stack.append(task(ChooseDie, other, "harass", n))
    elif verb in ("empower", "rally", "reroll"):
        state.stack.append(task(ChooseDie, side, verb, n))
    elif verb == "recruit":
        state.stack.append(task(ChooseDie, side, f"recruit_{effect.recruit}", n))
    elif verb == "banner":
        state.stack.append(task(ChooseBanner, side))
    elif verb in ("disable", "eliminate"):
        state.stack.append(Strike(side, verb, getattr(effect, verb) or "any"))
    elif verb == "free_construct":
        state.stack.append(FreeConstruct(side))


@dataclass(frozen=True, slots=True)
class TakeCommand(Decision):
    """`side` takes a Command card from the Battle Line; the line is refilled."""

    side: Side

    def choices(self, state: ParaState) -> list[Action]:
        return turn.line_takes(state)

    def choose(self, state: ParaState, action: Action) -> None:
        turn.take_from_line(state, self.side, state.game.actions.uid(action))


TASKS.add("take_command", TakeCommand)
TakeCommand.mid_move = True  # a choice inside the action, card or Legion that asked for it


def die_targets(state: ParaState, side: int, verb: str) -> list[str]:
    """The slots an effect may pick: a grey die to raise, re-roll or lower, a red die to
    raise, an empty slot to roll a new die into."""
    if verb in ("empower", "reroll", "harass", "lose"):
        return dice(state, side, "grey")
    if verb == "rally":
        return dice(state, side, "red")
    if verb.startswith("recruit_"):
        kind = verb.split("_")[1]
        limit = 10 if kind == "grey" else 5
        return empty_slots(state, side, kind) if count(state, side, kind) < limit else []
    return []


@dataclass(frozen=True, slots=True)
class ChooseDie(Decision):
    """`side` picks the die (or empty slot) an effect works on: `verb` empower, rally, reroll,
    harass (lower one of yours), lose (a failed Morale test), recruit_grey/recruit_red."""

    side: Side
    verb: Word
    amount: Count

    def choices(self, state: ParaState) -> list[Action]:
        return state.game.actions.dice(die_targets(state, self.side, self.verb))

    def choose(self, state: ParaState, action: Action) -> None:
        slot = action.kind[4:]
        side, verb, n = self.side, self.verb, self.amount
        if verb == "empower":
            bonus = modifier(state, side, "empower_bonus")
            set_value(state, side, slot, value(state, side, slot) + n + bonus)
        elif verb == "rally":
            set_value(state, side, slot, value(state, side, slot) + n)
        elif verb == "reroll":
            set_value(state, side, slot, state.rng.d6())
        elif verb == "harass":
            set_value(state, side, slot, value(state, side, slot) - n)
        elif verb == "lose":
            set_value(state, side, slot, 0)
        else:
            add_die(state, side, slot)
        state.caused.append(("die_now", side, slot, verb))


TASKS.add("choose_die", ChooseDie)
ChooseDie.mid_move = True  # a choice inside the action, card or Legion that asked for it


@dataclass(frozen=True, slots=True)
class ChooseBanner(Decision):
    """`side` adds an unused banner to one of its dice (red banners on red dice, grey on
    grey)."""

    side: Side

    def choices(self, state: ParaState) -> list[Action]:
        return state.game.actions.banners(banner_choices(state, self.side))

    def choose(self, state: ParaState, action: Action) -> None:
        rest = action.kind[len("banner_") :]
        slot = rest.rsplit("_", 1)[1]
        name = rest[: -(len(slot) + 1)]
        state.banner[self.side][name] = slot
        state.recount = True
        state.caused.append(("banner", self.side, name, slot))


TASKS.add("choose_banner", ChooseBanner)
ChooseBanner.mid_move = True  # a choice inside the action, card or Legion that asked for it


def strike_targets(state: ParaState, side: int, subtype: str) -> list[int]:
    """Opponents' face-up Permanents (and Special Units) of a subtype ("any": all)."""
    game = state.game
    out = []
    for other in game.opponents(side):
        pieces = state.permanents[other] + [
            u for u in state.grid[other] if u >= 0 and game.is_special[u]
        ]
        for uid in pieces:
            card = game.table.card[uid]
            if uid not in state.disabled and (subtype == "any" or subtype in card.subtypes):
                out.append(uid)
    return out


@dataclass(frozen=True, slots=True)
class Strike(Decision):
    """`side` disables (face down until its owner's turn ends) or eliminates (discards) an
    opponent's Permanent of a subtype."""

    side: Side
    verb: Word
    subtype: Word

    def choices(self, state: ParaState) -> list[Action]:
        card = state.game.actions.card
        return [card(self.verb, u) for u in strike_targets(state, self.side, self.subtype)]

    def choose(self, state: ParaState, action: Action) -> None:
        uid = state.game.actions.uid(action)
        rules_changed(state)
        if self.verb == "disable":
            state.disabled.append(uid)
        else:
            for side in range(state.game.players):
                if uid in state.permanents[side]:
                    state.permanents[side].remove(uid)
                grid = state.grid[side]
                if uid in grid:
                    occupy(state, side, grid.index(uid), -1)
                    state.army[side].remove(uid)
            state.discard.append(uid)
            state.recount = True
            if uid in state.disabled:
                state.disabled.remove(uid)
        state.caused.append((self.verb, self.side, uid))


TASKS.add("strike", Strike)
Strike.mid_move = True  # a choice inside the action, card or Legion that asked for it


@dataclass(frozen=True, slots=True)
class FreeConstruct(Decision):
    """`side` may play a Construct Permanent from its hand without paying for it."""

    side: Side

    def choices(self, state: ParaState) -> list[Action]:
        game = state.game
        card = game.actions.card
        out = [
            card("free", u)
            for u in state.hand[self.side]
            if game.is_command[u]
            and game.table.card[u].type == "permanent"
            and "construct" in game.table.card[u].subtypes
        ]
        return [*out, game.actions.plain("skip")] if out else []

    def choose(self, state: ParaState, action: Action) -> None:
        if action.kind == "free":
            uid = state.game.actions.uid(action)
            turn.leave_hand(state, self.side, uid)
            state.permanents[self.side].append(uid)
            state.recount = True
            rules_changed(state)
            state.caused.append(("deploy", self.side, uid))


TASKS.add("free_construct", FreeConstruct)
FreeConstruct.mid_move = True  # a choice inside the action, card or Legion that asked for it


# The turn's rules (drawing, taking, the Morale test) are read when an effect runs: turn
# imports this module, so this one imports turn last.
from bellica.games.para_bellum.rules import turn  # noqa: E402
