"""Offerings to the gods: what can be bought, paying cost rings with cards, the bought card."""

from __future__ import annotations

from dataclasses import dataclass

from bellica.core import Action
from bellica.core.cards import CardChoice
from bellica.core.stack import Card, Side, Step, Words
from bellica.games.bellum.rules import TASKS
from bellica.games.bellum.rules.effects import enter_play, push_ability, worded
from bellica.games.bellum.state import BellumState


def can_pay(state: BellumState, hand: list[int], rings: tuple[str, ...]) -> bool:
    if len(rings) > len(hand):
        return False
    need: dict[str, int] = {}
    for ring in rings:
        if ring != "any":
            need[ring] = need.get(ring, 0) + 1
    if not need:
        return True
    have: dict[str, int] = {}
    for uid in hand:
        clan = state.face_of(uid).clan
        if clan is not None:
            have[clan] = have.get(clan, 0) + 1
    return all(have.get(clan, 0) >= n for clan, n in need.items())


def pay_options(state: BellumState, side: int, rings: tuple[str, ...]) -> list[int]:
    hand = state.hand[side]
    ring, rest = rings[0], rings[1:]
    out = []
    for uid in hand:
        if ring != "any" and state.face_of(uid).clan != ring:
            continue
        left = [u for u in hand if u != uid]
        if can_pay(state, left, rest):
            out.append(uid)
    return out


def for_sale(state: BellumState, side: int) -> list[int]:
    """The cards `side` could buy (payable or not): each Olympus stack's top card on its own
    battlefield, a Legend when the same-number Olympus stack there is empty; or what the
    scenario sells instead."""
    scenario_sale = state.game.scenario_sale
    if scenario_sale is not None:
        instead: list[int] | None = scenario_sale(state, side)
        if instead is not None:
            return instead
    out = []
    stacks = state.stacks[state.game.battlefield_of[side]]
    for number in range(4):
        if stacks[number]:
            out.append(stacks[number][-1])
        elif state.legends[number]:
            out.append(state.legends[number][-1])
    return out


def buy_options(state: BellumState, side: int) -> list[int]:
    hand = state.hand[side]
    rings = state.game.rings
    return [uid for uid in for_sale(state, side) if can_pay(state, hand, rings[uid])]


def buy(state: BellumState, side: int, uid: int) -> None:
    for pile in (*state.stacks[state.game.battlefield_of[side]], *state.legends, state.market):
        if pile and uid in pile:
            pile.remove(uid)
            break
    state.owner[uid] = side
    state.resolving.append(uid)
    state.caused.append(("buy", uid, side))
    state.stack.append(Bought(side, uid))
    rings = state.game.rings[uid]
    if rings:
        state.stack.append(Pay(side, uid, rings))


@TASKS.kind("pay")
@dataclass(slots=True)
class Pay(CardChoice):
    """`side` discards a card for the first of the `rings` still to pay for `card`."""

    side: Side
    card: Card
    rings: Words
    mid_move = True
    verb = "pay"

    def options(self, state: BellumState) -> list[int]:
        return pay_options(state, self.side, self.rings)

    def choices(self, state: BellumState) -> list[Action]:
        return worded(state, self, "Discard {card} to pay for {other}", self.card)

    def picked(self, state: BellumState, uid: int) -> None:
        side = self.side
        state.hand[side].remove(uid)
        state.discard[side].append(uid)
        state.caused.append(("pay", uid, side, self.card))
        if len(self.rings) > 1:
            state.stack.append(Pay(side, self.card, self.rings[1:]))


@TASKS.kind("bought")
@dataclass(slots=True)
class Bought(Step):
    """The card `side` bought goes to its discard pile, or into play if it has a Purchase
    ability."""

    side: Side
    card: Card

    def run(self, state: BellumState) -> None:
        side, uid = self.side, self.card
        state.resolving.remove(uid)
        if state.game.effects(uid, 0, "purchase"):
            enter_play(state, uid, side, played=True)
            push_ability(state, side, uid, "purchase")
        else:
            state.discard[side].append(uid)
