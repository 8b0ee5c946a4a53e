"""The lab's per-card rows for Para Bellum: the card fact on the events that tell an Army card
drawn, a Command card taken from the Battle Line, a card played or deployed (positions of the
test cards), and a whole CardLog over random games on our own card file."""

from __future__ import annotations

import pytest
from pb_rules_helpers import (
    START,
    cell,
    game,
    load_dice,
    place,
    play,
    position,
    tok,
    top,
    uid,
)

import bellica
from bellica.agents.random_agent import RandomAgent
from bellica.core import SeatView
from bellica.core.cards import BOUGHT, DRAWN, PLAYED, CardLog, CardUse
from bellica.games.para_bellum.state import ParaState


def steps(state: ParaState) -> list[tuple[int, str, str]]:
    """The card steps the last action's events tell, in order."""
    return [step for event in state.events() for step in event.fact("card_steps", ())]


def pay_all(state: ParaState) -> list[tuple[int, str, str]]:
    """Pay with the first die offered until no payment is asked; the steps on the way."""
    seen = []
    while top(state) == "pay":
        state.apply(state.legal_actions()[0])
        seen += steps(state)
    return seen


# -- drawn ----------------------------------------------------------------------------------
def test_muster_draws_the_top_army_card() -> None:
    state = position(army_deck=["Green Solo", "White Solo"])  # the top last
    play(state, "muster")  # the General die pays: the only way, taken without asking
    assert steps(state) == [(0, tok(state, "White Solo"), DRAWN)]
    (draw,) = [e for e in state.events() if e.kind == "draw"]
    # The words and marks are as before: the card is named only to its drawer.
    assert draw.text == "player 1 (gold) draws an Army card"
    assert draw.private == ((0, f"player 1 (gold) draws White Solo ({tok(state, 'White Solo')})"),)
    assert draw.to_json(1) == {"kind": "draw", "text": "player 1 (gold) draws an Army card"}
    assert draw.to_json(0)["marks"] == [tok(state, "White Solo")]


def test_draw_phase_draws_for_the_player_ending_its_turn() -> None:
    state = position(army_deck=["Green Solo", "White Solo"], actions=1)
    play(state, "end_actions")
    assert state.active == 1  # the turn passed on after the Draw phase
    assert steps(state) == [(0, tok(state, "White Solo"), DRAWN)]


def test_draw_at_four_players_names_the_drawing_side() -> None:
    state = position(4, active=2, army_deck=["Green Solo", "White Solo"])
    play(state, "muster")
    assert steps(state) == [(2, tok(state, "White Solo"), DRAWN)]
    (draw,) = [e for e in state.events() if e.kind == "draw"]
    assert [seat for seat, _ in draw.private] == [0, 2]  # the drawer and its teammate


# -- bought ---------------------------------------------------------------------------------
def test_consult_takes_from_the_battle_line() -> None:
    state = position(command_deck=["Pay Parade"])
    play(state, "consult")
    assert steps(state) == []  # paid, nothing taken yet
    play(state, "take", "Levy")
    assert steps(state) == [(0, tok(state, "Levy"), BOUGHT)]
    assert [e.kind for e in state.events()] == ["take", "line"]  # the refill is no step


def test_low_legion_die_takes_from_the_battle_line() -> None:
    state = position(
        phase="army",
        hand={0: ["Gold Right"]},
        grid={0: {cell(0, -1): "Gold Left"}},
        command_deck=["Pay Parade"],
    )
    load_dice(state, 2, 1)
    place(state, "Gold Right", cell(0, 1))
    assert steps(state) == [(0, tok(state, "Gold Right"), PLAYED)]
    assert top(state) == "take_command"
    play(state, "take", "Levy b")
    assert steps(state) == [(0, tok(state, "Levy b"), BOUGHT)]


