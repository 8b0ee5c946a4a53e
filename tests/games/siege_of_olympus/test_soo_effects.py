"""Rulings on effects: targets and Commanders, prisoners destroyed by effects, summon and
activated effects, Copy, Add, Joker, Resistant, Cripple and Paralyze, Explore, Pick, Combine,
healing."""

from __future__ import annotations

from soo_helpers import (
    attack,
    attacks,
    card,
    cards_of,
    damage,
    kinds,
    pass_turn,
    plain,
    play,
    position,
    to_phase,
    view,
    where,
    zone,
)


# -- ruling 13: effects on Commanders ---------------------------------------------------------
def test_effects_hit_the_commander_only_when_their_target_names_it() -> None:
    enemies = {1: ["Behemoth", "Wisp"]}
    bolt = position(hands={0: ["Bolt"]}, minions=enemies)
    play(bolt, card(bolt, "cast", "Bolt"))
    assert cards_of(bolt, "target") == {"Behemoth", "Wisp"}
    fire = position(hands={0: ["Fireball"]}, minions={0: ["Raider Four"], **enemies})
    play(fire, card(fire, "cast", "Fireball"))
    assert cards_of(fire, "target") == {"Behemoth", "Wisp", "Typhon"}
    play(fire, card(fire, "target", "Typhon"))
    assert fire.health == [20, 15]
    meteor = position(hands={0: ["Meteor"]}, minions=enemies)
    play(meteor, card(meteor, "cast", "Meteor"))  # the enemy Commander, at once
    assert meteor.health == [20, 14] and not meteor.stack
    typhon = position(active=1, hands={1: ["Fireball"]}, minions={0: ["Wisp", "Pebble"]})
    play(typhon, card(typhon, "cast", "Fireball"))
    assert cards_of(typhon, "target") == {"Wisp", "Pebble", "Kronos"}  # never its own


def test_heal_stops_at_starting_health() -> None:
    state = position(hands={0: ["Mend"]}, health=(19, 18))  # Kronos: 20
    play(state, card(state, "cast", "Mend"))
    assert state.health[0] == 20
    low = position(hands={0: ["Mend"]}, health=(10, 18))
    play(low, card(low, "cast", "Mend"))
    assert low.health[0] == 13


# -- ruling 22: prisoners destroyed by effects ------------------------------------------------
def test_prisoner_destroyed_by_an_effect_goes_to_your_hand() -> None:
    state = position(hands={0: ["Condemn"]}, tartarus=["Wisp", "Pebble"])
    play(state, card(state, "cast", "Condemn"), card(state, "target", "Wisp"))
    assert where(state, "Wisp") == "hand 0"
    assert [c["name"] for c in state.observation(1)["players"][0]["known"]] == ["Wisp"]
    assert "Wisp" not in cards_of(state, "summon")
    synergy = position(
        minions={0: ["Giant A", "Giant B"]}, hands={0: ["Giant C"]}, tartarus=["Olympian Three"]
    )
    play(synergy, card(synergy, "summon", "Giant C"))
    assert where(synergy, "Olympian Three") == "hand 0"
    assert [c["name"] for c in synergy.observation(1)["players"][0]["known"]] == ["Olympian Three"]
    assert "fresh" in view(synergy, "Olympian Three")["flags"]


# -- ruling 31: prisoners' keywords and effects -----------------------------------------------
def test_resistant_prisoner_cannot_be_chosen_by_effects() -> None:
    state = position(hands={0: ["Condemn"]}, tartarus=["Warded Wisp", "Wisp", "Pebble"])
    play(state, card(state, "cast", "Condemn"))
    assert cards_of(state, "target") == {"Wisp", "Pebble"}
    only = position(hands={0: ["Condemn"]}, tartarus=["Warded Wisp", "Olympian Warded"])
    play(only, card(only, "cast", "Condemn"))
    assert not only.stack and where(only, "Condemn") == "underworld"
    assert zone(only, "tartarus") == ["Warded Wisp", "Olympian Warded"]
    synergy = position(
        minions={0: ["Giant A", "Giant B"]}, hands={0: ["Giant C"]}, tartarus=["Olympian Warded"]
    )
    play(synergy, card(synergy, "summon", "Giant C"))
    assert where(synergy, "Olympian Warded") == "tartarus"
    fight = position(phase="recruit", minions={0: ["Raider Four"]}, tartarus=["Warded Wisp"])
    play(fight, attack(fight, "Raider Four", "Warded Wisp"))
    assert where(fight, "Warded Wisp") == "hand 0"


