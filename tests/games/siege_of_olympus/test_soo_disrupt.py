"""Ruling 19: Disrupt, the response spell cast in the opponent's turn."""

from __future__ import annotations

from soo_helpers import (
    attack,
    attacks,
    card,
    cards_of,
    damage,
    kinds,
    plain,
    play,
    position,
    to_phase,
    view,
    where,
)


def test_disrupt_negates_a_spell() -> None:
    state = position(hands={0: ["Bolt"], 1: ["Counterspell"]}, minions={1: ["Behemoth"]})
    play(state, card(state, "cast", "Bolt"))
    assert state.current_player == 1 and state.stack[-1].name == "disrupt_window"
    assert kinds(state) == {"disrupt", "no_disrupt"}
    play(state, card(state, "disrupt", "Counterspell"))
    assert state.current_player == 0 and not state.stack
    assert damage(state, "Behemoth") == 0
    assert where(state, "Bolt") == "underworld" and where(state, "Counterspell") == "underworld"
    # Letting it happen: the spell resolves.
    allowed = position(hands={0: ["Bolt"], 1: ["Counterspell"]}, minions={1: ["Behemoth"]})
    play(allowed, card(allowed, "cast", "Bolt"), plain(allowed, "no_disrupt"))
    assert damage(allowed, "Behemoth") == 2
    assert where(allowed, "Counterspell") == "hand 1"
    # A Disrupt with an effect of its own: it negates, then its owner draws.
    clever = position(
        hands={0: ["Bolt"], 1: ["Clever Counter"]}, minions={1: ["Behemoth"]}, deck=["Oracle"]
    )
    deck = len(clever.deck)
    play(clever, card(clever, "cast", "Bolt"), card(clever, "disrupt", "Clever Counter"))
    assert damage(clever, "Behemoth") == 0
    assert where(clever, "Oracle") == "hand 1" and len(clever.hand[1]) == 1
    assert len(clever.deck) == deck - 1


def test_disrupt_negates_a_summon_effect_but_the_minion_stays() -> None:
    state = position(hands={0: ["Harpy"], 1: ["Silence"]}, minions={1: ["Wisp"]})
    play(state, card(state, "summon", "Harpy"))
    assert state.current_player == 1
    play(state, card(state, "disrupt", "Silence"))
    assert where(state, "Harpy") == "minions 0"
    assert where(state, "Wisp") == "minions 1" and damage(state, "Wisp") == 0
    assert where(state, "Silence") == "underworld"


def test_disrupted_commander_ability_counts_as_used() -> None:
    state = position(hands={0: ["Insight"], 1: ["Silence"]})
    hand = len(state.hand[0])
    play(state, card(state, "use", "Kronos"), card(state, "disrupt", "Silence"))
    assert len(state.hand[0]) == hand  # no card drawn
    assert state.observation(0)["players"][0]["ability_used"] is True
    assert state.current_player == 0
    assert "use" not in kinds(state)


def test_disrupt_negates_an_attack() -> None:
    state = position(
        phase="attack",
        minions={0: ["Raider Four", "Raider Five"], 1: ["Behemoth"]},
        hands={1: ["Parry"]},
    )
    play(state, attack(state, "Raider Four", "Behemoth"))
    assert state.current_player == 1
    play(state, card(state, "disrupt", "Parry"))
    assert damage(state, "Raider Four") == 0 and damage(state, "Behemoth") == 0
    assert "attacked" in view(state, "Raider Four")["flags"]
    assert all(a != "Raider Four" for a, _ in attacks(state))
    assert ("Raider Five", "Behemoth") in attacks(state)
    # An attack on the Commander.
    strike = position(phase="attack", minions={0: ["Striker"]}, hands={1: ["Parry"]})
    play(strike, attack(strike, "Striker", None), card(strike, "disrupt", "Parry"))
    assert strike.health == [20, 18]
    assert attacks(strike) == set()
    # An attack on a prisoner is not answered.
    prisoner = position(
        phase="recruit", minions={0: ["Raider Four"]}, tartarus=["Wisp"], hands={1: ["Parry"]}
    )
    play(prisoner, attack(prisoner, "Raider Four", "Wisp"))
    assert prisoner.current_player == 0
    assert where(prisoner, "Wisp") == "hand 0"


def test_disrupt_answers_only_what_it_lists() -> None:
    state = position(
        hands={0: ["Harpy", "Bolt"], 1: ["Counterspell"]},
        minions={0: ["Raider Four"], 1: ["Behemoth", "Cyclops"]},
    )
    play(state, card(state, "summon", "Harpy"))
    assert state.current_player == 0 and state.stack[-1].name == "choose_target"
    play(state, card(state, "target", "Behemoth"))
    play(state, card(state, "cast", "Bolt"))
    assert state.current_player == 1 and cards_of(state, "disrupt") == {"Counterspell"}
    play(state, plain(state, "no_disrupt"))
    play(state, card(state, "target", "Cyclops"))
    to_phase(state, "attack")
    play(state, attack(state, "Raider Four", "Behemoth"))
    assert state.current_player == 0  # no answer to an attack
    assert damage(state, "Raider Four") == 2
    # Synergies and completed artifacts are not effects: no window, even for Silence.
    synergy = position(
        minions={0: ["Giant A", "Giant B", "Spore", "Twin-bearer"], 1: ["Olympian One"]},
        hands={0: ["Giant C", "Forge Keeper"], 1: ["Silence", "Counterspell", "Parry"]},
    )
    play(synergy, card(synergy, "summon", "Giant C"))
    assert synergy.current_player == 0
    assert where(synergy, "Olympian One") == "underworld"
    play(synergy, card(synergy, "summon", "Forge Keeper"))
    assert synergy.current_player == 0
    assert [a.name for a in map(synergy.game.table.card.__getitem__, synergy.artifacts[0])] == [
        "Relic 13"
    ]
    # A Disrupt is never played in its owner's own turn.
    own = position(hands={0: ["Counterspell", "Silence", "Parry", "Insight"]})
    assert cards_of(own, "cast") == {"Insight"}
    assert "disrupt" not in kinds(own)


def test_a_disrupt_cannot_be_disrupted() -> None:
    state = position(
        hands={0: ["Bolt", "Clever Counter"], 1: ["Counterspell"]}, minions={1: ["Behemoth"]}
    )
    play(state, card(state, "cast", "Bolt"), card(state, "disrupt", "Counterspell"))
    assert state.current_player == 0 and not state.stack
    assert "disrupt" not in kinds(state)
    assert where(state, "Clever Counter") == "hand 0"
    assert damage(state, "Behemoth") == 0


def test_no_pause_without_a_disrupt_that_can_answer() -> None:
    state = position(hands={0: ["Bolt"], 1: ["Parry", "Silence"]}, minions={1: ["Behemoth"]})
    play(state, card(state, "cast", "Bolt"))
    assert state.current_player == 0 and not state.stack
    assert damage(state, "Behemoth") == 2
    assert state.move_count == 1
