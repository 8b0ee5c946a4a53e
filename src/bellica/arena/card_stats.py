"""Each card's win rates in 17lands' terms, from a run's card rows, with intervals, a minimum
sample and shrinkage toward the mean.

Every row is one copy of a card in one game, seen from one seat; a copy is one sample, so two
copies drawn in one game count twice (17lands counts per copy too). A draw counts as not won,
as in the seat tallies.

    games in hand (GIH)   the copy was in the opening hand or drawn
    opening hand (OH)     in the hand once the set-up was over
    drawn (GD)            drawn after the opening hand
    not seen (GNS)        neither in hand nor bought, played or in play: it stayed in a deck
    improvement (IWD)     GIH win rate minus GNS win rate
    bought, played        the copy was bought (gained) or played in that game

Shrinkage: a card's few games make its rate jumpy, so beside each GIH rate stands the rate
pulled toward the mean of all rows by `prior` pseudo-games (empirical Bayes with a beta
prior whose strength comes from how far the cards' rates spread beyond what chance alone
spreads them: the method of moments).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bellica.arena.match import GameResult
from bellica.arena.stats import wilson_interval

MIN_SAMPLE = 100  # GIH samples below which a card is listed apart, not ranked
MAX_PRIOR = 10_000.0  # the prior's strength when the cards' rates spread no more than chance


@dataclass(slots=True)
class Rate:
    """Wins out of samples, with a 95% Wilson interval."""

    wins: int = 0
    samples: int = 0

    def add(self, won: bool) -> None:
        self.samples += 1
        self.wins += won

    @property
    def rate(self) -> float | None:
        return self.wins / self.samples if self.samples else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.samples)


@dataclass(slots=True)
class CardRates:
    """One card's rates over every copy and seat of a run (or of one agent's seats)."""

    card: str
    games_in_hand: Rate = field(default_factory=Rate)
    opening_hand: Rate = field(default_factory=Rate)
    drawn: Rate = field(default_factory=Rate)
    not_seen: Rate = field(default_factory=Rate)
    bought: Rate = field(default_factory=Rate)
    played: Rate = field(default_factory=Rate)
    shrunk: float | None = None  # the GIH rate pulled toward the mean (see the module)
    examples: dict[bool, tuple[int, int]] = field(default_factory=dict)  # won -> (game, seat)

    @property
    def improvement(self) -> float | None:
        """GIH win rate minus GNS win rate: what having the card in hand went with."""
        held, unseen = self.games_in_hand.rate, self.not_seen.rate
        return None if held is None or unseen is None else held - unseen


@dataclass(frozen=True, slots=True)
class CardReport:
    """The cards with enough GIH samples, best shrunk GIH rate first; those with too few;
    the mean win rate of all rows and the prior's strength in pseudo-games."""

    ranked: tuple[CardRates, ...]
    too_few: tuple[CardRates, ...]
    mean: float
    prior: float
    min_sample: int
    rows: int


def card_rates(
    results: Iterable[GameResult], *, agent: str | None = None, min_sample: int = MIN_SAMPLE
) -> CardReport:
    """Every card's rates from the results' card rows (only `agent`'s seats if given)."""
    cards: dict[str, CardRates] = {}
    wins = rows = 0
    for result in results:
        winners = set(result.winners)
        for use in result.cards:
            if agent is not None and result.agents[use.seat] != agent:
                continue
            won = use.seat in winners and not result.is_draw
            rates = cards.get(use.name)
            if rates is None:
                rates = cards[use.name] = CardRates(use.name)
            in_hand = use.opening or use.drawn
            if in_hand:
                rates.games_in_hand.add(won)
                rates.examples.setdefault(won, (result.index, use.seat))
            if use.opening:
                rates.opening_hand.add(won)
            elif use.drawn:
                rates.drawn.add(won)
            if use.never_seen:
                rates.not_seen.add(won)
            if use.bought:
                rates.bought.add(won)
            if use.played:
                rates.played.add(won)
            rows += 1
            wins += won
    mean = wins / rows if rows else 0.0
    prior = prior_strength([c.games_in_hand for c in cards.values()], mean)
    for rates in cards.values():
        held = rates.games_in_hand
        if held.samples:
            rates.shrunk = (held.wins + prior * mean) / (held.samples + prior)
    enough = [c for c in cards.values() if c.games_in_hand.samples >= min_sample]
    enough.sort(key=lambda c: (-(c.shrunk or 0.0), c.card))
    few = sorted(
        (c for c in cards.values() if c.games_in_hand.samples < min_sample),
        key=lambda c: (-c.games_in_hand.samples, c.card),
    )
    return CardReport(tuple(enough), tuple(few), mean, prior, min_sample, rows)