def test_prisoner_summon_effect_does_not_happen() -> None:
    six = ["Giant A", "Giant B", "Giant C", "Giant D", "Giant E"]
    state = position(
        phase="attack",
        tartarus=six,
        minions={1: ["Raider Four"]},
        hands={0: ["Insight"]},
        deck=["Oracle", "Wisp", "Pebble", "Spore"],
    )
    play(state, plain(state, "end_turn"))
    assert where(state, "Oracle") == "tartarus"  # entered Tartarus; no one drew for it
    assert len(state.hand[0]) == 1 and len(state.hand[1]) == 1  # side 1's turn draw only
    to_phase(state, "recruit")
    play(state, attack(state, "Raider Four", "Oracle"))
    assert where(state, "Oracle") == "hand 1"
    hand = len(state.hand[1])
    assert hand == 2
    pass_turn(state)
    pass_turn(state)  # side 0, then side 1's next turn begins with a draw
    assert state.active == 1
    hand = len(state.hand[1])
    deck = len(state.deck)
    play(state, card(state, "summon", "Oracle"))
    assert len(state.hand[1]) == hand  # summoned, then its effect drew one
    assert len(state.deck) == deck - 1


# -- ruling 32: summon and activated effects --------------------------------------------------
def test_summon_effect_is_mandatory_unless_optional() -> None:
    state = position(hands={0: ["Harpy"]}, minions={1: ["Wisp", "Pebble"]})
    play(state, card(state, "summon", "Harpy"))
    assert kinds(state) == {"target"}
    play(state, card(state, "target", "Wisp"))
    assert where(state, "Wisp") == "underworld"
    shy = position(hands={0: ["Shy Harpy"]}, minions={1: ["Wisp", "Pebble"]})
    play(shy, card(shy, "summon", "Shy Harpy"))
    assert kinds(shy) == {"target", "skip"}
    play(shy, plain(shy, "skip"))
    assert where(shy, "Wisp") == "minions 1" and damage(shy, "Pebble") == 0
    assert where(shy, "Shy Harpy") == "minions 0"


def test_activated_effect_once_per_turn() -> None:
    state = position(hands={0: ["Forge Keeper", "Insight"]}, tartarus=["Giant A"])
    hand, deck = len(state.hand[0]), len(state.deck)
    play(state, card(state, "summon", "Forge Keeper"))
    assert len(state.hand[0]) == hand - 1 and len(state.deck) == deck  # no draw on summon
    assert "Forge Keeper" in cards_of(state, "use")
    play(state, card(state, "use", "Forge Keeper"))
    assert len(state.hand[0]) == hand and len(state.deck) == deck - 1
    assert "Forge Keeper" not in cards_of(state, "use")
    assert "Kronos" in cards_of(state, "use")
    pass_turn(state)
    pass_turn(state)
    assert state.active == 0 and "Forge Keeper" in cards_of(state, "use")


# -- ruling 33: Copy and Replace, Add, Joker --------------------------------------------------
def test_copy_takes_the_chosen_minions_value() -> None:
    state = position(hands={0: ["Mimic"]}, minions={1: ["Hydra", "Behemoth"]})
    play(state, card(state, "summon", "Mimic"))
    assert cards_of(state, "target") == {"Hydra", "Behemoth"}
    play(state, card(state, "target", "Hydra"))  # printed attack 7
    mimic = view(state, "Mimic")
    assert mimic["attack"] == 7 and mimic["printed_attack"] == 1
    to_phase(state, "attack")
    play(state, attack(state, "Mimic", "Behemoth"))
    assert damage(state, "Behemoth") == 7
    # The copied value stays when the copied minion leaves.
    own = position(hands={0: ["Mimic", "Purge"]}, minions={0: ["Cyclops"]})
    play(own, card(own, "summon", "Mimic"))  # the only minion to copy: chosen at once
    assert view(own, "Mimic")["attack"] == 5
    play(own, card(own, "cast", "Purge"), card(own, "target", "Cyclops"))
    assert where(own, "Cyclops") == "underworld"
    assert view(own, "Mimic")["attack"] == 5
    # A copied race counts for race synergies; a Resistant minion can be copied.
    race = position(
        hands={0: ["Shapeshifter"]},
        minions={0: ["Raider Three", "Ranger Two"], 1: ["Olympian Warded", "Minotaur"]},
    )
    play(race, card(race, "summon", "Shapeshifter"))
    assert "Olympian Warded" in cards_of(race, "target")
    play(race, card(race, "target", "Olympian Warded"))
    assert view(race, "Shapeshifter")["race"] == "olympian"
    assert where(race, "Minotaur") == "underworld"  # Olympian beats Titan


