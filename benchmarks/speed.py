"""Speed benchmark: random-playout decisions per second per game, as a ratio to OpenSpiel's
python_liars_poker played in the same process, and MCTS iterations per second.

Runs on one core. The games and the yardstick are measured in alternating slices (0.5 s by
default, the order rotating every round), so that whatever slows the machine down meanwhile
hits them alike; each game's ratio is its decisions per second over the yardstick's, with its
spread over the rounds. A decision is a player's choice: the yardstick's chance steps (the
deal) are played but not counted. MCTS is measured with its defaults (for a game with a
heuristic: leaves valued at once) and with 20-decision rollouts of the game's playout policy.

`--baseline REF` measures an older commit in the same run: a git worktree of REF imported by
a helper process, whose slices alternate with ours, so "not slower than before" can be read
off one table; the worktree holds no compiled modules, so on a build compiled with mypyc
(setup.py, whose modules the report names) `--baseline HEAD` measures compiled against pure
Python. `--save` writes everything to benchmarks/results/speed-<date>.json.

Usage: python benchmarks/speed.py [--seconds S] [--slice S] [--games id,id] [--no-mcts]
                                  [--baseline REF] [--save]
(`make bench` installs OpenSpiel, the `bench` extra, and runs it.)
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from saved import save_result  # benchmarks/saved.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
YARDSTICK = "python_liars_poker"
MCTS_POSITIONS = 10
Slice = tuple[int, float, int]  # decisions, seconds, games finished


# -- what is measured (the same code measures this tree and the baseline) ------------------


class Playouts:
    """Seeded random playouts of one bellica game, played in slices that continue the seeds."""

    def __init__(self, game_id: str) -> None:
        import bellica

        self.game = bellica.load(game_id)
        self.rng = random.Random(0)
        self.seed = 0

    def slice(self, seconds: float) -> Slice:
        """Whole games for at least `seconds`: legal actions, a random choice, apply."""
        game, choice = self.game, self.rng.choice
        decisions = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_game(seed=self.seed)
            self.seed += 1
            while not state.is_terminal:
                state.apply(choice(state.legal_actions()))
                decisions += 1
            games += 1
        return decisions, time.perf_counter() - start, games


class Yardstick:
    """OpenSpiel's python_liars_poker (a Python game, like ours): random playouts in slices;
    chance steps are sampled and played but only the players' decisions are counted."""

    def __init__(self) -> None:
        try:
            import open_spiel.python.games  # noqa: F401 - registers the python_* games
            import pyspiel
        except ImportError:
            sys.exit(
                "speed.py needs OpenSpiel for its yardstick: pip install -e '.[bench]' "
                "(or make bench)"
            )
        self.game = pyspiel.load_game(YARDSTICK)
        self.rng = random.Random(0)

    def slice(self, seconds: float) -> Slice:
        game, rng = self.game, self.rng
        decisions = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(actions, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            games += 1
        return decisions, time.perf_counter() - start, games


class Mcts:
    """MCTS iterations per second from mid-game positions of random games."""

    def __init__(self, game_id: str, rollout: int | None) -> None:
        import bellica

        self.rollout = rollout
        game = bellica.load(game_id)
        rng = random.Random(1)
        self.positions: list[Any] = []
        seed = 100
        while len(self.positions) < MCTS_POSITIONS:
            state = game.new_game(seed=seed)
            seed += 1
            history = []
            while not state.is_terminal:
                history.append(state.clone())
                state.apply(rng.choice(state.legal_actions()))
            later = [s for s in history[len(history) // 3 :] if len(s.legal_actions()) > 1]
            if later:
                self.positions.append(later[len(later) // 2])

    def search(self, position: int, seconds: float) -> tuple[int, float]:
        """Iterations and seconds of one search from one of the positions."""
        from bellica.agents import MctsAgent
        from bellica.core import SeatView

        state = self.positions[position]
        agent = MctsAgent(seed=0, seconds=seconds, rollout=self.rollout)
        start = time.perf_counter()
        agent.act(SeatView(state, state.current_player))
        return agent.last_iterations, time.perf_counter() - start


# -- the baseline: the same measurements in a helper process importing an older commit -------


def serve() -> None:
    """The helper's side: answer one JSON request per line on stdin, one JSON line back."""
    import bellica

    print(json.dumps({"bellica": bellica.__file__}), flush=True)
    playouts: dict[str, Playouts] = {}
    searches: dict[tuple[str, int | None], Mcts] = {}
    for line in sys.stdin:
        request = json.loads(line)
        try:
            game_id = request["game"]
            if request["op"] == "slice":
                if game_id not in playouts:
                    playouts[game_id] = Playouts(game_id)
                answer: Any = playouts[game_id].slice(request["seconds"])
            else:
                key = (game_id, request["rollout"])
                if key not in searches:
                    searches[key] = Mcts(game_id, request["rollout"])
                answer = searches[key].search(request["position"], request["seconds"])
        except Exception as err:  # reported to the measuring process, which shows a dash
            answer = {"error": f"{type(err).__name__}: {err}"}
        print(json.dumps(answer), flush=True)


class Baseline:
    """An older commit measured by a helper process (see `serve`), slice by slice."""

    def __init__(self, ref: str, tree: Path) -> None:
        self.ref = ref
        self.commit = _git("rev-parse", f"{ref}^{{commit}}")
        env = {**os.environ, "PYTHONPATH": str(tree / "src")}
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tree,
        )
        hello = self._answer()
        where = Path(hello["bellica"]).resolve()
        if not where.is_relative_to(tree.resolve()):
            raise SystemExit(f"the baseline imported bellica from {where}, not from {tree}")
        self.failed: dict[str, str] = {}

    def _answer(self) -> Any:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the baseline process for {self.ref} stopped")
        return json.loads(line)

    def ask(self, **request: Any) -> Any:
        """The helper's answer, or None once it failed for this game (the reason is kept)."""
        game = request["game"]
        if game in self.failed:
            return None
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = self._answer()
        if isinstance(answer, dict):
            self.failed[game] = answer["error"]
            return None
        return answer

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


@contextmanager
def baseline(ref: str | None) -> Iterator[Baseline | None]:
    """A Baseline of `ref` in a temporary git worktree, removed afterwards (None if no ref)."""
    if ref is None:
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="bellica-baseline-") as folder:
        tree = Path(folder) / "tree"
        _git("worktree", "add", "--quiet", "--detach", str(tree), ref)
        helper = None
        try:
            helper = Baseline(ref, tree)
            yield helper
        finally:
            if helper is not None:
                helper.close()
            _git("worktree", "remove", "--force", str(tree))


def _git(*args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.strip()


# -- the run -------------------------------------------------------------------------------


def rate(slices: list[Slice]) -> float:
    return sum(s[0] for s in slices) / sum(s[1] for s in slices)


def playout_rounds(
    ids: list[str], seconds: float, slice_seconds: float, helper: Baseline | None
) -> dict[str, Any]:
    """Random playouts of every game (and the baseline's) against the yardstick, in
    alternating slices; the slices of each, by round."""
    yardstick = Yardstick()
    ours = {game_id: Playouts(game_id) for game_id in ids}
    runs: list[tuple[str, str, Any]] = [("yardstick", YARDSTICK, yardstick.slice)]
    for game_id in ids:
        runs.append(("ours", game_id, ours[game_id].slice))
        if helper is not None:
            runs.append(("baseline", game_id, _remote_slice(helper, game_id)))
    for _, _, run in runs:  # warm up: caches, lazily built tables, the helper's imports
        run(min(0.2, slice_seconds))
    slices: dict[tuple[str, str], list[Slice | None]] = {(who, g): [] for who, g, _ in runs}
    rounds = max(1, round(seconds / slice_seconds))
    for number in range(rounds):
        shift = number % len(runs)
        for who, game_id, run in runs[shift:] + runs[:shift]:
            slices[who, game_id].append(run(slice_seconds))
        print(f"\rround {number + 1}/{rounds}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return {"rounds": rounds, "slices": slices}


def _remote_slice(helper: Baseline, game_id: str) -> Any:
    def run(seconds: float) -> Slice | None:
        answer = helper.ask(op="slice", game=game_id, seconds=seconds)
        return None if answer is None else tuple(answer)

    return run


def summarize(slices: list[Slice | None], yard: list[Slice | None]) -> dict[str, Any] | None:
    """Decisions per second, the ratio to the yardstick overall, and the per-round ratios."""
    if not slices or any(s is None for s in slices):
        return None
    mine = [s for s in slices if s is not None]
    sticks = [s for s in yard if s is not None]
    per_round = [(m[0] / m[1]) / (y[0] / y[1]) for m, y in zip(mine, sticks, strict=True)]
    return {
        "decisions_per_second": rate(mine),
        "games": sum(s[2] for s in mine),
        "ratio": rate(mine) / rate(sticks),
        "ratio_median": statistics.median(per_round),
        "ratio_min": min(per_round),
        "ratio_max": max(per_round),
        "slices": mine,
    }


def mcts_rates(
    ids: list[str], seconds: float, helper: Baseline | None
) -> dict[str, dict[str, Any]]:
    """MCTS iterations per second, ours and the baseline's, position by position."""
    out: dict[str, dict[str, Any]] = {}
    for game_id in ids:
        out[game_id] = {}
        for name, rollout in (("defaults", None), ("rollout=20", 20)):
            search = Mcts(game_id, rollout)
            totals = {"ours": [0, 0.0], "baseline": [0, 0.0]}
            each = seconds / MCTS_POSITIONS
            for position in range(MCTS_POSITIONS):
                iterations, spent = search.search(position, each)
                totals["ours"][0] += iterations
                totals["ours"][1] += spent
                if helper is not None:
                    answer = helper.ask(
                        op="mcts", game=game_id, rollout=rollout, position=position, seconds=each
                    )
                    if answer is not None:
                        totals["baseline"][0] += answer[0]
                        totals["baseline"][1] += answer[1]
            out[game_id][name] = {
                who: (count / spent if spent else None) for who, (count, spent) in totals.items()
            }
    return out


def compiled_modules() -> list[str]:
    """The bellica modules imported here that mypyc compiled (setup.py, BELLICA_COMPILE=1)."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("bellica") and str(getattr(module, "__file__", "")).endswith(".so")
    )


def show(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    yard = report["yardstick"]
    table = Table(
        title=f"Random playouts, one core, Python {report['python']}, "
        f"{report['rounds']} rounds of {report['slice']:g} s",
        caption=f"× yardstick: decisions per second over {YARDSTICK}'s; "
        "\\[min–max] of the per-round ratios",
    )
    for column in ("game", "decisions/s", "games", "× yardstick", "per round"):
        table.add_column(column, justify="left" if column == "game" else "right")
    table.add_row(
        f"{YARDSTICK} (OpenSpiel {yard['open_spiel']})",
        f"{yard['decisions_per_second']:,.0f}",
        str(yard["games"]),
        "1",
        "",
    )
    for game_id, mine in report["games"].items():
        table.add_row(game_id, *_playout_cells(mine))
    console.print(table)
    if report["compiled"]:
        console.print(f"compiled with mypyc: {', '.join(report['compiled'])}")
    base = report.get("baseline")
    if base is not None:
        table = Table(title=f"The same, measured in the same rounds on {base['ref']}")
        for column in ("game", "decisions/s", "games", "× yardstick", "per round", "change"):
            table.add_column(column, justify="left" if column == "game" else "right")
        for game_id, mine in report["games"].items():
            old = base["games"].get(game_id)
            if old is None:
                table.add_row(game_id, "—", "", "", "", base["failed"].get(game_id, "—"))
                continue
            change = mine["decisions_per_second"] / old["decisions_per_second"] - 1
            table.add_row(game_id, *_playout_cells(old), f"now {change:+.1%}")
        console.print(table)
    if report.get("mcts"):
        table = Table(title=f"MCTS iterations/s, {report['seconds']:g} s per setting")
        table.add_column("game")
        table.add_column("setting")
        table.add_column("iterations/s", justify="right")
        if base is not None:
            table.add_column(f"on {base['ref']}", justify="right")
            table.add_column("change", justify="right")
        for game_id, settings in report["mcts"].items():
            for name, rates in settings.items():
                row = [game_id, name, f"{rates['ours']:,.0f}"]
                if base is not None:
                    old = rates.get("baseline")
                    row += (
                        [f"{old:,.0f}", f"now {rates['ours'] / old - 1:+.1%}"] if old else ["—", ""]
                    )
                table.add_row(*row)
        console.print(table)


def _playout_cells(summary: dict[str, Any]) -> list[str]:
    return [
        f"{summary['decisions_per_second']:,.0f}",
        str(summary["games"]),
        f"{summary['ratio']:.2f}",
        f"{summary['ratio_median']:.2f} [{summary['ratio_min']:.2f}–{summary['ratio_max']:.2f}]",
    ]


def save(report: dict[str, Any]) -> Path:
    return save_result("speed", report, report["date"])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="time per measurement")
    parser.add_argument("--slice", type=float, default=0.5, help="length of one slice")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--no-mcts", action="store_true", help="random playouts only")
    parser.add_argument("--baseline", metavar="REF", help="also measure this git commit")
    parser.add_argument("--save", action="store_true", help="write benchmarks/results/*.json")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    import bellica

    ids = [g for g in args.games.split(",") if g] or [info.id for info in bellica.games()]
    with baseline(args.baseline) as helper:
        measured = playout_rounds(ids, args.seconds, args.slice, helper)
        slices = measured["slices"]
        yard = slices["yardstick", YARDSTICK]
        yard_done = [s for s in yard if s is not None]
        report: dict[str, Any] = {
            "date": datetime.date.today().isoformat(),
            "commit": _git("rev-parse", "HEAD"),
            "dirty": bool(_git("status", "--porcelain", "--untracked-files=no")),
            "python": platform.python_version(),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores, {_cpu()}",
            "seconds": args.seconds,
            "slice": args.slice,
            "rounds": measured["rounds"],
            "yardstick": {
                "game": YARDSTICK,
                "open_spiel": _version("open_spiel"),
                "decisions_per_second": rate(yard_done),
                "games": sum(s[2] for s in yard_done),
                "slices": yard_done,
            },
            "games": {},
            "compiled": compiled_modules(),
        }
        for game_id in ids:
            mine = summarize(slices["ours", game_id], yard)
            assert mine is not None
            report["games"][game_id] = mine
        if helper is not None:
            done = {g: summarize(slices["baseline", g], yard) for g in ids}
            report["baseline"] = {
                "ref": helper.ref,
                "commit": helper.commit,
                "games": {g: summary for g, summary in done.items() if summary is not None},
                "failed": helper.failed,
            }
        if not args.no_mcts:
            report["mcts"] = mcts_rates(ids, args.seconds, helper)
    show(report)
    if args.save:
        print(f"saved {save(report).relative_to(ROOT)}")


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _version(package: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return "unknown"


if __name__ == "__main__":
    main()
