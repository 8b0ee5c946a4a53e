"""A turn: the draw, the Deploy, Recruit and Attack phases, and the end of the turn."""

from __future__ import annotations

from dataclasses import dataclass

from bellica.core import Action
from bellica.core.stack import Card, Decision, Side, Step
from bellica.games.siege_of_olympus.rules import TASKS
from bellica.games.siege_of_olympus.rules.combat import Fight, end
from bellica.games.siege_of_olympus.rules.deck import (
    HAND_LIMIT,
    MINION_LIMIT,
    draw,
    fill_tartarus,
    leave_hand,
)
from bellica.games.siege_of_olympus.rules.effects import Resolve, guard, leave
from bellica.games.siege_of_olympus.rules.synergies import (
    CopyFrom,
    spellcaster_volley,
    trickster_dodges,
)
from bellica.games.siege_of_olympus.state import (
    ATTACK,
    ATTACKED,
    DEPLOY,
    FRESH,
    RECRUIT,
    USED,
    SiegeState,
)

TURN_MARKS = ATTACKED | USED | FRESH  # status bits that last one turn
TURN_LIMIT = "turn limit"  # how an ending by the turn_limit house rule begins


# -- what a player may do -------------------------------------------------------------------
def summonable(state: SiegeState, side: int) -> list[int]:
    """Minions in `side`'s hand it may summon: the cost met (that many minions already
    controlled), room on its side (at most eight), and not recruited, Reborn or Freed this
    turn."""
    game = state.game
    mine = len(state.minions[side])
    if mine >= MINION_LIMIT:
        return []
    cost, is_minion, status = game.cost, game.is_minion, state.status
    return sorted(
        u for u in state.hand[side] if is_minion[u] and cost[u] <= mine and not status[u] & FRESH
    )


def castable(state: SiegeState, side: int) -> list[int]:
    """Spells in `side`'s hand it may cast in its Deploy phase (Disrupt spells answer only)."""
    game = state.game
    return sorted(u for u in state.hand[side] if game.is_spell[u] and not game.disrupts[u])


def usable(state: SiegeState, side: int) -> list[int]:
    """Activated minions not yet used this turn (and not crippled), and the Commander while
    its ability is unused."""
    activated, status = state.game.activated, state.status
    out = [
        u
        for u in state.minions[side]
        if u in activated and not status[u] & USED and not state.is_crippled(u)
    ]
    if not state.ability_used[side]:
        out += state.commander[side]
    return sorted(out)


def ready(state: SiegeState, side: int) -> list[int]:
    """`side`'s minions that may still attack this turn: not yet attacked, not paralyzed or
    crippled, and with some attack."""
    status, paralyzed, crippled, turn = state.status, state.paralyzed, state.crippled, state.turn
    printed = state.game.attack
    return [
        u
        for u in state.minions[side]
        if not status[u] & ATTACKED
        and not 0 < paralyzed[u] >= turn
        and not 0 < crippled[u] >= turn
        and (printed[u] > 0 or state.attack_of(u) > 0)
    ]


def minion_targets(state: SiegeState, side: int) -> list[int]:
    """The enemy minions `side` may attack: all of them until one has been attacked this turn,
    then only that one (while it lives)."""
    enemy = state.minions[1 - side]
    if state.target >= 0:
        return [state.target] if state.target in enemy else []
    return list(enemy)


def attacks(state: SiegeState, side: int) -> list[Action]:
    """The phase's attacks: on prisoners in the Recruit phase; in the Attack phase on the
    turn's enemy minion and, with Primordial Attack, on the enemy Commander."""
    attackers = ready(state, side)
    if not attackers:
        return []
    attack = state.game.actions.attack
    if state.phase == RECRUIT:
        return [attack(a, t) for a in attackers for t in state.tartarus]
    victims = minion_targets(state, side)
    out = [attack(a, t) for a in attackers for t in victims]
    primordial = state.game.keyworded["primordial"]
    out += [attack(a, -1) for a in attackers if a in primordial]  # (crippled ones are not ready)
    return out


# -- doing it -----------------------------------------------------------------------------
def summon(state: SiegeState, side: int, uid: int) -> None:
    """The minion enters play; its Copy or Joker choice comes first, then its summon effect
    (which the opponent may Disrupt)."""
    leave_hand(state, side, uid, state.minions[side])
    state.game.counters.clear(state.counters, uid)
    state.board += 1
    state.caused.append(("summon", side, uid))
    game = state.game
    card = game.table.card[uid]
    if card.trigger == "summon" and card.effects:
        state.stack.append(Resolve(side, uid, 0))
        guard(state, "effect", uid)
    if game.copies[uid]:
        state.stack.append(CopyFrom(side, uid))


