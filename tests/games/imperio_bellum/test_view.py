"""What a seat sees of Imperio Bellum: the whole table, the dice just rolled, never future dice."""

from __future__ import annotations

import itertools
import json
import random

from imperio_helpers import CAMPS, do, game, load
from rich.console import Console

import bellica
from bellica.core import SeatView
from bellica.games.imperio_bellum.pieces import (
    ARCHER,
    BASE,
    FOOTSOLDIER,
    HEADQUARTERS,
    KNIGHT,
    PIKEMAN,
)
from bellica.games.imperio_bellum.rules import combat


def test_observation_shows_the_table_and_hides_the_generator():
    # The same moves from two seeds: if the board and piles agree, so do the observations —
    # nothing of the random generator (the future dice) leaks into what a seat sees.
    g = game(attacker="0")
    first, second = g.new_game(seed=1), g.new_game(seed=2)
    for state in (first, second):
        do(state, "Deploy formation: Bulwark")
    assert first.observation(0) == second.observation(0)
    text = json.dumps(first.observation(1))
    assert str(first.rng.state) not in text and "rng" not in text and "seed" not in text
    # Every seat sees the same table: Imperio Bellum has no secrets but the dice.
    a, b = first.observation(0), first.observation(1)
    assert a["pieces"] == b["pieces"] and a["reinforcements"] == b["reinforcements"]
    assert (a["side"], b["side"]) == ("attacker", "defender")


def test_knight_counters_only_while_a_knight_acts():
    s = load(CAMPS | {"c3": "K", "e3": "A", "c7": "p"})
    do(s, "Knight c3", "Knight c3 → c4")
    obs = s.observation(0)
    assert (obs["selected"], obs["knight_actions_left"], obs["knight_tiles_moved"]) == ("c4", 4, 1)
    do(s, "Knight c4 holds", "Archer e3")
    obs = s.observation(0)
    assert obs["selected"] == "e3"
    assert obs["knight_actions_left"] is None and obs["knight_tiles_moved"] is None


def test_events_tell_the_dice_of_the_last_action():
    s = load(CAMPS | {"c3": "F", "c4": "a"}, dice=[9, 2])
    do(s, "Footsoldier c3", "Footsoldier c3 attacks c4")
    (event,) = s.events()
    assert event.text == (
        "Footsoldier c3 attacks archer c4: 9 on 5d6 against 2 on 1d6, the archer falls"
    )
    assert [(d.who, d.count, d.total) for d in event.dice] == [
        ("Footsoldier c3", 5, 9),
        ("Archer c4", 1, 2),
    ]
    (combat,) = s.observation(0)["last_combats"]
    assert (combat["attack_dice"], combat["defence_dice"], combat["attacker_won"]) == (5, 1, True)
    do(s, "End turn")
    assert s.events() == []


def test_the_terminal_board_draws_a_seat_s_view():
    state = game(attacker="0").new_game(seed=3)
    do(state, "Deploy formation: Bulwark")
    console = Console(width=100, record=True, color_system=None)
    console.print(state.game.render(SeatView(state, 1).observation))
    drawn = console.export_text()
    assert "9   a   a   b   a   h   a   b   a   k   9" in drawn  # the defender in lower case
    assert "You are the defender (blue)" in drawn


