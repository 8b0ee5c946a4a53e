"""The seeded generator: reproducible, clonable, uniform enough, and in range."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bellica.core import Rng


def test_same_seed_same_stream():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(50)] == [b.next64() for _ in range(50)]
    assert [Rng(1).next64() for _ in range(3)] != [Rng(2).next64() for _ in range(3)]


def test_clone_continues_independently():
    a = Rng(7)
    a.next64()
    b = a.clone()
    assert [a.d6() for _ in range(20)] == [b.d6() for _ in range(20)]
    a.next64()
    assert a.state != b.state


@given(st.integers(min_value=1, max_value=10**9), st.integers(min_value=0, max_value=2**64))
def test_below_stays_in_range(n: int, seed: int):
    rng = Rng(seed)
    assert all(0 <= rng.below(n) < n for _ in range(20))


def test_dice_are_fair():
    rng = Rng(3)
    counts = Counter(rng.d6() for _ in range(60_000))
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    assert all(9_400 < c < 10_600 for c in counts.values())
    totals = [rng.roll(3) for _ in range(20_000)]
    assert min(totals) == 3 and max(totals) == 18
    assert 10.3 < sum(totals) / len(totals) < 10.7


def test_shuffle_is_a_permutation_and_seeded():
    items = list(range(30))
    a, b = items[:], items[:]
    Rng(9).shuffle(a)
    Rng(9).shuffle(b)
    assert a == b and sorted(a) == items and a != items


def test_random_and_choice():
    rng = Rng(5)
    values = [rng.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert rng.choice("abc") in "abc"
    assert 1 <= rng.randint(1, 3) <= 3


def test_from_any():
    assert Rng.from_any(5).state == Rng(5).state
    assert Rng.from_any(random.Random(1)).state == Rng.from_any(random.Random(1)).state
    original = Rng(8)
    assert Rng.from_any(original) is not original
    with pytest.raises(TypeError):
        Rng.from_any("seed")  # type: ignore[arg-type]


def test_the_written_out_draws_are_next64s():
    # d6 and shuffle write next64 out for speed: the same draws, the same state after.
    for seed in range(100):
        fast, plain = Rng(seed), Rng(seed)
        items, expected = list(range(seed % 40)), list(range(seed % 40))
        fast.shuffle(items)
        for i in range(len(expected) - 1, 0, -1):
            j = (plain.next64() * (i + 1)) >> 64
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected
        rolls = [1 + ((plain.next64() * 6) >> 64) for _ in range(10)]
        assert [fast.d6() for _ in range(10)] == rolls
        assert fast.state == plain.state
