"""The observation tensor: where each piece is as a seat knows it, the chests it knows, each
lord's numbers and lines seen from the seat, and the day."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from bellica.core.cards import zone_tensor_size, zones_tensor

# Every task kind registers when its rules module is imported; these two import them all, so
# the one-hot of the pending task's kind has a fixed size and order in every process.
from bellica.games.bellum_magia.rules import flow as _flow  # noqa: F401
from bellica.games.bellum_magia.rules import setup as _setup  # noqa: F401
from bellica.games.bellum_magia.state import PHASES, MagiaState

if TYPE_CHECKING:
    from bellica.games.bellum_magia.game import BellumMagia

CHEST_FEATURES = 2  # known, value
LORD_FEATURES = 12 + 36  # numbers, then the six lines' six values
GLOBALS = 25  # the day's numbers before the one-hot of the pending task's kind
MAX_VALUE = 20.0


def tensor_shape(game: BellumMagia) -> tuple[int, ...]:
    places = zone_tensor_size(game.layout, game.players)
    cards = game.table.size * (places + CHEST_FEATURES)
    return (cards + game.players * LORD_FEATURES + GLOBALS + len(game.tasks.names()),)


def observation_tensor(state: MagiaState, seat: int, out: Any) -> None:
    """Per piece a one-hot place (owned zones numbered from the seat round the table) and, for
    a chest, whether the seat knows its value and the value; per lord from the seat round the
    table: resources, tokens, spells, chests by kind, whether it attacked today, whether it is
    the Captain, then its six lines; then the phase, the die, the day, the reserve, the piles
    and whose decision it is. Every value is scaled to [0, 1]."""
    game = state.game
    size = game.table.size
    lords = game.players
    side = max(seat, 0)
    places = zone_tensor_size(game.layout, lords)
    width = places + CHEST_FEATURES
    grid = np.zeros((size, places), dtype=out.dtype)
    zones_tensor(state.zones, game.seating, seat, side, grid)
    cards = out[: size * width].reshape(size, width)
    cards[:, :places] = grid
    if seat >= 0:
        known = state.seen[seat]
        for kind_uids in game.chest_uids.values():
            for uid in kind_uids:
                if known >> uid & 1:
                    cards[uid, places] = 1.0
                    cards[uid, places + 1] = min(state.value[uid], MAX_VALUE) / MAX_VALUE
    base = size * width
    for offset in range(lords):
        lord = (side + offset) % lords
        at = base + offset * LORD_FEATURES
        held = state.held[lord]
        kinds = [game.chest_kind[u] for u in state.stock[lord]]
        row = [
            held[0] / 30,
            held[1] / 20,
            held[2] / 2,
            min(state.shields[lord], 20) / 20,
            min(state.magic_shields[lord], 8) / 8,
            min(state.spells[lord], 17) / 17,
            min(state.spells_used[lord], 17) / 17,
            kinds.count("wooden") / 10,
            kinds.count("metal") / 10,
            kinds.count("gold") / 10,
            1.0 if state.attacked[lord] else 0.0,
            1.0 if lord == state.captain else 0.0,
        ]
        out[at : at + 12] = [min(v, 1.0) for v in row]
        lines = np.asarray(state.lines[lord], dtype=out.dtype).reshape(-1)
        out[at + 12 : at + 48] = np.minimum(lines / 20.0, 1.0)
    g = base + lords * LORD_FEATURES
    out[g + PHASES.index(state.phase)] = 1.0
    if state.die:
        out[g + 5 + state.die - 1] = 1.0
    out[g + 11] = min(state.day, 100) / 100
    out[g + 12 : g + 15] = [
        min(r / t, 1.0) for r, t in zip(state.reserve, game.reserve, strict=True)
    ]
    out[g + 15] = min(sum(len(k) for k in state.kingdom), 25) / 25
    out[g + 16 : g + 19] = [min(len(state.piles[k]), 60) / 60 for k in ("wooden", "metal", "gold")]
    current = state.current_player
    if current is not None:
        out[g + 19 + (current - side) % lords] = 1.0
    out[g + 24] = 1.0 if seat < 0 else 0.0
    if state.stack and state.winners is None:
        names = game.tasks.names()
        out[g + GLOBALS + names.index(state.stack[-1].name)] = 1.0
