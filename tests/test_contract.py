"""The game contract, checked on every registered game and variant with seeded random play."""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys
from copy import deepcopy

import numpy as np
import pytest

import bellica
from bellica.core import SPECTATOR, Action, IllegalAction, Record, State
from bellica.core.options import shown as repr_short

MAX_DECISIONS = 20_000
CONFIGS = [
    (info.id, players, variant)
    for info in bellica.games()
    for variant in info.variants
    for players in info.allowed_players(variant)
]
IDS = [f"{g}-{p}p-{v}" for g, p, v in CONFIGS]
SEEDS = [1, 2, 3]


def _playout(game_id: str, players: int, variant: str, seed: int, check_every: int = 0):
    """Play a seeded random game; every `check_every` decisions run `_check_step`."""
    game = bellica.load(game_id, players=players, variant=variant)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal, "a state that is not over must offer actions"
        assert state.current_player is not None
        if check_every and decisions % check_every == 0:
            _check_step(game, state, legal, rng)
        state.apply(rng.choice(legal))
        decisions += 1
        assert decisions < MAX_DECISIONS, "the game did not end"
    return game, state


def _check_step(game: bellica.Game, state: State, legal: list[Action], rng: random.Random) -> None:
    # Legal actions come in a deterministic order and are distinct.
    assert legal == state.legal_actions()
    assert len(set(legal)) == len(legal)
    # Actions round-trip through JSON and through the fixed action space.
    for action in legal:
        data = json.loads(json.dumps(action.to_json()))
        assert game.action_from_json(data) == action
        index = game.encode(action)
        assert 0 <= index < game.num_distinct_actions
        assert game.decode(index, state) == action
        assert str(action)
    # An illegal action raises and leaves the state exactly as it was.
    before = state.position()
    observations = [state.observation(s) for s in range(game.players)]
    legal_set = set(legal)
    for index in rng.sample(range(game.num_distinct_actions), 40):
        try:
            action = game.decode(index, state)
        except IllegalAction:
            continue
        if action not in legal_set:
            with pytest.raises(IllegalAction):
                state.apply(action)
    for junk in (None, "end_turn", 17, {"kind": "no-such-thing"}):
        with pytest.raises(IllegalAction):
            state.apply(junk)  # type: ignore[arg-type]
    assert state.position() == before
    assert [state.observation(s) for s in range(game.players)] == observations
    # Determinizing never changes what the seat itself knows, and never touches the original;
    # the deciding seat's options depend only on what it knows.
    # A spectator's observation is public: no resampling of anyone's secrets changes it.
    public = state.observation(SPECTATOR)
    for seat in range(game.players):
        copy = state.determinize(seat, rng.getrandbits(32))
        assert copy.observation(seat) == observations[seat]
        assert copy.observation(SPECTATOR) == public
        if seat == state.current_player:
            assert copy.legal_actions() == legal
    assert state.position() == before
    # Observations are JSON-able.
    json.dumps([*observations, public])
    # What learning agents get: the legal mask is exactly the legal actions; each seat's
    # tensor has the game's shape, bounded values, and nothing determinizing changes.
    mask = state.legal_mask()
    assert mask.dtype == np.int8 and mask.shape == (game.num_distinct_actions,)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(a.index for a in legal)
    for seat in range(game.players):
        tensor = state.observation_tensor(seat)
        assert tensor.shape == game.observation_shape and tensor.dtype == np.float32
        assert np.isfinite(tensor).all() and tensor.min() >= 0.0 and tensor.max() <= 1.0
        for _ in range(2):
            other = state.determinize(seat, rng.getrandbits(32)).observation_tensor(seat)
            assert np.array_equal(other, tensor), "the tensor shows what the seat cannot know"
    # A clone is independent.
    twin = state.clone()
    twin.apply(legal[-1])
    assert state.position() == before


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS, ids=IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_the_contract(game_id: str, players: int, variant: str, seed: int):
    game, state = _playout(game_id, players, variant, seed, check_every=97)
    assert state.current_player is None
    assert state.legal_actions() == []
    outcome = state.outcome()
    assert all(0 <= w < players for w in outcome.winners)
    assert outcome.reason
    returns = state.returns()
    assert len(returns) == players
    # at a table of several, a victory every seat shares is a draw: +1 for all is never returned
    allowed = ([0.0], [-1.0, 1.0]) if players > 1 else ([-1.0], [1.0])
    assert sorted(set(returns)) in allowed
    with pytest.raises(IllegalAction):
        state.apply(game.decode(0, state))
    # Every game so far counts rounds (or days): the lab's length in the rulebook's unit.
    assert isinstance(state.rounds, int) and state.rounds >= 1


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS, ids=IDS)
def test_records_replay_exactly(game_id: str, players: int, variant: str, tmp_path):
    _, state = _playout(game_id, players, variant, seed=11)
    record = state.record()
    path = record.save(tmp_path / "game.json")
    loaded = Record.load(path)
    assert loaded.to_json() == record.to_json()
    replayed = bellica.replay(loaded)
    assert replayed.position() == state.position()
    assert replayed.outcome() == state.outcome()
    assert [a.to_json() for a in replayed.actions()] == record.actions


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS, ids=IDS)
def test_same_seed_same_game(game_id: str, players: int, variant: str):
    _, first = _playout(game_id, players, variant, seed=5)
    _, second = _playout(game_id, players, variant, seed=5)
    assert first.position() == second.position()
    assert first.record().actions == second.record().actions


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS, ids=IDS)
def test_positions_round_trip(game_id: str, players: int, variant: str):
    game = bellica.load(game_id, players=players, variant=variant)
    state = game.new_game(seed=3)
    rng = random.Random(3)
    while not state.is_terminal:
        text = state.position()
        assert game.load_position(text).position() == text
        state.apply(rng.choice(state.legal_actions()))
    assert game.load_position(state.position()).position() == state.position()


