"""The human kingdom: the Places shown, raiding one for its spoils, the pile refilling them."""

from __future__ import annotations

from bellica.games.bellum_magia.cards import CHEST_KINDS
from bellica.games.bellum_magia.rules.stock import gain, win_chests
from bellica.games.bellum_magia.state import MagiaState


def refill_places(state: MagiaState) -> None:
    """Turn Places face up from the kingdom pile (farms first, then villages, then towns)
    until as many show as there are lords, or the pile is out."""
    wanted = state.game.players
    places = state.places
    for layer in reversed(state.kingdom):  # the top layer is the last
        while len(places) < wanted and layer:
            uid = layer.pop()
            places.append(uid)
            state.caused.append(("place", uid))


def raid(state: MagiaState, lord: int, place: int) -> None:
    """`lord` raids a Place: takes its spoils (resources as the reserve allows, chests as
    the piles allow); a Place is discarded, the Tavern stays."""
    game = state.game
    card = game.table.card[place]
    got = [
        gain(state, lord, r, getattr(card, name))
        for r, name in enumerate(("food", "glyph", "barrel"))
    ]
    chests: list[int] = []
    for kind in CHEST_KINDS:
        chests += win_chests(state, lord, kind, getattr(card, kind))
    if place != game.tavern_uid:
        state.places.remove(place)
        state.discard.append(place)
    state.caused.append(("raid", lord, place, tuple(got), tuple(chests)))
