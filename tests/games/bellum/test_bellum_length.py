"""How long a game of Bellum can be: the solo scenarios are bounded; the two-city and team
games are not, because Sibyl and Prayer can repeat a turn without using anything up."""

from __future__ import annotations

from bellum_helpers import do, game, position, zone

from bellica.games.bellum.length import pool, unbounded


def sides_zones(state, side: int) -> tuple[list[str], ...]:
    return tuple(sorted(zone(state, name, side)) for name in ("hand", "deck", "discard", "play"))


def test_sibyl_and_prayer_bring_the_turn_back_where_it_was():
    """Sibyl draws Prayer and the Wrath of Zeus from the reshuffled discard pile; the Wrath
    kills Sibyl; Prayer draws from the pile shuffled again, and when it draws Sibyl (one
    chance in two), playing her again leaves every zone as it was: the Deployment phase can
    go round for as long as the shuffles allow, and no number bounds a turn."""
    state = position(hands={0: [62]}, discards={0: [71, 55]}, play={0: [16], 1: [17]})
    do(state, "Play Sibyl")
    start = sides_zones(state, 0)
    assert start == (["055", "071"], [], [], ["016", "062"])
    rounds = 0
    for seed in range(40):
        trial = state.determinize(0, seed)  # the same position with other shuffles ahead
        do(trial, "Play The Wrath of Zeus", "Choose Sibyl", "Play Prayer")
        if zone(trial, "hand", 0) == ["062"]:
            do(trial, "Play Sibyl")
            assert sides_zones(trial, 0) == start
            rounds += 1
    assert rounds > 0


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
