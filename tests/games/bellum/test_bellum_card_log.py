"""The lab's per-card rows for Bellum: which events tell a card drawn, bought or played, and a
whole game's rows (opening hand, steps, cards in play at the end) from a `CardLog`."""

from __future__ import annotations

from typing import Any

import pytest
from bellum_helpers import do, my_turn, position, texts

import bellica
from bellica.agents import make_agent
from bellica.core import SeatView
from bellica.core.cards import CardLog, CardUse
from bellica.core.cards.card_log import CardStep, card_steps
from bellica.core.stack import advance
from bellica.games.bellum.rules.flow import idle
from bellica.games.bellum.state import BellumState


def steps(state: BellumState) -> list[CardStep]:
    """The card steps the last action's events tell, in order."""
    return list(card_steps(state.events()))


def pay_all(state: BellumState) -> list[CardStep]:
    """Pay each ring with the first card offered; the steps those payments told."""
    told = []
    while state.stack and state.stack[-1].name == "pay":
        do(state, texts(state)[0])
        told += steps(state)
    return told


def teams(stacks: list[list[list[str]]], **kw: Any) -> BellumState:
    """A team position whose battlefields have the Olympus stacks given."""
    state = position("teams", run=False, **kw)
    by_token = state.game.table.uid_by_token
    for battlefield, piles in enumerate(stacks):
        for zone, pile in zip(state.stacks[battlefield], piles, strict=True):
            zone[:] = [by_token[token] for token in pile]
    advance(state, idle)
    return state


# -- drawn ------------------------------------------------------------------------------------
def test_a_draw_tells_the_drawer_exactly_the_cards_drawn() -> None:
    """Drawing two of four cards names those two for the drawer, and only in the facts."""
    state = position(phase="draw", decks={0: [16, 17, 41, 42]})
    do(state, "Draw 2 cards")
    assert steps(state) == [(0, "042", "drawn"), (0, "041", "drawn")]
    (draw,) = [e for e in state.events() if e.kind == "draw"]
    assert draw.to_json(1) == {"kind": "draw", "text": "Athens draws 2 cards"}


def test_a_district_draw_is_the_defenders() -> None:
    """Athens' first district falling makes the defender (side 1) draw: its step, not the
    attacker's."""
    state = position(
        phase="declare", play={0: [41]}, decks={1: [16, 17]}, cities=("Sparta", "Athens")
    )
    do(state, "Attack with Mercenary")
    assert steps(state) == [(1, "017", "drawn")]


def test_teams_each_defender_draws_for_itself() -> None:
    """Four players: both Athenian players draw, each its own card."""
    state = teams(
        [[[], [], [], []], [[], [], [], []]],
        team=1,
        phase="declare",
        hands={1: [28], 3: ["028b"]},
        decks={0: [16], 2: ["016b"]},
        play={1: [42], 3: ["042b"]},
        cities=("Athens", "Sparta"),
    )
    do(state, "Attack with Mercenary (042)", "Done declaring")
    assert sorted(steps(state)) == [(0, "016", "drawn"), (2, "016b", "drawn")]


# -- bought -----------------------------------------------------------------------------------
def test_a_buy_tells_bought_and_its_payment_nothing() -> None:
    """Buying a Hoplite from an Olympus stack: the buy is the step, the discards paying for it
    are none."""
    state = position(hands={0: [41, 42, 16]}, olympus=[[45, 46], [], [], []])
    do(state, "Buy Hoplite (046)")
    assert steps(state) == [(0, "046", "bought")]
    assert pay_all(state) == []


def test_a_legend_bought_is_bought() -> None:
    """A Legend card bought once its Olympus stack is empty."""
    state = position(hands={0: [41, 42, 16]}, legends=[[59, 51], [], [], []])
    do(state, "Buy Hector (051)")
    assert steps(state) == [(0, "051", "bought")]


def test_a_card_bought_into_play_is_bought_then_played() -> None:
    """A Myrmidon's Purchase ability puts it into play as it is bought: bought, then played."""
    state = position(hands={0: [41, 16, 17, 60]}, olympus=[[], [], [53], []])
    do(state, "Buy Myrmidon")
    told = steps(state) + pay_all(state)
    assert told == [(0, "053", "bought"), (0, "053", "played")]


def test_teams_the_second_member_buys_for_itself() -> None:
    """Side 2 buys from its own battlefield's stack: the step is side 2's."""
    state = teams(
        [[["045"], [], [], []], [["046b"], [], [], []]],
        member=1,
        hands={0: [41], 2: ["041b", "027b"]},
    )
    do(state, "Buy Hoplite (046b)")
    assert steps(state) == [(2, "046b", "bought")]


def test_a_scenario_market_buy_is_bought() -> None:
    """To the Hells: a Hoplite bought from the scenario's cards for sale."""
    state = position(
        "solo-hercules",
        cities=("", ""),
        strategy=(0, 0),
        market=[46, 47, 48, 49, 50, 51, 52, 54],
        hands={0: [41, 74]},
        play={0: [44]},
        decks={1: [85]},
    )
    do(state, "Buy Hoplite (046)")
    assert steps(state) == [(0, "046", "bought")]


# -- played -----------------------------------------------------------------------------------
def test_creatures_and_relics_played_from_hand_are_played() -> None:
    """A creature and a relic put into play from hand."""
    state = position(hands={0: [16, 26]})
    do(state, "Play Satyr")
    assert steps(state) == [(0, "016", "played")]
    do(state, "Play Tower of Babel")
    assert steps(state) == [(0, "026", "played")]


