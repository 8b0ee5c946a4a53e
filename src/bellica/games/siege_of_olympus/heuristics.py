"""How good a position looks for a seat, and the rollout policy MCTS plays with."""

from __future__ import annotations

from math import tanh

from bellica.core import Action, Rng
from bellica.games.siege_of_olympus.rules.synergies import pieces
from bellica.games.siege_of_olympus.state import SiegeState

# Weights of the evaluation (tuned by one-step greedy duels between versions, 100 games each).
HEALTH = 0.12  # per point of Commander health
BOARD = 0.05  # per point of attack plus health in play (damage heals at the end of the turn)
PRIMORDIAL = 0.06  # per point of attack that can strike the enemy Commander
CARD = 0.06  # per card in hand (up to eight)
ARTIFACT = 0.55  # per Artifact held
PIECE = 0.10  # per piece of a set still open beyond the first
RACE = 0.2  # per turn the enemy Commander would fall sooner than yours, at this rate
RACE_CAP = 8.0  # turns either way the race term counts at most
SCALE = 0.35
PREFERRED = frozenset({"summon", "cast", "attack", "use"})


def _side_value(state: SiegeState, side: int) -> float:
    value = HEALTH * state.health[side] + CARD * min(len(state.hand[side]), 8)
    value += ARTIFACT * len(state.artifacts[side])
    for uid in state.minions[side]:
        attack = state.attack_of(uid)
        value += BOARD * (attack + state.health_of(uid))
        if state.keyword(uid, "primordial"):
            value += PRIMORDIAL * attack
    of_piece = state.game.artifact_of_piece
    for piece, count in pieces(state, side).items():
        if count >= 2 and of_piece.get(piece, -1) in state.pile:
            value += PIECE * (count - 1)
    return value


def threat(state: SiegeState, side: int) -> int:
    """How much `side`'s minions could strike the enemy Commander for in a turn."""
    return sum(state.attack_of(u) for u in state.minions[side] if state.keyword(u, "primordial"))


def _turns_to_fall(state: SiegeState, side: int) -> float:
    """Turns the enemy of `side` needs to bring `side`'s Commander down at today's threat."""
    return min(state.health[side] / max(threat(state, 1 - side), 0.5), 2 * RACE_CAP)


def evaluate(state: SiegeState, seat: int) -> float:
    """How good the position looks for `seat`, in [-1, 1] (the result once the game is over):
    Commander health, the board, cards, Artifacts and open pieces on both sides, and the race
    between the two Commanders at the primordial attack each side has in play."""
    if state.winners is not None:
        return state.returns()[seat]
    other = 1 - seat
    diff = _side_value(state, seat) - _side_value(state, other)
    race = _turns_to_fall(state, seat) - _turns_to_fall(state, other)
    diff += RACE * max(-RACE_CAP, min(RACE_CAP, race))
    return tanh(SCALE * diff)


def playout_action(state: SiegeState, rng: Rng) -> Action:
    """A quick plausible move: mostly summoning, casting and attacking, ending a phase only
    when nothing else is picked."""
    legal = state.legal_actions()
    if len(legal) > 1 and rng.random() < 0.85:
        preferred = [a for a in legal if a.kind in PREFERRED]
        if preferred:
            return rng.choice(preferred)
    return rng.choice(legal)
