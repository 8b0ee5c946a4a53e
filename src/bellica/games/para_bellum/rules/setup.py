"""The set-up: starting colours, decks by player count, the Battle card, objectives, the
Battle Line and its first takes, hands, coins and dice; at four players the Alliances."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bellica.core import Action
from bellica.core.stack import Count, Decision, Side, Step, advance
from bellica.games.para_bellum.rules import TASKS
from bellica.games.para_bellum.rules.grid import occupy
from bellica.games.para_bellum.rules.turn import (
    begin_turn,
    line_takes,
    refill_line,
    take_from_line,
)
from bellica.games.para_bellum.state import START_CELL, ParaState

if TYPE_CHECKING:
    from bellica.games.para_bellum.game import ParaBellum

STARTING_COINS = 2
STARTING_ARMY_CARDS = 2


def new_game(game: ParaBellum, seed: int) -> ParaState:
    """Deal a game: the decks shuffled (the Army deck by player count), a Battle card, the
    first player (a roll, or the option), the Battle Line; then the starting colours (dealt or
    chosen in turn order), the objectives to keep, two takes each from the Battle Line, two
    Army cards, two coins and the General die at 6 each."""
    from bellica.games.para_bellum.rules.flow import idle

    state = ParaState(game, seed)
    rng = state.rng
    players = game.players
    for deck, uids in (
        (state.army_deck, game.army_deck_uids),
        (state.command_deck, game.command_uids),
        (state.event_deck, game.event_uids),
        (state.objective_deck, game.objective_uids),
    ):
        deck.extend(uids)
        rng.shuffle(deck)
    state.box.extend(game.unused_army)
    state.box.extend(game.starting.values())  # each player's Starting card comes from here
    battles = game.battle_uids[:]
    rng.shuffle(battles)
    state.battle.append(battles.pop())
    state.box.extend(battles)
    if game.teamed:
        alliances = game.alliance_uids[:]
        rng.shuffle(alliances)
        state.alliances.extend(alliances[:2])
        state.box.extend(alliances[2:])
    else:
        state.box.extend(game.alliance_uids)
    first = game.options["first"]
    state.first = rng.below(players) if first == "roll" else int(first)
    refill_line(state)
    order = [(state.first + i) % players for i in range(players)]
    state.stack.append(StartPlay())
    for side in reversed(draft_order(game, state.first) * 2):
        state.stack.append(DraftCommand(side))
    keep = 1 if game.teamed else 2
    draw = 2 if game.teamed else 3
    for side in reversed(order):
        state.stack.append(ReturnObjective(side, draw - keep))
    for side in order:
        for _ in range(draw):
            state.objectives[side].append(state.objective_deck.pop())
    if game.teamed:
        for team in (0, 1):
            holder = min(s for s in range(players) if game.team_of(s) == team)
            shared = state.objective_deck.pop()
            state.objectives[holder].append(shared)
            state.shared.append(shared)
    state.unmet = None
    if game.options["colours"] == "choose":
        for side in reversed(order):
            state.stack.append(ChooseStart(side))
    else:
        colours = list(game.starting)
        rng.shuffle(colours)
        for side in order:
            take_start(state, side, game.starting[colours.pop()])
    for side in order:
        for _ in range(STARTING_ARMY_CARDS):
            state.hand[side].append(state.army_deck.pop())
        state.coins[side] = STARTING_COINS
        state.general[side] = 6
    advance(state, idle)
    return state


def draft_order(game: ParaBellum, first: int) -> list[int]:
    """Who takes the set-up's Command cards, once round: from the opponent on the first
    player's left, round the table. Turns go that way too, except at four players, where
    teammates sit side by side and the turns cross the table (first player, closest opponent,
    teammate, furthest opponent): round the table it is the closest opponent, the furthest,
    the first player's teammate, the first player."""
    players = game.players
    steps = (1, 3, 2, 0) if game.teamed else (*range(1, players), 0)
    return [(first + step) % players for step in steps]


def take_start(state: ParaState, side: int, uid: int) -> None:
    """`side`'s Starting card goes down with the General die on it."""
    game = state.game
    state.colour[side] = game.colour[uid]
    state.box.remove(uid)
    occupy(state, side, START_CELL, uid)
    state.army[side].append(uid)
    state.caused.append(("start", side, uid))


def unchosen_starts(state: ParaState) -> list[int]:
    return [u for u in state.game.starting.values() if u in state.box]


@dataclass(frozen=True, slots=True)
class ChooseStart(Decision):
    """`side` picks its starting colour (its Starting card) among those left."""

    side: Side

    def choices(self, state: ParaState) -> list[Action]:
        card = state.game.actions.card
        return [card("start", u) for u in sorted(unchosen_starts(state))]

    def choose(self, state: ParaState, action: Action) -> None:
        take_start(state, self.side, state.game.actions.uid(action))


TASKS.add("choose_start", ChooseStart)


@dataclass(frozen=True, slots=True)
class DraftCommand(Decision):
    """At set-up `side` takes a Command card from the Battle Line, which is refilled only once
    it is empty: the later takers of a round choose among fewer cards."""

    side: Side

    def choices(self, state: ParaState) -> list[Action]:
        return line_takes(state)

    def choose(self, state: ParaState, action: Action) -> None:
        take_from_line(state, self.side, state.game.actions.uid(action), refill=False)
        if not state.battle_line:
            refill_line(state)


TASKS.add("draft_command", DraftCommand)


@dataclass(frozen=True, slots=True)
class ReturnObjective(Decision):
    """`side` puts `left` more of the objectives it drew at the bottom of the deck."""

    side: Side
    left: Count

    def choices(self, state: ParaState) -> list[Action]:
        card = state.game.actions.card
        mine = state.objectives[self.side]
        return [card("return", u) for u in sorted(mine) if u not in state.shared]

    def choose(self, state: ParaState, action: Action) -> None:
        uid = state.game.actions.uid(action)
        state.objectives[self.side].remove(uid)
        state.unmet = None
        state.objective_deck.insert(0, uid)
        state.caused.append(("returned", self.side))
        if self.left > 1:
            state.stack.append(ReturnObjective(self.side, self.left - 1))


TASKS.add("return_objective", ReturnObjective)
ReturnObjective.mid_move = True


@dataclass(frozen=True, slots=True)
class StartPlay(Step):
    """The set-up is done: the Battle Line is filled again, and the first player's first
    turn begins."""

    def run(self, state: ParaState) -> None:
        refill_line(state)
        begin_turn(state, state.first)


TASKS.add("start_play", StartPlay)
