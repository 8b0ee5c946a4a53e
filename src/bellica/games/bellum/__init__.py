"""Bellum: a deck-builder of Greek cities; two players, four-player teams, three solo scenarios.

This module holds only what `bellica list` shows, so listing games imports no rules.
"""

from itertools import permutations

from bellica.core.game import GameInfo
from bellica.core.options import Choice, Options, WholeNumber

DEFAULT_TURN_LIMIT = 60
CITIES = ("Athens", "Sparta", "Troy")
SOLO = ("solo-hercules", "solo-plague", "solo-troy")
_PAIRS = tuple(permutations(CITIES, 2))

INFO = GameInfo(
    id="bellum",
    title="Bellum",
    min_players=1,
    max_players=4,
    variants=("standard", "teams", *SOLO),
    summary="deck-builder of Greek cities: buy from Olympus, assault, pillage four districts",
    player_counts=(1, 2, 4),
    variant_players={
        "standard": (2,),
        "teams": (4,),
        **{name: (1,) for name in SOLO},
    },
    variant_titles={
        "standard": "Two cities",
        "teams": "Teams of two",
        "solo-hercules": "Solo: Hercules in the Hells",
        "solo-plague": "Solo: Plague in Athens",
        "solo-troy": "Solo: the Siege of Troy",
    },
    variant_descriptions={
        "standard": "Two cities face off; the first to pillage all four enemy districts wins.",
        "teams": "Two teams of two players, each team defending one city; the first team to "
        "pillage all four enemy districts wins.",
        "solo-hercules": "You against the Hells' deck: keep Hercules alive until their deck "
        "has run out twice; if he falls, the scenario is lost.",
        "solo-plague": "You against the Monsters, without attacking or buying: block every "
        "Monster that would reach Charon until their deck is spent and no Monster is left.",
        "solo-troy": "You against the Greeks and Achilles, without buying: get three of your "
        "creatures away before Troy's four districts fall.",
    },
    round_limit="turn_limit",
    options=Options(
        Choice(
            "cities",
            "each team's city, the first team's first; random: drawn at random",
            choices=("random", *(f"{a},{b}" for a, b in _PAIRS)),
            labels=("drawn at random", *(f"{a} against {b}" for a, b in _PAIRS)),
            variants=("standard", "teams"),
        ),
        Choice(
            "first",
            "which team plays first; roll: a die roll decides",
            choices=("roll", "0", "1"),
            labels=("decided by a die roll", "team 0", "team 1"),
            variants=("standard", "teams"),
        ),
        Choice(
            "difficulty",
            "how hard the solo scenario's opponent is",
            choices=("normal", "easier", "harder"),
            variants=SOLO,
        ),
        WholeNumber(
            "turn_limit",
            "house rule: rounds played before the game is settled by districts lost (0: no limit)",
            minimum=0,
            maximum=1000,
            initial=DEFAULT_TURN_LIMIT,
        ),
    ),
)
