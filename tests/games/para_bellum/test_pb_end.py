"""The Draw phase, the end of the game and the score on positions of the test cards: the hand
limit, the two end triggers and the Ending Player, Cornicines, Mounted Commanders, objectives,
ties, teams and the round limit (docs/rules/para-bellum.md, rulings 14, 26–30, 37–41)."""

from __future__ import annotations

from typing import Any

from pb_rules_helpers import (
    START,
    cell,
    kinds,
    load_dice,
    place,
    play,
    position,
    top,
    uid,
)

from bellica.games.para_bellum.state import ParaState

# Two complete Legions: gold through the Start on row 0, and green above it on row 1.
GOLD = {cell(0, -1): "Gold Left", cell(0, 1): "Gold Right"}


def finish(state: ParaState) -> None:
    """Players end their Action phases until the game is over."""
    for _ in range(8):
        if state.is_terminal:
            return
        assert top(state) == "action_phase", top(state)
        play(state, "end_actions")
    raise AssertionError("the game did not end")


def last_turn(players: int = 2, **given: Any) -> ParaState:
    """The last player of the round ends its turn with the first player as Ending Player, and
    no Army card left to draw: the game is scored when its Action phase ends."""
    return position(players, active=players - 1, ending=0, army_deck=[], **given)


# -- the Draw phase --------------------------------------------------------------------------
def test_hand_limit_discards_down_to_seven() -> None:
    seven = [
        "Gold Solo",
        "Green Solo",
        "White Solo",
        "Black Solo",
        "Purple Solo",
        "Pay Parade",
        "Scouts",
    ]
    state = position(hand={0: seven}, army_deck=["Gold Middle", "Gold Left"], battle_line=["Levy"])
    play(state, "end_actions")  # the Draw phase: an eighth card
    assert top(state) == "discard" and len(state.hand[0]) == 8
    play(state, "discard", "Pay Parade")
    assert len(state.hand[0]) == 7 and uid(state, "Pay Parade") in state.discard
    assert state.active == 1
    # A Granary lets the hand keep eight.
    state = position(
        hand={0: seven},
        permanents={0: ["Granary"]},
        army_deck=["Gold Middle", "Gold Left"],
        battle_line=["Levy"],
    )
    play(state, "end_actions")
    assert len(state.hand[0]) == 8 and state.active == 1


def test_unspent_tokens_are_lost() -> None:
    state = position(actions=3, army_deck=["Gold Middle", "Gold Left"])
    play(state, "end_actions")
    assert state.active == 1 and state.actions_left == 3  # player 1's fresh tokens
    assert len(state.hand[0]) == 1  # player 0 drew in its Draw phase


# -- the end ---------------------------------------------------------------------------------
def test_drawing_the_last_army_card_triggers_the_end() -> None:
    # The Draw phase takes the last card: player 0 is the Ending Player; player 1 still plays.
    state = position(army_deck=["Gold Middle"])
    play(state, "end_actions")
    assert state.ending == 0 and state.active == 1 and not state.is_terminal
    play(state, "end_actions")
    assert state.is_terminal
    # Muster of the last card triggers it the same way.
    state = position(army_deck=["Gold Middle"])
    play(state, "muster")
    assert state.ending == 0


def test_game_ends_when_the_turn_would_pass_to_the_ending_player() -> None:
    # Three players, player 1 the Ending Player: player 2 ends, player 0 plays a whole turn
    # of the next round, and the game ends as the turn would pass to player 1.
    state = position(3, active=2, ending=1, army_deck=[])
    play(state, "end_actions")
    assert state.active == 0 and state.round == 2 and not state.is_terminal
    play(state, "end_actions")
    assert state.is_terminal


def test_equal_turns_house_rule_ends_at_the_end_of_the_round() -> None:
    # The same position with `ending=round`: the round ends with player 2, and so does the
    # game; player 0 gets no extra turn.
    state = position(3, active=2, ending=1, army_deck=[], end_at="round")
    play(state, "end_actions")
    assert state.is_terminal and state.round == 1
    # Triggered by the first player's last draw, the other two still play out the round.
    state = position(3, active=0, army_deck=["Gold Middle"], end_at="round")
    play(state, "end_actions")
    assert state.ending == 0 and state.active == 1 and not state.is_terminal
    play(state, "end_actions")
    assert state.active == 2 and not state.is_terminal
    play(state, "end_actions")
    assert state.is_terminal


