"""Each card's 17lands rates, checked on hand-made card rows: the definitions, the interval,
the shrinkage, the minimum sample and one agent's seats."""

from __future__ import annotations

import pytest

from bellica.arena.card_stats import MAX_PRIOR, Rate, card_rates, prior_strength
from bellica.arena.match import GameResult
from bellica.arena.stats import wilson_interval
from bellica.core.cards import CardUse


def use(seat: int, name: str, **steps: bool) -> CardUse:
    flags = {k: steps.get(k, False) for k in ("opening", "drawn", "bought", "played", "at_end")}
    return CardUse(seat=seat, token=f"{name}-{seat}", name=name, **flags)


def game(index: int, winners: tuple[int, ...], *cards: CardUse, agents=("a", "b")) -> GameResult:
    return GameResult(
        index=index, seed=index, game="g", variant="standard", players=len(agents),
        agents=tuple(agents), winners=winners, scores=(0.0,) * len(agents), reason="",
        decisions=1, seconds=0.0, cards=cards,
    )  # fmt: skip


RESULTS = [
    # Sword: in seat 0's opening hand, seat 0 wins; drawn by seat 1, seat 1 loses.
    game(0, (0,), use(0, "Sword", opening=True, played=True), use(1, "Sword", drawn=True)),
    # Sword never seen by seat 0, which loses; Shield bought and played by seat 1, which wins.
    game(1, (1,), use(0, "Sword"), use(1, "Shield", bought=True, played=True, at_end=True)),
    # A draw: nobody's win. Sword drawn by seat 0.
    game(2, (0, 1), use(0, "Sword", drawn=True), use(1, "Shield")),
]


def test_the_rates_follow_17lands_definitions() -> None:
    report = card_rates(RESULTS, min_sample=1)
    cards = {c.card: c for c in report.ranked}
    sword = cards["Sword"]
    # In hand (opening or drawn): games 0 (seat 0 won), 0 (seat 1 lost), 2 (a draw).
    assert (sword.games_in_hand.wins, sword.games_in_hand.samples) == (1, 3)
    assert (sword.opening_hand.wins, sword.opening_hand.samples) == (1, 1)
    assert (sword.drawn.wins, sword.drawn.samples) == (0, 2)
    assert (sword.not_seen.wins, sword.not_seen.samples) == (0, 1)
    assert sword.improvement == pytest.approx(1 / 3 - 0)
    assert (sword.played.wins, sword.played.samples) == (1, 1)
    shield = {c.card: c for c in report.too_few + report.ranked}["Shield"]
    assert shield.games_in_hand.samples == 0 and shield.improvement is None
    assert (shield.bought.wins, shield.bought.samples) == (1, 1)
    assert (shield.not_seen.wins, shield.not_seen.samples) == (0, 1)  # the draw's row
    assert report.rows == 6 and report.mean == pytest.approx(2 / 6)
    assert sword.games_in_hand.interval == wilson_interval(1, 3)


def test_a_card_below_the_minimum_sample_is_listed_apart() -> None:
    report = card_rates(RESULTS, min_sample=3)
    assert [c.card for c in report.ranked] == ["Sword"]
    assert [c.card for c in report.too_few] == ["Shield"]
    assert card_rates(RESULTS, min_sample=4).ranked == ()


def test_one_agents_seats_only() -> None:
    swapped = [game(3, (0,), use(0, "Sword", drawn=True), use(1, "Sword"), agents=("b", "a"))]
    report = card_rates(RESULTS + swapped, agent="a", min_sample=1)
    sword = {c.card: c for c in report.ranked}["Sword"]
    # Agent a sat in seat 0 of games 0-2 and seat 1 of game 3 (never seen there, lost).
    assert (sword.games_in_hand.wins, sword.games_in_hand.samples) == (1, 2)
    assert (sword.not_seen.wins, sword.not_seen.samples) == (0, 2)


def test_shrinkage_pulls_by_the_prior_strength_the_spread_gives() -> None:
    # Two cards, 100 samples each, at 30% and 70%: the spread beyond chance is
    # var(0.3, 0.7) - 0.25 / 100 = 0.08 - 0.0025, so the prior is 0.25 / 0.0775 - 1.
    rates = [Rate(30, 100), Rate(70, 100)]
    prior = prior_strength(rates, 0.5)
    assert prior == pytest.approx(0.25 / 0.0775 - 1)
    # Rates that spread no more than chance: shrink all the way.
    assert prior_strength([Rate(50, 100), Rate(51, 100)], 0.505) == MAX_PRIOR
    assert prior_strength([Rate(5, 10)], 0.5) == MAX_PRIOR  # one card: nothing to compare
    rows = [game(i, (0,) if i < 70 else (1,), use(0, "Hot", drawn=True)) for i in range(100)] + [
        game(100 + i, (0,) if i < 30 else (1,), use(0, "Cold", drawn=True)) for i in range(100)
    ]
    report = card_rates(rows, min_sample=1)
    hot, cold = report.ranked
    assert (hot.card, cold.card) == ("Hot", "Cold")
    assert report.prior == pytest.approx(prior)
    assert hot.shrunk == pytest.approx((70 + prior * 0.5) / (100 + prior))
    assert 0.5 < hot.shrunk < 0.7 and 0.3 < cold.shrunk < 0.5  # type: ignore[operator]