def test_the_dice_modifiers_add_up_to_the_dice_rolled():
    """For every pair of pieces and every circumstance, the modifiers the log gives explain
    exactly the number of dice the rules roll."""
    kinds = (KNIGHT, ARCHER, PIKEMAN, FOOTSOLDIER)
    for attacker in kinds:
        for defender in (*kinds, BASE, HEADQUARTERS):
            for ranged, charge, a_ent, adjacent, d_ent in itertools.product(
                (False, True), range(6), (False, True), (False, True), (False, True)
            ):
                base, mods = combat.attack_modifiers(
                    attacker, defender, ranged=ranged, charge=charge, entrenched=a_ent
                )
                wanted = combat.attack_dice(
                    attacker, defender, ranged=ranged, charge=charge, entrenched=a_ent
                )
                assert max(base + sum(m for _, m in mods), combat.MIN_DICE) == wanted
                base, mods = combat.defence_modifiers(
                    defender, attacker, barrage=ranged, adjacent=adjacent, entrenched=d_ent
                )
                wanted = combat.defence_dice(
                    defender, attacker, barrage=ranged, adjacent=adjacent, entrenched=d_ent
                )
                assert max(base + sum(m for _, m in mods), combat.MIN_DICE) == wanted


def test_a_fight_tells_each_die_and_why_each_side_rolled_so_many():
    """With the game's own generator, the event gives each die as it fell."""
    game = bellica.load("imperio-bellum", options={"attacker": "0"})
    state = game.new_game(seed=3)
    chooser = random.Random(3)
    while not any(e.kind == "combat" for e in state.events()):
        state.apply(chooser.choice(state.legal_actions()))
    fight = next(e for e in state.events() if e.kind == "combat")
    for roll in fight.dice:
        assert len(roll.faces) == roll.count and sum(roll.faces) == roll.total
        assert all(1 <= face <= 6 for face in roll.faces)
        assert roll.explain().startswith(f"{roll.count} di")
    assert fight.to_json()["dice"][0]["faces"] == list(fight.dice[0].faces)


def test_a_knights_point_blank_attack_is_explained():
    s = load(CAMPS | {"c3": "K", "c4": "p"}, dice=[9, 2])
    do(s, "Knight c3", "Knight c3 attacks c4")
    (fight,) = s.events()
    attack, defence = fight.dice
    assert attack.explain() == "1 die (3, knight point-blank -1, knight against a pikeman -1)"
    assert defence.explain() == "4 dice (2, pikeman against a knight +2)"
    assert attack.faces == ()  # scripted dice: the totals only


def test_an_arrival_reads_with_its_article():
    """Spawned pieces arrive as "an archer" and "a knight", never "a archer"."""
    arrivals: set[str] = set()
    for seed in range(200):
        state = bellica.load("imperio-bellum").new_game(seed=seed)
        chooser = random.Random(seed)
        while not state.is_terminal:
            state.apply(chooser.choice(state.legal_actions()))
            arrivals.update(
                event.text.split(" of the ")[0] for event in state.events() if event.kind == "spawn"
            )
        if any(text.endswith("archer") for text in arrivals):
            break
    assert any(text.endswith("archer") for text in arrivals), arrivals
    for text in arrivals:
        article, piece = text.split(" ", 1)
        assert article == ("an" if piece[0] in "aeiou" else "a"), text


def test_seats_are_named_before_the_game_as_the_options_allow():
    """Before a game the lobby names seats by role when the options fix who attacks, else as
    player 1 and player 2; never "Seat 0"."""
    rolled = bellica.load("imperio-bellum")
    assert [rolled.seat_label(s) for s in (0, 1)] == ["player 1", "player 2"]
    fixed = bellica.load("imperio-bellum", options={"attacker": "1"})
    assert [fixed.seat_label(s) for s in (0, 1)] == ["the defender", "the attacker"]
    state = rolled.new_game(seed=3)
    assert {state.seat_label(s) for s in (0, 1)} == {"the attacker", "the defender"}


def test_a_move_is_a_quiet_event_that_still_marks_its_squares():
    """A move's event only repeats its action ("Footsoldier c3 → c4"): logs leave it out, but
    it carries the two squares for the table's marks."""
    s = load(CAMPS | {"c3": "F"})
    do(s, "Footsoldier c3", "Footsoldier c3 → c4")
    (event,) = s.events()
    assert (event.kind, event.quiet, event.marks) == ("move", True, ("c3", "c4"))
    assert event.to_json(0)["quiet"] is True