def test_add_carries_a_second_piece() -> None:
    state = position(hands={0: ["Twin-bearer"]}, minions={0: ["Spore", "Behemoth"]})
    play(state, card(state, "summon", "Twin-bearer"))
    assert view(state, "Twin-bearer")["pieces"] == [15, 13]
    assert zone(state, "artifacts", 0) == ["Relic 13"]


def test_joker_carries_a_copied_piece() -> None:
    state = position(
        hands={0: ["Joker"]}, minions={0: ["Spore", "Behemoth"], 1: ["Cyclops"]}, deck=["Oracle"]
    )
    hand = len(state.hand[0])
    play(state, card(state, "summon", "Joker"))
    assert cards_of(state, "target") == {"Spore", "Behemoth", "Cyclops"}
    play(state, card(state, "target", "Spore"))
    assert view(state, "Joker")["pieces"] == [13]
    assert zone(state, "artifacts", 0) == ["Relic 13"]
    assert len(state.hand[0]) == hand  # summoned one, drew one
    assert where(state, "Oracle") == "hand 0"
    theirs = position(hands={0: ["Joker"]}, minions={0: ["Spore", "Behemoth"], 1: ["Cyclops"]})
    play(theirs, card(theirs, "summon", "Joker"), card(theirs, "target", "Cyclops"))
    assert view(theirs, "Joker")["pieces"] == [10]
    assert zone(theirs, "artifacts", 0) == []


# -- ruling 35: Resistant ---------------------------------------------------------------------
def test_resistant_minion_cannot_be_chosen_by_enemy_effects() -> None:
    state = position(hands={0: ["Bolt"]}, minions={1: ["Warded Wisp", "Wisp", "Pebble"]})
    play(state, card(state, "cast", "Bolt"))
    assert cards_of(state, "target") == {"Wisp", "Pebble"}
    smite = position(hands={0: ["Smite"]}, minions={0: ["Giant A"], 1: ["Warded Wisp", "Wisp"]})
    play(smite, card(smite, "cast", "Smite"))
    assert cards_of(smite, "target") == {"Giant A", "Wisp"}
    own = position(active=1, hands={1: ["Purge"]}, minions={1: ["Warded Wisp", "Wisp"]})
    play(own, card(own, "cast", "Purge"))
    assert cards_of(own, "target") == {"Warded Wisp", "Wisp"}
    play(own, card(own, "target", "Warded Wisp"))
    assert where(own, "Warded Wisp") == "underworld"


# -- ruling 36: Paralyze and Cripple ----------------------------------------------------------
def test_paralyzed_minion_cannot_attack_next_turn() -> None:
    state = position(
        hands={0: ["Freeze"]},
        minions={0: ["Behemoth"], 1: ["Raider Four"]},
        tartarus=["Giant A", "Giant B", "Giant C", "Giant D", "Giant E", "Pebble"],
    )
    play(state, card(state, "cast", "Freeze"))  # its only target
    assert "paralyzed" in view(state, "Raider Four")["flags"]
    pass_turn(state)
    assert state.active == 1
    assert "paralyzed" in view(state, "Raider Four")["flags"]
    assert state.phase == "deploy"
    play(state, plain(state, "end_deploy"))
    assert state.phase == "attack"  # its only minion cannot recruit: the phase ends
    assert attacks(state) == set()
    pass_turn(state)
    pass_turn(state)
    assert state.active == 1
    assert "paralyzed" not in view(state, "Raider Four")["flags"]
    to_phase(state, "recruit")
    assert any(a == "Raider Four" for a, _ in attacks(state))