def cast(state: SiegeState, side: int, uid: int) -> None:
    """The spell is cast: it resolves (unless Disrupted), then goes to the Underworld."""
    leave_hand(state, side, uid, state.casting)
    state.caused.append(("cast", side, uid))
    state.stack.append(Discharge(uid))
    state.stack.append(Resolve(side, uid, 0))
    guard(state, "spell", uid)


def use(state: SiegeState, side: int, uid: int) -> None:
    """A minion's activated effect, or the Commander's once-per-game ability."""
    if state.game.is_commander[uid]:
        state.ability_used[side] = True
    else:
        state.status[uid] |= USED
    state.caused.append(("use", side, uid))
    state.stack.append(Resolve(side, uid, 0))
    guard(state, "effect", uid)


def exchange(state: SiegeState, side: int, uid: int) -> None:
    """The turn's Agora exchange: leave `uid`, then take another card."""
    state.exchanged = True
    leave(state, side, uid)


def declare(state: SiegeState, side: int, attacker: int, target: int) -> None:
    """An attack is declared: the attacker has used its attack; an enemy minion becomes the
    turn's target; the defender may Disrupt it."""
    state.status[attacker] |= ATTACKED
    if target < 0:
        target = state.commander[1 - side][0]
    elif target in state.minions[1 - side]:
        state.target = target
    state.stack.append(Fight(side, attacker, target))
    if target not in state.tartarus:
        guard(state, "attack", attacker)


@TASKS.kind("discharge")
@dataclass(frozen=True, slots=True)
class Discharge(Step):
    """A cast spell, resolved or negated, goes to the Underworld."""

    card: Card

    def run(self, state: SiegeState) -> None:
        if self.card in state.casting:
            state.casting.remove(self.card)
            state.underworld.append(self.card)


# -- phases and the end of the turn ------------------------------------------------------------
def end_deploy(state: SiegeState) -> None:
    state.phase = RECRUIT
    spellcaster_volley(state, state.active)


def end_recruit(state: SiegeState) -> None:
    state.phase = ATTACK


def end_turn(state: SiegeState) -> None:
    """Discard down to eight cards, then the turn ends."""
    side = state.active
    state.stack.append(FinishTurn(side))
    state.stack.append(DiscardDown(side))


@TASKS.kind("discard_down")
@dataclass(frozen=True, slots=True)
class DiscardDown(Decision):
    """At the end of its turn `side` discards one card at a time until it holds eight."""

    side: Side

    def choices(self, state: SiegeState) -> list[Action]:
        hand = state.hand[self.side]
        if len(hand) <= HAND_LIMIT:
            return []
        card = state.game.actions.card
        return [card("discard", u) for u in sorted(hand)]

    def choose(self, state: SiegeState, action: Action) -> None:
        uid = state.game.actions.uid(action)
        leave_hand(state, self.side, uid, state.underworld)
        state.caused.append(("discard", self.side, uid))
        state.stack.append(DiscardDown(self.side))


@TASKS.kind("finish_turn")
@dataclass(frozen=True, slots=True)
class FinishTurn(Step):
    """The end of `side`'s turn: dodges, every minion healed, marks of the turn gone, Tartarus
    refilled; the turn limit; then the other player's turn begins with a draw."""

    side: Side

    def run(self, state: SiegeState) -> None:
        side = self.side
        trickster_dodges(state, side)
        state.damage[:] = [0] * len(state.damage)
        state.status[:] = [s & ~TURN_MARKS for s in state.status]
        fill_tartarus(state)
        limit = state.game.turn_limit
        if limit and side != state.first and state.round >= limit:
            settle_by_health(state)
            return
        begin_turn(state, 1 - side)


def begin_turn(state: SiegeState, side: int) -> None:
    """`side`'s turn begins: a card drawn (not on the first player's first turn), Deploy."""
    state.active = side
    state.turn += 1
    if side == state.first and state.turn > 1:
        state.round += 1
    state.phase = DEPLOY
    state.exchanged = False
    state.left = []
    state.target = -1
    state.caused.append(("turn", side))
    if state.turn > 1:
        draw(state, side)


def settle_by_health(state: SiegeState) -> None:
    """The turn limit: the Commander with more health wins; equal, more Artifacts; a draw."""
    health = state.health
    artifacts = [len(a) for a in state.artifacts]
    rounds = f"after {state.round} rounds"
    if health[0] != health[1]:
        best = 0 if health[0] > health[1] else 1
        end(
            state, (best,), f"{TURN_LIMIT}: {state.seat_label(best)} has more health left, {rounds}"
        )
    elif artifacts[0] != artifacts[1]:
        best = 0 if artifacts[0] > artifacts[1] else 1
        end(
            state, (best,), f"{TURN_LIMIT}: {state.seat_label(best)} holds more Artifacts, {rounds}"
        )
    else:
        end(state, (), f"{TURN_LIMIT}: a draw {rounds}")
