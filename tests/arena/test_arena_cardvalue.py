"""The paired experiment's statistics: the bootstrap, p-values, Holm and Benjamini–Hochberg,
the corrected intervals and whose win rate is compared."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bellica.arena.cardvalue import (
    Subject,
    benjamini_hochberg,
    compare,
    holm,
    p_value,
    paired_bootstrap,
    percentile_interval,
    wins,
)
from bellica.arena.match import GameResult


def result(index: int, agents: tuple[str, ...], winners: tuple[int, ...]) -> GameResult:
    return GameResult(
        index=index, seed=index, game="g", variant="standard", players=len(agents),
        agents=agents, winners=winners, scores=(0.0,) * len(agents), reason="", decisions=1,
        seconds=0.0,
    )  # fmt: skip


def test_the_subject_is_the_first_agent_or_seat_0_in_a_mirror() -> None:
    games = [
        result(1, ("b", "a"), (1,)),  # a won from seat 1
        result(0, ("a", "b"), (1,)),  # b won
        result(2, ("a", "b"), (0, 1)),  # shared by all: a draw
    ]
    assert Subject.of(["a", "b"]) == Subject(agent="a")
    assert wins(games, Subject(agent="a")).tolist() == [0, 1, 0]  # in game order
    assert Subject.of(["a", "a"]) == Subject(seat=0)
    assert wins(games, Subject(seat=0)).tolist() == [0, 0, 0]
    assert Subject(seat=0).label == "seat 0's win rate"


def test_the_bootstrap_resamples_pairs() -> None:
    rng = np.random.default_rng(1)
    same = np.array([1, 0, 1, 1], dtype=np.int8)
    draws = paired_bootstrap(same, same, rng, 500)
    assert np.all(draws == 0) and p_value(draws) == 1.0
    base = np.zeros(200, dtype=np.int8)
    changed = np.zeros(200, dtype=np.int8)
    changed[:60] = 1  # +30 points, never below
    draws = paired_bootstrap(base, changed, rng, 4000)
    assert draws.mean() == pytest.approx(0.3, abs=0.005)
    assert draws.std() == pytest.approx(np.sqrt(0.3 * 0.7 / 200), rel=0.1)
    low, high = percentile_interval(draws, 0.95)
    assert 0.23 < low < 0.3 < high < 0.37
    assert p_value(draws) == 2 / 4000  # no draw at or below 0: counted as one
    with pytest.raises(ValueError):
        paired_bootstrap(base, changed[:10], rng)


def test_holm_and_benjamini_hochberg_adjust_as_published() -> None:
    p = [0.01, 0.04, 0.03, 0.005]
    # Holm: sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1, kept non-decreasing.
    assert holm(p) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # BH: sorted times 4/1, 4/2, 4/3, 4/4, kept non-increasing from the top.
    assert benjamini_hochberg(p) == pytest.approx([0.02, 0.04, 0.04, 0.02])


@given(st.lists(st.floats(0, 1), min_size=1, max_size=30))
def test_adjusted_p_values_never_fall_below_the_raw_ones(p: list[float]) -> None:
    for adjusted in (holm(p), benjamini_hochberg(p)):
        assert all(a >= raw - 1e-12 and a <= 1 for a, raw in zip(adjusted, p, strict=True))
    assert all(h >= b - 1e-12 for h, b in zip(holm(p), benjamini_hochberg(p), strict=True))


def test_many_cards_widen_the_intervals() -> None:
    base = np.zeros(100, dtype=np.int8)
    strong = base.copy()
    strong[:40] = 1
    pairs = [("Strong", "removed", base, strong)] + [
        (f"Null {i}", "removed", base, base) for i in range(9)
    ]
    one = compare(pairs[:1], seed=3)[0]
    (held, *_) = compare(pairs, seed=3)
    assert one.level == pytest.approx(0.95) and held.level == pytest.approx(1 - 0.05 / 10)
    assert held.low < one.low and held.high > one.high and held.significant
    bh = compare(pairs, correction="bh", seed=3)
    assert bh[0].level == pytest.approx(1 - 1 * 0.05 / 10)  # one card found
    assert [c.significant for c in bh] == [True] + [False] * 9
    with pytest.raises(ValueError):
        compare(pairs, correction="bonferroni")
