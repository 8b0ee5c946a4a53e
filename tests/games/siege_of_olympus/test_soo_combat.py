"""Rulings on fights: prisoners, one attack a turn, ranged attacks, the turn's one target, the
Commander, Lethal and Resistant, Ambush, destruction."""

from __future__ import annotations

from soo_helpers import (
    attack,
    attacks,
    card,
    damage,
    play,
    position,
    to_phase,
    token,
    view,
    where,
)


# -- ruling 10: prisoners strike back ---------------------------------------------------------
def test_prisoner_strikes_back() -> None:
    state = position(phase="recruit", minions={0: ["Raider Four"]}, tartarus=["Raider Three"])
    play(state, attack(state, "Raider Four", "Raider Three"))  # 3/4 against 2/3
    assert where(state, "Raider Three") == "hand 0"
    assert damage(state, "Raider Four") == 2
    seen = state.observation(1)["players"][0]["known"]
    assert [c["name"] for c in seen] == ["Raider Three"]
    assert "fresh" in seen[0]["flags"]
    brute = position(phase="recruit", minions={0: ["Raider Four"]}, tartarus=["Raider Brute"])
    play(brute, attack(brute, "Raider Four", "Raider Brute"))  # 3/4 against 4/4
    assert where(brute, "Raider Four") == "underworld"
    assert where(brute, "Raider Brute") == "tartarus"
    assert damage(brute, "Raider Brute") == 3


def test_ranged_attack_on_a_prisoner_takes_no_damage_back() -> None:
    state = position(phase="recruit", minions={0: ["Raider Archer"]}, tartarus=["Raider Three"])
    play(state, attack(state, "Raider Archer", "Raider Three"))  # bow 3/3 against 2/3
    assert damage(state, "Raider Archer") == 0
    assert where(state, "Raider Three") == "hand 0"
    ranger = position(phase="recruit", minions={0: ["Raider Archer"]}, tartarus=["Ranger Blade"])
    play(ranger, attack(ranger, "Raider Archer", "Ranger Blade"))  # a Ranger shoots back
    assert damage(ranger, "Raider Archer") == 2
    assert where(ranger, "Ranger Blade") == "hand 0"


# -- ruling 11: one attack per minion, new minions attack -------------------------------------
def test_a_minion_that_recruited_cannot_attack_again() -> None:
    state = position(
        phase="recruit",
        minions={0: ["Striker", "Raider Four"], 1: ["Behemoth"]},
        tartarus=["Wisp", "Pebble"],
    )
    play(state, attack(state, "Striker", "Wisp"))
    assert where(state, "Wisp") == "hand 0"
    assert all(a != "Striker" for a, _ in attacks(state))  # not on another prisoner
    to_phase(state, "attack")
    offered = attacks(state)
    assert ("Raider Four", "Behemoth") in offered
    assert all(a != "Striker" for a, _ in offered)  # not on Behemoth, nor the Commander


def test_summoned_minion_may_attack_the_same_turn() -> None:
    state = position(hands={0: ["Raider Three"]}, tartarus=["Wisp"])
    play(state, card(state, "summon", "Raider Three"))
    to_phase(state, "recruit")
    assert ("Raider Three", "Wisp") in attacks(state)
    striker = position(hands={0: ["Striker"]})
    play(striker, card(striker, "summon", "Striker"))
    to_phase(striker, "attack")
    assert ("Striker", None) in attacks(striker)
    play(striker, attack(striker, "Striker", None))
    assert striker.health[1] == 18 - 3


def test_minion_with_zero_attack_cannot_attack() -> None:
    state = position(
        phase="recruit",
        minions={0: ["Pebble", "Wisp"], 1: ["Behemoth", "Cyclops"]},
        tartarus=["Giant A"],
    )
    assert {a for a, _ in attacks(state)} == {"Wisp"}
    to_phase(state, "attack")
    assert {a for a, _ in attacks(state)} == {"Wisp"}
    ambush = position(
        minions={0: ["Pebble", "Wisp"], 1: ["Behemoth", "Cyclops"]}, hands={0: ["Sortie"]}
    )
    play(ambush, card(ambush, "cast", "Sortie"))
    assert ambush.stack[-1].name == "ambush"
    assert attacks(ambush) == {("Wisp", "Behemoth"), ("Wisp", "Cyclops")}


# -- ruling 12: phases ------------------------------------------------------------------------
def test_prisoners_are_attacked_only_in_the_recruit_phase() -> None:
    state = position(
        phase="recruit",
        minions={0: ["Striker", "Raider Four"], 1: ["Behemoth"]},
        tartarus=["Giant A", "Wisp"],
    )
    assert attacks(state) == {
        (a, t) for a in ("Striker", "Raider Four") for t in ("Giant A", "Wisp")
    }
    to_phase(state, "attack")
    assert attacks(state) == {
        ("Striker", "Behemoth"),
        ("Raider Four", "Behemoth"),
        ("Striker", None),
    }


