"""Plan benchmark: can each plan the Para Bellum rulebook's tips describe win?

The tips set two choices against each other: many small Legions, quick to complete, for the
Blazons, against few Big Legions for their Battle Bonuses and Morale tests; and Muster, which
runs the Army deck out sooner, against Requisition, which puts cards back under it. Each plan
here is a greedy player whose heuristic weighs what the plan wants more (bellica's
`para_bellum.heuristics.Weights`); the plans play each other and the plain greedy player at
two players, seats alternated, on the same seeds. A plan "can win" when it wins a real share
of its games against the opposite plan and against plain greedy; the table also shows what
each plan's players did (Legions, Big Legions, Blazons, Musters, Requisitions a game), so
that a plan that wins without being played shows up as such.

Usage: python benchmarks/para_bellum_plans.py [--games N] [--seed S] [--workers N] [--save]
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from saved import save_result  # benchmarks/saved.py, beside this script

import bellica
from bellica.agents.greedy import GreedyAgent
from bellica.arena.match import agent_seed, play_game
from bellica.arena.stats import wilson_interval
from bellica.core import Action, SeatView, State
from bellica.games.para_bellum.heuristics import STANDARD, Weights, evaluate

ROOT = Path(__file__).resolve().parent.parent

PLANS: dict[str, Weights] = {
    "greedy": STANDARD,
    # Small Legions: a Blazon is worth much more, long troops' promise much less.
    "small": dataclasses.replace(STANDARD, blazon=3.0, long_troops=0.5),
    # Big Legions: each one is worth more than its dice and bonus, long troops promise more.
    "big": dataclasses.replace(STANDARD, big=6.0, long_troops=1.6),
    # Muster: cards in hand are worth more and the turns left less, so drawing (and the end
    # coming sooner) pays.
    "muster": dataclasses.replace(STANDARD, card=1.3, turn=1.0),
    # Requisition: coins and the turns left are worth more, cards in hand less.
    "requisition": dataclasses.replace(STANDARD, coin=1.3, turn=5.0, card=0.5),
}
MATCHUPS = (
    ("small", "big"),
    ("muster", "requisition"),
    ("small", "greedy"),
    ("big", "greedy"),
    ("muster", "greedy"),
    ("requisition", "greedy"),
)
COUNTED = ("muster", "requisition")


class PlanPlayer(GreedyAgent):
    """The greedy player valuing positions by a plan's weights; counts the actions it takes."""

    def __init__(self, seed: int, weights: Weights) -> None:
        super().__init__(seed)
        self.weights = weights
        self.taken: Counter[str] = Counter()

    def act(self, view: SeatView) -> Action:
        action = super().act(view)
        self.taken[action.kind] += 1
        return action

    def heuristic(self, state: State, seat: int) -> float:
        return evaluate(state, self.weights)[seat]  # type: ignore[arg-type]


def play(task: tuple[str, str, int]) -> dict[str, Any]:
    """One two-player game: plan `a` in seat `seed % 2`, plan `b` in the other."""
    a, b, seed = task
    game = bellica.load("para-bellum", players=2)
    seat_a = seed % 2
    plans = [a, b] if seat_a == 0 else [b, a]
    players = [PlanPlayer(agent_seed(seed, s), PLANS[plans[s]]) for s in range(2)]
    state = play_game(game, players, seed)
    returns = state.returns()
    return {
        "a": a,
        "b": b,
        "seed": seed,
        "a_result": returns[seat_a],
        "sides": [
            {
                "plan": plans[s],
                "legions": state.legions[s],  # type: ignore[attr-defined]
                "bigs": state.bigs[s],  # type: ignore[attr-defined]
                "blazons": bin(state.blazons[s]).count("1"),  # type: ignore[attr-defined]
                **{kind: players[s].taken[kind] for kind in COUNTED},
            }
            for s in range(2)
        ],
    }


def summarise(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for a, b in MATCHUPS:
        games = [r for r in rows if r["a"] == a and r["b"] == b]
        if not games:
            continue
        wins = sum(r["a_result"] > 0 for r in games) + 0.5 * sum(r["a_result"] == 0 for r in games)
        low, high = wilson_interval(wins, len(games))
        did: dict[str, dict[str, float]] = {}
        for plan in (a, b):
            sides = [s for r in games for s in r["sides"] if s["plan"] == plan]
            did[plan] = {
                key: sum(s[key] for s in sides) / len(sides)
                for key in ("legions", "bigs", "blazons", *COUNTED)
            }
        out.append(
            {
                "a": a,
                "b": b,
                "games": len(games),
                "a_wins": wins,
                "low": low,
                "high": high,
                "did": did,
            }
        )
    return out


def show(summary: list[dict[str, Any]]) -> None:
    table = Table(title="Para Bellum plans: two players, seats alternated; a game's averages")
    for column in ("matchup", "plan", "won", "95% interval"):
        table.add_column(column)
    for column in ("Legions", "Big", "Blazons", "Musters", "Requisitions"):
        table.add_column(column, justify="right")
    for row in summary:
        games = row["games"]
        for plan, wins, low, high in (
            (row["a"], row["a_wins"], row["low"], row["high"]),
            (row["b"], games - row["a_wins"], 1 - row["high"], 1 - row["low"]),
        ):
            d = row["did"][plan]
            table.add_row(
                f"{row['a']} v {row['b']}" if plan == row["a"] else "",
                plan,
                f"{wins:g} of {games} ({100 * wins / games:.1f}%)",
                f"{100 * low:.1f}% – {100 * high:.1f}%",
                *(f"{d[k]:.2f}" for k in ("legions", "bigs", "blazons", *COUNTED)),
                end_section=plan == row["b"],
            )
    Console(width=140).print(table)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games per matchup")
    parser.add_argument("--seed", type=int, default=7000, help="the first game's seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--save", action="store_true", help="write benchmarks/results/*.json")
    args = parser.parse_args()
    tasks = [(a, b, args.seed + i) for a, b in MATCHUPS for i in range(args.games)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(play, tasks, chunksize=4))
    summary = summarise(rows)
    show(summary)
    print(f"{len(rows)} games in {time.perf_counter() - start:.0f} s")
    if args.save:
        record = {
            "games": args.games,
            "seed": args.seed,
            "plans": {name: dataclasses.asdict(w) for name, w in PLANS.items()},
            "summary": summary,
        }
        path = save_result("plans", record)
        print(f"saved {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
