"""What Bellum says: every choice and every event names what it concerns, lone steps are told,
and the observation explains a scenario and who stands with whom."""

from __future__ import annotations

from bellum_helpers import do, position

import bellica


def test_choices_name_what_they_are_for() -> None:
    state = position(phase="declare", play={0: [13], 1: [19]}, hands={0: [45]}, stock=[])
    do(state, "Attack with Chimera")
    told = [e.text for e in state.events()]
    assert told == ["Chimera (013) attacks Sparta", "Athens: Done declaring attackers"]
    assert [a.text for a in state.legal_actions()] == [
        "Choose Chimera (013) as the target of Chimera (013)",
        "Choose Nessus (019) as the target of Chimera (013)",
    ]
    do(state, "Choose Nessus")
    block = state.legal_actions()[0].text
    assert block == "Block with Nessus (019) against Chimera (013)"


def test_a_whole_hand_discarded_without_a_choice_is_told_card_by_card() -> None:
    state = position(phase="declare", play={0: [13], 1: [19]}, hands={0: [45]}, stock=[])
    do(state, "Attack with Chimera", "Choose Nessus", "Block with Nessus")
    told = [e.text for e in state.events()]
    assert "Nessus (019) blocks Chimera (013)" in told
    assert "Nessus (019) is destroyed" in told
    assert "Athens discards Hoplite (045)" in told  # Nessus' death: the lone card goes
    discard = next(e for e in state.events() if e.kind == "discard")
    assert discard.marks == ("045",)


def test_a_pillaged_district_is_named_with_its_ability() -> None:
    state = position(phase="declare", play={0: [41]}, cities=("Sparta", "Athens"))
    do(state, "Attack with Mercenary")
    pillage = next(e for e in state.events() if e.kind == "pillage")
    assert pillage.text.startswith("Athens' district 1, Athens - Agora, is pillaged (")
    assert pillage.marks == ("district:1:1",)


def test_a_look_is_told_to_all_and_its_cards_only_to_the_looker() -> None:
    state = position(
        "solo-plague", phase="rally", cities=("", ""), hands={0: [66]}, decks={1: [19, 20, 22]}
    )
    do(state, "Play Omniscience")
    look = next(e for e in state.events() if e.kind == "look")
    assert look.text.startswith("the player looks at the top ") and ":" not in look.text
    assert look.text_for(0).startswith(look.text + ": ")
    assert look.text == "the player looks at the top 3 cards of the Monsters' deck"
    assert look.marks == () and look.marks_for(None) == ()
    assert look.marks_for(0) == ("022", "020", "019")


def test_a_solo_scenario_explains_its_objective_and_counters() -> None:
    for variant, first in (
        ("solo-hercules", "Hells' deck run out"),
        ("solo-plague", "cards left in the Monsters' deck"),
        ("solo-troy", "creatures fled"),
    ):
        state = bellica.load("bellum", variant=variant).new_game(seed=1)
        scenario = state.observation(0)["scenario"]
        assert scenario["objective"].count(".") in (2, 3)
        counters = scenario["counters"]
        assert counters[0]["name"] == first
        assert all(set(c) == {"name", "value", "limit", "means"} for c in counters)
    troy = position("solo-troy", cities=("Troy", ""), fled=2, pillaged=(3, 0))
    values = {
        c["name"]: (c["value"], c["limit"]) for c in troy.observation(0)["scenario"]["counters"]
    }
    assert values == {"creatures fled": (2, 3), "districts of Troy pillaged": (3, 4)}


def test_a_solo_scenario_lists_its_own_rules_at_its_difficulty() -> None:
    """Beside the objective the player reads the scenario's own rules, with the numbers of
    the difficulty played: the Hells' Labyrinth heals two (harder: one), the Hells play three
    cards once their deck has been shuffled again (easier: still two)."""

    def rules(variant: str, difficulty: str = "normal") -> list[str]:
        state = bellica.load("bellum", variant=variant, options={"difficulty": difficulty})
        return list(state.new_game(seed=1).observation(0)["scenario"]["rules"])

    hells = rules("solo-hercules")
    assert "Any damage the Hells deal goes to Hercules." in hells
    assert (
        "The Hells play the top two cards of their deck each turn "
        "(three once it has been shuffled again)." in hells
    )
    assert any(r.endswith("remove 2 damage tokens from Hercules.") for r in hells)
    assert any(
        r.endswith("remove 1 damage token from Hercules.") for r in rules("solo-hercules", "harder")
    )
    assert "The Hells play the top two cards of their deck each turn." in rules(
        "solo-hercules", "easier"
    )
    assert not any(r.startswith("You cannot") for r in hells)  # Hercules may attack and buy
    plague, troy = rules("solo-plague"), rules("solo-troy")
    assert plague[0] == "You cannot attack or buy cards."
    assert troy[0] == "You cannot buy cards."
    assert any("Achilles blocks your strongest attacker" in r for r in troy)
    for said in (hells, plague, troy):
        assert said[-1].startswith("You make every choice") and len(said) == len(set(said))
    assert bellica.load("bellum").new_game(seed=1).observation(0).get("scenario") is None