def test_set_up_takes_are_bought_by_each_taker() -> None:
    # Two players, the first player 0: the takes go 1, 0, 1, and 0 takes the last card at
    # once (a line of one card is no choice).
    state = game(2, first="0").new_game(11)
    while top(state) == "return_objective":
        state.apply(state.legal_actions()[0])
    told: list[tuple[int, str, str]] = []
    wanted: list[tuple[int, str, str]] = []
    token = state.game.table.token
    while top(state) == "draft_command":
        side = state.stack[-1].side
        choice = state.legal_actions()[0]
        wanted.append((side, token[state.game.actions.uid(choice)], BOUGHT))
        if len(state.battle_line) == 2:
            rest = [u for u in state.battle_line if u != state.game.actions.uid(choice)]
            wanted.append((1 - side, token[rest[0]], BOUGHT))
        state.apply(choice)
        told += steps(state)
    assert told == wanted
    assert [side for side, _, _ in told] == [1, 0, 1, 0]
    assert state.round == 1  # the set-up is over


# -- played ---------------------------------------------------------------------------------
def test_army_card_placed_in_the_army_phase_is_played() -> None:
    state = position(phase="army", hand={0: ["Gold Left", "Green Solo"]})
    place(state, "Gold Left", cell(0, -1))
    assert steps(state) == [(0, tok(state, "Gold Left"), PLAYED)]


def test_order_is_played() -> None:
    state = position(hand={0: ["Pay Parade"]})
    play(state, "play", "Pay Parade")  # its one payable option is taken without asking
    assert steps(state) == [(0, tok(state, "Pay Parade"), PLAYED)]
    assert uid(state, "Pay Parade") in state.discard


def test_permanent_deployed_is_played() -> None:
    state = position(
        grid={0: {cell(1, 0): "Black Solo"}}, red={0: {START: 4}}, hand={0: ["Paymaster"]}
    )
    play(state, "play", "Paymaster")
    told = steps(state) + pay_all(state)
    assert told == [(0, tok(state, "Paymaster"), PLAYED)]
    assert state.permanents[0] == [uid(state, "Paymaster")]


def test_special_unit_deployed_is_played_once() -> None:
    # Its Deploy tells it; its placing on the grid is no second step.
    state = position(
        grid={0: {cell(1, 0): "Black Solo"}},
        grey={0: {cell(1, 0): 3}},
        red={0: {START: 4}},
        hand={0: ["Siege Tower"]},
    )
    state.apply(state.game.actions.place(uid(state, "Siege Tower"), cell(2, 0)))
    told = steps(state) + pay_all(state)
    assert told == [(0, tok(state, "Siege Tower"), PLAYED)]
    assert uid(state, "Siege Tower") in state.army[0]


def test_free_construct_plays_the_order_then_the_permanent() -> None:
    state = position(
        grid={0: {cell(1, 0): "Black Solo"}},
        red={0: {START: 1}},
        hand={0: ["Rushed Works", "Granary", "Siege Tower"]},
    )
    play(state, "play", "Rushed Works")
    assert steps(state) == [(0, tok(state, "Rushed Works"), PLAYED)]
    play(state, "free", "Granary")
    assert steps(state) == [(0, tok(state, "Granary"), PLAYED)]


def test_no_step_for_what_is_not_drawn_taken_or_played() -> None:
    # A Requisition tucks a card under the Army deck; a discard at the hand limit throws one
    # away: neither is a step.
    state = position(hand={0: ["Gold Solo"]}, army_deck=["Green Solo"], coins={0: 2})
    play(state, "requisition", "Gold Solo")
    assert steps(state) == []
    seven = ["Gold Solo", "Gold Left", "Gold Right", "Green Solo", "Green Left", "White Solo"]
    state = position(hand={0: [*seven, "Pay Parade"]}, army_deck=["Black Solo"])
    play(state, "end_actions")
    assert steps(state) == [(0, tok(state, "Black Solo"), DRAWN)]
    assert top(state) == "discard"
    play(state, "discard", "Pay Parade")
    assert steps(state) == []
    assert "discarded" in [e.kind for e in state.events()]


