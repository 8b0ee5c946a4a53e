"""Bellum turn structure: setup, Rally, Assault, Deployment, Draw, and how the game ends."""

from __future__ import annotations

import pytest
from bellum_helpers import do, game, my_turn, position, power, texts, uid, zone

BASIC_NAMES = {"Satyr", "Imp", "Nymph", "Mercenary", "Acolyte", "Prayer"}


def buy(state, text: str):
    """Buy a card, paying each ring with the first card offered."""
    do(state, text)
    while state.stack and state.stack[-1].name == "pay":
        do(state, texts(state)[0])
    return state


# -- Setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize("first", [0, 1])
def test_first_player_draws_two_cards_and_the_other_three(first):
    """The first player opens the game holding 2 cards, the opponent holding 3."""
    state = game(cities="athens,sparta", first=str(first)).new_game(5)
    assert (state.round, state.active) == (1, first)
    assert len(state.hand[first]) == 2
    assert len(state.hand[1 - first]) == 3
    assert len(state.deck[first]) == 4
    assert len(state.deck[1 - first]) == 3


def test_starter_deck_is_one_copy_of_each_basic_card():
    """Each player's six starting cards are one copy of each of the six Basic designs."""
    state = game(cities="athens,sparta", first="0").new_game(2)
    table = state.game.table
    seen: set[int] = set()
    for side in (0, 1):
        cards = state.deck[side] + state.hand[side]
        assert len(cards) == 6
        assert {table.card[u].name for u in cards} == BASIC_NAMES
        assert all(table.card[u].deck == "basic" for u in cards)
        seen.update(cards)
    assert len(seen) == 12


def test_olympus_stacks_hold_ten_cards_each():
    """Each Olympus stack starts with its ten cards, and each Legend stack with its two."""
    state = game(cities="athens,sparta", first="0").new_game(4)
    table = state.game.table
    for number, pile in enumerate(state.stacks[0], start=1):
        assert len(pile) == 10
        assert {(table.card[u].deck, table.card[u].stack) for u in pile} == {("olympus", number)}
    for number, pile in enumerate(state.legends, start=1):
        assert len(pile) == 2
        assert {(table.card[u].deck, table.card[u].stack) for u in pile} == {("legend", number)}


@pytest.mark.parametrize(
    ("cities", "charges"), [("athens,sparta", [3, 2]), ("troy,athens", [2, 3])]
)
def test_strategy_charges_come_from_the_fourth_district(cities, charges):
    """Each city starts with the Strategy level printed on its fourth district."""
    state = game(cities=cities, first="0").new_game(1)
    assert state.strategy == charges
    assert state.pillaged == [0, 0]


# -- A. Rally ----------------------------------------------------------------------------------


def test_rally_abilities_must_be_resolved_before_ending_the_phase():
    """The phase end is only offered once every Rally ability has resolved."""
    state = my_turn(play={0: [29, 81]})
    assert texts(state) == ["Resolve The Reaper (029)", "Resolve Lernean Hydra (081)"]
    do(state, "Resolve The Reaper")
    assert texts(state) == ["Resolve Lernean Hydra (081)"]
    do(state, "Resolve Lernean Hydra")
    assert state.phase == "declare"


def test_rally_abilities_resolve_in_the_order_chosen():
    """Resolving the Reaper before the Hydra lets the Hydra heal the Reaper's damage."""
    state = my_turn(play={0: [29, 81]})
    do(state, "Resolve The Reaper", "Resolve Lernean Hydra")
    assert state.damage[uid(state, 81)] == 0
    state = my_turn(play={0: [29, 81]})
    do(state, "Resolve Lernean Hydra", "Resolve The Reaper")
    assert state.damage[uid(state, 81)] == 1


def test_spells_but_not_creatures_may_be_played_in_the_rally_phase():
    """During Rally the player may play a spell, not a creature."""
    state = my_turn(hands={0: [71, 16]}, decks={0: [41]}, play={0: [29]})
    assert texts(state) == ["Resolve The Reaper (029)", "Play Prayer (071)"]
    do(state, "Play Prayer")
    assert zone(state, "hand", 0) == ["016", "041"]
    assert zone(state, "discard", 0) == ["071"]
    assert state.phase == "rally"


# -- B. Assault --------------------------------------------------------------------------------


def test_first_player_may_assault_on_turn_one():
    """Nothing stops the first player from attacking in the very first turn."""
    state = position(phase="declare", round=1, first=0, play={0: [41]})
    assert "Attack with Mercenary (041)" in texts(state)
    do(state, "Attack with Mercenary")
    assert state.pillaged == [0, 1]


