"""Bellum card effects: keywords, triggers, answers and how the effect stack resolves them."""

from __future__ import annotations

from bellum_helpers import do, game, my_turn, position, power, texts, uid, zone

from bellica.games.bellum.rules.effects import take_from_stock


def rally_threshold(number: int, back: bool = False) -> int:
    """The charges a card's Rally ability waits for (read from the card data)."""
    table = game().table
    card = table.card[table.uid(number)]
    face = card.back if back else card
    return max(e.requires.charges for e in face.rally if e.requires and e.requires.charges)


def printed(state, number: int) -> int:
    """A creature's printed power."""
    return state.face_of(uid(state, number)).power


def stock_without(*numbers: int) -> list[int]:
    """Every Stock card except those numbers."""
    return [n for n in range(74, 94) if n not in numbers]


# -- Discard -----------------------------------------------------------------------------------


def test_nessus_death_makes_the_opponent_discard_a_card_of_their_choice():
    """Nessus dying makes its owner's opponent pick a card from hand to discard."""
    state = position(hands={0: [55, 41, 16]}, play={1: [19]})
    do(state, "Play The Wrath of Zeus")
    assert state.current_player == 0
    assert texts(state) == ["Discard Satyr (016)", "Discard Mercenary (041)"]
    do(state, "Discard Satyr (016)")
    assert zone(state, "hand", 0) == ["041"]
    assert zone(state, "discard", 0) == ["016", "055"]
    assert zone(state, "discard", 1) == ["019"]


# -- Sacrifice ---------------------------------------------------------------------------------


def test_sacrifice_ignores_shields():
    """Possessed Spartan's sacrifice may take a shielded creature; the shield does not help."""
    state = position(hands={0: [34]}, play={0: ["016[s]"]})
    do(state, "Play Possessed Spartan")
    assert texts(state) == ["Sacrifice Satyr (016)", "Sacrifice Possessed Spartan (034)"]
    do(state, "Sacrifice Satyr (016)")
    assert zone(state, "play", 0) == ["034"]
    assert zone(state, "discard", 0) == ["016"]


# -- Flip: Cerberus and Styx -------------------------------------------------------------------


def test_cerberus_flips_into_styx():
    """Destroyed, Cerberus turns into the Styx relic, stays in play and loses every token."""
    state = position(hands={0: [54]}, play={1: ["015[d2,s]"]})
    do(state, "Play Gilgamesh")
    cerberus = uid(state, 15)
    assert zone(state, "play", 1) == ["015"]
    assert zone(state, "discard", 1) == []
    assert state.face_of(cerberus).name == "Styx"
    assert not state.is_creature(cerberus)
    assert (state.damage[cerberus], state.shield[cerberus], state.charges[cerberus]) == (0, 0, 0)


def test_styx_gains_a_charge_each_rally():
    """Styx's Rally ability adds one charge."""
    state = my_turn(play={0: ["015[f]"]})
    assert len(texts(state)) == 1
    do(state, "Resolve")
    assert state.charges[uid(state, 15)] == 1
    assert state.face[uid(state, 15)] == 1


def test_styx_flips_back_to_cerberus_when_its_charges_are_full():
    """The last charge Styx needs turns it back into Cerberus, with no token left on it."""
    state = my_turn(play={0: [f"015[f,c{rally_threshold(15, back=True) - 1}]"]})
    do(state, "Resolve")
    cerberus = uid(state, 15)
    assert state.face_of(cerberus).name == "Cerberus"
    assert state.charges[cerberus] == 0
    assert power(state, 15) == printed(state, 15)
    assert texts(state) == ["Attack with Cerberus / Styx (015)", "Done declaring attackers"]


# -- Summon ------------------------------------------------------------------------------------


def test_succubus_summons_an_enthralled_undead():
    """Succubus' Deployment brings an Enthralled Undead from the Stock into play."""
    state = position(hands={0: [37]})
    do(state, "Play Succubus")
    assert zone(state, "play", 0) == ["037", "085"]
    assert 85 not in [state.game.table.card[u].number for u in state.stock]
    assert state.owner[uid(state, 85)] == 0


def test_rite_of_passage_summons_an_abomination_when_its_charges_are_full():
    """The last charge summons an Unspeakable Abomination and takes all the charges off."""
    state = my_turn(play={0: [f"040[c{rally_threshold(40) - 1}]"]})
    do(state, "Resolve Rite of Passage")
    assert state.charges[uid(state, 40)] == 0
    assert zone(state, "play", 0) == ["040", "082"]