# -- a whole game ---------------------------------------------------------------------------
def flagged(rows: dict[int, CardUse], flag: str) -> set[int]:
    """The uids of the rows whose `flag` is set."""
    return {u for u, row in rows.items() if getattr(row, flag)}


@pytest.mark.parametrize("players", [2, 4])
def test_card_log_over_a_random_game(players: int) -> None:
    g = bellica.load("para-bellum", players=players)
    table = g.table
    state = g.new_game(seed=3 + players)
    log = CardLog(state)
    agents = [RandomAgent(seed=20 + seat) for seat in range(players)]
    dealt = [list(hand) for hand in state.hand]  # the two Army cards each
    opening: list[list[int]] | None = None
    arrived_army: list[set[int]] = [set() for _ in range(players)]
    arrived_command: list[set[int]] = [set() for _ in range(players)]
    held: list[set[int]] = [set(hand) for hand in state.hand]
    taken_in_set_up: list[set[int]] = [set() for _ in range(players)]
    for _ in range(20_000):
        if state.is_terminal:
            break
        seat = state.current_player
        before = [set(hand) for hand in state.hand]
        state.apply(agents[seat].act(SeatView(state, seat)))
        log.after(state)
        for side in range(players):
            new = set(state.hand[side]) - before[side]
            held[side] |= new
            arrived_command[side] |= {u for u in new if g.is_command[u]}
            if opening is None:
                taken_in_set_up[side] |= new
            else:
                arrived_army[side] |= {u for u in new if g.is_army[u]}
        if opening is None and state.round >= 1:
            opening = [list(hand) for hand in state.hand]
    assert state.is_terminal and opening is not None
    rows = log.uses(state)
    by_side: dict[int, dict[int, CardUse]] = {side: {} for side in range(players)}
    for row in rows:
        found = table.uid_by_token.get(row.token)
        assert found is not None and table.copies[found].name == row.name
        assert found not in by_side[row.seat]  # one row per copy and side
        by_side[row.seat][found] = row
    assert set(by_side) == set(range(players))
    starts = set(g.starting.values())
    for side in range(players):
        mine = by_side[side]
        # The opening hand: the two Army cards dealt and the two Command cards taken.
        assert flagged(mine, "opening") == set(opening[side])
        assert sorted(opening[side]) == sorted([*dealt[side], *taken_in_set_up[side]])
        assert len(dealt[side]) == 2 and all(g.is_army[u] for u in dealt[side])
        assert len(taken_in_set_up[side]) == 2
        assert all(g.is_command[u] for u in taken_in_set_up[side])
        # In play at the end: the army and the permanents, the Starting card too (it was never
        # held: its row says in play and nothing else).
        in_play = set(state.army[side]) | set(state.permanents[side])
        assert flagged(mine, "at_end") == in_play
        (start,) = in_play & starts
        assert not (mine[start].opening or mine[start].drawn or mine[start].played)
        # Drawn: Army cards only, every one seen arriving after the set-up; bought: Command
        # cards only, every one seen arriving (the set-up's takes too).
        drawn, bought, played = (
            flagged(mine, "drawn"),
            flagged(mine, "bought"),
            flagged(mine, "played"),
        )
        assert all(g.is_army[u] for u in drawn) and arrived_army[side] <= drawn
        assert all(g.is_command[u] for u in bought) and arrived_command[side] <= bought
        assert taken_in_set_up[side] <= bought
        # Played: held at some time, and now in play or discarded (Orders, cards eliminated).
        assert played <= held[side]
        assert played <= in_play | set(state.discard)
        assert flagged(mine, "at_end") - {start} <= played
        assert drawn and bought and played
        never = flagged(mine, "never_seen")
        assert never and not never & (drawn | bought | played | flagged(mine, "opening"))
        # Every row's card is an Army card of this player count or a Command card, or the
        # side's own Starting card.
        assert all(
            (g.is_army[u] and u not in starts) or g.is_command[u] or u == start for u in mine
        )