def test_a_spell_played_is_played_and_what_it_draws_is_drawn() -> None:
    """Prayer in the Rally phase: played, and the card it draws is drawn."""
    state = my_turn(hands={0: [71, 16]}, decks={0: [41]}, play={0: [29]})
    do(state, "Play Prayer")
    assert steps(state) == [(0, "071", "played"), (0, "041", "drawn")]


def test_an_answer_is_played_by_the_answering_side() -> None:
    """The Wrath of Zeus is side 0's play; Omnipotence answering it is side 1's."""
    state = position(hands={0: [55], 1: [65]}, play={1: [60, 16]})
    do(state, "Play The Wrath of Zeus")
    assert steps(state) == [(0, "055", "played")]
    do(state, "Answer with Omnipotence")
    assert steps(state) == [(1, "065", "played")]


def test_a_summoned_spartan_is_no_play() -> None:
    """Sparta's first district summons a Spartan from the Stock: no card took a step."""
    state = position(phase="declare", play={0: [41]}, cities=("Athens", "Sparta"))
    do(state, "Attack with Mercenary")
    assert "enter" in [e.kind for e in state.events()]
    assert [state.game.table.token[u] for u in state.play[1]] == ["090"]
    assert steps(state) == []


def test_the_scripted_sides_reveals_are_no_play() -> None:
    """The Hells put two cards of their deck into play: neither is a step of anybody's."""
    state = position(
        "solo-hercules",
        phase="keep",
        cities=("", ""),
        strategy=(0, 0),
        hands={0: [41]},
        play={0: [44], 1: ["015[f]"]},
        decks={1: [82, 83, 84, 85, 86]},
    )
    do(state, "Keep this hand")
    assert [e.kind for e in state.events()].count("enter") == 2
    assert steps(state) == []


# -- whole games --------------------------------------------------------------------------------
def play_out(variant: str, seed: int) -> tuple[BellumState, list[list[int]], CardLog]:
    """A seeded game of random agents, followed by a CardLog; the hands when it began."""
    game = bellica.load("bellum", variant=variant)
    state = game.new_game(seed=seed)
    assert isinstance(state, BellumState)
    hands = [list(hand) for hand in state.hand]
    log = CardLog(state)
    agents = [make_agent("random", seed=seed * 10 + seat) for seat in range(game.players)]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(SeatView(state, seat)))
        log.after(state)
    return state, hands, log


def rows_of(rows: list[CardUse], flag: str) -> set[tuple[int, str]]:
    """(seat, token) of the rows with `flag` set."""
    return {(row.seat, row.token) for row in rows if getattr(row, flag)}


def held(state: BellumState, zones: list[list[int]]) -> set[tuple[int, str]]:
    """(seat, token) of the cards in each side's zone, for the sides that are not scripted."""
    game = state.game
    return {
        (state.seat_of(side), game.table.token[u])
        for side in range(game.sides)
        if side not in game.scripted
        for u in zones[side]
    }


def check_rows(state: BellumState, hands: list[list[int]], rows: list[CardUse]) -> None:
    """Every row a real copy, once per seat; the opening hands the hands dealt; the rows in
    play at the end the play areas at the end."""
    table = state.game.table
    keys = [(row.seat, row.token) for row in rows]
    assert len(keys) == len(set(keys))
    for row in rows:
        assert table.token[table.uid_by_token[row.token]] == row.token
        assert row.name == table.copies[table.uid_by_token[row.token]].name
    assert rows_of(rows, "opening") == held(state, hands)
    assert rows_of(rows, "at_end") == held(state, state.play)


@pytest.mark.parametrize(("variant", "seed"), [("standard", 0), ("teams", 1)])
def test_a_whole_games_rows(variant: str, seed: int) -> None:
    """Each side's rows are exactly its starting deck and hand and every shared card it could
    buy or be given; the steps are the ones the game took."""
    game = bellica.load("bellum", variant=variant)
    start = game.new_game(seed=seed)
    assert isinstance(start, BellumState)
    state, hands, log = play_out(variant, seed)
    rows = log.uses(state)
    check_rows(state, hands, rows)
    table = game.table
    shared = [
        *(u for stacks in start.stacks for pile in stacks for u in pile),
        *(u for pile in start.legends for u in pile),
        *start.stock,
    ]
    expected = held(start, [[*start.deck[s], *start.hand[s], *shared] for s in range(game.sides)])
    assert {(row.seat, row.token) for row in rows} == expected
    assert {row.seat for row in rows} == set(range(game.players))
    for_sale = {table.token[u] for stacks in start.stacks for p in stacks for u in p}
    for_sale |= {table.token[u] for pile in start.legends for u in pile}
    assert {token for _, token in rows_of(rows, "bought")} <= for_sale
    assert rows_of(rows, "drawn") and rows_of(rows, "played") and rows_of(rows, "bought")
    assert len(rows_of(rows, "opening")) == (5 if variant == "standard" else 10)


@pytest.mark.parametrize(("variant", "seed"), [("solo-plague", 2), ("solo-troy", 1)])
def test_a_solo_games_rows_are_the_players_only(variant: str, seed: int) -> None:
    """The scripted side gets no rows; the player's opening hand is its three cards, and the
    cards the scenario put in play for it are in play at the end while they stay."""
    state, hands, log = play_out(variant, seed)
    rows = log.uses(state)
    check_rows(state, hands, rows)
    assert {row.seat for row in rows} == {0}
    pool = [*state.deck[0], *state.hand[0], *state.discard[0], *state.play[0], *state.market]
    assert held(state, [pool, []]) <= {(row.seat, row.token) for row in rows}
    assert len(rows_of(rows, "opening")) == 3
    assert rows_of(rows, "drawn") and rows_of(rows, "played")
