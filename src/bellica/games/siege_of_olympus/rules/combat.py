"""Combat: attacks on minions, prisoners and Commanders, damage, Lethal, dodges and deaths."""

from __future__ import annotations

from dataclasses import dataclass

from bellica.core.stack import Card, Side, Step
from bellica.games.siege_of_olympus.rules import TASKS
from bellica.games.siege_of_olympus.rules.deck import to_hand
from bellica.games.siege_of_olympus.state import ATTACKED, DODGE, SiegeState

STRIKE_BACK = ("ranger", "spellcaster")  # classes that hurt a ranged attacker back


def destroy(state: SiegeState, uid: int, by: int) -> None:
    """A minion is destroyed: from play to the Underworld; a prisoner destroyed by a player
    goes to that player's hand instead, recruited (not to be summoned this turn)."""
    if uid in state.tartarus:
        if by >= 0:
            to_hand(state, by, uid, state.tartarus, fresh=True)
            state.caused.append(("recruited", by, uid))
            return
        state.tartarus.remove(uid)
    else:
        side = state.controller(uid)
        if side < 0:
            return
        state.minions[side].remove(uid)  # (a dead target stays the turn's one target)
        state.board += 1
    state.game.counters.clear(state.counters, uid)
    state.underworld.append(uid)
    state.caused.append(("destroyed", uid))


def hurt(state: SiegeState, uid: int, amount: int, by: int, lethal: bool = False) -> bool:
    """`amount` damage to a minion or prisoner; it is destroyed when its damage reaches its
    health, or at once by a Lethal source. True if it was destroyed."""
    if amount <= 0:
        return False
    state.damage[uid] += amount
    if lethal or state.damage[uid] >= state.health_of(uid):
        destroy(state, uid, by)
        return True
    return False


def hit_commander(state: SiegeState, side: int, amount: int) -> None:
    """`side`'s Commander loses `amount` health; at 0 the other player wins."""
    state.health[side] = max(0, state.health[side] - amount)
    state.caused.append(("commander_hit", side, amount))
    if state.health[side] == 0:
        end(state, (1 - side,), f"{state.seat_label(side)}'s Commander has fallen")


def end(state: SiegeState, winners: tuple[int, ...], reason: str) -> None:
    """The game is over."""
    state.winners = winners
    state.reason = reason
    state.phase = "over"
    state.stack.clear()


def takes_damage_back(state: SiegeState, attacker: int, defender: int) -> bool:
    """Whether the defender deals its attack back: always to a melee attacker; to a ranged
    one only when the defender is a Ranger or a Spellcaster."""
    return not state.game.ranged[attacker] or state.class_of(defender) in STRIKE_BACK


def fight(state: SiegeState, side: int, attacker: int, target: int) -> None:
    """`attacker` (of `side`) attacks `target`: a minion or prisoner, or a Commander card."""
    state.status[attacker] |= ATTACKED
    if state.game.is_commander[target]:
        amount = state.attack_of(attacker)
        state.caused.append(("strike", attacker, 1 - side, amount))
        hit_commander(state, 1 - side, amount)
        return
    if state.status[target] & DODGE:
        state.status[target] &= ~DODGE
        state.caused.append(("dodge", target, attacker))
        return
    dealt = state.attack_of(attacker)
    back = state.attack_of(target) if takes_damage_back(state, attacker, target) else 0
    state.caused.append(("fight", attacker, target, dealt, back))
    lethal_a = dealt > 0 and state.keyword(attacker, "lethal")
    lethal_t = back > 0 and state.keyword(target, "lethal")
    other = state.controller(target)
    hurt(state, target, dealt, side, lethal_a)
    hurt(state, attacker, back, other, lethal_t)


@TASKS.kind("fight")
@dataclass(frozen=True, slots=True)
class Fight(Step):
    """An attack declared (and not disrupted): it happens if both are still there."""

    side: Side
    attacker: Card
    target: Card

    def run(self, state: SiegeState) -> None:
        side, attacker, target = self.side, self.attacker, self.target
        if attacker not in state.minions[side]:
            return
        gone = state.controller(target) != 1 - side and target not in state.tartarus
        if gone and not state.game.is_commander[target]:
            return
        fight(state, side, attacker, target)

    def check(self, state: SiegeState) -> str | None:
        if not state.game.is_minion[self.attacker]:
            return "the attacker is not a minion"
        return None
