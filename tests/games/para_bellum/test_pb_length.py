"""How long a game of Para Bellum can be (`length`): the action tokens a turn can ever have,
counted from the cards, and what each action can ask."""

from __future__ import annotations

import bellica
from bellica.games.para_bellum.length import (
    action_decisions,
    action_tokens,
    army_phase,
    excess,
    setup_decisions,
)


def test_the_tokens_a_turn_can_have() -> None:
    g = bellica.load("para-bellum", 2)
    # Three a turn, one from the Event of Haste, one from each of Order 101's copies and two
    # from each of Order 107's, two from the Battle Bonus of Battle 402's black.
    copies = {
        number: sum(1 for c in g.table.card if getattr(c, "number", 0) == number)
        for number in (101, 107)
    }
    assert action_tokens(g) == 3 + 1 + copies[101] + 2 * copies[107] + 2
    assert action_tokens(bellica.load("para-bellum", 4)) == action_tokens(g) - 1


def test_what_a_turn_asks() -> None:
    g = bellica.load("para-bellum", 3)
    asked, gained = action_decisions(g)
    assert gained == 2  # an Order drawing two Army cards or taking two Command cards
    army, army_gain = army_phase(g)
    # The card, two Centurions' banners; Morale for two opponents, the Bonus's colour and
    # effects (two harassed dice at most), a Command card for a low die.
    assert army == 1 + 2 + 2 + 1 + 2 + 1
    assert army_gain == 1 + 2
    # The hand limit: +1 with each copy of a Permanent, -2 with an Event.
    assert excess(g) == sum(abs(rule.get("hand_limit", 0)) for rule in g.rules)
    assert setup_decisions(g) == 3 + 2 * 3
    round_most = g.max_round_decisions
    tokens = action_tokens(g)
    turn = army + tokens * asked + 1 + (army_gain + tokens * gained + 1 + 1 + excess(g))
    assert round_most == 3 * turn + 3 * 1  # an Event reveal asks one decision at most
