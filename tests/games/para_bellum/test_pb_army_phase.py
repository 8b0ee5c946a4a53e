"""The Army phase on positions of the test cards: placement, Legions and their grey dice,
blazons, Centurions with red dice and banners, Big Legions with Battle Bonuses and Morale
tests (docs/rules/para-bellum.md, rulings 4–9, 15, 19–24, 33, 42)."""

from __future__ import annotations

import random

from pb_rules_helpers import (
    LINE,
    START,
    cell,
    cells_offered,
    kinds,
    load_dice,
    place,
    play,
    position,
    tok,
    top,
    uid,
)

import bellica
from bellica.games.para_bellum.rules.grid import can_place, open_cells, special_cells
from bellica.games.para_bellum.rules.turn import placements
from bellica.games.para_bellum.state import ParaState


def greys(state: ParaState, side: int = 0) -> dict[int, int]:
    return {c: v for c, v in enumerate(state.grey[side]) if v}


def reds(state: ParaState, side: int = 0) -> dict[int, int]:
    return {j: v for j, v in enumerate(state.red[side]) if v}


# -- placement --------------------------------------------------------------------------------
def test_side_neighbours_must_match_colour_and_edge() -> None:
    # The Gold Start's edges are open: a closed edge may not touch it, nor another colour.
    state = position(phase="army", hand={0: ["Gold Solo", "Gold Left", "Gold Right", "Green Left"]})
    assert cell(0, -1) not in cells_offered(state, "Gold Solo")  # closed against open
    assert cell(0, -1) in cells_offered(state, "Gold Left")  # its open right edge meets the Start
    assert cell(0, -1) not in cells_offered(state, "Gold Right")  # open left, closed right
    assert cell(0, 1) in cells_offered(state, "Gold Right")
    assert cell(0, -1) not in cells_offered(state, "Green Left")  # green beside gold
    # A closed edge against a closed edge is fine: Gold Solo beside a Gold Right.
    state = position(
        phase="army", grid={0: {cell(0, 1): "Gold Right"}}, hand={0: ["Gold Solo", "Green Solo"]}
    )
    assert cell(0, 2) in cells_offered(state, "Gold Solo")
    assert cell(0, 2) not in cells_offered(state, "Green Solo")


def test_vertical_neighbours_may_differ_in_colour() -> None:
    state = position(phase="army", hand={0: ["Green Solo", "Black Middle"]})
    assert cells_offered(state, "Green Solo") == [cell(-1, 0), cell(1, 0)]
    assert cells_offered(state, "Black Middle") == [cell(-1, 0), cell(1, 0)]


# A column of cards through the Start, from row -1 to row 2, each of another colour.
COLUMN = {cell(-1, 0): "White Middle", cell(1, 0): "Black Middle", cell(2, 0): "Green Middle"}


def test_placement_stays_inside_the_grid_and_touches_the_army() -> None:
    # The column fills rows -1 to 2: there is no row above or below it, and a card that may
    # go beside none of them (a purple one) has no cell at all. A gold card with an open edge
    # fits only beside the Gold Start.
    state = position(phase="army", grid={0: COLUMN}, hand={0: ["Purple Solo", "Gold Left"]})
    assert cells_offered(state, "Purple Solo") == []
    assert cells_offered(state, "Gold Left") == [cell(0, -1)]
    # Column 4 is the last: the cell after it in numbering (row 1, column -4) is not its
    # neighbour, so the purple card there does not refuse a gold card on column 4.
    row = {cell(0, 1): "Gold Middle", cell(0, 2): "Gold Full Middle", cell(0, 3): "Gold Horn Left"}
    state = position(
        phase="army",
        grid={0: row | {cell(1, -4): "Purple Solo"}},
        hand={0: ["Gold Right", "Gold Solo"]},
    )
    assert cell(0, 4) in cells_offered(state, "Gold Right")


def test_army_phase_passes_without_a_playable_card() -> None:
    # Only a Purple Solo in hand and no cell for it: the Army phase goes by and the Action
    # phase is asked; the card stays in hand.
    state = position(active=1, grid={0: COLUMN}, hand={0: ["Purple Solo"]})
    play(state, "end_actions")  # player 1's turn ends (no Army card left to draw)
    assert state.active == 0 and top(state) == "action_phase"
    assert state.hand[0] == [uid(state, "Purple Solo")]


def test_starting_card_holds_no_grey_die() -> None:
    # Gold Left and Gold Right close the Start's Legion: the two outer cards get grey dice, the
    # Start keeps only its General die.
    state = position(phase="army", grid={0: {cell(0, -1): "Gold Left"}}, hand={0: ["Gold Right"]})
    load_dice(state, 5, 6)
    place(state, "Gold Right", cell(0, 1))
    assert greys(state) == {cell(0, -1): 5, cell(0, 1): 6}
    assert state.grey[0][START] == 0 and state.general[0] == 6


