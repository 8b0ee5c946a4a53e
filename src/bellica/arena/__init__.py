"""The simulation lab: play seeded AI-vs-AI games, in-process or on local cores, and tally them.

`bellica.arena.tables` (rich tables of a summary) is imported on its own, so that worker
processes, which import this package, never load rich.
"""

from bellica.arena.csv_out import CSV_META_FIELDS, CsvResultWriter, csv_fields, result_row
from bellica.arena.local import default_workers, run_local
from bellica.arena.match import (
    MAX_DECISIONS,
    GameResult,
    GameSetup,
    Keep,
    MatchError,
    agent_seed,
    game_for,
    play_game,
    play_match,
    seat_lineup,
)
from bellica.arena.stats import Scoreboard, Summary, Tally, summarize, wilson_interval
from bellica.core import GameConfig

__all__ = [
    "CSV_META_FIELDS",
    "MAX_DECISIONS",
    "CsvResultWriter",
    "GameConfig",
    "GameResult",
    "GameSetup",
    "Keep",
    "MatchError",
    "Scoreboard",
    "Summary",
    "Tally",
    "agent_seed",
    "csv_fields",
    "default_workers",
    "game_for",
    "play_game",
    "play_match",
    "result_row",
    "run_local",
    "seat_lineup",
    "summarize",
    "wilson_interval",
]
