"""The log: the words of the main events and the cards they mark."""

from __future__ import annotations

from soo_helpers import attack, card, plain, play, position, token

from bellica.core.events import Event
from bellica.games.siege_of_olympus.state import SiegeState


def _said(state: SiegeState) -> list[tuple[str, str, tuple[str, ...]]]:
    """The last action's events as (kind, text, marks), the lone choices left out."""
    return [(e.kind, e.text, e.marks) for e in state.events() if e.kind != "forced"]


def _one(state: SiegeState, kind: str) -> Event:
    (event,) = [e for e in state.events() if e.kind == kind]
    return event


def test_summon_and_cast_are_told_with_their_card() -> None:
    state = position(hands={0: ["Raider Three", "Insight"]}, deck=["Oracle"])
    play(state, card(state, "summon", "Raider Three"))
    assert _said(state) == [("summon", "Kronos summons Raider Three (001)", ("001",))]
    play(state, card(state, "cast", "Insight"))
    cast = _one(state, "cast")
    assert (cast.text, cast.marks) == ("Kronos casts Insight (052)", ("052",))
    assert not cast.private


def test_a_fight_tells_the_damage_both_ways() -> None:
    state = position(phase="attack", minions={0: ["Raider Four"], 1: ["Behemoth"]})
    play(state, attack(state, "Raider Four", "Behemoth"))
    assert _said(state) == [
        ("fight", "Raider Four (002) attacks Behemoth (026): deals 3, and takes 2", ("002", "026"))
    ]
    ranged = position(phase="attack", minions={0: ["Ranger Two"], 1: ["Raider Three"]})
    play(ranged, attack(ranged, "Ranger Two", "Raider Three"))
    fight = _one(ranged, "fight")
    assert fight.text == "Ranger Two (006) attacks Raider Three (001): deals 2, and takes none back"
    assert dict(fight.facts) == {"v0": 5, "v1": 0, "v2": 2, "v3": 0}
    killed = position(phase="attack", minions={0: ["Raider Four"], 1: ["Raider Three"]})
    play(killed, attack(killed, "Raider Four", "Raider Three"))
    assert _said(killed)[-1] == (
        "destroyed",
        "Raider Three (001) is destroyed and goes to the Underworld",
        ("001",),
    )


def test_a_strike_on_the_commander_is_told() -> None:
    state = position(phase="attack", minions={0: ["Striker"]})
    play(state, attack(state, "Striker", None))
    assert _said(state) == [
        ("strike", "Striker (023) strikes Typhon's Commander for 3", ("023", "084")),
        ("commander_hit", "Typhon's Commander loses 3 health (15 left)", ("084",)),
    ]


def test_recruiting_is_told() -> None:
    state = position(phase="recruit", minions={0: ["Raider Four"]}, tartarus=["Raider Three"])
    play(state, attack(state, "Raider Four", "Raider Three"))
    recruited = _one(state, "recruited")
    assert recruited.text == "Kronos recruits Raider Three (001) from Tartarus into its hand"
    assert recruited.marks == (token(state, "Raider Three"),)


def test_an_exchange_is_told_once_both_cards_are_known() -> None:
    state = position(hands={0: ["Insight"]}, agora=["Wisp", "Mend", "Smite", "Pebble"])
    play(state, card(state, "leave", "Insight"))
    assert _said(state) == []
    play(state, card(state, "take", "Wisp"))
    assert _said(state) == [
        (
            "exchange",
            "Kronos leaves Insight (052) in the Agora and takes Wisp (018)",
            ("052", "018"),
        )
    ]


def test_a_disrupt_is_told_with_what_it_negates() -> None:
    state = position(hands={0: ["Bolt"], 1: ["Counterspell"]}, minions={1: ["Behemoth"]})
    play(state, card(state, "cast", "Bolt"))
    play(state, card(state, "disrupt", "Counterspell"))
    assert _said(state) == [
        ("disrupt", "Typhon casts Counterspell (064) and disrupts Bolt (046)", ("064", "046"))
    ]
    effect = position(hands={0: ["Harpy"], 1: ["Silence"]}, minions={1: ["Wisp"]})
    play(effect, card(effect, "summon", "Harpy"), card(effect, "disrupt", "Silence"))
    assert _one(effect, "disrupt").text == (
        "Typhon casts Silence (066) and disrupts Harpy (028)'s effect"
    )


