"""Rulings 1-6: the class synergies (Raider, Ranger, Trickster, Spellcaster) and the races."""

from __future__ import annotations

import pytest
from soo_helpers import (
    attack,
    card,
    damage,
    pass_turn,
    play,
    position,
    to_phase,
    uid,
    view,
    where,
)

from bellica.games.siege_of_olympus.state import SiegeState

RAIDERS = ["Raider Three", "Raider Four", "Raider Five"]  # printed health 3, 4, 5


def _health(state: SiegeState, name: str) -> int:
    return int(view(state, name)["health"])


def _synergies(state: SiegeState, side: int = 0) -> list[str]:
    return list(state.observation(0)["players"][side]["synergies"])


# -- ruling 1 ---------------------------------------------------------------------------------
def test_brawler_is_the_raider_class() -> None:
    three = position(minions={0: RAIDERS})
    assert [_health(three, n) for n in RAIDERS] == [4, 5, 6]
    assert "raider" in _synergies(three)
    two = position(minions={0: RAIDERS[:2]})
    assert [_health(two, n) for n in RAIDERS[:2]] == [3, 4]
    assert "raider" not in _synergies(two)


# -- ruling 2 ---------------------------------------------------------------------------------
def test_raider_synergy_adds_health_to_own_raiders_only() -> None:
    state = position(minions={0: [*RAIDERS, "Ranger Three"], 1: ["Raider Archer"]})
    assert [_health(state, n) for n in RAIDERS] == [4, 5, 6]
    assert _health(state, "Ranger Three") == 3  # not a Raider
    assert _health(state, "Raider Archer") == 3  # the opponent's Raider
    assert "raider" not in _synergies(state, 1)


def test_ranger_synergy_adds_attack_to_own_rangers_only() -> None:
    rangers = ["Ranger Two", "Ranger Three", "Ranger Blade"]  # attack 2 each
    state = position(
        phase="attack",
        minions={0: [*rangers, "Raider Three"], 1: ["Ranger Scout", "Behemoth"]},
    )
    assert [view(state, n)["attack"] for n in rangers] == [3, 3, 3]
    assert view(state, "Raider Three")["attack"] == 2
    assert view(state, "Ranger Scout")["attack"] == 2
    play(state, attack(state, "Ranger Blade", "Behemoth"))
    assert damage(state, "Behemoth") == 3


def test_crippled_minions_count_for_synergies() -> None:
    state = position(minions={0: ["Raider Three", "Raider Four", "Raider Five[c4]"]})
    assert "crippled" in view(state, "Raider Five")["flags"]
    assert [_health(state, n) for n in RAIDERS] == [4, 5, 6]
    assert "raider" in _synergies(state)


def test_class_bonus_ends_when_the_count_drops_below_three() -> None:
    state = position(minions={0: RAIDERS}, hands={0: ["Smite"]})
    assert [_health(state, n) for n in RAIDERS] == [4, 5, 6]
    play(state, card(state, "cast", "Smite"), card(state, "target", "Raider Three"))
    assert where(state, "Raider Three") == "underworld"  # 5 damage, health 4
    assert _health(state, "Raider Four") == 4
    assert _health(state, "Raider Five") == 5


# -- ruling 3 ---------------------------------------------------------------------------------
TRICKSTERS = ["Trickster One", "Trickster Two", "Trickster Three"]  # health 3 each


def test_trickster_dodges_the_first_attack_next_turn() -> None:
    state = position(phase="attack", minions={0: TRICKSTERS, 1: ["Cyclops", "Minotaur"]})
    assert all("dodge" not in view(state, n)["flags"] for n in TRICKSTERS)
    pass_turn(state)
    assert state.active == 1
    assert all("dodge" in view(state, n)["flags"] for n in TRICKSTERS)
    to_phase(state, "attack")
    play(state, attack(state, "Cyclops", "Trickster One"))
    assert damage(state, "Trickster One") == 0 and damage(state, "Cyclops") == 0
    assert where(state, "Trickster One") == "minions 0"
    assert "attacked" in view(state, "Cyclops")["flags"]
    assert "dodge" not in view(state, "Trickster One")["flags"]
    assert state.observation(1)["turn"]["target"] == view(state, "Trickster One")["card"]
    play(state, attack(state, "Minotaur", "Trickster One"))
    assert where(state, "Trickster One") == "underworld"
    assert damage(state, "Minotaur") == 1


def test_trickster_dodge_expires_after_one_turn() -> None:
    state = position(
        phase="attack",
        minions={0: TRICKSTERS, 1: ["Cyclops"]},
        hands={0: ["Purge"]},
    )
    pass_turn(state)
    assert all("dodge" in view(state, n)["flags"] for n in TRICKSTERS)
    pass_turn(state)  # side 1 makes no attack
    assert state.active == 0
    assert all("dodge" not in view(state, n)["flags"] for n in TRICKSTERS)
    play(state, card(state, "cast", "Purge"), card(state, "target", "Trickster Three"))
    pass_turn(state)  # two Tricksters: no dodge
    assert all("dodge" not in view(state, n)["flags"] for n in TRICKSTERS[:2])
    to_phase(state, "attack")
    play(state, attack(state, "Cyclops", "Trickster One"))
    assert where(state, "Trickster One") == "underworld"


# -- ruling 4 ---------------------------------------------------------------------------------
CASTERS = ["Spellcaster Adept", "Spellcaster Sage", "Spellcaster Seer"]


