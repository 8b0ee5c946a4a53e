"""Seating: sides, teams, scripted sides, who sees whose hand, turn order, winners."""

from __future__ import annotations

import pytest

from bellica.core.seating import Seating


def test_a_duel_is_one_seat_and_one_team_per_side():
    seating = Seating.duel()
    assert (seating.sides, seating.teams, seating.players) == (2, 2, 2)
    assert seating.members == ((0,), (1,)) and seating.enemies == ((1,), (0,))
    assert seating.sees(0, 0) and not seating.sees(0, 1)
    assert seating.winners(1) == (1,)


def test_teams_alternate_round_the_table():
    seating = Seating.alternating_teams(4)
    assert seating.team_of_side == (0, 1, 0, 1)
    assert seating.members == ((0, 2), (1, 3))
    assert seating.enemies[0] == (1, 3)
    assert seating.winners(0) == (0, 2)
    assert not seating.sees(0, 2)  # teammates do not see each other's hands by default


def test_teammates_may_share_what_they_hold():
    seating = Seating((0, 1, 2, 3), (0, 1, 0, 1), teammates_see=True)
    assert seating.sees(0, 2) and seating.sees(2, 0)
    assert not seating.sees(0, 1) and not seating.sees(1, 2)


def test_a_scripted_side_has_no_seat_of_its_own():
    seating = Seating((0, 0), (0, 1), scripted=frozenset({1}))
    assert seating.players == 1
    assert seating.sides_of(0) == (0,)
    assert not seating.sees(0, 1)  # its cards are nobody's to look at
    assert seating.winners(0) == (0,) and seating.winners(1) == ()


def test_turn_order_starts_anywhere_and_rotates():
    seating = Seating.duel(5)
    assert seating.order(3) == (3, 4, 0, 1, 2)
    assert seating.order(3, among=[0, 4, 2]) == (4, 0, 2)
    first = 4
    firsts = []
    for _ in range(6):
        firsts.append(first)
        first = seating.next_first(first)
    assert firsts == [4, 0, 1, 2, 3, 4]


def test_inconsistent_seating_is_refused():
    with pytest.raises(ValueError):
        Seating((0, 1), (0,))
