"""How good a Bellum position looks, and the playout policy for MCTS rollouts."""

from __future__ import annotations

from bellica.core import Action, Rng
from bellica.games.bellum.state import BellumState


def evaluate(state: BellumState, seat: int) -> float:
    """In [-1, 1]: districts, creatures' power in play, deck quality and strategy charges."""
    if state.winners is not None:
        return state.returns()[seat]
    game = state.game
    score = [0.0, 0.0]
    for side in range(game.sides):
        team = game.team_of[side]
        value = 0.0
        for uid in state.play[side]:
            face = state.face_of(uid)
            if face.kind == "creature":
                value += 1.0 + max(0, state.power(uid)) + 0.5 * state.shield[uid]
            else:
                value += 2.0
        owned = state.deck[side] + state.hand[side] + state.discard[side]
        for uid in owned:
            card = game.table.card[uid]
            value += 0.4 * len(card.cost) if card.cost else 0.1
        score[team] += value
    for team in range(2):
        score[team] += 2.0 * state.strategy[team] - 12.0 * state.pillaged[team]
        if game.solo and team == 0:
            score[team] += 15.0 * state.cycles + 20.0 * state.fled
    mine = game.team_of[_side_of(state, seat)]
    diff = score[mine] - score[mine ^ 1]
    return max(-0.95, min(0.95, diff / 60.0))


def _side_of(state: BellumState, seat: int) -> int:
    for side in range(state.game.sides):
        if state.seat_of(side) == seat and side not in state.game.scripted:
            return side
    return 0


def playout_action(state: BellumState, rng: Rng) -> Action:
    """Rollouts play like a keen beginner: buy and play when possible, usually attack, draw
    three, and keep the hand; otherwise a uniform choice."""
    legal = state.legal_actions()
    preferred = [
        a
        for a in legal
        if a.kind in ("buy", "play", "resolve", "attack", "target", "block", "use", "flee")
    ]
    if preferred and rng.below(4):
        return rng.choice(preferred)
    for kind in ("draw_3", "keep"):
        for action in legal:
            if action.kind == kind:
                return action
    return rng.choice(legal)