# -- ruling 13: the Commander -----------------------------------------------------------------
def test_only_primordial_minions_attack_the_commander() -> None:
    state = position(phase="attack", minions={0: ["Striker", "Raider Four"]})
    assert ("Striker", None) in attacks(state)
    assert ("Raider Four", None) not in attacks(state)
    play(state, attack(state, "Striker", None))  # attack 3, health 2
    assert state.health == [20, 15]
    assert damage(state, "Striker") == 0
    assert where(state, "Striker") == "minions 0"


def test_commander_at_zero_health_loses() -> None:
    state = position(phase="attack", minions={0: ["Striker", "Asp"]}, health=(20, 2))
    play(state, attack(state, "Striker", None))
    assert state.is_terminal
    assert state.outcome().winners == (0,)
    assert state.health[1] == 0
    assert state.legal_actions() == [] and state.current_player is None
    assert state.observation(1)["decision"] is None


# -- ruling 16: ranged attacks ----------------------------------------------------------------
def test_ranged_attacker_takes_no_damage_back() -> None:
    state = position(phase="attack", minions={0: ["Ranger Two"], 1: ["Raider Brute"]})
    play(state, attack(state, "Ranger Two", "Raider Brute"))  # bow 2/2 against melee 4/4
    assert damage(state, "Raider Brute") == 2
    assert damage(state, "Ranger Two") == 0
    assert where(state, "Ranger Two") == "minions 0"
    hex_ = position(phase="attack", minions={0: ["Trickster Hex"], 1: ["Trickster One"]})
    play(hex_, attack(hex_, "Trickster Hex", "Trickster One"))  # spell 2/3 against 1/3
    assert damage(hex_, "Trickster One") == 2
    assert damage(hex_, "Trickster Hex") == 0


def test_ranger_and_spellcaster_hurt_each_other() -> None:
    state = position(phase="attack", minions={0: ["Ranger Three"], 1: ["Spellcaster Adept"]})
    play(state, attack(state, "Ranger Three", "Spellcaster Adept"))  # bow 2/3 against 1/3
    assert damage(state, "Ranger Three") == 1
    assert damage(state, "Spellcaster Adept") == 2
    caster = position(phase="attack", minions={0: ["Spellcaster Adept"], 1: ["Ranger Blade"]})
    play(caster, attack(caster, "Spellcaster Adept", "Ranger Blade"))  # spell 1/3 against 2/3
    assert damage(caster, "Spellcaster Adept") == 2
    assert damage(caster, "Ranger Blade") == 1


def test_melee_attacker_takes_damage_from_a_ranged_defender() -> None:
    state = position(phase="attack", minions={0: ["Raider Five"], 1: ["Trickster Archer"]})
    play(state, attack(state, "Raider Five", "Trickster Archer"))  # melee 2/5 against bow 3/5
    assert damage(state, "Raider Five") == 3
    assert damage(state, "Trickster Archer") == 2


# -- ruling 20: the turn's one minion target --------------------------------------------------
def test_only_one_enemy_minion_is_attacked_per_turn() -> None:
    state = position(
        phase="attack",
        minions={0: ["Raider Four", "Raider Five", "Striker"], 1: ["Behemoth", "Cyclops"]},
    )
    assert ("Raider Five", "Cyclops") in attacks(state)
    play(state, attack(state, "Raider Four", "Behemoth"))
    assert where(state, "Behemoth") == "minions 1"
    assert state.observation(0)["turn"]["target"] == token(state, "Behemoth")
    assert attacks(state) == {
        ("Raider Five", "Behemoth"),
        ("Striker", "Behemoth"),
        ("Striker", None),
    }


def test_no_new_target_after_the_target_dies() -> None:
    state = position(
        phase="attack", minions={0: ["Raider Four", "Striker"], 1: ["Wisp", "Cyclops"]}
    )
    play(state, attack(state, "Raider Four", "Wisp"))
    assert where(state, "Wisp") == "underworld"
    assert attacks(state) == {("Striker", None)}


def test_ambush_fixes_the_turns_target() -> None:
    state = position(
        minions={0: ["Raider Four", "Striker"], 1: ["Behemoth", "Cyclops"]},
        hands={0: ["Ambusher"]},
    )
    play(state, card(state, "summon", "Ambusher"))
    assert attacks(state) == {("Ambusher", "Behemoth"), ("Ambusher", "Cyclops")}
    play(state, attack(state, "Ambusher", "Behemoth"))
    to_phase(state, "attack")
    assert attacks(state) == {
        ("Raider Four", "Behemoth"),
        ("Striker", "Behemoth"),
        ("Striker", None),
    }
    # An attack on the Commander fixes nothing.
    free = position(
        phase="attack", minions={0: ["Raider Four", "Striker"], 1: ["Behemoth", "Cyclops"]}
    )
    play(free, attack(free, "Striker", None))
    assert free.observation(0)["turn"]["target"] is None
    assert attacks(free) == {("Raider Four", "Behemoth"), ("Raider Four", "Cyclops")}


