"""A run's results folder: Parquet rows per game and per seat, the run's facts, the records.

    run.json          what was run (game, config, agents, matchups, seeds) and how it ended
    games.parquet     one row per game: seed, matchup, seats' agents, winners, scores, reason,
                      rounds, decisions, seconds, and its record's path when records are kept
    seats.parquet     one row per seat of each game: its agent, score, whether it won
    rounds.parquet    one row per seat per round of each game: the game's heuristic value
                      of that seat as the round began, and the returns at the end (`final`)
    cards.parquet     one row per card copy per seat of each game (card games): in the
                      opening hand, drawn, bought, played, in play at the end, never seen,
                      with the seat's agent and whether it won (17lands' card statistics)
    records/          each game's record (`--records`), for `bellica replay` or the browser's
                      replay viewer

The Parquet files are written in row groups as games come in and closed when the run ends,
is stopped with Ctrl-C, or fails, so what was played is kept. pandas, Polars and DuckDB read
them as they are (docs/lab.md). pyarrow (the `lab` extra) is imported only here.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any

from bellica.arena.match import GameResult
from bellica.arena.schedule import Schedule
from bellica.core import BellicaError, GameConfig, InvalidConfig
from bellica.core.cards import CardUse

FORMAT = "bellica-results/1"
FLUSH_ROWS = 512  # games buffered before they are written as a row group


def _pyarrow() -> tuple[ModuleType, ModuleType]:
    """pyarrow and its Parquet module, or a clear InvalidConfig if it is not installed."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise InvalidConfig(
            "a results folder is written in Parquet, which needs pyarrow: "
            "pip install 'bellica[lab]' (or write CSV rows with --csv FILE)"
        ) from None
    return pyarrow, pyarrow.parquet


FILES = ("games", "seats", "rounds", "cards")


def _schemas(pa: Any) -> tuple[Any, Any, Any, Any]:
    games = pa.schema(
        [
            ("index", pa.int64()),
            ("matchup", pa.int32()),
            ("seed", pa.int64()),
            ("game", pa.string()),
            ("variant", pa.string()),
            ("players", pa.int16()),
            ("options", pa.string()),  # the game's options as JSON
            ("cards", pa.string()),  # the designer's card file, if any
            ("agents", pa.list_(pa.string())),  # the agent spec in each seat
            ("winners", pa.list_(pa.int16())),
            ("winning_agents", pa.list_(pa.string())),
            ("scores", pa.list_(pa.float64())),
            ("draw", pa.bool_()),  # nobody won, or every seat shares the victory
            ("timeout", pa.bool_()),  # a house-rule limit ended it (Ludii's timeouts)
            ("reason", pa.string()),
            ("rounds", pa.int32()),  # null for a game without rounds
            ("decisions", pa.int32()),
            ("seconds", pa.float64()),
            ("record", pa.string()),  # the record's path in the folder, or null
        ]
    )
    seats = pa.schema(
        [
            ("index", pa.int64()),
            ("matchup", pa.int32()),
            ("seed", pa.int64()),
            ("seat", pa.int16()),
            ("agent", pa.string()),
            ("score", pa.float64()),
            ("won", pa.bool_()),
            ("draw", pa.bool_()),
        ]
    )
    rounds = pa.schema(
        [
            ("index", pa.int64()),
            ("matchup", pa.int32()),
            ("seed", pa.int64()),
            ("round", pa.int32()),
            ("seat", pa.int16()),
            ("value", pa.float64()),  # the heuristic in [-1, 1]; the returns when final
            ("final", pa.bool_()),  # the game's end, after its last round
        ]
    )
    cards = pa.schema(
        [
            ("index", pa.int64()),
            ("matchup", pa.int32()),
            ("seed", pa.int64()),
            ("seat", pa.int16()),
            ("agent", pa.string()),
            ("won", pa.bool_()),
            ("draw", pa.bool_()),
            ("token", pa.string()),  # the copy, as positions and records name it
            ("card", pa.string()),  # the card's name: the copies of one card share it
            ("opening_hand", pa.bool_()),  # in the seat's hand once the set-up was over
            ("drawn", pa.bool_()),  # drawn into the hand after the opening hand
            ("bought", pa.bool_()),  # gained: bought, recruited, taken from a row
            ("played", pa.bool_()),
            ("in_play_at_end", pa.bool_()),
            ("never_seen", pa.bool_()),  # none of the above
        ]
    )
    return games, seats, rounds, cards


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


