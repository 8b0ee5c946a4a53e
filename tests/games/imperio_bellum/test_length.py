"""How long a game of Imperio Bellum can be (`length`): a bound on the set-up and on a round;
a ready-made reinforcement list of no piece, which would let the set-up go on, is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

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


def test_an_empty_reinforcement_list_is_refused(tmp_path: Path) -> None:
    """A list of no pieces would leave the pile empty, so it would be offered again and again
    and the set-up need never end: the data refuses it, naming the list."""
    path = tmp_path / "formations.toml"
    path.write_text(
        TEXT.replace(
            "knight = 5\narcher = 20\npikeman = 10\nfootsoldier = 15",
            "knight = 0\narcher = 0\npikeman = 0\nfootsoldier = 0",
            1,
        ),
        encoding="utf-8",
    )
    with pytest.raises(bellica.InvalidCardData, match="at least one piece"):
        bellica.load("imperio-bellum", cards=str(path))