# -- ruling 23: damage and destruction --------------------------------------------------------
def test_damage_is_cleared_at_the_end_of_every_turn() -> None:
    state = position(
        phase="attack",
        minions={0: ["Behemoth[d2]"], 1: ["Cyclops[d1]"]},
        tartarus=["Giant A[d1]", "Giant B", "Giant C", "Giant D", "Giant E", "Pebble"],
        health=(15, 12),
    )
    assert [damage(state, n) for n in ("Behemoth", "Cyclops", "Giant A")] == [2, 1, 1]
    play(state, state.game.actions.plain("end_turn"))
    assert state.active == 1
    assert [damage(state, n) for n in ("Behemoth", "Cyclops", "Giant A")] == [0, 0, 0]
    assert state.health == [15, 12]


def test_destroyed_minion_goes_to_the_underworld() -> None:
    state = position(phase="attack", minions={0: ["Raider Four"], 1: ["Raider Three"]})
    play(state, attack(state, "Raider Four", "Raider Three"))  # 3 damage, health 3
    assert where(state, "Raider Three") == "underworld"
    assert "Raider Three" not in [c["name"] for c in state.observation(0)["players"][1]["minions"]]
    own = position(phase="attack", minions={0: ["Raider Three"], 1: ["Cyclops"]})
    play(own, attack(own, "Raider Three", "Cyclops"))
    assert where(own, "Raider Three") == "underworld"
    assert damage(own, "Cyclops") == 2


def test_raider_losing_its_bonus_with_enough_damage_is_destroyed() -> None:
    state = position(
        minions={0: ["Raider Three[d3]", "Raider Four", "Raider Five"]}, hands={0: ["Purge"]}
    )
    assert view(state, "Raider Three")["health"] == 4
    assert where(state, "Raider Three") == "minions 0"
    play(state, card(state, "cast", "Purge"), card(state, "target", "Raider Five"))
    assert where(state, "Raider Three") == "underworld"
    assert where(state, "Raider Four") == "minions 0"


# -- ruling 31: a prisoner's keywords ---------------------------------------------------------
def test_lethal_prisoner_destroys_its_attacker() -> None:
    state = position(phase="recruit", minions={0: ["Cyclops"]}, tartarus=["Asp"])
    play(state, attack(state, "Cyclops", "Asp"))  # 5/6 against a Lethal 1/2
    assert where(state, "Cyclops") == "underworld"
    assert where(state, "Asp") == "hand 0"


# -- ruling 34: Ambush ------------------------------------------------------------------------
def test_ambush_attacks_now_and_uses_the_attack() -> None:
    state = position(hands={0: ["Ambusher"]}, minions={1: ["Raider Three", "Behemoth"]})
    play(state, card(state, "summon", "Ambusher"))
    play(state, attack(state, "Ambusher", "Raider Three"))
    assert state.phase == "deploy"
    assert where(state, "Raider Three") == "underworld"
    assert damage(state, "Ambusher") == 2
    assert "attacked" in view(state, "Ambusher")["flags"]
    to_phase(state, "attack")
    assert all(a != "Ambusher" for a, _ in attacks(state))


# -- ruling 35: Lethal and Resistant ----------------------------------------------------------
def test_lethal_destroys_whatever_it_damages() -> None:
    state = position(phase="attack", minions={0: ["Asp"], 1: ["Behemoth"]})
    play(state, attack(state, "Asp", "Behemoth"))  # 1 damage to a 2/9
    assert where(state, "Behemoth") == "underworld"
    commander = position(phase="attack", minions={0: ["Asp"]})
    play(commander, attack(commander, "Asp", None))
    assert commander.health[1] == 18 - 1 and not commander.is_terminal
    spore = position(phase="attack", minions={0: ["Raider Three"], 1: ["Spore"]})
    play(spore, attack(spore, "Raider Three", "Spore"))  # a Lethal defender with 0 attack
    assert where(spore, "Raider Three") == "minions 0"
    assert damage(spore, "Raider Three") == 0
    assert damage(spore, "Spore") == 2


def test_resistant_minion_can_still_be_attacked() -> None:
    state = position(phase="attack", minions={0: ["Raider Three"], 1: ["Warded Wisp", "Behemoth"]})
    assert ("Raider Three", "Warded Wisp") in attacks(state)
    play(state, attack(state, "Raider Three", "Warded Wisp"))
    assert where(state, "Warded Wisp") == "underworld"
    tough = position(
        phase="attack", minions={0: ["Raider Four"], 1: ["Behemoth", "Olympian Warded"]}
    )
    play(tough, attack(tough, "Raider Four", "Olympian Warded"))
    assert where(tough, "Olympian Warded") == "underworld"  # 3 damage, health 2
    assert damage(tough, "Raider Four") == 1
