"""How long a game of Bellum Magia can be (`length`): each day's decisions from what they
spend (Barrels and Confusion spells, one attack a lord, a chest a thief, food and glyphs)."""

from __future__ import annotations

import pytest

import bellica
from bellica.games.bellum_magia.length import day_decisions, most_thieves, setup_decisions


@pytest.mark.parametrize("lords", [2, 3, 4, 5])
def test_a_day_from_what_it_spends(lords: int) -> None:
    g = bellica.load("bellum-magia", lords)
    barrels = min(2 * lords, 10)  # two a lord, ten in the reserve
    rolls = (barrels + 14 + 1) * lords  # 14 creatures bring a Roll Again token
    assert most_thieves(g) == 25  # a castle's one thief and every creature's best
    steals = lords * 25
    recruits = 30 // 2 + 20 // 3  # each recruit pays 2 food, or 3 glyphs without food
    assert day_decisions(g) == rolls + lords + steals + recruits + lords
    assert setup_decisions(g) == 2 * lords  # two Goblins each; the castles are dealt
    assert g.max_game_length == setup_decisions(g) + 60 * day_decisions(g)


def test_chosen_castles_add_a_decision_each() -> None:
    g = bellica.load("bellum-magia", 3, options={"castles": "choose"})
    assert setup_decisions(g) == 3 + 2 * 3
