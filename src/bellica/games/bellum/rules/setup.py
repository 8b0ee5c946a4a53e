"""Setting up a game: cities, Olympus and Legend stacks, starter decks, first hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bellica.core.stack import advance
from bellica.games.bellum.rules.effects import draw
from bellica.games.bellum.rules.flow import idle
from bellica.games.bellum.rules.turn import start_turn
from bellica.games.bellum.state import BellumState

if TYPE_CHECKING:
    from bellica.games.bellum.game import Bellum

FIRST_HAND, OTHER_HAND = 2, 3


def new_game(game: Bellum, seed: int) -> BellumState:
    state = BellumState(game, seed)
    if game.solo:
        game.script.set_up(state)
        draw(state, 0, OTHER_HAND)
    else:
        set_up_duel(state)
    start_turn(state)
    advance(state, idle)
    state.caused = []  # the deal is not an action: events() starts empty
    return state


def strategy_level(game: Bellum, city: str) -> int:
    """The Strategy charges a city's fourth district starts with."""
    for card in game.card_set.card:
        if card.city == city and card.district == 4:
            return card.strategy or 0
    return 0


def set_up_duel(state: BellumState) -> None:
    game, rng, table = state.game, state.rng, state.game.table
    option = game.options["cities"]
    if option == "random":
        cities = list(game.cities)
        rng.shuffle(cities)
        state.cities = cities[:2]
    else:
        state.cities = option.split(",")
    state.strategy = [strategy_level(game, city) for city in state.cities]
    first = game.options["first"]
    state.first = state.active = rng.below(2) if first == "roll" else int(first)
    # Olympus stacks: one series per battlefield (a second box's for the second one).
    for battlefield in range(game.battlefields):
        for uid in game.uids("olympus", battlefield):
            state.stacks[battlefield][(table.card[uid].stack or 1) - 1].append(uid)
        for pile in state.stacks[battlefield]:
            rng.shuffle(pile)
    for uid in game.uids("legend"):
        state.legends[(table.card[uid].stack or 1) - 1].append(uid)
    for pile in state.legends:
        rng.shuffle(pile)
    for box in range(game.battlefields):  # one Stock, of every box in play
        state.stock.extend(game.uids("stock", box))
    state.stock.sort()
    # Starter decks: one copy of every Basic card for each player.
    for side in range(game.sides):
        box, copy = divmod(side, 2)
        by_name: dict[str, list[int]] = {}
        for uid in game.uids("basic", box):
            by_name.setdefault(table.card[uid].name, []).append(uid)
        deck = state.deck[side]
        for copies in by_name.values():
            deck.append(copies[copy % len(copies)])
        for uid in deck:
            state.owner[uid] = side
        rng.shuffle(deck)
    for side in range(game.sides):
        first_team = game.team_of[side] == state.first
        draw(state, side, FIRST_HAND if first_team else OTHER_HAND)
