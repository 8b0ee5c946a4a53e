"""How good a position looks to each player (its score and what its army promises, against the
best rival side), and the rollout policy."""

from __future__ import annotations

import math

from bellica.core import Action, Rng
from bellica.games.para_bellum.state import ParaState

RED = 1.5  # a red die: actions to come, and maybe a Mounted Commander's points
GENERAL = 0.4
COIN = 0.6
CARD = 0.8  # a card in hand
BLAZON = 0.8
SCALE = 15.0


def evaluate(state: ParaState) -> list[float]:
    """Each player's value in [-1, 1]: its side's (its team's) score and potential against
    the best other side's."""
    game = state.game
    if state.winners is not None:
        return state.returns()
    players = game.players
    mine = [_worth(state, side) for side in range(players)]
    side_of = [game.team_of(s) for s in range(players)]
    totals: dict[int, float] = {}
    for s in range(players):
        totals[side_of[s]] = totals.get(side_of[s], 0.0) + mine[s]
    out = []
    for s in range(players):
        rival = max(v for t, v in totals.items() if t != side_of[s])
        out.append(math.tanh((totals[side_of[s]] - rival) / SCALE))
    return out


def _worth(state: ParaState, side: int) -> float:
    """The score as it stands, roughly (grey dice, objectives met, victory points; the
    Cornicines and Mounted Commanders left to the end), plus what the army promises."""
    worth = state.game.points
    points = sum(state.grey[side]) + state.vp[side] + sum(worth[u] for u in state.met[side])
    red = sum(1 for v in state.red[side] if v)
    return (
        points
        + RED * red
        + GENERAL * state.general[side]
        + COIN * state.coins[side]
        + CARD * len(state.hand[side])
        + BLAZON * bin(state.blazons[side]).count("1")
    )


def playout_action(state: ParaState, rng: Rng) -> Action:
    """A quick plausible move: place, pay and act; end the Action phase a quarter of the time
    it is offered."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if legal[-1].kind == "end_actions" and rng.random() > 0.25:
        return rng.choice(legal[:-1])
    return rng.choice(legal)
