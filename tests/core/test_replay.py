"""`bellica.replay`: a record's seed and actions rebuild the very state, or say what is wrong."""

from __future__ import annotations

import subprocess
import sys

import pytest

import bellica
import bellica.core
from bellica.core import Action, InvalidRecord, Record


def played(game_id: str, seed: int, moves: int, **options: str) -> bellica.State:
    state = bellica.load(game_id, options=options).new_game(seed=seed)
    for number in range(moves):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[number * 7 % len(legal)])
    return state


def test_replay_rebuilds_the_state_and_reports_each_move() -> None:
    state = played("bellum", 5, 60, first="1")
    heard: list[tuple[int | None, Action]] = []
    again = bellica.replay(
        state.record(), on_move=lambda seat, action: heard.append((seat, action))
    )
    assert again.position() == state.position()
    assert [action for _, action in heard] == state.actions()
    assert all(seat in (0, 1) for seat, _ in heard)
    assert heard[0][0] == 1  # team 1 was set to start


def test_replay_on_a_given_game_uses_it() -> None:
    state = played("imperio-bellum", 2, 40)
    game = bellica.load("imperio-bellum")
    assert bellica.replay(state.record(), game=game).game is game


def test_the_public_names_are_one_function() -> None:
    from bellica.core.replay import replay

    assert bellica.replay is replay
    assert bellica.core.replay is replay


def test_core_replay_imports_first_in_a_fresh_interpreter() -> None:
    """No import circle: core.replay (or core.game) can be the first module imported."""
    for module in ("bellica.core.replay", "bellica.core.game", "bellica.core.config"):
        done = subprocess.run(
            [sys.executable, "-c", f"import {module}"], capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (Record.of("chess", 2, "standard", {}, 1), "cannot be set up: unknown game 'chess'"),
        (Record.of("imperio-bellum", 3, "standard", {}, 1), "cannot be set up: .*not 3"),
        (Record.of("imperio-bellum", 2, "standard", {"fog": "on"}, 1), "no option 'fog'"),
        (Record.of("imperio-bellum", 2, "standard", {}, 1, [{"kind": "fly"}]), r"action 1 \("),
    ],
)
def test_a_bad_record_is_refused(record: Record, message: str) -> None:
    with pytest.raises(InvalidRecord, match=message):
        bellica.replay(record)


def test_an_action_after_the_end_is_refused() -> None:
    state = played("imperio-bellum", 3, 100_000)
    assert state.is_terminal
    record = state.record()
    record.actions.append(record.actions[-1])
    with pytest.raises(
        InvalidRecord, match=f"action {len(record.actions)} .* after the game ended"
    ):
        bellica.replay(record)