def prior_strength(rates: Sequence[Rate], mean: float) -> float:
    """How many pseudo-games at the mean a card's rate is pulled by: mean(1 − mean) / τ² − 1,
    where τ² is the spread of the cards' rates beyond the spread chance alone gives (the
    method of moments); MAX_PRIOR when they spread no more than chance."""
    seen = [r for r in rates if r.samples]
    if len(seen) < 2 or not 0 < mean < 1:
        return MAX_PRIOR
    observed = [r.wins / r.samples for r in seen]
    centre = sum(observed) / len(observed)
    spread = sum((p - centre) ** 2 for p in observed) / (len(observed) - 1)
    chance = sum(mean * (1 - mean) / r.samples for r in seen) / len(seen)
    beyond = spread - chance
    if beyond <= 0:
        return MAX_PRIOR
    return max(0.0, min(MAX_PRIOR, mean * (1 - mean) / beyond - 1))


def fmt_rate(rate: float | None) -> str:
    return "–" if rate is None or math.isnan(rate) else f"{100 * rate:.1f}%"


CARD_COLUMNS = (
    "card",
    "GIH n",
    "GIH WR",
    "95% interval",
    "shrunk",
    "OH WR",
    "GD WR",
    "GNS WR",
    "IWD",
    "bought WR (n)",
    "played WR (n)",
)


def card_cells(rates: CardRates) -> tuple[str, ...]:
    """One card's row as shown, in CARD_COLUMNS' order."""
    held = rates.games_in_hand
    low, high = held.interval
    improvement = rates.improvement
    return (
        rates.card,
        str(held.samples),
        fmt_rate(held.rate),
        f"{fmt_rate(low)} – {fmt_rate(high)}" if held.samples else "–",
        fmt_rate(rates.shrunk),
        fmt_rate(rates.opening_hand.rate),
        fmt_rate(rates.drawn.rate),
        fmt_rate(rates.not_seen.rate),
        "–" if improvement is None else f"{100 * improvement:+.1f}",
        f"{fmt_rate(rates.bought.rate)} ({rates.bought.samples})",
        f"{fmt_rate(rates.played.rate)} ({rates.played.samples})",
    )


def card_note(report: CardReport) -> str:
    """What the table's figures are, in a sentence or two."""
    prior = "no shrinking needed" if report.prior == 0 else f"{report.prior:.0f} pseudo-samples"
    return (
        f"{report.rows} card rows (one per copy per seat per game); the mean win rate of a row "
        f"is {fmt_rate(report.mean)}. Ranked by the GIH win rate shrunk toward that mean "
        f"({prior}, empirical Bayes); cards with fewer than {report.min_sample} GIH samples "
        f"are listed apart ({len(report.too_few)}). IWD is in points."
    )


TERMINAL_CARDS = 10  # the terminal shows the best and the worst this many
TERMINAL_COLUMNS = (0, 1, 2, 3, 4, 7, 8)  # of CARD_COLUMNS: what fits 80 columns


def card_table(report: CardReport) -> Any:
    """The terminal's card table (rich): the best and the worst ranked cards."""
    from rich.table import Table

    table = Table(
        title="Cards (17lands' terms), best and worst; the HTML page has every column",
        caption=card_note(report),
    )
    for i in TERMINAL_COLUMNS:
        table.add_column(CARD_COLUMNS[i], justify="left" if i == 0 else "right", no_wrap=i > 0)
    ranked = report.ranked
    shown = (
        ranked
        if len(ranked) <= 2 * TERMINAL_CARDS
        else (*ranked[:TERMINAL_CARDS], None, *ranked[-TERMINAL_CARDS:])
    )
    for rates in shown:
        if rates is None:
            table.add_row(*("…" for _ in TERMINAL_COLUMNS))
        else:
            cells = card_cells(rates)
            table.add_row(*(cells[i] for i in TERMINAL_COLUMNS))
    return table
