"""Bellum Magia: evil lords roll for the day's horde, raid the human kingdom and each other.

This module holds only what `bellica list` shows, so listing games imports no rules.
"""

from bellica.core.game import GameInfo
from bellica.core.options import Choice, Options, WholeNumber

DEFAULT_DAY_LIMIT = 60
MAX_PLAYERS = 5

INFO = GameInfo(
    id="bellum-magia",
    title="Bellum Magia",
    min_players=2,
    max_players=MAX_PLAYERS,
    variants=("standard",),
    summary="evil lords for 2 to 5: a die picks the day's horde; raid the human kingdom and "
    "each other's castles for treasure chests",
    variant_titles={"standard": "Evil lords"},
    variant_descriptions={
        "standard": "Every lord against every other: the game ends when someone holds ten "
        "chests, and the richest lord wins.",
    },
    round_limit="day_limit",
    options=Options(
        Choice(
            "castles",
            "how the castles are shared out; dealt: at random; choose: each lord picks one, "
            "the last in the first day's order first",
            choices=("dealt", "choose"),
            labels=("dealt at random", "chosen by the lords"),
        ),
        Choice(
            "first",
            "who is the first Captain; roll: a die roll decides",
            choices=("roll", *(str(seat) for seat in range(MAX_PLAYERS))),
            labels=("decided by a die roll", *(f"player {s + 1}" for s in range(MAX_PLAYERS))),
        ),
        WholeNumber(
            "day_limit",
            "house rule: days played before the game is settled by wealth (0: no limit)",
            minimum=0,
            maximum=1000,
            initial=DEFAULT_DAY_LIMIT,
        ),
    ),
)