def test_the_terminal_tells_a_solo_scenarios_objective_and_rules() -> None:
    from rich.console import Console

    from bellica.cli.screen import table_view

    game = bellica.load("bellum", variant="solo-plague")
    view = table_view(game.new_game(seed=1), 0)
    console = Console(width=200, record=True)
    console.print(game.render(view))
    shown = " ".join(console.export_text().split())
    for sentence in [view["scenario"]["objective"], *view["scenario"]["rules"]]:
        assert " ".join(sentence.split()) in shown


def test_each_side_says_whether_it_is_the_viewers_teammate_or_enemy() -> None:
    state = bellica.load("bellum", variant="teams", players=4).new_game(seed=1)
    for seat in range(4):
        players = state.observation(seat)["players"]
        mine = players[seat]["team"]
        for p in players:
            wanted = "you" if p["seat"] == seat else "teammate" if p["team"] == mine else "enemy"
            assert p["relation"] == wanted
    assert {p["relation"] for p in state.observation(-1)["players"]} == {None}


def test_remove_decline_and_discard_choices_say_what_they_concern() -> None:
    from bellum_helpers import my_turn, texts

    state = my_turn(hands={0: [16]}, discards={0: [41]}, play={0: [63]})
    do(state, "Resolve Disciple of the Shadows")
    assert [a.text for a in state.legal_actions()] == [
        "Remove Satyr (016) into the Stock for Disciple of the Shadows (063)",
        "Remove Mercenary (041) into the Stock for Disciple of the Shadows (063)",
        "Remove nothing for Disciple of the Shadows (063)",
    ]
    assert state.legal_actions() == [state.game.actions[a.index] for a in state.legal_actions()]
    assert texts(state)[-1] == "Decline Disciple of the Shadows (063)"  # equal plain actions

    boulder = position(hands={0: [41, 42, 16, 17, 60]}, olympus=[[], [], [], [21]])
    do(boulder, "Buy Polyphemus")
    while boulder.stack and boulder.stack[-1].name == "pay":
        do(boulder, boulder.legal_actions()[0].text)
    assert [a.text for a in boulder.legal_actions()][-1] == "Choose no target for Polyphemus (021)"

    look = position(
        "solo-plague", phase="rally", cities=("", ""), hands={0: [66]}, decks={1: [19, 20, 22]}
    )
    do(look, "Play Omniscience")
    assert [a.text for a in look.legal_actions()] == [
        f"Discard {card} from the top of the Monsters' deck"
        for card in ("Minotaur (022)", "Emeth (020)", "Nessus (019)")
    ]


def test_an_opponent_named_in_the_plural_takes_a_plural_verb() -> None:
    from bellica.games.bellum.view import event_text

    state = position("solo-hercules", phase="rally", cities=("", ""), hands={0: [66]})
    game = state.game
    omniscience = game.table.uid(66)
    assert event_text(state, ("spell", omniscience, 1, -1)) == "the Hells play Omniscience (066)"
    assert event_text(state, ("spell", omniscience, 0, -1)) == "the player plays Omniscience (066)"
    assert (
        event_text(state, ("unblocked", omniscience, 1))
        == "the Hells do not block Omniscience (066)"
    )
    assert (
        event_text(state, ("reshuffle", 1)) == "the Hells shuffle the discard pile into a new deck"
    )


def test_teams_seats_are_named_by_city_and_battlefield_never_seat() -> None:
    teams = bellica.load("bellum", variant="teams")
    assert [teams.seat_label(seat) for seat in range(4)] == [
        "player 1 of team 0",
        "player 1 of team 1",
        "player 2 of team 0",
        "player 2 of team 1",
    ]
    state = position("teams")
    cities = state.cities
    assert [state.seat_label(seat) for seat in range(4)] == [
        f"{cities[0]} 1",
        f"{cities[1]} 1",
        f"{cities[0]} 2",
        f"{cities[1]} 2",
    ]
    two = bellica.load("bellum")
    assert [two.seat_label(seat) for seat in range(2)] == ["player 1", "player 2"]
