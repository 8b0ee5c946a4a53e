"""How long a game of Bellum can be: every configuration is bounded. Outside the Draw phase a
draw takes only what the deck holds (ruling 32), so Sibyl and Prayer cannot repeat a turn."""

from __future__ import annotations

from bellum_helpers import do, game, position, zone
from card_file_edits import edited

from bellica.games.bellum.cards import CARDS_FILE
from bellica.games.bellum.length import ability_draws, draws_again, pool, unbounded


def sides_zones(state, side: int) -> tuple[list[str], ...]:
    return tuple(sorted(zone(state, name, side)) for name in ("hand", "deck", "discard", "play"))


def test_prayer_cannot_draw_sibyl_back_once_the_deck_is_empty():
    """Ruling 32 ends the loop that left a turn without bound. Sibyl draws Prayer and the
    Wrath of Zeus, the last cards of the deck; the Wrath kills Sibyl; Prayer finds the deck
    empty and draws nothing, so Sibyl stays in the discard pile whatever the shuffles ahead
    (before the ruling, Prayer shuffled the discard pile in and drew Sibyl back half the
    time, and the Deployment phase could go round without end)."""
    state = position(hands={0: [62]}, decks={0: [71, 55]}, play={0: [16], 1: [17]})
    do(state, "Play Sibyl")
    assert sides_zones(state, 0) == (["055", "071"], [], [], ["016", "062"])
    for seed in range(10):
        trial = state.determinize(0, seed)  # the same position with other shuffles ahead
        do(trial, "Play The Wrath of Zeus", "Choose Sibyl", "Play Prayer")
        assert sides_zones(trial, 0) == ([], [], ["055", "062", "071"], ["016"])


def test_the_two_city_and_team_games_are_bounded():
    """Sibyl and Prayer draw on triggers they can meet again in a turn, so the turn's draws
    outside the Draw phase are bounded by the cards the decks can hold: the pool's."""
    for variant in ("standard", "teams"):
        g = game(variant)
        assert draws_again(g)
        assert not unbounded(g)
        assert ability_draws(g) == len(pool(g))
        rounds = g.max_round_decisions
        assert rounds is not None
        assert g.max_game_length == g.turn_limit * rounds


def test_the_solo_scenarios_draw_only_once_a_turn():
    """No card of a scenario's pool draws on playing, entering play, dying or being bought:
    a turn's draws are the Draw phase's and Rally abilities' (Tiresias)."""
    for variant in ("solo-hercules", "solo-plague", "solo-troy"):
        g = game(variant)
        assert not draws_again(g)
        assert not unbounded(g)
        assert g.table.uid(62) not in pool(g)  # no Sibyl
        assert g.max_game_length == g.turn_limit * g.max_round_decisions


def test_a_scenario_with_a_draw_that_comes_again_has_no_bound(tmp_path):
    """A scenario's script may rebuild its side's deck during a turn, so only draws counted
    once a turn bound it: with Tiresias drawing as he comes into play instead of at each
    Rally, Plague in Athens has no bound, while the two-city game still has one."""
    text = CARDS_FILE.read_text(encoding="utf-8")
    tiresias = 'text = "Rally: the blind seer lets you draw a card."\nrally = [{ draw = 1 }]'
    again = 'text = "Deployment: the blind seer lets you draw a card."\ndeployment = [{ draw = 1 }]'
    cards = str(edited(tmp_path, text, tiresias, again))
    plague = game("solo-plague", cards)
    assert draws_again(plague)
    assert unbounded(plague)
    assert plague.max_game_length is None
    assert game("standard", cards).max_game_length is not None
