"""How good a position looks for a seat, and the rollout policy MCTS plays with."""

from __future__ import annotations

from math import tanh

from bellica.core import Action, Rng
from bellica.games.siege_of_olympus.rules.synergies import pieces
from bellica.games.siege_of_olympus.state import SiegeState

# Weights of the evaluation (tuned by playing greedy against random and mcts against greedy).
HEALTH = 0.12  # per point of Commander health ahead
BOARD = 0.05  # per point of attack plus health in play
PRIMORDIAL = 0.06  # per point of attack that can strike the Commander
CARD = 0.06  # per card in hand
ARTIFACT = 0.55  # per Artifact held
PIECE = 0.10  # per piece of a set still open beyond the first
SCALE = 0.35
PREFERRED = frozenset({"summon", "cast", "attack", "use"})


def _side_value(state: SiegeState, side: int) -> float:
    value = HEALTH * state.health[side] + CARD * min(len(state.hand[side]), 8)
    value += ARTIFACT * len(state.artifacts[side])
    for uid in state.minions[side]:
        attack = state.attack_of(uid)
        value += BOARD * (attack + state.health_of(uid) - state.damage[uid])
        if state.keyword(uid, "primordial"):
            value += PRIMORDIAL * attack
    of_piece = state.game.artifact_of_piece
    for piece, count in pieces(state, side).items():
        if count >= 2 and of_piece.get(piece, -1) in state.pile:
            value += PIECE * (count - 1)
    return value


def evaluate(state: SiegeState, seat: int) -> float:
    """How good the position looks for `seat`, in [-1, 1] (the result once the game is over)."""
    if state.winners is not None:
        return state.returns()[seat]
    return tanh(SCALE * (_side_value(state, seat) - _side_value(state, 1 - seat)))


def playout_action(state: SiegeState, rng: Rng) -> Action:
    """A quick plausible move: mostly summoning, casting and attacking, ending a phase only
    when nothing else is picked."""
    legal = state.legal_actions()
    if len(legal) > 1 and rng.random() < 0.85:
        preferred = [a for a in legal if a.kind in PREFERRED]
        if preferred:
            return rng.choice(preferred)
    return rng.choice(legal)