# -- Legions ---------------------------------------------------------------------------------
def test_completed_legion_gets_a_grey_die_on_each_empty_slot() -> None:
    # A Legion closed by its last card: every card without a grey die gets one, rolled.
    state = position(
        phase="army",
        grid={0: {cell(1, 0): "Green Left", cell(1, 1): "Green Middle"}},
        red={0: {START: 3}},
        hand={0: ["Green Right"]},
    )
    load_dice(state, 3, 4, 5, 1)  # three grey dice, then the opponent's Morale roll
    place(state, "Green Right", cell(1, 2))
    assert greys(state) == {cell(1, 0): 3, cell(1, 1): 4, cell(1, 2): 5}


def test_open_troop_gets_no_dice() -> None:
    state = position(phase="army", hand={0: ["Gold Left"]})
    place(state, "Gold Left", cell(0, -1))  # the troop still runs open to the right
    assert greys(state) == {} and top(state) == "action_phase"


def test_blazon_won_by_first_legion_of_a_colour() -> None:
    state = position(phase="army", hand={0: ["Green Solo"]}, red={})
    load_dice(state, 4, 3)  # the grey die, then the Centurion's red die
    place(state, "Green Solo", cell(1, 0))
    assert state.blazons[0] == 1 << 1  # green is the second colour
    play(state, "banner_strategist_r13")
    # A second green Legion wins nothing more: the blazon is already won.
    state = position(
        phase="army",
        hand={0: ["Green Solo"]},
        blazons={0: ["green"]},
        red={0: {START: 2}},
        grid={0: {cell(1, 0): "Green Solo III"}},
        grey={0: {cell(1, 0): 3}},
    )
    load_dice(state, 5)
    place(state, "Green Solo", cell(1, 1))
    assert state.blazons[0] == 1 << 1 and state.vp[0] == 0


def test_low_legion_die_takes_one_command_card_once_per_turn() -> None:
    # A grey die of 1 or 2 takes a Battle Line card; the second low roll of the turn does not.
    state = position(
        phase="army",
        hand={0: ["Gold Right"]},
        grid={0: {cell(0, -1): "Gold Left"}},
        battle_line=LINE,
        command_deck=["Pay Parade"],
    )
    load_dice(state, 2, 1)
    place(state, "Gold Right", cell(0, 1))
    assert top(state) == "take_command" and state.legion_take
    play(state, "take", "Levy b")
    assert tok(state, "Levy b") in [state.game.table.token[u] for u in state.hand[0]]
    assert len(state.battle_line) == 4  # refilled at once
    # Later in the same turn (the flag set), a new low die brings nothing.
    state = position(
        phase="army",
        legion_take=True,
        hand={0: ["Green Solo"]},
        battle_line=LINE,
        grid={0: {cell(1, 0): "Green Solo III"}},
        grey={0: {cell(1, 0): 3}},
        red={0: {START: 2}},
    )
    load_dice(state, 1)
    place(state, "Green Solo", cell(1, 1))
    assert greys(state)[cell(1, 1)] == 1 and top(state) == "action_phase"


# -- Centurions ------------------------------------------------------------------------------
def test_centurion_without_grey_dice_offers_red_banners_only() -> None:
    state = position(phase="army", hand={0: ["Green Middle"]})
    load_dice(state, 4)
    place(state, "Green Middle", cell(1, 0))  # a Centurion, and no Legion
    assert reds(state) == {START: 4}
    assert sorted(a.kind for a in state.legal_actions()) == [
        "banner_field_commander_r13",
        "banner_strategist_r13",
        "banner_warlord_r13",
    ]
    play(state, "banner_warlord_r13")
    assert state.banner[0]["warlord"] == "r13"


def test_each_banner_type_once_per_army() -> None:
    # The Warlord is on a red die and the Veterani on a grey one: a new Centurion may add only
    # the other banners, and only to dice without a banner.
    state = position(
        phase="army",
        grid={0: {cell(0, 1): "Gold Right", cell(0, -1): "Gold Left", cell(1, 0): "Black Solo"}},
        grey={0: {cell(0, 1): 3, cell(0, -1): 4, cell(1, 0): 5}},
        red={0: {START: 2}},
        banners={0: {"warlord": f"r{START}", "veterani": f"g{cell(0, 1)}"}},
        hand={0: ["Black Solo III"]},
    )
    load_dice(state, 6, 5)  # the new card's grey die, then the red die above the Gold Right
    place(state, "Black Solo III", cell(1, 1))
    choices = {a.kind for a in state.legal_actions()}
    new_red = f"r{cell(0, 1)}"
    assert f"banner_strategist_{new_red}" in choices
    assert f"banner_field_commander_{new_red}" in choices
    assert not any("warlord" in c or "veterani" in c for c in choices)
    assert not any(c.endswith(f"_r{START}") or c.endswith(f"_g{cell(0, 1)}") for c in choices)
    assert f"banner_artifex_g{cell(1, 1)}" in choices  # a grey banner on the new grey die


