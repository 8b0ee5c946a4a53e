"""`bellica report`: one self-contained HTML file (plots as inline SVG, no script, no link
out) from a results folder, with the figures a designer reads first."""

from __future__ import annotations

import html
import io
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bellica.arena.card_stats import (
    CARD_COLUMNS,
    MIN_SAMPLE,
    CardRates,
    CardReport,
    card_cells,
    card_note,
    card_rates,
)
from bellica.arena.match import GameResult
from bellica.arena.metrics import Metrics, metrics
from bellica.arena.stats import Scoreboard, Summary, Tally


@dataclass(frozen=True, slots=True)
class Report:
    """What a report says: the run, its tallies and metrics, and the games worth a look."""

    run: dict[str, Any]
    summary: Summary
    metrics: Metrics
    longest: GameResult | None
    shortest: GameResult | None
    cards: CardReport | None = None  # None when the run has no card rows


def build(
    run: dict[str, Any],
    results: Sequence[GameResult],
    *,
    card_agent: str | None = None,
    min_sample: int = MIN_SAMPLE,
) -> Report:
    """The report of a run; the card rates count `card_agent`'s seats only, if given."""
    board = Scoreboard(list(run.get("agents") or ()))
    for result in results:
        board.add(result)
    by_length = sorted(results, key=lambda r: (r.rounds or 0, r.decisions, -r.index))
    return Report(
        run=run,
        summary=board.summary(),
        metrics=metrics(results),
        longest=by_length[-1] if by_length else None,
        shortest=by_length[0] if by_length else None,
        cards=(
            card_rates(results, agent=card_agent, min_sample=min_sample)
            if any(result.cards for result in results)
            else None
        ),
    )


# -- plots (matplotlib, as SVG text) ------------------------------------------------------------
def _svg(figure: Any) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]  # the inline element, without the XML prologue


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # files only, never a window
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "none", "font.size": 9})
    return plt


def length_histogram(results: Sequence[GameResult]) -> str:
    """How long the games were: rounds where the game counts them, else decisions."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(6, 2.6))
    rounds = [r.rounds for r in results if r.rounds is not None]
    values = rounds if len(rounds) == len(results) else [r.decisions for r in results]
    unit = "rounds" if values is rounds else "decisions"
    axes.hist(values, bins=min(40, max(1, len(set(values)))), color="#6a5acd")
    axes.yaxis.get_major_locator().set_params(integer=True)  # whole games
    axes.set_xlabel(f"game length ({unit})")
    axes.set_ylabel("games")
    return _svg(figure)


def round_curves(results: Sequence[GameResult]) -> str | None:
    """Each seat's mean heuristic value as each round begins (the games still going then),
    Dominion simulators' "points per turn"; None without trajectories."""
    sums: dict[tuple[int, int], float] = defaultdict(float)
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for result in results:
        for number, values in result.trajectory[:-1]:
            for seat, value in enumerate(values):
                sums[seat, number] += value
                counts[seat, number] += 1
    if not sums:
        return None
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(6, 2.8))
    for seat in sorted({seat for seat, _ in sums}):
        numbers = sorted(n for s, n in sums if s == seat)
        axes.plot(numbers, [sums[seat, n] / counts[seat, n] for n in numbers], label=f"seat {seat}")
    axes.axhline(0, color="#999", linewidth=0.6)
    axes.set_xlabel("round")
    axes.set_ylabel("mean heuristic value")
    axes.legend(loc="best", fontsize=8)
    return _svg(figure)


def matchup_heat_map(summary: Summary) -> str | None:
    """The row agent's win rate with each column agent at the table; None for one pair."""
    names = [tally.label for tally in summary.agents]
    if len(names) < 3:
        return None
    plt = _pyplot()
    grid = [
        [
            summary.pairs[row, column].win_rate if (row, column) in summary.pairs else float("nan")
            for column in names
        ]
        for row in names
    ]
    figure, axes = plt.subplots(figsize=(1.4 + 1.1 * len(names), 1.0 + 0.8 * len(names)))
    image = axes.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    axes.set_xticks(range(len(names)), names, rotation=30, ha="right")
    axes.set_yticks(range(len(names)), names)
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            if value == value:  # not NaN
                axes.text(j, i, f"{100 * value:.0f}%", ha="center", va="center", fontsize=8)
    figure.colorbar(image, ax=axes, fraction=0.046, label="row agent's win rate")
    return _svg(figure)


