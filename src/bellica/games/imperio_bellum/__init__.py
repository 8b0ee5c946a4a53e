"""Imperio Bellum: a two-player 9×9 wargame of knights, archers, pikemen, footsoldiers and bases.

The package follows the rulebook: `board` and `pieces` are the table, `setup` the start of a
game, `turn` a turn of play, `combat` the dice, `endgame` victory and the tiebreakers,
`actions` the decisions, `notation` the position text, `view` what a seat sees, `heuristics`
how an AI judges a position, and `game` ties them to the engine.
"""

from bellica.games.imperio_bellum.game import ImperioBellum

__all__ = ["ImperioBellum"]