def test_two_centurions_at_once_give_two_dice_and_two_banners() -> None:
    # Green Middle goes between the Gold Right below and the Black Solo IV above it: two
    # Centurions at once (its Legion stays open to the right).
    state = position(
        phase="army",
        grid={
            0: {
                cell(0, 1): "Gold Right",
                cell(1, 0): "Green Left",
                cell(2, 0): "Black Solo",
                cell(2, 1): "Black Solo IV",
            }
        },
        hand={0: ["Green Middle"]},
    )
    load_dice(state, 3, 4)
    place(state, "Green Middle", cell(1, 1))
    assert reds(state) == {cell(0, 1): 3, cell(1, 1): 4}
    assert top(state) == "choose_banner"
    play(state, f"banner_strategist_r{cell(0, 1)}")
    assert top(state) == "choose_banner"
    play(state, f"banner_warlord_r{cell(1, 1)}")
    assert state.banner[0]["strategist"] == f"r{cell(0, 1)}"
    assert state.banner[0]["warlord"] == f"r{cell(1, 1)}"
    assert top(state) == "action_phase"


def test_legion_dice_come_before_centurion_dice() -> None:
    # The card completes a Legion and a Centurion: the grey die is rolled first, and the low
    # grey die's Command card is taken before the Centurion's banner is asked.
    state = position(phase="army", hand={0: ["Green Solo"]}, battle_line=LINE)
    load_dice(state, 2, 6)
    place(state, "Green Solo", cell(1, 0))
    assert greys(state) == {cell(1, 0): 2} and reds(state) == {}
    assert top(state) == "take_command"
    play(state, "take", "Scouts")
    assert reds(state) == {START: 6} and top(state) == "choose_banner"
    assert "banner_artifex_g22" in kinds(state)  # the grey die is there for a grey banner


def test_dice_beyond_the_limit_are_not_added() -> None:
    # Five red dice already: a new Centurion adds no red die, but still its banner.
    below = ("Gold Solo", "Gold Solo III", "Gold Solo IV")
    grid = {cell(-1, c): n for c, n in zip((-1, 0, 1), below, strict=True)}
    grid |= {cell(0, -1): "White Left", cell(0, 1): "White Right"}
    grid |= {cell(1, -1): "Black Solo", cell(1, 0): "Black Solo III"}
    state = position(
        phase="army",
        colours=("white", "green"),
        grid={0: grid},
        red={0: {cell(-1, -1): 1, cell(-1, 0): 1, cell(-1, 1): 1, cell(0, -1): 1, START: 1}},
        hand={0: ["Black Solo IV"]},
    )
    load_dice(state, 6)  # the grey die only: a red die rolled would fail the test
    place(state, "Black Solo IV", cell(1, 1))
    assert len(reds(state)) == 5 and cell(0, 1) not in reds(state)
    assert greys(state) == {cell(1, 1): 6}
    assert top(state) == "choose_banner"


# -- Big Legions -----------------------------------------------------------------------------
def _big(
    colour: str, *, full: bool = False, opponents_dice: int = 2, players: int = 2
) -> ParaState:
    """Player 0 (white) with two cards of a `colour` Legion on row 1, about to close it with
    its Right card; each opponent holds `opponents_dice` grey dice."""
    name = colour.title()
    middle = f"{name} Full Middle" if full else f"{name} Middle"
    grid = {0: {cell(1, 0): f"{name} Left", cell(1, 1): middle}}
    grey = {}
    for side in range(1, players):
        solos = [f"{('Black', 'Purple', 'Green')[side - 1]} Solo {n}" for n in ("III", "IV")]
        cells = [cell(1, c) for c in range(-4, -4 + opponents_dice)]
        grid[side] = dict(zip(cells, solos[: len(cells)], strict=True))
        grey[side] = dict.fromkeys(cells, 3)
    return position(
        players,
        phase="army",
        colours=("white", "gold", "purple", "green")[:players],
        grid=grid,
        grey=grey,
        red={0: {START: 4}},
        hand={0: [f"{name} Right"]},
    )


