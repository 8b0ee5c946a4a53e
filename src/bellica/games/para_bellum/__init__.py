"""Para Bellum: Roman generals build armies of cards and dice before the battle; 2 to 4
players, teams of two at four.

This module holds only what `bellica list` shows, so listing games imports no rules.
"""

from bellica.core.game import GameInfo
from bellica.core.options import Choice, Options, WholeNumber

MAX_PLAYERS = 4
DEFAULT_ROUND_LIMIT = 40

INFO = GameInfo(
    id="para-bellum",
    title="Para Bellum",
    min_players=2,
    max_players=MAX_PLAYERS,
    variants=("standard",),
    summary="Roman armies of cards and dice for 2 to 4: complete Legions and Centurions, "
    "spend dice on actions, keep your Legion dice high for the battle",
    variant_titles={"standard": "Civil War"},
    variant_descriptions={
        "standard": "Every general for themselves at 2 or 3 players; two teams of two at 4, "
        "sharing their hands. The highest score when the Army deck runs out wins.",
    },
    round_limit="round_limit",
    options=Options(
        Choice(
            "colours",
            "each player's starting colour; random: dealt at random; choose: each picks one, "
            "in turn order",
            choices=("random", "choose"),
            labels=("dealt at random", "chosen by the players"),
        ),
        Choice(
            "first",
            "who plays first; roll: the highest General die roll decides",
            choices=("roll", *(str(seat) for seat in range(MAX_PLAYERS))),
            labels=("decided by a die roll", *(f"player {s + 1}" for s in range(MAX_PLAYERS))),
        ),
        Choice(
            "end_at",
            "when a triggered end comes; turn: when the turn would pass to the Ending Player "
            "(the rulebook); round: at the end of the round, so every player has as many turns "
            "(a house rule)",
            choices=("turn", "round"),
            labels=("when the turn comes back to the Ending Player", "at the end of the round"),
        ),
        WholeNumber(
            "round_limit",
            "house rule: rounds played before the game is scored as it stands (0: no limit; "
            "Requisition can otherwise keep the Army deck from running out)",
            minimum=0,
            maximum=1000,
            initial=DEFAULT_ROUND_LIMIT,
        ),
    ),
)
