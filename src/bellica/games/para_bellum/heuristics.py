"""How good a position looks to each player (its score, what its army promises and the turns
it has left, against the best rival side), and the rollout policy."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from bellica.core import Action, Rng
from bellica.games.para_bellum.cards import COLOURS
from bellica.games.para_bellum.rules.grid import neighbour, troops
from bellica.games.para_bellum.rules.turn import ArmyPhase, EndTurn
from bellica.games.para_bellum.state import EMPTY, START_CELL, ParaState


@dataclass(frozen=True, slots=True)
class Weights:
    """What each thing is worth in points to the heuristic. The defaults are the greedy and
    MCTS players'; a plan (many small Legions, Big Legions, ending early or late) is a set of
    weights of its own."""

    red: float = 1.5  # a red die: actions to come, and maybe a Mounted Commander's points
    general: float = 0.4  # a pip of the General die: one more Command, Muster or Consult
    coin: float = 0.6
    card: float = 0.8  # a card in hand
    blazon: float = 0.8
    big: float = 0.0  # a Big Legion, beyond its dice and bonus
    die: float = 3.5  # a grey die still to be rolled, on average
    closable: float = 0.8  # the chance an open end is closed when a hand card fits it
    drawn: float = 0.45  # ... when a card that fits it must still be drawn
    long_troops: float = 1.0  # the promise of an unfinished troop of three or more cards
    empower: float = 1.0  # a red pip that can still raise a grey die by 2
    turn: float = 2.25  # a turn still to play: a card placed, actions spent, a card drawn
    scale: float = 15.0  # the lead, in points, that is worth about three quarters of a win


STANDARD = Weights()
MEMO_SIZE = 4096  # army grids whose open troops the game keeps (see ParaBellum.troop_memo)


def evaluate(state: ParaState, weights: Weights = STANDARD) -> list[float]:
    """Each player's value in [-1, 1]: its side's (its team's) score and potential against
    the best other side's."""
    game = state.game
    if state.winners is not None:
        return state.returns()
    players = game.players
    # One look at the stack: whether the turn being played is still before its Army phase
    # and before its Draw phase.
    pending = set(map(type, state.stack))
    whole, drawing = ArmyPhase in pending, EndTurn in pending
    turns = turns_left(state, drawn=not drawing)
    active = state.active
    # The turn being played, so that a position is valued alike on both sides of a turn's end:
    # before its Army phase it counts whole (as it did when it was still to come); after,
    # its tokens left count, and so does the card its Draw phase will bring.
    if whole:
        turns[active] += 1
    mine = [
        worth(state, side, turns[side], weights, tokens=side == active and not whole)
        for side in range(players)
    ]
    if not whole and drawing and state.army_deck:
        mine[active] += weights.card
    side_of = game.side_of
    totals = [0.0] * game.teams  # by side (team)
    for s in range(players):
        totals[side_of[s]] += mine[s]
    leads = [  # each side's total against the best other side's
        total - max(totals[:team] + totals[team + 1 :]) for team, total in enumerate(totals)
    ]
    scale, tanh = weights.scale, math.tanh
    return [tanh(leads[team] / scale) for team in side_of]


def worth(
    state: ParaState, side: int, turns: int, weights: Weights = STANDARD, tokens: bool = False
) -> float:
    """`side`'s score as it stands, roughly (grey dice, objectives met, victory points; the
    Cornicines and Mounted Commanders left to the end), plus what its army, hand and turns
    still to play promise (`tokens`: and the action tokens it has left this turn)."""
    w = weights
    points = state.grey_pips[side] + state.vp[side]
    if state.met[side]:
        points += sum(state.game.points[u] for u in state.met[side])
    left = (state.actions_left if tokens else 0) + turns * state.game.tokens_per_turn
    return (
        points
        + w.empower * empower_room(state, side, left)
        + troops_promise(state, side, w)
        + w.red * state.red_count[side]
        + w.general * state.general[side]
        + w.coin * state.coins[side]
        + w.card * len(state.hand[side])
        + w.blazon * state.blazons[side].bit_count()
        + w.big * state.bigs[side]
        + w.turn * turns
    )


def empower_room(state: ParaState, side: int, tokens: int) -> int:
    """How many Empowers `side` could still make: limited by its red pips, the room its grey
    dice have below 6 (two pips each), and the action tokens it has left."""
    room = 6 * state.grey_count[side] - state.grey_pips[side]  # below 6 on each die held
    return min(state.red_pips[side], room // 2, tokens)


def troops_promise(state: ParaState, side: int, weights: Weights = STANDARD) -> float:
    """The Legion dice `side`'s unfinished troops may still bring: a die for each card and
    each open end, weighed by the chance of closing each end (better when a hand card fits
    it); a troop with an end at the grid's edge can never be completed and promises nothing."""
    troops = kept_troops(state, side)
    if not troops.runs:
        return 0.0
    # The ends the Army cards in hand can close (each an end_bit).
    closer = state.game.closer
    closers = 0
    for uid in state.hand[side]:
        closers |= closer[uid]
    if weights is not STANDARD:
        return weigh_troops(troops.runs, closers, weights)
    promise = troops.promised.get(closers)
    if promise is None:
        promise = troops.promised[closers] = weigh_troops(troops.runs, closers, weights)
    return promise


@dataclass(slots=True)
class Troops:
    """An army's open troops (open_troops), and their promise with the standard weights by
    the ends the hand can close: kept together, shared by every state with that army."""

    runs: list[tuple[int, tuple[int, ...]]]
    promised: dict[int, float] = field(default_factory=dict)


def kept_troops(state: ParaState, side: int) -> Troops:
    """`side`'s open troops: the state's own, or those of the same army grid met before in
    this game (ParaBellum.troop_memo), or worked out now."""
    troops = state.open_troops[side]
    if troops is None:
        memo = state.game.troop_memo
        key = tuple(state.grid[side])
        troops = memo.get(key)
        if troops is None:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            troops = memo[key] = Troops(open_troops(state, side))
        state.open_troops[side] = troops
    return troops


def weigh_troops(runs: list[tuple[int, tuple[int, ...]]], closers: int, weights: Weights) -> float:
    """troops_promise's sum over the open troops `runs`, the hand closing the ends `closers`."""
    closable, drawn, die, long_troops = (
        weights.closable,
        weights.drawn,
        weights.die,
        weights.long_troops,
    )
    total = 0.0
    for dice, ends in runs:
        chance = 1.0
        for end in ends:
            chance *= closable if closers & end else drawn
        if dice >= 3:
            chance *= long_troops
        total += die * dice * chance
    return total


def end_bit(colour: str, closes_left: bool) -> int:
    """The bit of a troop end: its colour, and whether a card closing it closes a left end
    (its right edge open)."""
    return 1 << (2 * COLOURS.index(colour) + closes_left)


def open_troops(state: ParaState, side: int) -> list[tuple[int, tuple[int, ...]]]:
    """The unfinished troops of `side`'s army that can still be completed, as (the dice
    completing it would bring: one per Army card and per open end, each open end as the
    end_bit of the cards that close it): complete Legions and troops with an open end at the
    grid's edge or against another card are left out. They change only when a card joins or
    leaves the army, so the state keeps them."""
    game = state.game
    grid = state.grid[side]
    left_open, right_open, colour_of = game.left_open, game.right_open, game.colour
    out = []
    for run in troops(state, side):
        first, last = grid[run[0]], grid[run[-1]]
        if not left_open[first] and not right_open[last]:
            continue  # a complete Legion: its dice are counted already
        ends: list[int] = []
        colour = colour_of[first]
        for end, is_open, step, closes_left in (
            (run[0], left_open[first], -1, True),
            (run[-1], right_open[last], 1, False),
        ):
            if not is_open:
                continue
            beyond = neighbour(end, step)
            if beyond < 0 or grid[beyond] != EMPTY:
                break  # this end can never be closed
            ends.append(end_bit(colour, closes_left))
        else:
            out.append((len(run) - (START_CELL in run) + len(ends), tuple(ends)))
    return out


def turns_left(state: ParaState, drawn: bool | None = None) -> list[int]:
    """The turns each player has after the one being played: once the end is triggered, one
    for each player before the Ending Player (or, with equal turns, before the first player);
    before that, as if every turn drew just its one Army card until the deck runs out
    (`drawn`: whether this turn's Draw phase is over, if the caller has looked already)."""
    game = state.game
    players = game.players
    active = state.active
    if state.ending >= 0:
        last = state.first if game.equal_turns else state.ending
        remaining = (last - active - 1) % players
    else:
        if drawn is None:
            drawn = not any(type(task) is EndTurn for task in state.stack)
        to_trigger = len(state.army_deck) - (not drawn)  # turns after this one, to the last draw
        trigger = (active + to_trigger) % players
        last = state.first if game.equal_turns else trigger
        remaining = to_trigger + (last - trigger - 1) % players
    out = [remaining // players] * players
    for i in range(1, remaining % players + 1):
        out[(active + i) % players] += 1
    return out


def playout_action(state: ParaState, rng: Rng) -> Action:
    """A quick plausible move: place, pay and act; end the Action phase a quarter of the time
    it is offered."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if legal[-1].kind == "end_actions" and rng.random() > 0.25:
        return rng.choice(legal[:-1])
    return rng.choice(legal)
