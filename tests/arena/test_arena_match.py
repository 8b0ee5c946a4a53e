"""One arena game: set-ups, seat rotation, agent seeds, results, and games that go wrong."""

from __future__ import annotations

import pickle

import pytest

from bellica.agents import Agent, make_agent
from bellica.arena import (
    GameConfig,
    GameSetup,
    MatchError,
    agent_seed,
    play_game,
    play_match,
    seat_lineup,
)
from bellica.core import Action, InvalidConfig, SeatView, game_class
from toy_game import Pebbles


class IllegalAgent(Agent):
    """Plays an action that no game offers."""

    kind = "illegal"

    def act(self, view: SeatView) -> Action:
        return Action("fly", {}, 99, "Fly away")


class NotAnActionAgent(Agent):
    kind = "confused"

    def act(self, view: SeatView) -> Action:
        return "Take 1"  # type: ignore[return-value]


def test_game_setup_is_the_arena_s_old_name_for_game_config() -> None:
    assert GameSetup is GameConfig


def test_setup_fills_in_the_game_defaults(setup: GameConfig) -> None:
    assert (setup.game, setup.players, setup.variant) == ("pebbles", 2, "standard")
    assert setup.source == "toy_game:Pebbles"
    assert setup.load().players == 2


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "no-such-game"}, "unknown game 'no-such-game'"),
        ({"game": "pebbles", "players": 7}, "played by 2, 3 players, not 7"),
        ({"game": "pebbles", "variant": "turbo"}, "no variant 'turbo'"),
        ({"game": "pebbles", "options": {"speed": 2}}, "no option 'speed'"),
    ],
)
def test_setup_rejects_a_bad_configuration(
    setup: GameConfig, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidConfig, match=message):
        GameConfig.create(**kwargs)  # type: ignore[arg-type]


def test_setup_with_a_bad_source_names_it_and_registers_nothing() -> None:
    bad = GameConfig("not-registered", 2, "standard", source="toy_game:NoSuchGame")
    with pytest.raises(InvalidConfig, match="cannot import game 'not-registered'"):
        bad.load()
    with pytest.raises(InvalidConfig, match="unknown game 'not-registered'"):
        game_class("not-registered")


def test_setup_without_a_source_for_an_unknown_game_fails() -> None:
    with pytest.raises(InvalidConfig, match="unknown game"):
        GameConfig("nowhere", 2, "standard").load()


def test_lineup_rotates_one_seat_per_game() -> None:
    assert [seat_lineup(["a", "b"], 2, i) for i in range(3)] == [
        ("a", "b"),
        ("b", "a"),
        ("a", "b"),
    ]
    assert [seat_lineup(["a", "b", "c"], 3, i) for i in range(3)] == [
        ("a", "b", "c"),
        ("b", "c", "a"),
        ("c", "a", "b"),
    ]


def test_lineup_repeats_the_agents_to_fill_the_seats() -> None:
    assert seat_lineup(["solo"], 3, 5) == ("solo", "solo", "solo")
    games = [seat_lineup(["a", "b"], 3, i) for i in range(3)]
    assert games == [("a", "b", "a"), ("b", "a", "a"), ("a", "a", "b")]
    for seat in range(3):
        assert sorted(g[seat] for g in games) == ["a", "a", "b"]


def test_lineup_rejects_too_many_or_no_agents() -> None:
    with pytest.raises(InvalidConfig, match="3 agents were given for a 2-player game"):
        seat_lineup(["a", "b", "c"], 2, 0)
    with pytest.raises(InvalidConfig, match="at least one agent"):
        seat_lineup([], 2, 0)


def test_agent_seeds_depend_on_game_seed_and_seat_only() -> None:
    assert agent_seed(7, 1) == 7001
    seeds = {agent_seed(game, seat) for game in range(50) for seat in range(5)}
    assert len(seeds) == 250


def test_play_match_reports_the_game(setup: GameConfig) -> None:
    result = play_match(setup, ("random", "greedy"), seed=11, index=4)
    assert (result.index, result.seed, result.game, result.variant) == (
        4,
        11,
        "pebbles",
        "standard",
    )
    assert result.players == 2
    assert result.agents == ("random", "greedy")
    assert len(result.winners) == 1
    assert result.winning_agents == (result.agents[result.winners[0]],)
    assert result.scores == tuple(1.0 if s in result.winners else 0.0 for s in range(2))
    assert result.reason == "took the last pebble"
    assert result.decisions >= 3
    assert result.seconds >= 0
    assert not result.is_draw