def _fifth_colour(ending: int) -> ParaState:
    """Player 0 holds four blazons and closes a black Legion (its fifth colour)."""
    return position(
        phase="army",
        ending=ending,
        blazons={0: ["gold", "green", "purple", "white"]},
        grid={0: {cell(1, 0): "Black Left"}},
        red={0: {START: 3}},
        hand={0: ["Black Right"]},
        army_deck=["Gold Middle", "Gold Left"],
    )


def test_five_colours_trigger_the_end_with_five_points() -> None:
    state = _fifth_colour(-1)
    load_dice(state, 3, 3)
    place(state, "Black Right", cell(1, 1))
    assert state.blazons[0] == 31 and state.vp[0] == 5 and state.ending == 0


def test_five_colours_after_the_end_gives_no_points() -> None:
    state = _fifth_colour(1)
    load_dice(state, 3, 3)
    place(state, "Black Right", cell(1, 1))
    assert state.blazons[0] == 31 and state.vp[0] == 0 and state.ending == 1


# -- the score -------------------------------------------------------------------------------
def test_cornicine_sets_the_lower_die_to_the_higher() -> None:
    # Green Horn Left's Cornicine links its grey die (2) with the Green Right's (5): 5 + 5.
    grid = GOLD | {cell(1, 0): "Green Horn Left", cell(1, 1): "Green Right"}
    state = last_turn(grid={0: grid}, grey={0: {cell(1, 0): 2, cell(1, 1): 5}})
    finish(state)
    assert state.scores[0] == 10


def test_mounted_commander_scores_its_red_die() -> None:
    # Gold Rider Right closes the gold Legion; its Mounted Commander is on its top edge, where
    # a red die of 4 joins it to the card above.
    grid = {cell(0, -1): "Gold Left", cell(0, 1): "Gold Rider Right", cell(1, 1): "Black Middle"}
    state = last_turn(
        grid={0: grid}, grey={0: {cell(0, -1): 1, cell(0, 1): 2}}, red={0: {cell(0, 1): 4}}
    )
    finish(state)
    assert state.scores[0] == 1 + 2 + 4


def test_mounted_commander_without_a_completed_legion_scores_nothing() -> None:
    # The gold troop is open to the left (no Gold Left), and the card above is an open
    # Black Middle: neither card of the junction is in a complete Legion.
    grid = {cell(0, 1): "Gold Rider Right", cell(1, 1): "Black Middle"}
    state = last_turn(grid={0: grid}, red={0: {cell(0, 1): 4}})
    finish(state)
    assert state.scores[0] == 0


def test_objective_met_turns_face_up_and_scores_once() -> None:
    # Treasury (face up): 5 coins, 3 points. Hoard (secret): 6 coins, 4 points.
    # Scouts (an Order) gains a coin, and so does the Paymaster's action (paid with a grey pip).
    state = position(
        coins={0: 4},
        objectives={0: ["Treasury", "Hoard"]},
        hand={0: ["Scouts"]},
        permanents={0: ["Paymaster"]},
        battle_line=["Levy"],
        grid={0: {cell(0, 1): "Gold Right"}},
        grey={0: {cell(0, 1): 3}},
        army_deck=[],
    )
    play(state, "play", "Scouts")
    assert state.coins[0] == 5 and state.met[0] == [uid(state, "Treasury")]
    play(state, "use", "Paymaster")
    play(state, f"pay_g{cell(0, 1)}_0")
    assert state.coins[0] == 6
    assert state.met[0] == [uid(state, "Treasury"), uid(state, "Hoard")]
    assert uid(state, "Hoard") in state.revealed  # a secret objective met turns face up
    state = last_turn(coins={0: 0}, objectives={0: ["Treasury"]}, met={0: ["Treasury"]})
    finish(state)
    assert state.scores[0] == 3  # kept though the coins are gone, and counted once


def test_secret_objective_met_at_the_end_counts() -> None:
    state = last_turn(coins={0: 6}, objectives={0: ["Hoard"]})
    assert state.met[0] == []
    finish(state)
    assert state.met[0] == [uid(state, "Hoard")] and uid(state, "Hoard") in state.revealed
    assert state.scores[0] == 4


def test_points_tokens_count() -> None:
    state = last_turn(vp={0: 7, 1: 2})
    finish(state)
    assert state.scores == (7.0, 2.0) and state.winners == (0,)


