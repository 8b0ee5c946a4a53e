"""The Para Bellum heuristic on positions of the test cards: the turns each player has left,
what unfinished troops and red dice promise, and the greedy player's use of it at the end."""

from __future__ import annotations

import pytest
from pb_rules_helpers import START, cell, place, play, position

from bellica.agents.greedy import GreedyAgent
from bellica.core import SeatView
from bellica.games.para_bellum.heuristics import (
    STANDARD,
    Weights,
    empower_room,
    evaluate,
    troops_promise,
    turns_left,
)
from bellica.games.para_bellum.rules.grid import completed_legions, troops


# -- the turns left -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "active", "deck", "expected"),
    [
        (2, 0, 1, [0, 1]),  # seat 0 draws the last card: seat 1 has one more turn
        (2, 1, 1, [1, 0]),  # seat 1 draws it: seat 0 has one more, seat 1 none
        (2, 0, 4, [2, 2]),  # draws 0, 1, 0, 1 (the last): then seat 0's turn
        (3, 1, 2, [1, 1, 1]),  # draws 1, 2 (the last): then 0 and 1
        (3, 0, 3, [1, 2, 1]),  # draws 0, 1, 2 (the last): then 0 and 1
    ],
)
def test_turns_left_before_the_end_follow_the_army_deck(
    players: int, active: int, deck: int, expected: list[int]
) -> None:
    names = ["Black Solo", "Black Left", "Black Right", "Black Middle"][:deck]
    state = position(players, active=active, army_deck=names)
    assert turns_left(state) == expected


@pytest.mark.parametrize(
    ("players", "active", "ending", "expected"),
    [
        (2, 1, 0, [0, 0]),  # the turn passes to the Ending Player next: the game ends
        (2, 0, 0, [0, 1]),  # seat 0 just triggered the end: seat 1 plays once more
        (3, 1, 0, [0, 0, 1]),
        (3, 2, 1, [1, 0, 0]),
    ],
)
def test_turns_left_after_the_trigger_stop_at_the_ending_player(
    players: int, active: int, ending: int, expected: list[int]
) -> None:
    state = position(players, active=active, ending=ending, army_deck=["Black Solo"])
    assert turns_left(state) == expected


def test_turns_left_with_equal_turns_stop_at_the_end_of_the_round() -> None:
    # Three players, seat 0 about to draw the last card: with the rulebook's end seats 1 and
    # 2 play once more; so they do at the end of the round. Seat 1 drawing it instead: the
    # rulebook gives seats 2 and 0 a turn each, the round's end only seat 2's.
    for end_at in ("turn", "round"):
        state = position(3, active=0, army_deck=["Black Solo"], end_at=end_at)
        assert turns_left(state) == [0, 1, 1]
    assert turns_left(position(3, active=1, army_deck=["Black Solo"])) == [1, 0, 1]
    equal = position(3, active=1, army_deck=["Black Solo"], end_at="round")
    assert turns_left(equal) == [0, 0, 1]
    triggered = position(3, active=1, ending=1, army_deck=[], end_at="round")
    assert turns_left(triggered) == [0, 0, 1]


def test_turns_left_after_the_draw_count_from_the_next_player() -> None:
    state = position(2, active=0, army_deck=["Black Solo", "Black Left"], hand={0: []})
    play(state, "end_actions")  # seat 0 draws one card; seat 1 will draw the last
    assert state.active == 1 and turns_left(state) == [1, 0]


# -- what the army promises ---------------------------------------------------------------------
def test_a_troop_open_at_the_grid_edge_promises_nothing() -> None:
    alive = position(grid={0: {cell(1, -3): "Green Right"}})
    assert troops_promise(alive, 0) > troops_promise(position(), 0)
    # A card open to the left on the grid's first column can never be closed.
    dead = position(grid={0: {cell(1, -4): "Green Right"}})
    alone = position()
    assert troops_promise(dead, 0) == troops_promise(alone, 0)


def test_a_hand_card_that_closes_an_open_end_raises_the_promise() -> None:
    grid = {0: {cell(1, 0): "Green Left"}}
    without = position(grid=grid, hand={0: ["Black Right"]})
    with_closer = position(grid=grid, hand={0: ["Green Right"]})
    w = STANDARD
    one_card_one_end = w.die * 2
    assert troops_promise(without, 0) - troops_promise(position(), 0) == pytest.approx(
        one_card_one_end * w.drawn
    )
    assert troops_promise(with_closer, 0) - troops_promise(position(), 0) == pytest.approx(
        one_card_one_end * w.closable
    )


def test_a_complete_legion_promises_nothing_more() -> None:
    state = position(
        grid={0: {cell(1, 0): "Green Solo"}},
        grey={0: {cell(1, 0): 4}},
    )
    assert troops_promise(state, 0) == troops_promise(position(), 0)