def test_summon_from_empty_stock_does_nothing():
    """With no Abomination left to summon, nothing enters play, but the charges still go."""
    full = f"040[c{rally_threshold(40) - 1}]"
    state = my_turn(play={0: [full]}, discards={0: [82, 83, 84, 93]})
    do(state, "Resolve Rite of Passage")
    assert zone(state, "play", 0) == ["040"]
    assert state.charges[uid(state, 40)] == 0


def test_summon_takes_what_is_left_when_the_stock_runs_short():
    """Sparta's third district wants two Spartans; with one left, one comes."""
    state = position(phase="declare", play={0: [41]}, discards={1: [90, 91]}, pillaged=(0, 2))
    do(state, "Attack with Mercenary")
    assert state.pillaged[1] == 3
    assert zone(state, "play", 1) == ["092"]


def test_removed_card_cannot_be_summoned():
    """A Removed card that does not belong to the Stock sits there, but no Summon takes it."""
    state = position(hands={0: [16]})
    do(state, "Spend a Strategy charge")
    satyr = uid(state, 16)
    assert satyr in state.stock
    assert state.owner[satyr] == -1
    assert take_from_stock(state, "Satyr") == -1
    assert satyr in state.stock


def test_removed_labyrinth_can_return():
    """A Labyrinth Removed by Strategy can be handed out again by Minotaur."""
    state = position(
        team=1,
        phase="deploy",
        hands={1: [74]},
        discards={0: [75, 76]},
        play={0: [22]},
    )
    do(state, "Spend a Strategy charge")
    assert uid(state, 74) in state.stock
    assert state.active == 0
    do(state, "Attack with Minotaur")
    assert zone(state, "discard", 1) == ["074"]
    assert uid(state, 74) not in state.stock


# -- Destroy -----------------------------------------------------------------------------------


def test_destroy_ignores_shields():
    """Gilgamesh destroys a shielded enemy creature."""
    state = position(hands={0: [54]}, play={1: ["045[s]"]})
    do(state, "Play Gilgamesh")
    assert zone(state, "play", 1) == []
    assert zone(state, "discard", 1) == ["045"]


def test_abyss_destroys_every_creature_on_both_sides():
    """Abyss sends every creature, shielded or not, to its owner's discard pile."""
    state = position(hands={0: [67]}, play={0: ["041[s]", 16], 1: [13]})
    do(state, "Play Abyss")
    assert zone(state, "play", 0) == []
    assert zone(state, "play", 1) == []
    assert sorted(zone(state, "discard", 0)) == ["016", "041", "067"]
    assert zone(state, "discard", 1) == ["013"]


# -- Remove ------------------------------------------------------------------------------------


def test_disciple_removes_a_card_from_hand_or_discard():
    """Disciple of the Shadows may send a card of hand or discard pile to the Stock."""
    state = my_turn(hands={0: [16]}, discards={0: [41]}, play={0: [63]})
    do(state, "Resolve Disciple of the Shadows")  # the Remove choice itself can be declined
    assert texts(state) == [
        "Remove Satyr (016)",
        "Remove Mercenary (041)",
        "Decline Disciple of the Shadows (063)",
    ]
    do(state, "Remove Mercenary (041)")
    assert zone(state, "discard", 0) == []
    assert uid(state, 41) in state.stock


# -- Petrify -----------------------------------------------------------------------------------


def test_petrified_creature():
    """Medusa covers an enemy creature with a Petrified card taken from the Stock."""
    state = position(hands={0: [30]}, play={1: [13]})
    do(state, "Play Medusa")
    assert texts(state) == ["Choose Chimera (013)", "Decline Medusa (030)"]
    do(state, "Choose Chimera (013)")
    assert state.cover[uid(state, 13)] == uid(state, 77)
    assert uid(state, 77) not in state.stock
    assert zone(state, "play", 1) == ["013"]


def test_petrified_creature_cannot_attack():
    """A Petrified creature is not offered as an attacker."""
    state = position(phase="declare", play={0: ["013[p077]", 16]})
    assert texts(state) == ["Attack with Satyr (016)", "Done declaring attackers"]