def test_assault_is_optional():
    """Declaring no attacker moves on to Deployment with no pillage."""
    state = position(phase="declare", hands={0: [16]}, play={0: [41]})
    do(state, "Done declaring attackers")
    assert state.phase == "deploy"
    assert state.pillaged == [0, 0]


def test_assault_abilities_trigger_once_all_attackers_are_declared():
    """Chimera's Assault waits until the attacker list is complete."""
    state = position(phase="declare", play={0: [13, 16], 1: [41]})
    do(state, "Attack with Chimera")
    assert texts(state) == ["Attack with Satyr (016)", "Done declaring attackers"]
    do(state, "Done declaring attackers")
    assert texts(state)[0].startswith("Choose")


def test_each_blocker_blocks_one_attacker():
    """A single defender blocks one of two attackers; the other one pillages."""
    state = position(phase="declare", play={0: [41, 42], 1: [16]})
    do(state, "Attack with Mercenary (041)", "Attack with Mercenary (042)")
    assert state.current_player == 1
    assert texts(state) == ["Block with Satyr (016)", "Do not block"]
    do(state, "Block with Satyr (016)")
    assert state.pillaged == [0, 1]
    assert zone(state, "discard", 1) == ["016"]
    assert zone(state, "discard", 0) == ["041"]


def test_combat_damage_is_simultaneous():
    """Two Mercenaries fighting each other both die."""
    state = position(phase="declare", hands={0: [16]}, play={0: [41], 1: [42]})
    do(state, "Attack with Mercenary (041)", "Block with Mercenary (042)")
    assert zone(state, "discard", 0) == ["041"]
    assert zone(state, "discard", 1) == ["042"]
    assert state.pillaged == [0, 0]


def test_blocked_attacker_does_not_pillage():
    """If every attacker is blocked, no district falls."""
    state = position(phase="declare", hands={0: [16]}, play={0: [41], 1: [15]})
    do(state, "Attack with Mercenary", "Block with Cerberus")
    assert state.pillaged == [0, 0]
    assert state.damage[uid(state, 15)] == 2


def test_attacker_whose_blocker_dies_does_not_pillage():
    """A blocked attacker stays blocked when its blocker dies in the fight."""
    state = position(phase="declare", hands={0: [16]}, play={0: [13], 1: [17]})
    do(state, "Attack with Chimera", "Choose Satyr (017)", "Block with Satyr (017)")
    assert zone(state, "discard", 1) == ["017"]
    assert zone(state, "play", 0) == ["013"]
    assert state.pillaged == [0, 0]


def test_first_district_of_sparta_summons_a_spartan():
    """Pillaging Sparta's first district gives the defender a Spartan from the Stock."""
    state = position(phase="declare", play={0: [41]}, cities=("Athens", "Sparta"))
    do(state, "Attack with Mercenary")
    assert state.pillaged == [0, 1]
    assert zone(state, "play", 1) == ["090"]


def test_district_ability_helps_the_defender():
    """Athens' first district falling lets the Athenian defender draw a card."""
    state = position(
        phase="declare", play={0: [41]}, decks={1: [16, 17]}, cities=("Sparta", "Athens")
    )
    do(state, "Attack with Mercenary")
    assert zone(state, "hand", 1) == ["017"]
    assert zone(state, "hand", 0) == []


def test_districts_fall_in_order():
    """With one district already lost, the next assault pillages the second one."""
    state = position(phase="declare", play={0: [41, 16]}, pillaged=(0, 1))
    do(state, "Attack with Mercenary", "Done declaring attackers")
    assert state.pillaged == [0, 2]
    assert state.current_player == 1
    assert texts(state) == ["Choose Mercenary (041)", "Choose Satyr (016)"]
    do(state, "Choose Mercenary (041)")
    assert zone(state, "discard", 0) == ["041"]


def test_one_district_per_assault():
    """Three unblocked attackers still pillage a single district."""
    state = position(phase="declare", hands={0: [17]}, play={0: [41, 42, 16]})
    do(state, "Attack with Mercenary (041)", "Attack with Mercenary (042)")
    do(state, "Attack with Satyr (016)")
    assert state.pillaged == [0, 1]
    assert state.phase == "deploy"


