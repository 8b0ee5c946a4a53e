"""How long a game of Imperio Bellum can be (`length`): a bound on the set-up and on a round,
and none for a set-up whose ready-made reinforcement list holds no piece."""

from __future__ import annotations

from pathlib import Path

from imperio_helpers import do, header, texts

import bellica
from bellica.games.imperio_bellum.data import DATA_FILE
from bellica.games.imperio_bellum.length import round_decisions, setup_decisions

TEXT = DATA_FILE.read_text(encoding="utf-8")


def test_the_bound_is_the_set_up_and_the_rounds() -> None:
    g = bellica.load("imperio-bellum")
    # 3 bases, 15 pieces, 50 reinforcements and "ready" each; four alterations.
    assert setup_decisions(g) == 2 * (3 + 15 + 51) + 4
    # Six bases at three decisions, ten knights at six, 55 other pieces at two, "end turn".
    assert round_decisions() == 2 * (18 + 60 + 110 + 1)
    assert g.max_game_length == setup_decisions(g) + 50 * round_decisions()


def test_an_empty_reinforcement_list_could_be_taken_forever(tmp_path: Path) -> None:
    """A list of no pieces leaves the pile empty, so it is offered again and again: nothing
    bounds the set-up, and the game has no bound."""
    path = tmp_path / "formations.toml"
    path.write_text(
        TEXT.replace(
            "knight = 5\narcher = 20\npikeman = 10\nfootsoldier = 15",
            "knight = 0\narcher = 0\npikeman = 0\nfootsoldier = 0",
            1,
        ),
        encoding="utf-8",
    )
    g = bellica.load("imperio-bellum", options={"attacker": "0"}, cards=str(path))
    assert g.max_game_length is None
    state = do(g.new_game(), "Deploy formation: Bulwark")
    empty = next(t for t in texts(state) if t.startswith("Take reinforcements: Garrison"))
    for _ in range(20):
        do(state, empty)
    assert header(state, "phase") == "defender-reinforcements"