def test_petrified_creature_cannot_block():
    """A Petrified creature cannot block, so the attack goes through."""
    state = position(phase="declare", hands={0: [17]}, play={0: [41], 1: ["016[p077]"]})
    do(state, "Attack with Mercenary")
    assert state.pillaged[1] == 1
    assert state.damage[uid(state, 16)] == 0


def test_petrified_creature_has_no_abilities():
    """Petrified, Fenrir has no Rally, Guardian gives no bonus and Nessus' death does nothing."""
    state = my_turn(play={0: ["023[p077]", "052[p078]", 41], 1: [16]})
    assert texts(state) == ["Attack with Mercenary (041)", "Done declaring attackers"]
    assert state.damage[uid(state, 16)] == 0
    assert power(state, 41) == printed(state, 41)
    state = position(hands={0: [55, 41, 16]}, play={1: ["019[p077]"]})
    do(state, "Play The Wrath of Zeus")
    assert zone(state, "hand", 0) == ["041", "016"]
    assert zone(state, "discard", 1) == ["019"]


def test_petrified_card_returns_to_stock_when_the_creature_leaves_play():
    """When the covered creature dies, its Petrified card goes back to the Stock."""
    state = position(hands={0: [55]}, play={1: ["016[p077]"]})
    do(state, "Play The Wrath of Zeus")
    assert zone(state, "discard", 1) == ["016"]
    assert uid(state, 77) in state.stock
    assert state.cover[uid(state, 16)] == -1


def test_only_three_petrified_cards():
    """With the three Petrified cards in use, Medusa's gaze does nothing."""
    state = position(
        hands={0: [30]},
        play={1: ["016[p077]", "017[p078]", "041[p079]", 13]},
        stock=stock_without(77, 78, 79),
    )
    do(state, "Play Medusa", "Choose Chimera (013)")
    assert state.cover[uid(state, 13)] == -1
    assert [state.game.table.card[u].name for u in state.stock].count("Petrified") == 0


# -- Shield and damage -------------------------------------------------------------------------


def test_shield_cancels_one_instance_of_damage():
    """A shield absorbs the whole of one hit and is then gone."""
    state = position(hands={0: [55]}, play={1: ["013[s]"]})
    do(state, "Play The Wrath of Zeus")
    chimera = uid(state, 13)
    assert (state.damage[chimera], state.shield[chimera]) == (0, 0)
    assert zone(state, "play", 1) == ["013"]


def test_a_creature_holds_at_most_one_shield():
    """A second shield on a shielded creature adds nothing: the next two hits both count."""
    state = position(hands={0: [45, 55, 56]}, play={0: ["016[s]"]})
    do(state, "Play Hoplite", "Choose Satyr (016)")
    assert state.shield[uid(state, 16)] == 1
    do(state, "Play The Wrath of Zeus (055)", "Choose Satyr (016)")
    assert state.shield[uid(state, 16)] == 0
    do(state, "Play The Wrath of Zeus (056)", "Choose Satyr (016)")
    assert "016" in zone(state, "discard", 0)


def test_creature_at_zero_power_is_destroyed():
    """Damage bringing power to 0 sends the creature to the discard pile."""
    state = position(hands={0: [55]}, play={1: [13]})
    do(state, "Play The Wrath of Zeus")
    assert zone(state, "play", 1) == []
    assert zone(state, "discard", 1) == ["013"]


def test_single_target_is_chosen_automatically():
    """With one enemy creature, Gilgamesh destroys it without asking for a target."""
    state = position(hands={0: [54, 16]}, play={1: [13]})
    do(state, "Play Gilgamesh")
    assert zone(state, "discard", 1) == ["013"]
    assert "Play Satyr (016)" in texts(state)


def test_optional_single_target_still_asks():
    """Polyphemus' boulder is optional: even with one target, the player may decline."""
    state = position(hands={0: [41, 42, 16, 17, 60]}, olympus=[[], [], [], [21]])
    do(state, "Buy Polyphemus")
    while state.stack and state.stack[-1].name == "pay":
        do(state, texts(state)[0])
    assert texts(state) == ["Choose Polyphemus (021)", "Decline Polyphemus (021)"]
    do(state, "Decline Polyphemus")
    assert state.damage[uid(state, 21)] == 0


# -- Rally -------------------------------------------------------------------------------------