def test_tie_broken_by_the_grey_total() -> None:
    # 5 points each: player 0 from a grey die of 5, player 1 from a grey die of 2 and 3 tokens.
    state = last_turn(
        grid={0: GOLD, 1: {cell(0, -1): "Green Left", cell(0, 1): "Green Right"}},
        grey={0: {cell(0, -1): 5}, 1: {cell(0, -1): 2}},
        vp={1: 3},
    )
    finish(state)
    assert state.scores == (5.0, 5.0) and state.winners == (0,)


def test_full_tie_is_shared() -> None:
    state = last_turn(
        grid={0: GOLD, 1: {cell(0, -1): "Green Left", cell(0, 1): "Green Right"}},
        grey={0: {cell(0, -1): 4}, 1: {cell(0, 1): 4}},
    )
    finish(state)
    assert state.winners == (0, 1)
    # Both won: for search and learning that is a draw, not a win each to steer for together.
    assert state.returns() == [0.0, 0.0]


def test_teams_add_their_scores() -> None:
    # Seats 0 and 2 score 5 + 5; seats 1 and 3 score 9 + 0: the first team wins.
    state = last_turn(
        4,
        grid={0: GOLD, 2: {cell(0, -1): "Purple Left", cell(0, 1): "Purple Right"}},
        grey={0: {cell(0, -1): 5}, 2: {cell(0, 1): 5}},
        vp={1: 9},
    )
    finish(state)
    assert state.winners == (0, 2)
    assert state.scores == (5.0, 9.0, 5.0, 0.0)


def test_full_team_tie_is_shared_and_a_draw_for_agents() -> None:
    # Each team scores 4, all of it on grey dice: the teams share the victory.
    state = last_turn(
        4,
        grid={0: GOLD, 1: {cell(0, -1): "Green Left", cell(0, 1): "Green Right"}},
        grey={0: {cell(0, -1): 4}, 1: {cell(0, 1): 4}},
    )
    finish(state)
    assert state.winners == (0, 1, 2, 3)
    assert state.returns() == [0.0] * 4


def test_team_tie_broken_by_the_team_grey_total() -> None:
    # Both teams score 6; the second team's grey dice add up to 4 against the first's 3.
    state = last_turn(
        4,
        grid={
            0: GOLD,
            1: {cell(0, -1): "Green Left", cell(0, 1): "Green Right"},
            3: {cell(0, -1): "White Left", cell(0, 1): "White Right"},
        },
        grey={0: {cell(0, -1): 3}, 1: {cell(0, -1): 2}, 3: {cell(0, 1): 2}},
        vp={2: 3, 1: 2},
    )
    finish(state)
    assert state.winners == (1, 3)


def test_four_player_turn_order_alternates_teams() -> None:
    state = position(4, army_deck=["Gold Middle", "Gold Left", "Green Left", "Green Middle"])
    seen = [state.active]
    for _ in range(4):
        play(state, "end_actions")
        seen.append(state.active)
    assert seen == [0, 1, 2, 3, 0]
    teams = [state.game.team_of(s) for s in seen]
    assert teams == [0, 1, 0, 1, 0]


# -- the house rule -------------------------------------------------------------------------
def test_round_limit_ends_the_game() -> None:
    state = position(active=1, rnd=3, round_limit=3, army_deck=["Gold Middle", "Gold Left"])
    play(state, "end_actions")
    assert state.is_terminal and "round limit" in state.reason
    assert state.ending == -1


def test_round_limit_zero_means_no_limit() -> None:
    state = position(
        active=1, rnd=40, turn=80, round_limit=0, army_deck=["Gold Middle", "Gold Left"]
    )
    play(state, "end_actions")
    assert not state.is_terminal and state.round == 41 and state.active == 0
    assert "end_actions" in kinds(state)


def test_shared_objective_scores_for_each_teammate() -> None:
    # The first team's Shared Objective is the Treasury (5 coins, 3 points), held by seat 0:
    # seat 2 meets it too, and each scores it.
    state = last_turn(
        4,
        objectives={0: ["Treasury"], 1: ["Quiet Camp 12"]},
        shared=["Treasury", "Quiet Camp 12"],
        coins={0: 5, 2: 5, 1: 5},
    )
    finish(state)
    treasury = uid(state, "Treasury")
    assert treasury in state.met[0] and treasury in state.met[2]
    assert treasury not in state.met[1] and treasury not in state.met[3]  # not the other team's
    assert state.scores == (3.0, 0.0, 3.0, 0.0)