def test_fourth_district_pillaged_wins_at_once():
    """The fourth district falling ends the game for the attacker before its ability runs."""
    state = position(phase="declare", play={0: [41]}, pillaged=(0, 3))
    do(state, "Attack with Mercenary")
    assert state.is_terminal
    assert state.outcome().winners == (0,)
    assert "Sparta" in state.outcome().reason
    assert state.damage[uid(state, 41)] == 0
    assert texts(state) == []


def test_hercules_lets_an_unblocked_soldier_pillage_two():
    """With Hercules' Assault used, an unblocked Soldier pillages two districts."""
    state = position(phase="declare", play={0: [44]}, cities=("Sparta", "Athens"))
    do(state, "Attack with Hercules")
    assert texts(state) == ["Use Hercules (044)", "Decline Hercules (044)"]
    do(state, "Use Hercules")
    assert state.pillaged == [0, 2]


def test_hercules_needs_the_unblocked_attacker_to_be_a_soldier():
    """If only a Satyr gets through, Hercules' bonus does not apply (and is not offered)."""
    state = position(
        phase="declare", play={0: [44, 16], 1: ["017[s]"]}, cities=("Sparta", "Athens")
    )
    do(state, "Attack with Hercules", "Attack with Satyr")
    do(state, "Block with Satyr (017)")
    assert state.pillaged == [0, 1]


def test_hercules_asks_whether_to_pillage_two_once_the_blocks_are_known():
    """Ruling 29: his "may" is asked at the pillage step, not when he attacks: the player
    knows by then which Soldiers got through."""
    state = position(
        phase="declare", play={0: [44, 41], 1: ["017[s]"]}, cities=("Sparta", "Athens")
    )
    do(state, "Attack with Hercules")
    assert texts(state) == ["Attack with Mercenary (041)", "Done declaring attackers"]
    do(state, "Attack with Mercenary")
    assert texts(state) == ["Block with Satyr (017)", "Do not block"]
    do(state, "Block with Satyr (017)")  # Hercules is held; the Mercenary (a Soldier) is not
    assert texts(state) == ["Use Hercules (044)", "Decline Hercules (044)"]
    assert state.current_player == 0 and state.pillaged == [0, 0]
    declined = state.clone()
    do(declined, "Decline Hercules")
    assert declined.pillaged == [0, 1]
    do(state, "Use Hercules")
    assert state.pillaged == [0, 2]


def test_an_unblocked_attacker_that_dies_before_the_pillage_still_pillages():
    """Ruling 28: the assault succeeds when an attacker is left unblocked, even if a death
    ability kills it before the pillage step; the log says why the district fell."""
    state = position(
        phase="declare",
        play={0: [41, "016[d1]"], 1: [27]},
        decks={1: [60]},
        cities=("Sparta", "Athens"),
    )
    do(state, "Attack with Mercenary", "Attack with Satyr", "Block with Imp")
    do(state, "Choose Satyr")  # the dying Imp's ability kills the unblocked Satyr
    assert uid(state, 16) in state.discard[0]
    assert state.pillaged == [0, 1]
    texts_told = [e.text for e in state.events()]
    assert texts_told[-3:] == [
        "Satyr (016) was not blocked: the assault on Athens succeeds",
        "Athens' district 1, Athens - Agora, is pillaged (Pillage: you draw a card.)",
        "Athens draws 1 card",  # the district's Pillage ability
    ]


def test_the_log_says_when_every_attacker_was_blocked():
    state = position(phase="declare", play={0: [41], 1: [27]}, cities=("Sparta", "Athens"))
    do(state, "Attack with Mercenary", "Block with Imp", "Decline Imp")
    assert state.pillaged == [0, 0]
    assert "no attacker got through unblocked: Athens is not pillaged" in [
        e.text for e in state.events()
    ]


def test_bellum_spell_makes_the_assault_pillage_two():
    """Bellum played in the Rally phase makes a successful assault take two districts."""
    state = my_turn(hands={0: [64]}, play={0: [16]}, cities=("Sparta", "Athens"))
    do(state, "Play Bellum", "Attack with Satyr")
    assert state.pillaged == [0, 2]


def test_an_unblockable_creature_cannot_be_blocked():
    """No block is offered against the Myrmidon, so it pillages."""
    state = position(phase="declare", play={0: [53], 1: [16]})
    do(state, "Attack with Myrmidon")
    assert state.pillaged == [0, 1]
    assert state.damage[uid(state, 16)] == 0