def test_bad_configurations_are_refused():
    for info in bellica.games():
        with pytest.raises(bellica.InvalidConfig, match="players"):
            bellica.load(info.id, players=99)
        with pytest.raises(bellica.InvalidConfig, match="variant"):
            bellica.load(info.id, variant="no-such-variant")
        with pytest.raises(bellica.InvalidConfig, match="option"):
            bellica.load(info.id, options={"no_such_option": 1})
    with pytest.raises(bellica.InvalidConfig, match="unknown game"):
        bellica.load("no-such-game")


def _long_game(moves: int) -> State:
    """An Imperio Bellum game `moves` decisions long: pieces are picked and hold, turn after
    turn (a quiet war), under a turn limit far away."""
    game = bellica.load("imperio-bellum", options={"turn_limit": 1000})
    state = game.new_game(seed=1)
    rng = random.Random(1)
    while state.move_count < moves:
        legal = state.legal_actions()
        quiet = [a for a in legal if a.kind in ("hold", "select")] or legal
        state.apply(rng.choice(quiet))
    return state


def test_long_games_pickle_and_deep_copy():
    state = _long_game(10_000)
    assert not state.is_terminal
    for copy in (pickle.loads(pickle.dumps(state)), deepcopy(state)):
        assert copy.position() == state.position()
        assert copy.actions() == state.actions()
        assert copy.move_count == 10_000
        assert copy.game.players == state.game.players
        assert copy.legal_actions() == state.legal_actions()
        action = copy.legal_actions()[0]
        twin = state.clone()
        twin.apply(action)
        copy.apply(action)
        assert copy.position() == twin.position()
    assert deepcopy(state).game is state.game  # the ruleset is shared, not copied


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS, ids=IDS)
def test_any_state_pickles_and_reads_well(game_id: str, players: int, variant: str):
    game, state = _playout(game_id, players, variant, seed=4)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.position() == state.position()
    assert copy.outcome() == state.outcome()
    assert repr(state).startswith(f"<{game.info.title} ({variant}, {players}p) state: over after")
    fresh = game.new_game(seed=4)
    assert f"move 1, seat {fresh.current_player} to play" in repr(fresh)
    assert pickle.loads(pickle.dumps(game)).new_game(seed=4).position() == fresh.position()


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS, ids=IDS)
def test_outcome_before_the_end_is_an_error(game_id: str, players: int, variant: str):
    state = bellica.load(game_id, players=players, variant=variant).new_game(seed=2)
    with pytest.raises(bellica.BellicaError, match="not over yet"):
        state.outcome()
    assert state.returns() == [0.0] * players


@pytest.mark.parametrize("seed", [-1, 2**64, 10**5000, 1.5, "7", True, None], ids=repr_short)
def test_bad_seeds_are_refused(seed):
    for game_id in ("imperio-bellum", "bellum"):
        with pytest.raises(bellica.InvalidConfig, match="a seed is a whole number"):
            bellica.load(game_id).new_game(seed=seed)
    assert bellica.load("bellum").new_game(seed=2**64 - 1).move_count == 0


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS, ids=IDS)
def test_action_from_json_refuses_deep_or_huge_input_clearly(
    game_id: str, players: int, variant: str
):
    game = bellica.load(game_id, players=players, variant=variant)
    deep: object = "end_turn"
    for _ in range(2_000):
        deep = [deep]
    for data in (
        deep,
        {"kind": deep},
        {"kind": "play", "card": deep},
        {"kind": "move", "piece": "knight", "from": deep, "to": "a1"},
        {"kind": "x" * 100_000},
        {"kind": 10**5000},
        {"kind": "play", "card": "045", "extra": deep},
    ):
        with pytest.raises(IllegalAction) as caught:
            game.action_from_json(data)
        assert len(str(caught.value)) < 400


FRESH_SHAPE = """
import json, random, sys
import bellica
game = bellica.load(sys.argv[1])
before = game.observation_shape
state = game.new_game(seed=3)
rng = random.Random(3)
while not state.is_terminal:
    state.apply(rng.choice(state.legal_actions()))
print(json.dumps([before, game.observation_shape]))
"""


@pytest.mark.parametrize("game_id", sorted({c[0] for c in CONFIGS}))
def test_the_tensor_shape_is_fixed_from_the_first_question(game_id: str):
    """In a fresh process, the shape asked before any game is dealt is the shape after one is
    played: nothing the rules import on the way (a task kind) can grow it."""
    done = subprocess.run(
        [sys.executable, "-c", FRESH_SHAPE, game_id], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    before, after = json.loads(done.stdout)
    assert before == after
