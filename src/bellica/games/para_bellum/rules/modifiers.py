"""Rule changes in force for a player: the round's Event and its face-up Permanents and
Special Units."""

from __future__ import annotations

from bellica.games.para_bellum.state import ParaState


def modifier(state: ParaState, side: int, key: str) -> int:
    """The summed change to one rule (a key of cards.MODIFIERS) for `side` now."""
    game = state.game
    card = game.table.card
    total = 0
    for uid in state.event:
        total += card[uid].modifiers.get(key, 0)
    disabled = state.disabled
    for uid in state.permanents[side]:
        if uid not in disabled:
            total += card[uid].rule.get(key, 0)
    for uid in state.grid[side]:
        if uid >= 0 and game.is_special[uid] and uid not in disabled:
            total += card[uid].rule.get(key, 0)
    return total