def test_damage_stays_between_turns():
    """Damage tokens are not cleared at the end of a turn."""
    state = position(hands={0: [16]}, play={0: ["041[d1]"]})
    do(state, "End the Deployment phase", "Keep this hand")
    assert (state.round, state.active, state.phase) == (3, 0, "declare")
    assert state.damage[uid(state, 41)] == 1
    assert power(state, 41) == 1


# -- C. Deployment -----------------------------------------------------------------------------


def test_creatures_and_relics_are_played_in_deployment():
    """A creature and a relic from hand go into play."""
    state = position(hands={0: [16, 26]})
    do(state, "Play Satyr", "Play Tower of Babel")
    assert zone(state, "play", 0) == ["016", "026"]
    assert power(state, 16) == 3


def test_only_the_top_of_each_olympus_stack_is_for_sale():
    """The top card of a stack can be bought, the ones under it cannot."""
    state = position(hands={0: [41, 42]}, olympus=[[45, 46], [], [], []])
    assert "Buy Hoplite (046)" in texts(state)
    assert "Buy Hoplite (045)" not in texts(state)


def test_bought_card_goes_to_the_discard_pile():
    """Buying discards the payment, and the bought card joins the discard pile."""
    state = position(hands={0: [41, 42, 16]}, olympus=[[45, 46], [], [], []])
    do(state, "Buy Hoplite (046)")
    assert texts(state) == [
        "Discard Mercenary (041) to pay",
        "Discard Mercenary (042) to pay",
        "Discard Satyr (016) to pay",
    ]
    do(state, "Discard Mercenary (041) to pay", "Discard Mercenary (042) to pay")
    assert zone(state, "hand", 0) == ["016"]
    assert zone(state, "discard", 0) == ["041", "042", "046"]
    assert zone(state, "play", 0) == []
    assert state.stacks[0][0] == [uid(state, 45)]


def test_cost_rings_need_their_clan():
    """Chimera's Myth ring needs a Myth card; Labyrinths pay only the plain rings."""
    olympus = [[], [13], [], []]
    assert "Buy Chimera (013)" not in texts(position(hands={0: [41, 60, 74]}, olympus=olympus))
    assert "Buy Chimera (013)" not in texts(position(hands={0: [74, 75, 76]}, olympus=olympus))
    state = position(hands={0: [74, 75, 16]}, olympus=olympus)
    do(state, "Buy Chimera (013)")
    assert zone(state, "discard", 0) == ["016"]
    do(state, "Discard Labyrinth (074) to pay")
    assert zone(state, "discard", 0) == ["016", "074", "075", "013"]


def test_legend_only_when_its_olympus_stack_is_empty():
    """Hector can be bought only once the first Olympus stack is gone."""
    hand = {0: [41, 42, 16]}
    state = position(hands=hand, olympus=[[45], [], [], []], legends=[[59, 51], [], [], []])
    assert "Buy Hoplite (045)" in texts(state)
    assert not any("Hector" in t or "Tiresias" in t for t in texts(state))
    state = position(hands=hand, olympus=[[], [], [], []], legends=[[59, 51], [], [], []])
    assert "Buy Hector (051)" in texts(state)
    assert "Buy Tiresias (059)" not in texts(state)


def test_purchase_ability_puts_card_in_play():
    """A bought Myrmidon goes straight into play, carrying its Shield."""
    state = buy(position(hands={0: [41, 16, 17, 60]}, olympus=[[], [], [53], []]), "Buy Myrmidon")
    assert zone(state, "play", 0) == ["053"]
    assert state.shield[uid(state, 53)] == 1
    assert "053" not in zone(state, "discard", 0)


def test_strategy_removes_a_card():
    """A Strategy charge makes the player Remove a card of hand or discard pile, once a turn."""
    state = position(hands={0: [16, 41]}, discards={0: [60]})
    do(state, "Spend a Strategy charge")
    assert texts(state) == ["Remove Satyr (016)", "Remove Mercenary (041)", "Remove Acolyte (060)"]
    do(state, "Remove Acolyte (060)")
    assert uid(state, 60) in state.stock
    assert state.owner[uid(state, 60)] == -1
    assert state.strategy == [2, 2]
    assert "Spend a Strategy charge" not in texts(state)


def test_strategy_needs_a_charge_left():
    """With no charge left on the fourth district, Strategy is not offered."""
    state = position(hands={0: [16]}, strategy=(0, 2))
    assert texts(state) == ["Play Satyr (016)", "End the Deployment phase"]


