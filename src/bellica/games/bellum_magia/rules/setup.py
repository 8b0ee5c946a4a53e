"""The set-up: the first Captain, castles, Goblins, the human kingdom, creature and chest piles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bellica.core import Action
from bellica.core.stack import Count, Decision, Side, advance
from bellica.games.bellum_magia.rules import TASKS
from bellica.games.bellum_magia.rules.hordes import slide
from bellica.games.bellum_magia.rules.kingdom import refill_places
from bellica.games.bellum_magia.state import MagiaState

if TYPE_CHECKING:
    from bellica.games.bellum_magia.game import BellumMagia

GOBLINS_EACH = 2


def new_game(game: BellumMagia, seed: int) -> MagiaState:
    """Deal a game: the first Captain (a roll, or the option), the kingdom by player count,
    the creature piles with one creature face up below each, the chest piles, the Goblins;
    then the castles (dealt, or chosen in reverse order) and the Goblins' sides."""
    from bellica.games.bellum_magia.rules.flow import idle

    state = MagiaState(game, seed)
    rng = state.rng
    lords = game.players
    first = game.options["first"]
    state.first = state.captain = rng.below(lords) if first == "roll" else int(first)
    deal_kingdom(state)
    for rank, piles in (("evil", state.evil_pile), ("most_evil", state.most_evil_pile)):
        cards = game.creature_uids[rank][:]
        rng.shuffle(cards)
        half = (len(cards) + 1) // 2
        piles[0].extend(cards[:half])
        piles[1].extend(cards[half:])
    for row, piles in (
        (state.evil_row, state.evil_pile),
        (state.most_evil_row, state.most_evil_pile),
    ):
        for slot in range(2):
            row[slot].append(piles[slot].pop())
    for kind, pile in state.piles.items():
        pile.extend(game.chest_uids[kind])
        rng.shuffle(pile)  # (the values travel with the chests: the piles' order is secret)
    goblins = game.creature_uids["goblin"][:]
    rng.shuffle(goblins)
    order = state.order()
    for lord in order:
        for _ in range(GOBLINS_EACH):
            state.goblins[lord].append(goblins.pop())
    state.goblin_box.extend(goblins)
    state.unchosen.extend(game.castle_uids)
    for lord in reversed(order):
        state.stack.append(PlaceGoblins(lord, 0))
    if game.options["castles"] == "choose":
        for lord in order:  # the stack's top is asked first: the last lord in order
            state.stack.append(ChooseCastle(lord))
    else:
        castles = game.castle_uids[:]
        rng.shuffle(castles)
        for lord in order:
            take_castle(state, lord, castles.pop())
    advance(state, idle)
    return state


def deal_kingdom(state: MagiaState) -> None:
    """The human kingdom for the player count, at random, one pile (towns at the bottom,
    villages, farms on top); the rest back in the box; as many Places face up as lords, and
    the Tavern."""
    game = state.game
    rng = state.rng
    sizes = game.kingdom_size
    boxes = state.zones.family
    for layer, kind in enumerate(("town", "village", "farm")):
        cards = game.place_uids[kind][:]
        rng.shuffle(cards)
        take = len(cards) if sizes is None else min(len(cards), sizes[2 - layer])
        state.kingdom[layer].extend(cards[:take])
        boxes(f"{kind}_box")[0].extend(cards[take:])
    state.tavern.append(game.tavern_uid)
    refill_places(state)


def take_castle(state: MagiaState, lord: int, uid: int) -> None:
    """`lord` takes castle `uid`: its six lines are the lord's."""
    state.unchosen.remove(uid)
    state.castle[lord].append(uid)
    state.lines[lord] = state.game.castle_lines[uid]
    state.caused.append(("castle", lord, uid))


@TASKS.kind("choose_castle")
@dataclass(frozen=True, slots=True)
class ChooseCastle(Decision):
    """`side` picks its castle among those nobody took."""

    side: Side

    def choices(self, state: MagiaState) -> list[Action]:
        card = state.game.actions.card
        return [card("castle", u) for u in sorted(state.unchosen)]

    def choose(self, state: MagiaState, action: Action) -> None:
        take_castle(state, self.side, state.game.actions.uid(action))


@TASKS.kind("place_goblins")
@dataclass(frozen=True, slots=True)
class PlaceGoblins(Decision):
    """`side` slides each of its Goblins under the left or the right of its castle, one at a
    time (`placed` so far)."""

    side: Side
    placed: Count

    def choices(self, state: MagiaState) -> list[Action]:
        card = state.game.actions.card
        goblins = sorted(state.goblins[self.side])
        return [card(kind, u) for u in goblins for kind in ("left", "right")]

    def choose(self, state: MagiaState, action: Action) -> None:
        side = self.side
        uid = state.game.actions.uid(action)
        state.goblins[side].remove(uid)
        slide(state, side, uid, action.kind == "right")
        if state.goblins[side]:
            state.stack.append(PlaceGoblins(side, self.placed + 1))

    @property
    def mid_move(self) -> bool:  # type: ignore[override]
        return self.placed > 0