# -- the page ---------------------------------------------------------------------------------
STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { border-bottom: 1px solid #ddd; padding: .25rem .6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.note { color: #555; font-size: .9rem; } svg { max-width: 100%; height: auto; }
"""


def run_title(run: dict[str, Any]) -> str:
    """ "Bellum (standard, 2 players)": the game's title where this bellica knows it."""
    from bellica.core import BellicaError
    from bellica.core.registry import game_info

    try:
        name = game_info(str(run.get("game"))).title
    except BellicaError:
        name = str(run.get("game"))
    players = run.get("players")
    return f"{name} ({run.get('variant')}, {players} player{'' if players == 1 else 's'})"


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _tally_rows(tallies: Sequence[Tally]) -> str:
    rows = []
    for tally in tallies:
        low, high = tally.interval
        cells = [tally.games, tally.wins, tally.draws, tally.losses]
        rows.append(
            f"<tr><td>{html.escape(tally.label)}</td>"
            + "".join(f"<td>{n}</td>" for n in cells)
            + f"<td>{_percent(tally.win_rate)}</td><td>{_percent(low)} – {_percent(high)}</td></tr>"
        )
    head = (
        "<tr><th></th><th>games</th><th>wins</th><th>draws</th><th>losses</th>"
        "<th>win rate</th><th>95% interval</th></tr>"
    )
    return f"<table>{head}{''.join(rows)}</table>"


def seat_advantage(summary: Summary) -> str:
    """Each seat's win rate against an even share of the games (1 / seats), in points:
    "seat 0 +3.5 points, seat 1 -3.5 points"."""
    seats = summary.seats
    if not seats:
        return "no games"
    even = 1 / len(seats)
    parts = [
        f"seat {i} {100 * (tally.win_rate - even):+.1f} points" for i, tally in enumerate(seats)
    ]
    return ", ".join(parts) + f" against an even {_percent(even)}"


def metric_rows(figures: Metrics) -> list[tuple[str, str]]:
    """The metrics as (name, shown value) pairs, for the page and the terminal."""

    def maybe(value: float | None, shown: str) -> str:
        return "–" if value is None else shown

    return [
        ("Balance", f"{figures.balance:.3f}"),
        ("Completion", _percent(figures.completion)),
        ("Drawishness", _percent(figures.drawishness)),
        ("Timeouts (house-rule limits)", _percent(figures.timeouts)),
        ("Duration, rounds", maybe(figures.rounds, f"{figures.rounds or 0:.1f}")),
        ("Duration, decisions", f"{figures.decisions:.1f}"),
        ("Decisiveness", maybe(figures.decisiveness, f"{figures.decisiveness or 0:.3f}")),
        ("Lead change", maybe(figures.lead_change, f"{figures.lead_change or 0:.3f}")),
    ]


def _game_line(label: str, result: GameResult | None, folder: Path) -> str:
    if result is None:
        return ""
    what = (
        f"{label}: game {result.index} (seed {result.seed}, "
        f"{', '.join(result.agents)}), {result.rounds or '–'} rounds, "
        f"{result.decisions} decisions: {result.reason}"
    )
    record = folder / "records" / f"{result.index:06d}.json"
    if record.exists():
        link = f"records/{result.index:06d}.json"
        return (
            f'<li>{html.escape(what)} — <a href="{link}">its record</a> (open it in the '
            "server's replay page, <code>/replay</code>)</li>"
        )
    return f"<li>{html.escape(what)} (run with <code>--records</code> to keep it)</li>"


def page(report: Report, results: Sequence[GameResult], folder: Path) -> str:
    """The whole HTML page: tables, plots as inline SVG, no script and no link out."""
    run = report.run
    summary = report.summary
    title = f"{run_title(run)}: {summary.games} games"
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p class='note'>{html.escape(str(run.get('command', '')))} — "
        f"status {html.escape(str(run.get('status')))}, "
        f"{run.get('games_played')} of {run.get('games_planned')} games played.</p>",
        "<h2>Agents (a seat's game each)</h2>",
        _tally_rows(summary.agents),
        "<h2>Seats</h2>",
        _tally_rows(summary.seats),
        f"<p class='note'>The seat advantage: {html.escape(seat_advantage(summary))}. A "
        "victory every seat shares is a draw.</p>",
    ]
    heat = matchup_heat_map(summary)
    if heat is not None:
        parts += ["<h2>Matchups</h2>", heat]
    parts += ["<h2>Game metrics</h2><table>"]
    parts += [
        f"<tr><td>{name}</td><td>{value}</td></tr>" for name, value in metric_rows(report.metrics)
    ]
    parts += ["</table>", "<p class='note'>Defined in docs/lab.md (after Ludii).</p>"]
    if results:
        parts += ["<h2>Game length</h2>", length_histogram(results)]
    curves = round_curves(results)
    if curves is not None:
        parts += ["<h2>Each seat's value round by round</h2>", curves]
    if report.cards is not None:
        parts += _card_section(report.cards)
    by_index = {result.index: result for result in results}
    parts += [
        "<h2>Games worth a look</h2><ul>",
        _game_line("The longest", report.longest, folder),
        _game_line("The shortest", report.shortest, folder),
    ]
    if report.cards is not None and report.cards.ranked:
        best, worst = report.cards.ranked[0], report.cards.ranked[-1]
        parts += [
            _card_game_line(
                f"The best card, {best.card}, held by a winner", best, True, by_index, folder
            ),
            _card_game_line(
                f"The worst card, {worst.card}, held by a loser", worst, False, by_index, folder
            ),
        ]
    parts += ["</ul></body></html>"]
    return "\n".join(parts)


def _card_section(cards: CardReport) -> list[str]:
    head = "".join(f"<th>{html.escape(name)}</th>" for name in CARD_COLUMNS)
    body = [
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in card_cells(rates)) + "</tr>"
        for rates in (*cards.ranked, *cards.too_few)
    ]
    return [
        "<h2>Cards (17lands' terms)</h2>",
        f"<p class='note'>{html.escape(card_note(cards))} Defined in docs/lab.md.</p>",
        f"<table><tr>{head}</tr>{''.join(body)}</table>",
    ]


def _card_game_line(
    label: str,
    rates: CardRates,
    won: bool,
    by_index: dict[int, GameResult],
    folder: Path,
) -> str:
    """An example game for a card: one where it was in the hand of a seat that won (or lost)."""
    example = rates.examples.get(won)
    if example is None:
        return ""
    index, seat = example
    return _game_line(f"{label} (seat {seat})", by_index.get(index), folder)