def test_empower_room_is_bounded_by_red_pips_grey_room_and_tokens() -> None:
    grid = {0: {cell(1, 0): "Green Solo", cell(1, 1): "Black Solo"}}
    state = position(grid=grid, grey={0: {cell(1, 0): 2, cell(1, 1): 5}}, red={0: {START: 6}})
    assert empower_room(state, 0, tokens=9) == 2  # room 4 + 1: two raises of 2
    assert empower_room(state, 0, tokens=1) == 1
    poor = position(grid=grid, grey={0: {cell(1, 0): 2, cell(1, 1): 5}}, red={0: {START: 1}})
    assert empower_room(poor, 0, tokens=9) == 1


def test_values_are_zero_sum_at_two_players_and_follow_the_lead() -> None:
    state = position(vp={0: 10})
    mine, theirs = evaluate(state)
    assert mine == pytest.approx(-theirs) and mine > 0
    # The same lead counts for less on a larger scale.
    assert evaluate(state, Weights(scale=60.0))[0] < mine


# -- the greedy player at the end ---------------------------------------------------------------
def test_greedy_requisitions_rather_than_draw_the_last_card_for_the_rival() -> None:
    """Seat 1 would draw the last Army card, giving seat 0 one more turn: it puts a card
    under the deck first, so that seat 0 draws the last card and both play as many turns.
    (With nothing left to do, seat 1's turn then plays itself out.)"""
    state = position(
        2,
        active=1,
        first=0,
        general={1: 1},  # no pip to Muster or Consult with
        coins={1: 1},  # but a coin for a Requisition
        hand={1: ["Black Solo"]},
        army_deck=["Purple Solo"],
    )
    agent = GreedyAgent(seed=3)
    choice = agent.act(SeatView(state, 1))
    assert choice.kind == "requisition"
    state.apply(choice)
    assert state.active == 0 and len(state.army_deck) == 1
    assert turns_left(state) == [0, 1]


def test_greedy_empowers_looking_through_the_die_it_raises() -> None:
    """An Empower is paid first and its die chosen after: the greedy player looks through
    both (the die choice is part of the action), sees the +2 and takes it on the lower die.
    Before, the die choice ended its look-ahead, so an Empower looked like a red pip thrown
    away, and ending the phase looked better still (the opponent's turn, once begun, no
    longer counted as a turn to come; the Draw phase's card counted only once drawn)."""
    grid = {0: {cell(-1, 0): "Purple Solo", cell(1, 0): "Green Solo", cell(1, 1): "Black Solo"}}
    state = position(
        grid=grid,
        grey={0: {cell(1, 0): 2, cell(1, 1): 6}},
        red={0: {cell(-1, 0): 6}},  # below the Start: beside no grey die, so no Motivate
        general={0: 1},  # nothing else to pay for
        hand={1: ["White Solo"]},  # so that the opponent's turn waits for it
        army_deck=["Gold Middle", "Gold Left", "Gold Right", "Gold Solo"],
    )
    agent = GreedyAgent(seed=5)
    choice = agent.act(SeatView(state, 0))
    assert choice.kind == "empower"
    state.apply(choice)
    while state.mid_move:  # which red die pays, which grey die rises
        state.apply(agent.act(SeatView(state, 0)))
    assert state.grey[0][cell(1, 0)] == 4 and state.red[0][cell(-1, 0)] == 5


def test_troops_are_each_run_once_complete_or_not() -> None:
    # The Start's troop (gold, open both ways, with a Gold Middle on its right), a complete
    # green Solo above it, and an open purple Left beside that Solo.
    state = position(
        grid={
            0: {
                cell(0, 1): "Gold Middle",
                cell(1, 0): "Green Solo",
                cell(1, 1): "Purple Left",
            }
        }
    )
    assert list(troops(state, 0)) == [[START, cell(0, 1)], [cell(1, 0)], [cell(1, 1)]]
    assert completed_legions(state, 0) == [[cell(1, 0)]]


def test_the_kept_open_troops_are_worked_out_again_when_a_card_joins_the_army() -> None:
    """A state keeps its armies' open troops for the heuristic (and the game shares them by
    grid between copies): a card placed must make the promise the same as a fresh reading of
    the new position, not the old one kept."""
    state = position(
        phase="army",
        grid={0: {cell(1, 0): "Green Left"}},
        hand={0: ["Green Right", "Black Solo"]},
    )
    before = troops_promise(state, 0)
    assert before > troops_promise(position(), 0)  # the open troop promises its dice
    kept = state.clone()  # a copy carries the kept troops with it
    place(state, "Green Right", cell(1, 1))  # completes the Legion: nothing more promised
    state.game.troop_memo.clear()
    fresh = state.game.load_position(state.position())
    assert troops_promise(state, 0) == troops_promise(fresh, 0) == troops_promise(position(), 0)
    assert troops_promise(kept, 0) == before  # the copy's army did not change