def test_strategy_is_available_again_next_turn():
    """The once-a-turn limit resets for the next turn."""
    state = position(hands={0: [16, 41]}, flags="strategy_used")
    assert "Spend a Strategy charge" not in texts(state)
    do(state, "End the Deployment phase", "Keep this hand")
    assert (state.active, state.phase) == (0, "deploy")
    assert "Spend a Strategy charge" in texts(state)


# -- D. Draw -----------------------------------------------------------------------------------


def test_draw_phase_may_draw_fewer():
    """The player picks how many cards to draw, from three down to none."""
    state = position(phase="draw", decks={0: [16, 17, 41, 42]})
    assert texts(state) == ["Draw 3 cards", "Draw 2 cards", "Draw 1 card", "Draw no cards"]
    do(state, "Draw 1 card")
    assert zone(state, "hand", 0) == ["042"]
    assert zone(state, "deck", 0) == ["016", "017", "041"]
    state = position(phase="draw", hands={0: [60]}, decks={0: [16, 17]})
    do(state, "Draw no cards")
    assert zone(state, "hand", 0) == ["060"]
    assert state.phase == "keep"
    state = position(phase="draw", decks={0: [16]}, discards={0: [41]})
    assert texts(state) == ["Draw 2 cards", "Draw 1 card", "Draw no cards"]


def test_draw_reshuffles_the_discard_pile_when_the_deck_runs_out():
    """The empty deck is rebuilt from the discard pile in the middle of the draw."""
    state = position(phase="draw", decks={0: [16]}, discards={0: [41, 42, 60]})
    do(state, "Draw 3 cards")
    hand, deck = zone(state, "hand", 0), zone(state, "deck", 0)
    assert hand[0] == "016"
    assert len(hand) == 3
    assert sorted(hand + deck) == ["016", "041", "042", "060"]
    assert zone(state, "discard", 0) == []


def test_hand_above_five_must_be_discarded_down():
    """Keeping is only allowed with at most five cards in hand."""
    state = position(phase="keep", hands={0: [16, 17, 27, 28, 41, 42, 60]})
    assert "Keep this hand" not in texts(state)
    do(state, "Discard Satyr (016)")
    assert "Keep this hand" not in texts(state)
    do(state, "Discard Imp (027)")
    assert "Keep this hand" in texts(state)
    assert zone(state, "discard", 0) == ["016", "027"]


def test_unwanted_cards_may_be_discarded():
    """Even below the hand size, the player may discard cards before keeping."""
    state = position(phase="keep", hands={0: [16, 41]}, play={1: [42]})
    assert texts(state) == ["Discard Satyr (016)", "Discard Mercenary (041)", "Keep this hand"]
    do(state, "Discard Satyr (016)", "Keep this hand")
    assert zone(state, "discard", 0) == ["016"]
    assert zone(state, "hand", 0) == ["041"]


def test_turn_passes_to_the_other_player():
    """After the first player's turn the second plays in the same round; then a new round."""
    state = position(phase="keep", hands={0: [16]}, play={1: [42]})
    do(state, "Keep this hand")
    assert (state.round, state.active, state.current_player) == (2, 1, 1)
    assert texts(state) == ["Attack with Mercenary (042)", "Done declaring attackers"]
    do(state, "Done declaring attackers")
    assert (state.round, state.active) == (3, 0)


def test_turn_limit_settles_by_districts():
    """At the turn limit the city with fewer districts lost wins; a tie is a draw."""

    def last_turn_ends(pillaged):
        state = position(team=1, round=2, hands={1: [16]}, pillaged=pillaged, turn_limit=2)
        do(state, "End the Deployment phase", "Keep this hand")
        assert state.is_terminal
        return state.outcome()

    outcome = last_turn_ends((1, 2))
    assert outcome.winners == (0,)
    assert outcome.reason == (
        "decided by the house turn limit of 2 rounds: Athens lost fewer districts (1 against 2)"
    )
    assert last_turn_ends((2, 1)).winners == (1,)
    draw = last_turn_ends((1, 1))
    assert draw.winners == ()
    assert draw.reason == "decided by the house turn limit of 2 rounds: both cities lost 1 district"


def test_turn_limit_waits_for_the_last_round_to_finish():
    """The first player's turn in the last round is followed by the second player's."""
    state = position(team=0, round=2, hands={0: [16], 1: [17]}, pillaged=(1, 2), turn_limit=2)
    do(state, "End the Deployment phase", "Keep this hand")
    assert not state.is_terminal
    assert (state.round, state.active) == (2, 1)