class ResultsFolder:
    """Writes a run's results folder as the games come in (a context manager: leaving it
    closes the files, and an error on the way marks the run failed)."""

    def __init__(
        self,
        path: str | Path,
        config: GameConfig,
        schedule: Schedule,
        *,
        records: bool = False,
        workers: int = 1,
        command: str = "",
    ) -> None:
        pa, pq = _pyarrow()
        self.path = Path(path)
        if self.path.exists() and not self.path.is_dir():
            raise InvalidConfig(f"{self.path} is a file, not a folder for results")
        if (self.path / "run.json").exists():
            raise InvalidConfig(f"{self.path} already holds a run's results; give a new folder")
        self.path.mkdir(parents=True, exist_ok=True)
        self.records = records
        if records:
            (self.path / "records").mkdir(exist_ok=True)
        self._pa = pa
        schemas = _schemas(pa)
        # Each file: its writer, its schema, and the rows waiting for the next row group.
        self._files: dict[str, tuple[Any, Any, list[dict[str, Any]]]] = {
            name: (pq.ParquetWriter(self.path / f"{name}.parquet", schema), schema, [])
            for name, schema in zip(FILES, schemas, strict=True)
        }
        self._open = True
        self._options = json.dumps(dict(config.options), sort_keys=True)
        self._cards = config.cards
        self.played = 0
        self.run: dict[str, Any] = {
            "format": FORMAT,
            "game": config.game,
            "variant": config.variant,
            "players": config.players,
            "options": dict(config.options),
            "cards": config.cards,
            "agents": list(schedule.agents),
            "matchups": [list(m) for m in schedule.matchups],
            "games_per_matchup": schedule.games,
            "seed": schedule.seed,
            "games_planned": schedule.total,
            "games_played": 0,
            "records": records,
            "workers": workers,
            "command": command,
            "started": _now(),
            "finished": None,
            "status": "running",
        }
        self._write_run()

    def add(self, result: GameResult) -> None:
        """One game's rows (and its record, when kept)."""
        record_path = None
        if self.records and result.record is not None:
            record_path = f"records/{result.index:06d}.json"
            (self.path / record_path).write_text(result.record, encoding="utf-8")
        self._rows("games").append(
            {
                "index": result.index,
                "matchup": result.matchup,
                "seed": result.seed,
                "game": result.game,
                "variant": result.variant,
                "players": result.players,
                "options": self._options,
                "cards": self._cards,
                "agents": list(result.agents),
                "winners": list(result.winners),
                "winning_agents": list(result.winning_agents),
                "scores": list(result.scores),
                "draw": result.is_draw,
                "timeout": result.timeout,
                "reason": result.reason,
                "rounds": result.rounds,
                "decisions": result.decisions,
                "seconds": result.seconds,
                "record": record_path,
            }
        )
        winners = set(result.winners)
        won = [seat in winners and not result.is_draw for seat in range(len(result.agents))]
        for seat, agent in enumerate(result.agents):
            self._rows("seats").append(
                {
                    "index": result.index,
                    "matchup": result.matchup,
                    "seed": result.seed,
                    "seat": seat,
                    "agent": agent,
                    "score": result.scores[seat] if seat < len(result.scores) else None,
                    "won": won[seat],
                    "draw": result.is_draw,
                }
            )
        last = len(result.trajectory) - 1
        for step, (round_number, values) in enumerate(result.trajectory):
            for seat, value in enumerate(values):
                self._rows("rounds").append(
                    {
                        "index": result.index,
                        "matchup": result.matchup,
                        "seed": result.seed,
                        "round": round_number,
                        "seat": seat,
                        "value": value,
                        "final": step == last,
                    }
                )
        card_rows = self._rows("cards")
        for use in result.cards:
            card_rows.append(
                {
                    "index": result.index,
                    "matchup": result.matchup,
                    "seed": result.seed,
                    "seat": use.seat,
                    "agent": result.agents[use.seat],
                    "won": won[use.seat],
                    "draw": result.is_draw,
                    "token": use.token,
                    "card": use.name,
                    "opening_hand": use.opening,
                    "drawn": use.drawn,
                    "bought": use.bought,
                    "played": use.played,
                    "in_play_at_end": use.at_end,
                    "never_seen": use.never_seen,
                }
            )
        self.played += 1
        if len(self._rows("games")) >= FLUSH_ROWS:
            self.flush()

    def _rows(self, name: str) -> list[dict[str, Any]]:
        """The rows of one file waiting for its next row group."""
        return self._files[name][2]

    def flush(self) -> None:
        """Write the buffered rows as a row group, and the count so far to run.json."""
        for writer, schema, rows in self._files.values():
            if rows:
                writer.write_table(self._pa.Table.from_pylist(rows, schema))
                rows.clear()
        self.run["games_played"] = self.played
        self._write_run()

    def close(self, status: str = "complete") -> None:
        """Write what is buffered and close the files; `status` says how the run ended
        ("complete", "stopped" by Ctrl-C, or "failed")."""
        if not self._open:
            return
        self.flush()
        for writer, _, _ in self._files.values():
            writer.close()
        self._open = False
        self.run.update(status=status, finished=_now())
        self._write_run()

    def _write_run(self) -> None:
        text = json.dumps(self.run, indent=2, ensure_ascii=False) + "\n"
        temporary = self.path / "run.json.tmp"
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(self.path / "run.json")  # never half a file

    def __enter__(self) -> ResultsFolder:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            self.close("complete")
        elif issubclass(kind, KeyboardInterrupt):
            self.close("stopped")
        else:
            self.close("failed")


