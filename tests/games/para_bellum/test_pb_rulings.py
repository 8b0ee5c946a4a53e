"""Rulings of docs/rules/para-bellum.md about the components and the set-up (rulings 1, 2, 5,
35, 36, 46, 47), on the test cards and on our own card file."""

from __future__ import annotations

from pb_rules_helpers import game, play, position, top

from bellica.games.para_bellum.cards import COLOURS, load_cards
from bellica.games.para_bellum.state import ParaState

SHAPES_PER_COLOUR = 9  # the test cards: nine shapes of each colour for every player count


def _army_cards(state: ParaState) -> list[int]:
    """Every Army card in the deck or a hand (where the deck's cards are at the start)."""
    is_army = state.game.is_army
    held = [u for hand in state.hand for u in hand if is_army[u]]
    return list(state.army_deck) + held


def test_army_deck_by_player_count() -> None:
    # 2 players: the cards for every count; 3: plus those marked III; 4: plus those marked IV.
    for players, extra in ((2, 0), (3, 5), (4, 10)):
        state = game(players).new_game(7)
        assert len(_army_cards(state)) == SHAPES_PER_COLOUR * len(COLOURS) + extra, players


def test_starting_cards_are_not_in_the_deck() -> None:
    for players in (2, 3, 4):
        state = game(players).new_game(3)
        starts = set(state.game.starting.values())
        assert not starts & set(_army_cards(state))
        on_grid = {state.grid[side][13] for side in range(players)}
        assert on_grid <= starts and len(on_grid) == players


def test_command_deck_is_47_cards_of_22_titles() -> None:
    cards = load_cards()  # our own card file
    by_type = {
        kind: [c for c in cards.command if c.type == kind]
        for kind in ("order", "permanent", "special")
    }
    assert [len(by_type[k]) for k in ("order", "permanent", "special")] == [10, 10, 2]
    assert sum(c.copies for c in by_type["order"]) == 25
    assert all(c.copies == 2 for c in by_type["permanent"])
    assert all(c.copies == 1 for c in by_type["special"])
    assert sum(c.copies for c in cards.command) == 47
    deck = [a for a in cards.army if not a.start]
    assert len(deck) == 55 and sum(1 for a in cards.army if a.start) == 5
    assert [sum(1 for a in deck if a.players == n) for n in (2, 3, 4)] == [25, 15, 15]


def test_no_blazons_at_setup() -> None:
    state = game(3).new_game(5)
    assert state.blazons == [0, 0, 0]


def _setup_done_until_takes(state: ParaState) -> None:
    """Put back the first objective offered until the Battle Line takes begin."""
    while top(state) == "return_objective":
        state.apply(state.legal_actions()[0])


def _draft(state: ParaState) -> tuple[list[int], list[int]]:
    """Take the first card offered at each set-up take: who chose, and the line's size then
    (a take from a line of one card is no choice, and is made at once)."""
    takers, sizes = [], []
    while top(state) == "draft_command":
        takers.append(state.stack[-1].side)
        sizes.append(len(state.battle_line))
        state.apply(state.legal_actions()[0])
    return takers, sizes


def test_setup_command_cards_taken_twice_around_from_after_the_first_player() -> None:
    # Two players: the second player chooses among 4, the first among 3, the second among 2,
    # and the first takes the last; the line is then dealt again.
    state = game(2, first="0").new_game(11)
    _setup_done_until_takes(state)
    assert _draft(state) == ([1, 0, 1], [4, 3, 2])
    assert [sum(1 for u in h if state.game.is_command[u]) for h in state.hand] == [2, 2]
    assert len(state.battle_line) == 4
    # Three players: the line runs out after four takes and is dealt again for the last two.
    state = game(3, first="1").new_game(11)
    _setup_done_until_takes(state)
    assert _draft(state) == ([2, 0, 1, 0, 1], [4, 3, 2, 4, 3])  # seat 2 took the fourth
    assert [sum(1 for u in h if state.game.is_command[u]) for h in state.hand] == [2, 2, 2]
    assert len(state.battle_line) == 4  # filled again before the first turn
    assert state.active == 1 and state.turn == 1  # the first player's turn begins


def test_four_player_setup_takes_go_round_the_table() -> None:
    # Seat 1 first: its closest opponent (seat 2) takes first, then that player's teammate
    # (seat 0), then seat 1's teammate (seat 3), then seat 1, twice round.
    state = game(4, first="1").new_game(3)
    _setup_done_until_takes(state)
    assert _draft(state) == ([2, 0, 3] * 2, [4, 3, 2] * 2)  # seat 1 took the last, twice
    assert [sum(1 for u in h if state.game.is_command[u]) for h in state.hand] == [2, 2, 2, 2]
    assert len(state.battle_line) == 4


def test_first_option_sets_the_first_player() -> None:
    assert game(3, first="2").new_game(1).first == 2
    firsts = {game(3).new_game(seed).first for seed in range(40)}
    assert firsts == {0, 1, 2}


def test_colours_chosen_in_turn_order_from_the_first_player() -> None:
    state = game(3, colours="choose", first="2").new_game(4)
    order = []
    while top(state) == "choose_start":
        order.append(state.stack[-1].side)
        left = len(state.legal_actions())
        assert left == 5 - len(order) + 1
        state.apply(state.legal_actions()[-1])
    assert order == [2, 0, 1]
    assert len(set(state.colour)) == 3 and "" not in state.colour


def test_battle_line_is_not_refilled_from_an_empty_deck() -> None:
    state = position(battle_line=["Scouts", "Levy"], command_deck=[])
    play(state, "consult")
    play(state, "take", "Levy")
    assert len(state.battle_line) == 1
    play(state, "consult")  # the last card, taken without asking
    assert state.battle_line == [] and "consult" not in {a.kind for a in state.legal_actions()}


def test_objectives_kept_at_setup() -> None:
    # Three players keep two of three; the third goes under the Objective deck.
    state = game(3, first="0").new_game(2)
    bottom = []
    while top(state) == "return_objective":
        action = state.legal_actions()[0]
        state.apply(action)
        bottom.append(state.objective_deck[0])
    assert [len(o) for o in state.objectives] == [2, 2, 2]
    assert len(bottom) == 3 and not set(bottom) & {u for o in state.objectives for u in o}
    # Four players keep one of two, and each team has one Shared Objective more.
    state = game(4, first="0").new_game(2)
    while top(state) == "return_objective":
        state.apply(state.legal_actions()[0])
    assert len(state.shared) == 2
    kept = [[u for u in o if u not in state.shared] for o in state.objectives]
    assert [len(k) for k in kept] == [1, 1, 1, 1]
    teams = {
        state.game.team_of(s) for s in range(4) for u in state.objectives[s] if u in state.shared
    }
    assert teams == {0, 1}


def test_positions_round_trip() -> None:
    state = position(4, actions=2, hand={0: ["Gold Solo"]}, coins={1: 3}, runner={2: 1})
    text = state.position()
    again = state.game.load_position(text)
    assert again.position() == text