def test_reaper_damages_every_creature_itself_included():
    """The Reaper's Rally deals 1 damage to every creature in play."""
    state = my_turn(play={0: [29, 41], 1: [13]})
    do(state, "Resolve The Reaper")
    assert [state.damage[uid(state, n)] for n in (29, 41, 13)] == [1, 1, 1]


def test_creature_destroyed_during_rally_loses_its_rally_ability():
    """A creature the Reaper kills is no longer in play, so its own Rally never happens."""
    state = my_turn(play={0: [29, "031[d3]"]})
    do(state, "Resolve The Reaper")
    assert zone(state, "discard", 0) == ["031"]
    assert "Resolve Doomed Vampire (031)" not in texts(state)
    assert zone(state, "play", 0) == ["029"]


# -- Deployment conditions ---------------------------------------------------------------------


def test_assassin_needs_another_soldier():
    """Beside a Satyr the Assassin does nothing; beside a Mercenary it deals 2 damage."""
    state = position(hands={0: [49]}, play={0: [16], 1: [13]})
    do(state, "Play Assassin")
    assert state.damage[uid(state, 13)] == 0
    assert not state.stack
    state = position(hands={0: [49]}, play={0: [41], 1: [13]})
    do(state, "Play Assassin", "Choose Chimera (013)")
    assert state.damage[uid(state, 13)] == 2


def test_ammit_needs_a_death_this_turn():
    """Ammit does nothing on a quiet turn, and deals 2 damage once Nessus' death went off."""
    state = position(hands={0: [18]}, play={1: [13]})
    do(state, "Play Ammit")
    assert state.damage[uid(state, 13)] == 0
    state = position(hands={0: [55, 18, 16]}, play={1: [19, 13]})
    do(state, "Play The Wrath of Zeus", "Choose Nessus (019)", "Discard Satyr (016)")
    assert state.died_this_turn
    do(state, "Play Ammit", "Choose Chimera (013)")
    assert state.damage[uid(state, 13)] == 2


# -- Death and resolution order ----------------------------------------------------------------


def test_imp_death_ability_is_optional():
    """A dying Imp may deal 1 damage, or its owner may decline."""
    state = position(hands={0: [55]}, play={0: [13], 1: [27]})
    do(state, "Play The Wrath of Zeus", "Choose Imp (027)")
    assert state.current_player == 1
    assert texts(state) == ["Choose Chimera (013)", "Decline Imp (027)"]
    do(state, "Decline Imp (027)")
    assert state.damage[uid(state, 13)] == 0
    assert zone(state, "discard", 1) == ["027"]


def test_emeth_needs_another_creature():
    """Emeth dying alone deals no damage."""
    state = position(hands={0: [55]}, play={0: [13], 1: [20]})
    do(state, "Play The Wrath of Zeus", "Choose Emeth (020)")
    assert state.damage[uid(state, 13)] == 0
    assert zone(state, "discard", 1) == ["020"]


def test_creature_stays_in_play_until_its_death_ability_resolved():
    """While Nessus' discard is pending, the dead Nessus is still in play."""
    state = position(hands={0: [55, 41, 16]}, play={1: [19]})
    do(state, "Play The Wrath of Zeus")
    assert texts(state)[0].startswith("Discard")
    assert zone(state, "play", 1) == ["019"]
    assert zone(state, "discard", 1) == []


def test_nessus_and_emeth_die_together():
    """The active player orders both deaths; Nessus still counts for Emeth; both end discarded."""
    state = position(hands={0: [69], 1: [60]}, play={0: ["019[d1]", "020[d2]"], 1: [41, 16]})
    do(state, "Play Fall of the Omphalos")
    assert texts(state) == ["Resolve Nessus (019)", "Resolve Emeth (020)"]
    do(state, "Resolve Nessus (019)")
    assert zone(state, "discard", 1) == ["060"]
    assert texts(state) == ["Choose Mercenary (041)", "Choose Satyr (016)"]
    assert zone(state, "play", 0) == ["019", "020"]
    do(state, "Choose Satyr (016)")
    assert zone(state, "play", 0) == []
    assert sorted(zone(state, "discard", 0)) == ["019", "020", "069"]
    assert zone(state, "discard", 1) == ["060", "016"]


def test_active_player_orders_the_opponents_simultaneous_deaths():
    """When the opponent's Nessus and Emeth die together, the active player picks the order."""
    state = position(hands={0: [69, 41]}, play={0: [13], 1: ["019[d1]", "020[d2]"]})
    do(state, "Play Fall of the Omphalos")
    assert state.current_player == 0
    assert texts(state) == ["Resolve Nessus (019)", "Resolve Emeth (020)"]