def test_two_card_legion_is_not_big() -> None:
    state = position(
        phase="army",
        colours=("white", "gold"),
        grid={0: {cell(1, 0): "Gold Left"}},
        red={0: {START: 4}},
        hand={0: ["Gold Right"]},
    )
    load_dice(state, 3, 3)
    place(state, "Gold Right", cell(1, 1))
    assert state.vp[0] == 0 and top(state) == "action_phase"  # no bonus, no Morale test


def test_three_card_legion_is_big_without_full_colour_cards() -> None:
    state = _big("gold")
    load_dice(state, 3, 3, 3, 1)  # three grey dice, then the opponent's Morale roll
    place(state, "Gold Right", cell(1, 2))
    assert state.vp[0] == 1  # the gold Battle Bonus: 1 point
    assert [e for e in state.caused if e[0] == "morale"]


def test_big_legion_gives_its_colours_battle_bonus() -> None:
    state = _big("green")
    load_dice(state, 3, 3, 3, 1)
    place(state, "Green Right", cell(1, 2))
    assert state.coins[0] == 2 and state.vp[0] == 0  # green: 2 coins


def test_starting_colour_big_legion_chooses_any_bonus() -> None:
    # Player 0 starts white: a white Big Legion lets it take any colour's bonus.
    state = _big("white")
    load_dice(state, 3, 3, 3, 1)
    place(state, "White Right", cell(1, 2))
    assert top(state) == "choose_bonus"
    assert kinds(state) == {f"bonus_{c}" for c in ("gold", "green", "purple", "white", "black")}
    play(state, "bonus_black")
    assert state.vp[0] == 5


def test_morale_test_passes_at_the_dice_count() -> None:
    # The opponent holds 2 grey dice; a roll of 2 with no full-colour card passes.
    state = _big("gold")
    load_dice(state, 3, 3, 3, 2)
    place(state, "Gold Right", cell(1, 2))
    assert len(greys(state, 1)) == 2 and top(state) == "action_phase"


def test_morale_test_fails_above_the_dice_count() -> None:
    state = _big("gold")
    load_dice(state, 3, 3, 3, 3)
    place(state, "Gold Right", cell(1, 2))
    assert top(state) == "choose_die" and state.stack[-1].side == 1


def test_full_colour_cards_raise_the_morale_roll() -> None:
    # The same roll of 2 fails when the Legion holds a full-colour card (2 + 1 > 2 dice).
    state = _big("gold", full=True)
    load_dice(state, 3, 3, 3, 2)
    place(state, "Gold Right", cell(1, 2))
    assert top(state) == "choose_die" and state.stack[-1].side == 1


def test_failed_morale_test_loses_a_chosen_grey_die() -> None:
    state = _big("gold")
    load_dice(state, 3, 3, 3, 6)
    place(state, "Gold Right", cell(1, 2))
    assert sorted(kinds(state)) == ["die_g18", "die_g19"]
    play(state, "die_g19")
    assert greys(state, 1) == {18: 3}


def test_failed_morale_test_without_grey_dice_costs_nothing() -> None:
    state = _big("gold", opponents_dice=0)
    load_dice(state, 3, 3, 3, 6)
    place(state, "Gold Right", cell(1, 2))
    assert greys(state, 1) == {} and top(state) == "action_phase"
    assert [e for e in state.caused if e[0] == "morale" and not e[-1]]


def test_teammate_takes_no_morale_test() -> None:
    # Four players: seat 0's Big Legion tests seats 1 and 3, never its teammate seat 2.
    state = _big("gold", players=4)
    load_dice(state, 3, 3, 3, 1, 1)  # three grey dice, then exactly two Morale rolls
    place(state, "Gold Right", cell(1, 2))
    tested = [e[1] for e in state.caused if e[0] == "morale"]
    assert tested == [1, 3]
    assert uid(state, "Gold Right") in state.army[0]


def test_the_cells_offered_are_those_the_placement_rule_allows() -> None:
    # rules.grid.can_place states the rule; the Army phase and the Special Units' Deploy work
    # the cells out faster (shape bits, bit sets): on random armies they agree with it.
    game = bellica.load("para-bellum", players=2)
    specials = [u for u in range(game.table.size) if game.is_special[u]]
    chooser = random.Random(5)
    for seed in range(12):
        state = game.new_game(seed=seed)
        while not state.is_terminal:
            assert isinstance(state, ParaState)
            for side in (0, 1):
                hand = sorted(u for u in state.hand[side] if game.is_army[u])
                allowed = [
                    game.actions.place(u, c)
                    for u in hand
                    for c in open_cells(state, side)
                    if can_place(state, side, u, c)
                ]
                assert placements(state, side) == allowed
                free = [
                    c for c in open_cells(state, side) if can_place(state, side, specials[0], c)
                ]
                assert special_cells(state, side) == free
            state.apply(chooser.choice(state.legal_actions()))