def test_spellcaster_synergy_damages_every_enemy_minion() -> None:
    state = position(minions={0: CASTERS, 1: ["Wisp", "Ranger Blade"]})
    to_phase(state, "recruit")
    assert where(state, "Wisp") == "underworld"
    assert damage(state, "Ranger Blade") == 1
    two = position(minions={0: CASTERS[:2], 1: ["Wisp", "Ranger Blade"]})
    to_phase(two, "recruit")
    assert where(two, "Wisp") == "minions 1"
    assert damage(two, "Ranger Blade") == 0


def test_spellcaster_synergy_spares_own_minions_prisoners_and_resistant() -> None:
    state = position(
        minions={0: [*CASTERS, "Raider Three"], 1: ["Warded Wisp", "Ranger Blade"]},
        tartarus=["Giant A", "Wisp"],
    )
    play(state, state.game.actions.plain("end_deploy"))
    assert state.phase == "recruit"
    assert damage(state, "Ranger Blade") == 1  # the synergy did strike
    for name in (*CASTERS, "Raider Three", "Giant A", "Wisp", "Warded Wisp"):
        assert damage(state, name) == 0, name
    assert where(state, "Warded Wisp") == "minions 1"
    assert where(state, "Wisp") == "tartarus"


# -- ruling 5 ---------------------------------------------------------------------------------
def test_race_synergy_destroys_a_beaten_minion_costing_three_or_less() -> None:
    state = position(
        minions={0: ["Giant A", "Giant B"], 1: ["Olympian Three", "Olympian Four"]},
        hands={0: ["Giant C"]},
    )
    play(state, card(state, "summon", "Giant C"))
    assert where(state, "Olympian Three") == "underworld"  # cost 3
    assert where(state, "Olympian Four") == "minions 1"  # cost 4
    two = position(
        minions={0: ["Giant A", "Giant B"], 1: ["Olympian Three", "Olympian One"]},
        hands={0: ["Giant C"]},
    )
    play(two, card(two, "summon", "Giant C"))
    assert two.stack[-1].name == "race_strike" and two.current_player == 0
    offered = {two.game.actions.uid(a) for a in two.legal_actions()}
    assert offered == {uid(two, n) for n in ("Olympian Three", "Olympian One")}
    play(two, card(two, "target", "Olympian One"))
    assert where(two, "Olympian One") == "underworld"
    assert where(two, "Olympian Three") == "minions 1"


def test_race_synergy_never_hits_own_minions() -> None:
    state = position(
        minions={0: ["Giant A", "Giant B", "Olympian One"], 1: ["Wisp"]},
        hands={0: ["Giant C"]},
    )
    play(state, card(state, "summon", "Giant C"))
    assert where(state, "Olympian One") == "minions 0"
    assert where(state, "Wisp") == "minions 1"
    assert not state.stack and state.phase == "deploy"
    assert "giant" in state.observation(0)["players"][0]["synergies"]


def test_race_synergy_skips_resistant_minions() -> None:
    state = position(
        minions={0: ["Giant A", "Giant B"], 1: ["Olympian Warded"]},
        hands={0: ["Giant C"]},
    )
    play(state, card(state, "summon", "Giant C"))
    assert where(state, "Olympian Warded") == "minions 1"
    assert not state.stack


def test_race_synergy_triggers_again_only_after_dropping_below_three() -> None:
    state = position(
        minions={0: ["Giant A", "Giant B", "Giant C"], 1: ["Olympian Three", "Olympian One"]},
        hands={0: ["Giant D", "Giant E", "Purge", "Smite"]},
    )
    play(state, card(state, "summon", "Giant D"))  # four Giants: it struck already
    assert where(state, "Olympian Three") == "minions 1"
    assert where(state, "Olympian One") == "minions 1"
    play(state, card(state, "cast", "Purge"), card(state, "target", "Giant A"))
    play(state, card(state, "cast", "Smite"), card(state, "target", "Giant B"))
    assert [where(state, n) for n in ("Giant A", "Giant B")] == ["underworld"] * 2
    assert where(state, "Olympian Three") == "minions 1"  # two Giants left: nothing
    play(state, card(state, "summon", "Giant E"))  # three again
    assert state.stack[-1].name == "race_strike"
    play(state, card(state, "target", "Olympian One"))
    assert where(state, "Olympian One") == "underworld"
    assert where(state, "Olympian Three") == "minions 1"


# -- ruling 6 ---------------------------------------------------------------------------------
VICTIMS = {  # side 1 holds one minion of each race, each costing 3 or less
    "olympian": "Olympian One",
    "titan": "Minotaur",
    "half-god": "Pebble",
    "giant": "Cyclops",
    "creature": "Wisp",
}


@pytest.mark.parametrize(
    ("race", "beaten", "three"),
    [
        ("giant", "olympian", ["Giant A", "Giant B", "Giant C"]),
        ("olympian", "titan", ["Raider Three", "Ranger Two", "Trickster One"]),
        ("titan", "half-god", ["Raider Four", "Ranger Three", "Trickster Two"]),
        ("half-god", "creature", ["Raider Five", "Ranger Blade", "Trickster Three"]),
        ("creature", "giant", ["Raider Brute", "Ranger Scout", "Trickster Hex"]),
    ],
)
def test_race_cycle_follows_the_rulebook(race: str, beaten: str, three: list[str]) -> None:
    state = position(
        minions={0: three[:2], 1: list(VICTIMS.values())},
        hands={0: three[2:]},
    )
    assert all(view(state, n)["race"] == race for n in three)
    play(state, card(state, "summon", three[2]))
    for victim_race, victim in VICTIMS.items():
        expected = "underworld" if victim_race == beaten else "minions 1"
        assert where(state, victim) == expected, victim
