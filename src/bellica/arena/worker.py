"""What a helper process of a simulation runs: its start-up, then chunks of consecutive games.

A helper imports the engine, the agents and the arena's match module, never the command line,
typer or rich: it is ready as soon as the game's rules are imported.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator

from bellica.arena.match import KEEP_NOTHING, GameResult, Keep, play_match
from bellica.arena.schedule import Schedule
from bellica.core import GameConfig, game_class


def start(game: str | None) -> None:
    """Start-up: leave Ctrl-C to the parent (which stops the helpers, so no traceback comes
    from each one) and import the rules of `game` now, while the parent checks the config."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if game is None:
        return
    try:
        game_class(game)
    except Exception:  # a game registered at run time is found through the config's source
        return


def ready() -> None:
    """A task that does nothing: handing one to each helper starts them all at once."""


def play_games(
    config: GameConfig,
    schedule: Schedule,
    start: int,
    stop: int,
    max_decisions: int,
    keep: Keep = KEEP_NOTHING,
) -> Iterator[GameResult]:
    """Games `start` to `stop - 1` of the schedule: each with its seed and its seats."""
    for index in range(start, stop):
        yield play_match(
            config,
            schedule.lineup(index),
            schedule.seed_of(index),
            index=index,
            matchup=schedule.matchup_of(index),
            max_decisions=max_decisions,
            keep=keep,
        )


def play_chunk(
    config: GameConfig,
    schedule: Schedule,
    start: int,
    stop: int,
    max_decisions: int,
    keep: Keep = KEEP_NOTHING,
) -> list[GameResult]:
    """The work one pool task does: a few consecutive games, their results in order."""
    return list(play_games(config, schedule, start, stop, max_decisions, keep))
