"""How good a position looks to each lord (wealth, and what its hordes will bring), and the
rollout policy."""

from __future__ import annotations

import math
from typing import Any

from bellica.core import Action, Rng
from bellica.games.bellum_magia.cards import CHEST_KINDS, CardSet, Place
from bellica.games.bellum_magia.state import CHESTS_TO_END, MagiaState

# What a thing is worth in chest value, roughly (a Wooden chest is worth about 2).
FOOD, GLYPH, BARREL = 0.35, 0.6, 0.4
MAPS = 0.7  # a treasure map on a line: a share of the day's scouting chest
CHEST = 0.3  # a chest held, beyond its value (it brings the end nearer and breaks ties)
THIEF = 0.8  # a thief on a line that can break a castle's shield

SCALE = 10.0  # a lead of this much wealth is a near-certain win


def spoils_worth(cards: CardSet, pieces: list[Any]) -> list[float]:
    """What raiding each piece brings, in chest value (0 for anything but a Place): its
    resources at rough exchange rates and its chests at their kind's mean value."""
    mean = {
        kind: sum(getattr(cards.chests, kind)) / len(getattr(cards.chests, kind))
        for kind in CHEST_KINDS
    }
    return [
        FOOD * c.food
        + GLYPH * c.glyph
        + BARREL * c.barrel
        + sum(mean[k] * getattr(c, k) for k in CHEST_KINDS)
        if isinstance(c, Place)
        else 0.0
        for c in pieces
    ]


def evaluate(state: MagiaState) -> list[float]:
    """Each lord's value in [-1, 1]: its score (wealth, chests, resources, and the hordes'
    expected yield over the days left) against the best of the others'."""
    lords = state.game.players
    if state.winners is not None:
        return state.returns()
    most = max(len(state.stock[lord]) for lord in range(lords))
    days_left = max(1.0, (CHESTS_TO_END - most) * 0.8)
    targets = _targets(state)
    scores = [_score(state, lord, targets, days_left) for lord in range(lords)]
    out = []
    for lord in range(lords):
        rival = max(scores[o] for o in range(lords) if o != lord)
        out.append(math.tanh((scores[lord] - rival) / SCALE))
    return out


def _targets(state: MagiaState) -> list[tuple[int, int, float]]:
    """The Places one may raid today or later, as (shield, magic shield, spoils' worth)."""
    game = state.game
    return [
        (game.shield[p], game.magic_shield[p], game.spoils_worth[p])
        for p in state.places + state.tavern
    ]


def _score(
    state: MagiaState, lord: int, targets: list[tuple[int, int, float]], days_left: float
) -> float:
    food, glyph, barrel = state.held[lord]
    score = state.wealth(lord) + CHEST * len(state.stock[lord])
    score += FOOD * food + GLYPH * glyph + BARREL * barrel
    yield_ = 0.0
    for line in state.lines[lord]:
        swords = line[3] + line[4]
        magic = line[4]
        best = 0.0
        for shield, magic_shield, worth in targets:
            if swords >= shield and magic >= magic_shield and worth > best:
                best = worth
        yield_ += FOOD * line[0] + GLYPH * line[1] + MAPS * line[2] + best
        if line[5] and swords >= 3:
            yield_ += THIEF * line[5]
    return score + yield_ / 6 * days_left


def playout_action(state: MagiaState, rng: Rng) -> Action:
    """A quick plausible move: raid or attack when possible, let most rolls stand, recruit
    most of the time."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind for a in legal}
    if "keep" in kinds:
        return legal[0] if rng.random() < 0.85 else rng.choice(legal)
    if "pass" in kinds:
        strikes = [a for a in legal if a.kind != "pass"]
        return rng.choice(strikes)
    if "done" in kinds and rng.random() < 0.25:
        return legal[-1]
    return rng.choice(legal)
