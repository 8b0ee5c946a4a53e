"""What a card is worth, causally: the same seeds played by the same agents with the card and
with it removed (or replaced by a baseline), the change in win rate with a paired bootstrap
interval, and for many cards intervals corrected for multiple comparisons.

The two runs share their seeds and the agents' seeds (common random numbers), so each game
is a pair and the noise the two share cancels out of the difference. The subject is the first
agent's win rate over every seat it sat in (the agents rotate seats game by game), or seat 0's
when every agent is the same (a mirror match, where a card both sides may hold can only move
the balance between the seats).

Resampling pairs of games (the paired bootstrap) is done exactly and cheaply: a pair's
difference is −1, 0 or +1, so a resample is a multinomial draw of how many of each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bellica.arena.match import GameResult

RESAMPLES = 20_000  # enough for the tails of a Holm interval over a hundred cards
HOLM, BH = "holm", "bh"
CORRECTIONS = (HOLM, BH)


@dataclass(frozen=True, slots=True)
class Subject:
    """Whose win rate is compared: an agent (by its spec) or a seat."""

    agent: str | None = None
    seat: int | None = None

    @classmethod
    def of(cls, agents: Sequence[str]) -> Subject:
        return cls(seat=0) if len(set(agents)) == 1 else cls(agent=agents[0])

    @property
    def label(self) -> str:
        return (
            f"{self.agent}'s win rate" if self.agent is not None else f"seat {self.seat}'s win rate"
        )

    def won(self, result: GameResult) -> int:
        """1 if the subject won this game (a draw is not a win), else 0."""
        if result.is_draw:
            return 0
        if self.agent is not None:
            return int(any(result.agents[seat] == self.agent for seat in result.winners))
        return int(self.seat in result.winners)


def wins(results: Sequence[GameResult], subject: Subject) -> np.ndarray:
    """The subject's 0/1 result in each game, in game order."""
    ordered = sorted(results, key=lambda r: r.index)
    return np.array([subject.won(r) for r in ordered], dtype=np.int8)


def paired_bootstrap(
    base: np.ndarray, changed: np.ndarray, rng: np.random.Generator, resamples: int = RESAMPLES
) -> np.ndarray:
    """The bootstrap distribution of the mean paired difference `changed − base`: pairs of
    games resampled with replacement, `resamples` times."""
    if base.shape != changed.shape or not len(base):
        raise ValueError("a paired bootstrap needs two equally long, non-empty runs")
    diff = changed.astype(np.int64) - base.astype(np.int64)
    values, counts = np.unique(diff, return_counts=True)
    n = len(diff)
    draws = rng.multinomial(n, counts / n, size=resamples)
    return np.asarray(draws @ values / n, dtype=np.float64)


def percentile_interval(draws: np.ndarray, level: float) -> tuple[float, float]:
    """The central `level` share of the bootstrap draws."""
    tail = (1 - level) / 2
    low, high = np.quantile(draws, [tail, 1 - tail])
    return float(low), float(high)


def p_value(draws: np.ndarray) -> float:
    """Two-sided bootstrap p-value of "no change": twice the smaller share of draws on one
    side of 0 (a share of none counts as one draw, so it is never 0)."""
    n = len(draws)
    below = max(1, int(np.count_nonzero(draws <= 0)))
    above = max(1, int(np.count_nonzero(draws >= 0)))
    return min(1.0, 2 * min(below, above) / n)


def holm(p: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (family-wise error)."""
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        out[i] = running
    return out


def benjamini_hochberg(p: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg's step-up adjusted p-values (false discovery rate)."""
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i], reverse=True)
    out = [0.0] * m
    running = 1.0
    for rank, i in enumerate(order):
        running = min(running, p[i] * m / (m - rank))
        out[i] = running
    return out


@dataclass(frozen=True, slots=True)
class Comparison:
    """One card's change: the subject's win rate with the card as it is and changed, the
    paired difference with its interval at `level`, its p-value and adjusted p-value."""

    card: str
    change: str  # "removed" or "as <baseline>"
    games: int
    base: float
    changed: float
    delta: float
    low: float
    high: float
    level: float
    p: float
    adjusted: float

    @property
    def significant(self) -> bool:
        return self.adjusted < 1 - self.level_family

    level_family: float = 0.95


def compare(
    pairs: Sequence[tuple[str, str, np.ndarray, np.ndarray]],
    *,
    level: float = 0.95,
    correction: str = HOLM,
    seed: int = 0,
    resamples: int = RESAMPLES,
) -> list[Comparison]:
    """Each (card, change, base wins, changed wins) as a Comparison. With several cards the
    intervals are corrected: Holm's family-wise level gives Bonferroni intervals at
    1 − α/m; Benjamini–Hochberg's gives false-coverage intervals at 1 − Rα/m, R being the
    cards it finds (Benjamini and Yekutieli, 2005)."""
    if correction not in CORRECTIONS:
        raise ValueError(f"unknown correction {correction!r}: one of {', '.join(CORRECTIONS)}")
    rng = np.random.default_rng(seed)
    draws = [paired_bootstrap(b, c, rng, resamples) for _, _, b, c in pairs]
    p = [p_value(d) for d in draws]
    m = len(pairs)
    alpha = 1 - level
    adjusted = holm(p) if correction == HOLM else benjamini_hochberg(p)
    if correction == HOLM or m == 1:
        each = 1 - alpha / m
    else:
        found = sum(1 for q in adjusted if q < alpha)
        each = 1 - max(found, 1) * alpha / m
    out = []
    for (card, change, base, changed), d, p_i, q in zip(pairs, draws, p, adjusted, strict=True):
        low, high = percentile_interval(d, each)
        out.append(
            Comparison(
                card=card,
                change=change,
                games=len(base),
                base=float(base.mean()),
                changed=float(changed.mean()),
                delta=float(changed.mean() - base.mean()),
                low=low,
                high=high,
                level=each,
                p=p_i,
                adjusted=q,
                level_family=level,
            )
        )
    return out


def forest_plot(comparisons: Sequence[Comparison], subject: str) -> str:
    """The changes and their intervals, one line per card, largest first, as inline SVG."""
    from bellica.arena.report import _pyplot, _svg

    plt = _pyplot()
    ordered = sorted(comparisons, key=lambda c: c.delta)
    height = 0.9 + 0.28 * len(ordered)
    figure, axes = plt.subplots(figsize=(6.5, height))
    ys = range(len(ordered))
    for y, c in zip(ys, ordered, strict=True):
        colour = (
            "#b22222" if c.significant and c.delta < 0 else "#2e8b57" if c.significant else "#555"
        )
        axes.plot([100 * c.low, 100 * c.high], [y, y], color=colour, linewidth=1.4)
        axes.plot([100 * c.delta], [y], "o", color=colour, markersize=4)
    axes.axvline(0, color="#999", linewidth=0.8)
    axes.set_yticks(list(ys), [f"{c.card} ({c.change})" for c in ordered], fontsize=8)
    axes.set_xlabel(f"change in {subject}, points (corrected intervals)")
    axes.set_ylim(-0.7, len(ordered) - 0.3)
    return _svg(figure)
