"""How long a game of Bellum can be: the solo scenarios are bounded; the two-city and team
games are not counted yet, although Sibyl and Prayer can no longer repeat a turn (ruling 32)."""

from __future__ import annotations

from bellum_helpers import do, game, position, zone

from bellica.games.bellum.length import pool, unbounded


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


def test_the_two_city_and_team_games_have_no_bound():
    for variant in ("standard", "teams"):
        g = game(variant)
        assert unbounded(g)
        assert g.max_game_length is None
        assert g.max_round_decisions is None


def test_the_solo_scenarios_draw_only_once_a_turn():
    """No card of a scenario's pool draws on playing, entering play, dying or being bought:
    a turn's draws are the Draw phase's and Rally abilities' (Tiresias)."""
    for variant in ("solo-hercules", "solo-plague", "solo-troy"):
        g = game(variant)
        assert not unbounded(g)
        assert g.table.uid(62) not in pool(g)  # no Sibyl
        assert g.max_game_length == g.turn_limit * g.max_round_decisions