def test_all_damage_is_assigned_before_any_death_ability():
    """Fall of the Omphalos damages every creature before the first death ability runs."""
    state = position(hands={0: [69]}, play={0: ["019[d1]", 13], 1: ["020[d2]", 16]})
    do(state, "Play Fall of the Omphalos")
    assert texts(state) == ["Resolve Nessus (019)", "Resolve Emeth (020)"]
    assert [state.damage[uid(state, n)] for n in (13, 16)] == [1, 1]


def test_losing_an_ongoing_bonus_can_destroy_a_creature():
    """When the Guardian dies, its bonus goes and a damaged Mercenary falls to 0 power."""
    state = position(hands={0: [55]}, play={1: ["052[d1]", "041[d2]"]})
    assert power(state, 41) == 1
    do(state, "Play The Wrath of Zeus", "Choose Guardian (052)")
    assert zone(state, "play", 1) == []
    assert zone(state, "discard", 1) == ["052", "041"]


# -- Ongoing -----------------------------------------------------------------------------------


def test_guardian_boosts_your_other_soldiers():
    """Guardian gives +1 to its owner's other Soldiers only."""
    state = position(play={0: [52, 41, 16], 1: [42]})
    assert [power(state, n) - printed(state, n) for n in (52, 41, 16, 42)] == [0, 1, 0, 0]


# -- Assault abilities -------------------------------------------------------------------------


def test_yama_assault_is_optional():
    """Yama may deal 2 damage, or its owner may decline."""
    state = position(phase="declare", play={0: [32], 1: [13]})
    do(state, "Attack with Yama")
    assert texts(state) == ["Choose Yama (032)", "Choose Chimera (013)", "Decline Yama (032)"]
    do(state, "Decline Yama")
    assert state.damage[uid(state, 13)] == 0


# -- Answers -----------------------------------------------------------------------------------


def test_answer_defers_the_spell():
    """The opponent answers before the spell does anything; the answer resolves first."""
    state = position(hands={0: [55], 1: [65]}, play={1: [60, 16]})
    do(state, "Play The Wrath of Zeus")
    assert state.current_player == 1
    assert texts(state) == ["Answer with Omnipotence (065)", "Do not answer"]
    assert zone(state, "discard", 0) == []
    assert state.damage[uid(state, 16)] == 0
    do(state, "Answer with Omnipotence")
    assert zone(state, "discard", 1) == ["065"]
    assert zone(state, "discard", 0) == ["055"]
    assert zone(state, "play", 1) == ["060", "016"]
    assert state.damage[uid(state, 16)] == 0


def test_spell_resolves_when_not_answered():
    """Declining to answer lets the spell resolve normally."""
    state = position(hands={0: [55], 1: [65]}, play={1: [60, 16]})
    do(state, "Play The Wrath of Zeus", "Do not answer", "Choose Satyr (016)")
    assert zone(state, "discard", 1) == ["016"]
    assert zone(state, "hand", 1) == ["065"]


def test_omnipotence_needs_an_oracle_in_play():
    """Without an Oracle in play, Omnipotence cannot answer."""
    state = position(hands={0: [55], 1: [65]}, play={1: [16]})
    do(state, "Play The Wrath of Zeus")
    assert zone(state, "discard", 1) == ["016"]
    assert zone(state, "hand", 1) == ["065"]


def test_answers_nest():
    """Omnipotence answering an Omnipotence cancels it, so the first spell resolves."""
    state = position("teams", hands={0: [55, "065b"], 1: [65]}, play={0: [60], 1: [61, 16]})
    do(state, "Play The Wrath of Zeus", "Do not answer")
    assert state.current_player == 1
    do(state, "Answer with Omnipotence (065)")
    assert state.current_player == 0
    do(state, "Answer with Omnipotence (065b)")
    assert texts(state) == [
        "Choose Acolyte (060)",
        "Choose Acolyte (061)",
        "Choose Satyr (016)",
    ]
    do(state, "Choose Satyr (016)")
    assert zone(state, "discard", 1) == ["065", "016"]


