"""Siege of Olympus: a two-player minion card game around one shared Deck.

This module holds only what `bellica list` shows, so listing games imports no rules.
"""

from itertools import permutations

from bellica.core.game import GameInfo
from bellica.core.options import Choice, Options, WholeNumber

DEFAULT_TURN_LIMIT = 40
# Our four Commanders (data/cards.toml); a fixed pair names player 1's, then player 2's.
COMMANDERS = ("Kronos", "Typhon", "Gaia", "Prometheus")
_PAIRS = tuple(permutations(COMMANDERS, 2))

INFO = GameInfo(
    id="siege-of-olympus",
    title="Siege of Olympus",
    min_players=2,
    max_players=2,
    variants=("standard",),
    summary="minion card game with one shared Deck: recruit prisoners, build artifacts, "
    "strike the enemy Commander",
    variant_titles={"standard": "Two Commanders"},
    variant_descriptions={
        "standard": "Two Commanders share one Deck: bring down the enemy Commander, or be the "
        "first to hold three Artifacts.",
    },
    round_limit="turn_limit",
    options=Options(
        Choice(
            "commanders",
            "each player's Commander, player 1's first; random: dealt at random; "
            "choose: each player picks one, the first player first",
            choices=("random", "choose", *(f"{a},{b}" for a, b in _PAIRS)),
            labels=(
                "dealt at random",
                "chosen by the players",
                *(f"{a} against {b}" for a, b in _PAIRS),
            ),
        ),
        Choice(
            "first",
            "who plays first; roll: a die roll decides",
            choices=("roll", "0", "1"),
            labels=("decided by a die roll", "player 1", "player 2"),
        ),
        WholeNumber(
            "turn_limit",
            "house rule: rounds played before the game is settled by Commander health "
            "(0: no limit)",
            minimum=0,
            maximum=1000,
            initial=DEFAULT_TURN_LIMIT,
        ),
    ),
)
