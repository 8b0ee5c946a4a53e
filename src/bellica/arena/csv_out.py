"""Per-game result rows as CSV, one row per game, for pandas, Polars or DuckDB to read."""

from __future__ import annotations

import csv
from pathlib import Path
from types import TracebackType
from typing import IO

from bellica.arena.match import GameResult

# The columns before and after the per-seat `agent_<seat>` columns.
CSV_META_FIELDS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("game", "seed", "variant", "players"),
    (
        "winners",
        "winning_agents",
        "scores",
        "reason",
        "decisions",
        "seconds",
        "matchup",
        "rounds",
        "timeout",
    ),
)


def csv_fields(players: int) -> list[str]:
    """The header of a results file for a game of `players` seats."""
    head, tail = CSV_META_FIELDS
    return [*head, *(f"agent_{seat}" for seat in range(players)), *tail]


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def result_row(result: GameResult) -> dict[str, str]:
    """One game as a CSV row: lists (winners, scores) are joined with ';', a draw has no
    winners, a game without rounds has an empty `rounds`, `timeout` is 1 or 0."""
    row = {
        "game": result.game,
        "seed": str(result.seed),
        "variant": result.variant,
        "players": str(result.players),
    }
    for seat, agent in enumerate(result.agents):
        row[f"agent_{seat}"] = agent
    row.update(
        winners=";".join(map(str, result.winners)),
        winning_agents=";".join(result.winning_agents),
        scores=";".join(_number(score) for score in result.scores),
        reason=result.reason,
        decisions=str(result.decisions),
        seconds=f"{result.seconds:.6f}",
        matchup=str(result.matchup),
        rounds="" if result.rounds is None else str(result.rounds),
        timeout="1" if result.timeout else "0",
    )
    return row


class CsvResultWriter:
    """Writes result rows to a CSV file as they come in (a context manager)."""

    def __init__(self, path: str | Path, players: int) -> None:
        self.path = Path(path)
        if self.path.parent != Path():
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = self.path.open("w", newline="", encoding="utf-8")
        self._writer = csv.DictWriter(self._file, fieldnames=csv_fields(players))
        self._writer.writeheader()
        self.rows = 0

    def write(self, result: GameResult) -> None:
        self._writer.writerow(result_row(result))
        self._file.flush()  # a long run can be watched, or stopped, without losing rows
        self.rows += 1

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> CsvResultWriter:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
