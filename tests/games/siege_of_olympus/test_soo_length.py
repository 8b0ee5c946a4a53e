"""How long a game of Siege of Olympus can be (`length`): a turn cannot go through the Deck
twice with our cards, which is what bounds it; a Deck and Underworld of two draw spells could
go round for ever."""

from __future__ import annotations

from soo_helpers import card, position, uid, zone

import bellica
from bellica.games.siege_of_olympus.cards import CARDS_FILE
from bellica.games.siege_of_olympus.length import (
    agora_most,
    deck_cards,
    deck_passes,
    taken,
    taken_from_deck,
)
from bellica.games.siege_of_olympus.rules.deck import HAND_LIMIT, MINION_LIMIT, TARTARUS_SIZE


def test_our_cards_leave_too_many_in_the_deck_for_a_second_reshuffle() -> None:
    g = bellica.load("siege-of-olympus")
    assert len(deck_cards(g)) == 66
    held = 2 * HAND_LIMIT + 2 * MINION_LIMIT + TARTARUS_SIZE + agora_most(g)
    assert len(deck_cards(g)) - held == 22  # in the Deck and the Underworld as a turn begins
    assert sum(max(0, taken(g, u) - 1) for u in g.spell_uids) == 1  # Oracle of Delphi
    assert max(taken(g, u) for u in g.commander_uids) == 2  # Gaia's two Reborns
    # 22 - 2 - 1 - 2 = 17 cards in the reshuffled Deck, and 14 cards that every card's draws
    # and searches together could take from it.
    assert sum(taken_from_deck(g.effects(u)) for u in deck_cards(g)) == 14
    assert deck_passes(g)
    assert g.max_round_decisions is not None


def test_two_draw_spells_alone_could_go_round_for_ever() -> None:
    """The position the check rules out: the Deck empty, the Underworld one draw spell. Each
    spell cast draws the other back from the reshuffled Underworld, and the turn is where it
    was (every other card is in the caster's hand: no play reaches this)."""
    state = position(
        cards=CARDS_FILE,
        hands={0: ["Oracle of Delphi"]},
        underworld=["Nectar of the Gods"],
        rest="hand 0",
    )
    hand = sorted(zone(state, "hand", 0))
    for _ in range(3):
        state.apply(card(state, "cast", "Oracle of Delphi"))
        assert zone(state, "underworld") == ["Oracle of Delphi"]
        state.apply(card(state, "cast", "Nectar of the Gods"))
        assert zone(state, "underworld") == ["Nectar of the Gods"]
        assert sorted(zone(state, "hand", 0)) == hand
        assert state.deck == [] and uid(state, "Oracle of Delphi") in state.hand[0]
