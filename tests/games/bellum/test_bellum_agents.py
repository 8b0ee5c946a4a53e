"""The agents on Bellum: greedy buys, attacks and blocks with purpose; MCTS runs everywhere."""

from __future__ import annotations

import pytest
from bellum_helpers import position

import bellica
from bellica.agents import make_agent
from bellica.arena import play_match
from bellica.core import SeatView
from bellica.games.bellum.heuristics import evaluate


def _greedy_choice(state, seat: int = 0) -> str:
    return str(make_agent("greedy", seed=3).act(SeatView(state, seat)))


def test_greedy_buys_what_it_can_afford() -> None:
    """Holding two Labyrinths (good only for paying) and facing a Hoplite, greedy buys it."""
    state = position(hands={0: [74, 75]}, olympus=[[46], [], [], []])
    assert _greedy_choice(state).startswith("Buy Hoplite")


def test_greedy_buys_a_big_card_early_and_plays_its_hand_late() -> None:
    """A deck is worth the draws left times its average card: in round 2 greedy discards its
    four starting cards to buy the Minotaur (four rings); in round 18, with few draws left, it
    plays a Satyr instead."""
    hand = {0: [16, 17, 27, 36]}
    early = position(round=2, hands=hand, decks={0: [28, 39, 41]}, olympus=[[], [], [22], []])
    late = position(round=18, hands=hand, decks={0: [28, 39, 41]}, olympus=[[], [], [22], []])
    assert _greedy_choice(early) == "Buy Minotaur (022)"
    assert _greedy_choice(late).startswith("Play Satyr")


def test_deck_outlook_falls_with_the_rounds_but_not_in_a_solo_scenario() -> None:
    """Owning a bought card is worth less as the game goes on in a duel; the solo scenarios,
    tuned on the older measure, value a deck the same in every round."""
    duel = [position(round=r, discards={0: [22]}) for r in (2, 12)]
    assert evaluate(duel[0], 0) > evaluate(duel[1], 0)
    solo = [bellica.load("bellum", variant="solo-hercules").new_game(seed=1)]
    solo.append(solo[0].clone())
    solo[1].round = 12
    assert solo[0].round == 1
    assert evaluate(solo[0], 0) == evaluate(solo[1], 0)


def test_greedy_attacks_an_undefended_city() -> None:
    """With a creature in play and no enemy creature to block, greedy declares an attack."""
    state = position(phase="declare", play={0: [41]}, decks={0: [16, 17, 27]})
    assert _greedy_choice(state) == "Attack with Mercenary (041)"


def test_greedy_blocks_the_attacker_that_would_take_the_last_district() -> None:
    """Seat 1 blocks when an unblocked attacker would pillage Sparta's fourth district."""
    state = position(phase="declare", play={0: [41], 1: [42]}, pillaged=(0, 3))
    state.apply(state.game.actions.card("attack", state.game.table.uid(41)))
    # Its only attacker declared, the declaration ends by itself and seat 1 must block.
    assert state.current_player == 1
    assert _greedy_choice(state, seat=1) == "Block with Mercenary (042) against Mercenary (041)"


@pytest.mark.slow
def test_greedy_beats_random() -> None:
    """Greedy wins most of 20 seeded games against random, seats alternated."""
    game = bellica.load("bellum")
    wins = 0
    for seed in range(20):
        agents = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        result = play_match(game, agents, seed)
        wins += agents[result.winners[0]] == "greedy" if result.winners else 0
    assert wins >= 16


@pytest.mark.parametrize(
    "variant", ["standard", "teams", "solo-hercules", "solo-plague", "solo-troy"]
)
def test_mcts_plays_every_variant(variant: str) -> None:
    """A short MCTS search returns a legal action for the seat to play, in every variant."""
    game = bellica.load("bellum", variant=variant)
    state = game.new_game(seed=2)
    agent = make_agent("mcts:iterations=40", seed=1)
    for _ in range(6):
        if state.is_terminal:
            break
        seat = state.current_player
        assert seat is not None
        action = agent.act(SeatView(state, seat))
        assert action in state.legal_actions()
        state.apply(action)


def test_greedy_keeps_its_hand_before_the_enemy_turn() -> None:
    """Sorting the hand is part of the Draw phase, so greedy looks through to its end rather
    than throwing cards away to put off the Hells' turn."""
    state = position(
        "solo-hercules",
        team=0,
        phase="keep",
        hands={0: [41, 45]},
        play={0: [44], 1: [13]},
        decks={0: [42], 1: [85, 86, 87]},
        cities=("", ""),
    )
    assert state.mid_move
    assert _greedy_choice(state) == "Keep this hand"
