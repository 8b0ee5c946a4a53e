"""The simulation lab: play seeded AI-vs-AI games, in-process or on local cores, and tally them."""

from bellica.arena.csv_out import CSV_META_FIELDS, CsvResultWriter, csv_fields, result_row
from bellica.arena.local import default_workers, run_local
from bellica.arena.match import (
    MAX_DECISIONS,
    GameResult,
    GameSetup,
    MatchError,
    agent_seed,
    play_game,
    play_match,
    seat_lineup,
)
from bellica.arena.stats import Scoreboard, Summary, Tally, summarize, wilson_interval

__all__ = [
    "CSV_META_FIELDS",
    "MAX_DECISIONS",
    "CsvResultWriter",
    "GameResult",
    "GameSetup",
    "MatchError",
    "Scoreboard",
    "Summary",
    "Tally",
    "agent_seed",
    "csv_fields",
    "default_workers",
    "play_game",
    "play_match",
    "result_row",
    "run_local",
    "seat_lineup",
    "summarize",
    "wilson_interval",
]
