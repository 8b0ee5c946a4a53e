"""Imperio Bellum: a two-player 9×9 wargame of knights, archers, pikemen, footsoldiers and bases.

The package follows the rulebook: `board` and `pieces` are the table, `setup` the start of a
game, `turn` a turn of play, `combat` the dice, `endgame` victory and the tiebreakers,
`actions` the decisions, `notation` the position text, `view` what a seat sees, `heuristics`
how an AI judges a position, and `game` ties them to the engine. This module holds only what
`bellica list` shows, so listing games imports no rules.
"""

from bellica.core.game import GameInfo
from bellica.core.options import Choice, Options, WholeNumber

DEFAULT_TURN_LIMIT = 50

INFO = GameInfo(
    id="imperio-bellum",
    title="Imperio Bellum",
    min_players=2,
    max_players=2,
    variants=("standard",),
    variant_titles={"standard": "Standard"},
    variant_descriptions={
        "standard": "Attacker against defender on a 9×9 board: a side left without a fighting "
        "piece or without a base loses.",
    },
    summary="9×9 grid wargame: knights, archers, pikemen, footsoldiers and bases; dice combat",
    round_limit="turn_limit",
    options=Options(
        Choice(
            "attacker",
            "which seat attacks (sets up second and moves first); roll: a die roll decides",
            choices=("roll", "0", "1"),
            labels=("decided by a die roll", "player 1", "player 2"),
        ),
        WholeNumber(
            "turn_limit",
            "house rule: rounds played before the tiebreakers decide (0: no limit)",
            minimum=0,
            maximum=1000,
            initial=DEFAULT_TURN_LIMIT,
        ),
    ),
)
