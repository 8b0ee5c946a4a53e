"""Setting up a game: cities, Olympus and Legend stacks, starter decks, scenarios, first hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bellica.games.bellum.decisions import advance
from bellica.games.bellum.state import BellumState
from bellica.games.bellum.turn import start_turn
from bellica.games.bellum.zones import draw

if TYPE_CHECKING:
    from bellica.games.bellum.game import Bellum

FIRST_HAND, OTHER_HAND = 2, 3


def new_game(game: Bellum, seed: int) -> BellumState:
    state = BellumState(game, seed)
    if game.scenario is not None:
        _set_up_scenario(state)
    else:
        _set_up_duel(state)
    start_turn(state)
    advance(state)
    return state


def _strategy_level(game: Bellum, city: str) -> int:
    for card in game.card_set.card:
        if card.city == city and card.district == 4:
            return card.strategy or 0
    return 0


def _set_up_duel(state: BellumState) -> None:
    game, rng, table = state.game, state.rng, state.game.table
    option = game.options["cities"]
    if option == "random":
        cities = list(game.cities)
        rng.shuffle(cities)
        state.cities = cities[:2]
    else:
        state.cities = option.split(",")
    state.strategy = [_strategy_level(game, city) for city in state.cities]
    first = game.options["first"]
    state.first = state.active = rng.below(2) if first == "roll" else int(first)
    # Olympus stacks: one series per battlefield (a second box's for the second one).
    for battlefield in range(game.battlefields):
        for uid in table.uids("olympus", box=battlefield):
            state.stacks[battlefield][(table.card[uid].stack or 1) - 1].append(uid)
        for pile in state.stacks[battlefield]:
            rng.shuffle(pile)
    for uid in table.uids("legend", box=0):
        state.legends[(table.card[uid].stack or 1) - 1].append(uid)
    for pile in state.legends:
        rng.shuffle(pile)
    state.stock = table.uids("stock", box=0)
    # Starter decks: one copy of every Basic card for each player.
    for side in range(game.sides):
        box, copy = divmod(side, 2)
        by_name: dict[str, list[int]] = {}
        for uid in table.uids("basic", box=box):
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


def _set_up_scenario(state: BellumState) -> None:
    game, rng, table = state.game, state.rng, state.game.table
    scenario = game.scenario
    assert scenario is not None
    state.cities = [scenario.player_city or "", ""]
    state.strategy = [_strategy_level(game, state.cities[0]) if state.cities[0] else 0, 0]
    state.first = state.active = 0
    placed: set[int] = set()
    for side, deck, play in (
        (0, scenario.player_deck, scenario.player_play),
        (1, scenario.opponent_deck, scenario.opponent_play),
    ):
        state.deck[side] = list(deck)
        rng.shuffle(state.deck[side])
        state.play[side] = list(play)
        for uid in (*deck, *play):
            state.owner[uid] = side
            placed.add(uid)
    for uid in scenario.opponent_back:
        state.face[uid] = 1
    for uid in scenario.shielded:
        state.shield[uid] = 1
    state.market = list(scenario.market)
    placed.update(scenario.market)
    state.stock = [uid for uid in table.uids("stock", box=0) if uid not in placed]
    if scenario.id == "solo-troy":
        from bellica.games.bellum.solo import run_task

        run_task(state, ("solo_draw",))  # the first three Reinforcements
    draw(state, 0, OTHER_HAND)