def test_crippled_minion_loses_attack_and_keywords_for_a_turn() -> None:
    state = position(
        phase="deploy",
        hands={0: ["Hobble"]},
        minions={0: ["Behemoth", "Raider Three"], 1: ["Hydra"]},  # Hydra: Lethal, activated
        tartarus=["Giant A", "Giant B", "Giant C", "Giant D", "Giant E", "Pebble"],
    )
    play(state, card(state, "cast", "Hobble"))
    assert "crippled" in view(state, "Hydra")["flags"]
    to_phase(state, "attack")
    play(state, attack(state, "Behemoth", "Hydra"))  # 2/9 against a Lethal 7/4
    assert where(state, "Behemoth") == "minions 0"  # no Lethal while crippled
    assert damage(state, "Behemoth") == 7
    pass_turn(state)
    assert state.active == 1
    assert "crippled" in view(state, "Hydra")["flags"]
    assert "Hydra" not in cards_of(state, "use")
    to_phase(state, "recruit")
    assert all(a != "Hydra" for a, _ in attacks(state))
    pass_turn(state)
    assert state.active == 0
    assert "crippled" not in view(state, "Hydra")["flags"]
    to_phase(state, "attack")
    play(state, attack(state, "Raider Three", "Hydra"))
    assert where(state, "Raider Three") == "underworld"  # Lethal again
    pass_turn(state)
    assert "Hydra" in cards_of(state, "use")
    # A crippled Resistant minion can be chosen by the opponent's effects.
    warded = position(hands={0: ["Bolt"]}, minions={1: ["Warded Wisp[c4]", "Behemoth"]})
    play(warded, card(warded, "cast", "Bolt"))
    assert cards_of(warded, "target") == {"Warded Wisp", "Behemoth"}


# -- ruling 37: Explore, Pick, Combine --------------------------------------------------------
def test_explore_takes_an_artifact_from_both_sides_pieces() -> None:
    state = position(
        hands={0: ["Expedition", "Insight"]}, minions={0: ["Minotaur"], 1: ["Pebble", "Harpy"]}
    )
    deck = len(state.deck)
    play(state, card(state, "cast", "Expedition"))
    assert zone(state, "artifacts", 0) == ["Relic 11"]
    assert zone(state, "artifacts", 1) == []
    assert zone(state, "hand", 0) == ["Insight"] and len(state.deck) == deck  # no draw
    short = position(hands={0: ["Expedition"]}, minions={0: ["Minotaur"], 1: ["Pebble"]})
    play(short, card(short, "cast", "Expedition"))
    assert zone(short, "artifacts", 0) == [] and "Relic 11" in zone(short, "pile")


def test_pick_resolves_only_the_chosen_option() -> None:
    state = position(hands={0: ["Dilemma"]}, minions={1: ["Wisp"]}, deck=["Oracle"])
    play(state, card(state, "cast", "Dilemma"))
    assert kinds(state) == {"pick_1", "pick_2"}
    play(state, plain(state, "pick_1"))
    assert zone(state, "hand", 0) == ["Oracle"]
    assert where(state, "Wisp") == "minions 1"
    other = position(hands={0: ["Dilemma"]}, minions={1: ["Behemoth"]}, deck=["Oracle"])
    play(other, card(other, "cast", "Dilemma"), plain(other, "pick_2"))
    assert damage(other, "Behemoth") == 2 and zone(other, "hand", 0) == []


def test_combine_skips_an_impossible_effect() -> None:
    state = position(hands={0: ["Scorch"]}, deck=["Oracle"])
    play(state, card(state, "cast", "Scorch"))
    assert zone(state, "hand", 0) == ["Oracle"]
    assert not state.stack and state.phase == "deploy"
    both = position(hands={0: ["Scorch"]}, minions={1: ["Behemoth"]}, deck=["Oracle"])
    play(both, card(both, "cast", "Scorch"))
    assert damage(both, "Behemoth") == 2 and zone(both, "hand", 0) == ["Oracle"]