def test_play_match_is_a_function_of_its_seed(setup: GameConfig) -> None:
    first = [play_match(setup, ("random", "random"), seed=s) for s in range(20)]
    again = [play_match(setup, ("random", "random"), seed=s) for s in range(20)]
    assert all(a.same_play(b) for a, b in zip(first, again, strict=True))
    assert len({(r.winners, r.decisions) for r in first}) > 1


def test_play_match_agrees_with_a_hand_played_game(setup: GameConfig) -> None:
    game = setup.load()
    result = play_match(game, ("greedy", "random"), seed=3)
    agents = [make_agent("greedy", seed=3000), make_agent("random", seed=3001)]
    state = play_game(game, agents, 3)
    assert state.outcome().winners == result.winners
    assert state.move_count == result.decisions


def test_results_pickle_for_worker_processes(setup: GameConfig) -> None:
    result = play_match(setup, ("random", "greedy"), seed=1)
    assert pickle.loads(pickle.dumps(result)) == result
    assert pickle.loads(pickle.dumps(setup)) == setup


def test_an_illegal_action_is_reported_clearly() -> None:
    game = Pebbles(players=2)
    with pytest.raises(MatchError, match=r"agent illegal \(seat 1\) chose an illegal action"):
        play_game(game, [make_agent("random"), IllegalAgent()], seed=5)


def test_something_other_than_an_action_is_reported() -> None:
    game = Pebbles(players=2)
    with pytest.raises(MatchError, match=r"confused \(seat 0\) returned 'Take 1', not an action"):
        play_game(game, [NotAnActionAgent(), make_agent("random")], seed=5)


def test_a_runaway_game_is_stopped() -> None:
    game = Pebbles(players=2)
    agents = [make_agent("random"), make_agent("random")]
    with pytest.raises(MatchError, match="did not end within 2 decisions"):
        play_game(game, agents, seed=5, max_decisions=2)


def test_play_game_needs_one_agent_per_seat() -> None:
    with pytest.raises(InvalidConfig, match="needs 2 agents, got 1"):
        play_game(Pebbles(players=2), [make_agent("random")], seed=0)


def test_a_kept_trajectory_follows_the_rounds_to_the_returns() -> None:
    """Every seat's heuristic as the game starts and as each round begins, then the returns:
    one point per round, in order, each value in [-1, 1]."""
    import bellica
    from bellica.arena import Keep, play_match

    game = bellica.load("bellum")
    kept = play_match(game, ("greedy", "random"), 7, keep=Keep(trajectories=True))
    plain = play_match(game, ("greedy", "random"), 7)
    assert plain.trajectory == () and kept.same_play(plain) is False  # only the trajectory
    assert kept.winners == plain.winners and kept.decisions == plain.decisions
    rounds = [r for r, _ in kept.trajectory]
    assert rounds[0] == 1 and rounds[:-1] == list(range(1, kept.rounds + 1))
    assert rounds[-1] == kept.rounds
    assert all(
        len(values) == 2 and all(-1 <= v <= 1 for v in values) for _, values in kept.trajectory
    )
    state = game.new_game(seed=7)
    assert kept.trajectory[0][1] == tuple(game.heuristics(state))
    winner = kept.winners[0]
    assert kept.trajectory[-1][1][winner] == 1.0 and kept.trajectory[-1][1][1 - winner] == -1.0


@pytest.mark.parametrize(
    ("game_id", "limit"),
    [
        ("imperio-bellum", "turn_limit"),
        ("bellum", "turn_limit"),
        ("siege-of-olympus", "turn_limit"),
        ("bellum-magia", "day_limit"),
        ("para-bellum", "round_limit"),
    ],
)
def test_a_game_ended_by_its_house_limit_is_a_timeout(game_id: str, limit: str) -> None:
    """With the limit at one round (day) a game stops there and says it timed out; with no
    limit it ends by its own rules and does not."""
    import bellica
    from bellica.arena import play_match

    short = play_match(bellica.load(game_id, options={limit: 1}), ("random", "random"), 4)
    assert short.timeout and short.rounds is not None and short.rounds <= 2
    whole = play_match(bellica.load(game_id, options={limit: 0}), ("random", "random"), 4)
    assert not whole.timeout
