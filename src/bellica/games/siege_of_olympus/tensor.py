"""The observation tensor: where each card is as a seat knows it, its marks, and the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# Every task kind registers when its rules module is imported; these two import them all, so
# the one-hot of the pending task's kind has a fixed size and order in every process.
from bellica.games.siege_of_olympus.rules import flow as _flow  # noqa: F401
from bellica.games.siege_of_olympus.rules import setup as _setup  # noqa: F401
from bellica.games.siege_of_olympus.state import DODGE, PHASES, SiegeState

if TYPE_CHECKING:
    from bellica.games.siege_of_olympus.game import SiegeOfOlympus


PLACES = 16  # where a card is, as a seat knows it (see observation_tensor)
CARD_FEATURES = 10
GLOBALS = 19  # the turn's numbers before the one-hot of the pending task's kind


def tensor_shape(game: SiegeOfOlympus) -> tuple[int, ...]:
    return (game.table.size * (PLACES + CARD_FEATURES) + GLOBALS + len(game.tasks.names()),)


def observation_tensor(state: SiegeState, seat: int, out: Any) -> None:
    """Per card: a one-hot place as `seat` knows it (own hand; the Deck or the other hand,
    which it cannot tell apart; the other hand, when seen arriving; own and enemy minions;
    Tartarus; the Agora; the Underworld; the Artifact pile; own and enemy Artifacts; own and
    enemy Commander; unchosen Commanders; Olympus; being cast), then its marks (damage,
    attacked, used, fresh, dodge, paralyzed, crippled, copying, attack, health), all scaled
    to [0, 1]; then the turn: phase, sides, health, abilities, the exchange, the target,
    counts and the round."""
    game = state.game
    size = game.table.size
    side = 0 if seat < 0 else seat
    other = 1 - side
    width = PLACES + CARD_FEATURES
    zones = [
        (state.hand[side], 0),
        (state.minions[side], 3),
        (state.minions[other], 4),
        (state.tartarus, 5),
        (state.agora, 6),
        (state.underworld, 7),
        (state.pile, 8),
        (state.artifacts[side], 9),
        (state.artifacts[other], 10),
        (state.commander[side], 11),
        (state.commander[other], 12),
        (state.unchosen, 13),
        (state.olympus, 14),
        (state.casting, 15),
    ]
    if seat < 0:
        zones = zones[1:]
    known = set(state.known[other])
    for uid in state.hand[other]:
        out[uid * width + (2 if uid in known else 1)] = 1.0
    if seat < 0:
        for uid in state.hand[side]:
            out[uid * width + (2 if uid in state.known[side] else 1)] = 1.0
    for uid in state.deck:
        out[uid * width + 1] = 1.0
    for pile, place in zones:
        for uid in pile:
            out[uid * width + place] = 1.0
    in_play = set(state.minions[0]) | set(state.minions[1]) | set(state.tartarus)
    for uid in in_play:
        base = uid * width + PLACES
        status = state.status[uid]
        out[base] = min(state.damage[uid], 12) / 12
        out[base + 1] = 1.0 if status & 1 else 0.0
        out[base + 2] = 1.0 if status & 2 else 0.0
        out[base + 3] = 1.0 if status & 4 else 0.0
        out[base + 4] = 1.0 if status & DODGE else 0.0
        out[base + 5] = 1.0 if state.is_paralyzed(uid) else 0.0
        out[base + 6] = 1.0 if state.is_crippled(uid) else 0.0
        out[base + 7] = 1.0 if state.copied[uid] >= 0 else 0.0
        out[base + 8] = min(state.attack_of(uid), 10) / 10
        out[base + 9] = min(state.health_of(uid), 13) / 13
    for uid in state.known[other] + (state.hand[side] if seat >= 0 else []):
        if state.status[uid] & 4:
            out[uid * width + PLACES + 3] = 1.0
    g = size * width
    out[g + PHASES.index(state.phase)] = 1.0
    out[g + 5] = 1.0 if state.active == side else 0.0
    out[g + 6] = 1.0 if state.first == side else 0.0
    out[g + 7] = min(state.health[side], 60) / 60
    out[g + 8] = min(state.health[other], 60) / 60
    out[g + 9] = 1.0 if state.ability_used[side] else 0.0
    out[g + 10] = 1.0 if state.ability_used[other] else 0.0
    out[g + 11] = 1.0 if state.exchanged else 0.0
    out[g + 12] = 1.0 if state.target >= 0 else 0.0
    out[g + 13] = min(len(state.deck), 120) / 120
    out[g + 14] = min(len(state.hand[side]), 20) / 20
    out[g + 15] = min(len(state.hand[other]), 20) / 20
    out[g + 16] = min(state.round, 100) / 100
    out[g + 17] = 1.0 if state.current_player == side else 0.0
    out[g + 18] = 1.0 if seat < 0 else 0.0
    if state.stack and state.winners is None:
        names = game.tasks.names()
        name = state.stack[-1].name
        out[g + GLOBALS + names.index(name)] = 1.0