def test_revenge_answers_a_death_ability_before_it_resolves():
    """Revenge strikes before Nessus' death ability makes anyone discard."""
    state = position(hands={0: [55, 41, 16], 1: [68]}, play={0: [13], 1: [19]})
    do(state, "Play The Wrath of Zeus", "Choose Nessus (019)")
    assert texts(state) == ["Answer with Revenge (068)", "Do not answer"]
    do(state, "Answer with Revenge")
    assert state.damage[uid(state, 13)] == 2
    assert zone(state, "hand", 0) == ["041", "016"]
    do(state, "Discard Mercenary (041)")
    assert zone(state, "discard", 1) == ["068", "019"]


def test_revenge_needs_a_death_ability():
    """A creature with no death ability dying gives Revenge nothing to answer."""
    state = position(hands={0: [55], 1: [68]}, play={1: [13]})
    do(state, "Play The Wrath of Zeus")
    assert zone(state, "discard", 1) == ["013"]
    assert zone(state, "hand", 1) == ["068"]


def test_omnipotence_can_cancel_revenge():
    """Revenge is a spell, so Omnipotence can answer it and its damage never happens."""
    state = position(hands={0: [55, 65, 41], 1: [68]}, play={0: [60, 13], 1: [19]})
    do(state, "Play The Wrath of Zeus", "Do not answer", "Choose Nessus (019)")
    do(state, "Answer with Revenge (068)", "Answer with Omnipotence (065)")
    assert texts(state) == ["Spend a Strategy charge", "End the Deployment phase"]
    assert [state.damage[uid(state, n)] for n in (60, 13)] == [0, 0]
    assert zone(state, "discard", 1) == ["068", "019"]
    assert zone(state, "discard", 0) == ["065", "041", "055"]


# -- Draw --------------------------------------------------------------------------------------


def test_an_effect_draws_only_what_the_deck_holds():
    """Ruling 32: outside the Draw phase an empty deck stays empty. Sibyl's Deployment draws
    two from a deck of one: she draws that card and no more, and the discard pile is not
    shuffled in; Prayer then draws nothing, and only goes to the discard pile itself."""
    state = position(hands={0: [62, 72]}, decks={0: [17]}, discards={0: [71, 55, 41]})
    do(state, "Play Sibyl")
    assert zone(state, "hand", 0) == ["072", "017"]
    assert zone(state, "deck", 0) == []
    assert zone(state, "discard", 0) == ["071", "055", "041"]
    assert [e.text for e in state.events()][-1] == "Athens draws 1 card"
    do(state, "Play Prayer")
    assert zone(state, "hand", 0) == ["017"]
    assert zone(state, "deck", 0) == []
    assert zone(state, "discard", 0) == ["071", "055", "041", "072"]
    assert not any("shuffles" in e.text or "draws" in e.text for e in state.events())


def test_the_draw_phase_still_shuffles_the_discard_pile_in():
    """Ruling 32 leaves the Draw phase as the rulebook has it (ruling 3): after Sibyl emptied
    the deck, the player may draw three, and the discard pile becomes the new deck."""
    state = position(hands={0: [62]}, decks={0: [17]}, discards={0: [71, 55, 41]})
    do(state, "Play Sibyl", "End the Deployment phase")
    assert texts(state) == ["Draw 3 cards", "Draw 2 cards", "Draw 1 card", "Draw no cards"]
    do(state, "Draw 2 cards")
    told = [e.text for e in state.events()]
    assert "Athens shuffles the discard pile into a new deck" in told
    hand, deck = zone(state, "hand", 0), zone(state, "deck", 0)
    assert hand[0] == "017" and len(hand) == 3
    assert len(deck) == 1
    assert sorted(hand[1:] + deck) == ["041", "055", "071"]
    assert zone(state, "discard", 0) == []


# -- Look --------------------------------------------------------------------------------------


def test_omniscience_shuffles_the_rest_back():
    """One of the opponent's top three goes to their discard; the others stay in that deck."""
    state = position(hands={0: [66]}, decks={1: [16, 17, 41, 42, 60]})
    do(state, "Play Omniscience")
    assert state.current_player == 0
    assert sorted(texts(state)) == [
        "Discard Acolyte (060)",
        "Discard Mercenary (041)",
        "Discard Mercenary (042)",
    ]
    do(state, "Discard Mercenary (042)")
    assert zone(state, "discard", 1) == ["042"]
    assert sorted(zone(state, "deck", 1)) == ["016", "017", "041", "060"]