class InvalidResults(BellicaError):
    """A folder that is not a readable results folder: missing files, another format, rows
    that do not fit together."""


def read_results(path: str | Path) -> tuple[dict[str, Any], list[GameResult]]:
    """A results folder's run.json and its games as results, with their trajectories, in
    game order (InvalidResults naming what is wrong)."""
    _, pq = _pyarrow()
    folder = Path(path)
    try:
        run = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InvalidResults(f"{folder} has no run.json: not a results folder") from None
    except (OSError, ValueError) as err:
        raise InvalidResults(f"{folder}/run.json cannot be read: {err}") from None
    if not isinstance(run, dict) or run.get("format") != FORMAT:
        raise InvalidResults(f"{folder}/run.json is not a {FORMAT} file")
    try:
        games = pq.read_table(folder / "games.parquet").to_pylist()
        points = pq.read_table(folder / "rounds.parquet").to_pylist()
        card_rows = (
            pq.read_table(folder / "cards.parquet").to_pylist()
            if (folder / "cards.parquet").exists()
            else []
        )
    except (OSError, ValueError) as err:  # pyarrow's errors are both
        raise InvalidResults(f"{folder}: the Parquet files cannot be read: {err}") from None
    trajectories: dict[int, list[tuple[int, list[float]]]] = {}
    try:
        for point in points:
            path_of = trajectories.setdefault(int(point["index"]), [])
            if not path_of or point["seat"] == 0:
                path_of.append((int(point["round"]), []))
            path_of[-1][1].append(float(point["value"]))
        cards: dict[int, list[CardUse]] = {}
        for row in card_rows:
            cards.setdefault(int(row["index"]), []).append(
                CardUse(
                    seat=int(row["seat"]),
                    token=str(row["token"]),
                    name=str(row["card"]),
                    opening=bool(row["opening_hand"]),
                    drawn=bool(row["drawn"]),
                    bought=bool(row["bought"]),
                    played=bool(row["played"]),
                    at_end=bool(row["in_play_at_end"]),
                )
            )
        results = [
            GameResult(
                index=int(row["index"]),
                seed=int(row["seed"]),
                game=str(row["game"]),
                variant=str(row["variant"]),
                players=int(row["players"]),
                agents=tuple(map(str, row["agents"])),
                winners=tuple(map(int, row["winners"])),
                scores=tuple(map(float, row["scores"])),
                reason=str(row["reason"]),
                decisions=int(row["decisions"]),
                seconds=float(row["seconds"]),
                matchup=int(row["matchup"]),
                rounds=None if row["rounds"] is None else int(row["rounds"]),
                timeout=bool(row["timeout"]),
                trajectory=tuple(
                    (number, tuple(values))
                    for number, values in trajectories.get(int(row["index"]), [])
                ),
                cards=tuple(cards.get(int(row["index"]), ())),
            )
            for row in games
        ]
    except (KeyError, TypeError, ValueError) as err:
        raise InvalidResults(f"{folder}: a row does not fit the results format ({err})") from None
    results.sort(key=lambda result: result.index)
    return run, results
