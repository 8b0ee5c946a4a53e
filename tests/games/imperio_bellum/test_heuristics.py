"""How the AI judges a position while the armies are set up: every piece counts, no jump."""

from __future__ import annotations

import pytest
from imperio_helpers import do, find, game

from bellica.agents import make_agent
from bellica.core import SeatView
from bellica.games.imperio_bellum.heuristics import PAR, setup_balance, values
from bellica.games.imperio_bellum.rules.phases import PLAY

ATTACKER, DEFENDER = 0, 1  # seats, with attacker=0


def defender_ready_to_pile():  # type: ignore[no-untyped-def]
    """The defender (seat 1) with a formation deployed, its pile still empty."""
    state = game(attacker="0").new_game(seed=5)
    do(state, "Deploy formation: Bulwark")  # its headquarters, two bases and 15 pieces
    return state


def test_the_attacker_counts_as_a_full_army_until_it_places_its_headquarters() -> None:
    state = defender_ready_to_pile()
    before = setup_balance(state)
    assert 0 < before < PAR  # the attacker's par against the defender's real army so far
    do(state, "Reinforcements ready")  # the attacker's turn now, nothing placed yet
    assert setup_balance(state) == pytest.approx(before)
    do(state, "Place Headquarters at e1")
    assert setup_balance(state) < before - 100  # now its real army: a headquarters


def test_every_piece_the_defender_piles_is_worth_more_than_declaring_ready() -> None:
    state = defender_ready_to_pile()

    def defender_value(text: str) -> float:
        after = state.clone()
        after.apply(find(after, text))
        return values(after)[DEFENDER]

    ready = defender_value("Reinforcements ready")
    for kind in ("knight", "archer", "pikeman", "footsoldier"):
        assert (
            defender_value(f"Add {'an' if kind == 'archer' else 'a'} {kind} to the reinforcements")
            > ready
        )
    assert -1 < ready < 1  # not a decided game while the attacker has no army


def test_greedy_players_set_up_full_armies_on_both_sides() -> None:
    """Before, the defender's choices all looked alike (the attacker had no army: a won game)
    and a greedy defender set up at random, often with a pile of two pieces."""
    for seed in (1, 2):
        state = game(attacker="0").new_game(seed=seed)
        agents = [make_agent("greedy", seed=seed), make_agent("greedy", seed=seed + 7)]
        while state.phase < PLAY:
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].act(SeatView(state, seat)))
        for side in (0, 1):
            assert sum(state.reserves[side]) == 50, state.reserves
        assert state.units[0] == state.units[1] == 15