def test_an_artifact_is_told_with_its_draw() -> None:
    state = position(minions={0: ["Spore", "Behemoth"]}, hands={0: ["Forge Keeper"]})
    play(state, card(state, "summon", "Forge Keeper"))
    artifact = _one(state, "artifact")
    assert artifact.text == (
        "Kronos completes the Artifact Relic 13 (080) and takes it (and draws a card)"
    )
    assert artifact.marks == ("080",)
    assert _one(state, "draw").text == "Kronos draws 1 card"
    explore = position(hands={0: ["Expedition"]}, minions={0: ["Minotaur"], 1: ["Pebble", "Harpy"]})
    play(explore, card(explore, "cast", "Expedition"))
    assert (
        _one(explore, "artifact").text
        == "Kronos explores for the Artifact Relic 11 (078) and takes it"
    )


def test_synergies_are_told() -> None:
    state = position(
        minions={0: ["Giant A", "Giant B"], 1: ["Olympian Three", "Behemoth"]},
        hands={0: ["Giant C"]},
    )
    play(state, card(state, "summon", "Giant C"))
    synergy = _one(state, "synergy")
    assert synergy.text == (
        "Kronos's Giant synergy: an enemy or imprisoned Olympian costing 3 or less is destroyed"
    )
    strike = _one(state, "race_strike")
    assert strike.text == "Kronos's Giant synergy destroys Olympian Three (037)"
    assert strike.marks == ("037",)
    casters = position(
        minions={0: ["Spellcaster Adept", "Spellcaster Sage", "Spellcaster Seer"], 1: ["Wisp"]}
    )
    play(casters, plain(casters, "end_deploy"))
    assert _said(casters)[:3] == [
        ("synergy", "Kronos's Spellcaster synergy: 1 damage to every enemy minion", ()),
        ("damage", "Wisp (018) takes 1 damage", ("018",)),
        ("destroyed", "Wisp (018) is destroyed and goes to the Underworld", ("018",)),
    ]


def test_every_pending_decision_says_in_words_who_decides_what() -> None:
    """The observation's decision carries its words ("Gaia: disrupt Harpy (037)'s attack, or
    let it happen"), the same for every viewer, naming no card of a hidden hand."""
    import random

    from soo_helpers import game as load

    from bellica.games.siege_of_olympus.cards import CARDS_FILE

    g = load(CARDS_FILE)
    kinds: set[str] = set()
    for seed in range(12):
        state = g.new_game(seed)
        chooser = random.Random(seed)
        while not state.is_terminal:
            told = [state.observation(s)["decision"] for s in (-1, 0, 1)]
            if told[0] is not None:
                texts = {d["text"] for d in told}
                assert len(texts) == 1
                text = texts.pop()
                decider = told[0]["side"]
                assert text.startswith(state.seat_label(decider) + ": ")
                other = 1 - decider
                for uid in state.hand[other]:
                    if uid not in state.known[other]:
                        assert g.table.label[uid] not in text
                kinds.add(told[0]["kind"])
            state.apply(chooser.choice(state.legal_actions()))
    assert {"mulligan", "choose_target", "take"} <= kinds  # the check can fail


def test_a_heal_at_full_health_says_so() -> None:
    full = position(hands={0: ["Mend"]}, health=(20, 18))  # Kronos: 20
    play(full, card(full, "cast", "Mend"))
    said = [e.text for e in full.events()]
    assert "Kronos's Commander is already at full health (20)" in said
    low = position(hands={0: ["Mend"]}, health=(10, 18))
    play(low, card(low, "cast", "Mend"))
    assert "Kronos's Commander regains 3 health (13 now)" in [e.text for e in low.events()]
