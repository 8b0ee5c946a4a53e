"""How many decisions a game of Imperio Bellum can hold: the set-up's, a round's, a game's.

Each bound counts what a decision uses up, so it holds for every line of play, not only for
the games we have seen: a piece acts once a turn (a knight up to five times), a base spawns
once a turn and is won at most once a turn, each set-up phase ends after so many pieces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bellica.games.imperio_bellum.data import (
    MAX_KNIGHTS,
    MAX_PIECES,
    MAX_RESERVES,
)
from bellica.games.imperio_bellum.rules.setup import ALTERATIONS_ALLOWED
from bellica.games.imperio_bellum.rules.turn import KNIGHT_ACTIONS

if TYPE_CHECKING:
    from bellica.games.imperio_bellum.game import ImperioBellum

BASES_EACH = 3  # the lead base (headquarters) and two secondary bases; none is ever added
SIDES = 2


def setup_decisions(game: ImperioBellum) -> int:
    """The set-up, each side in turn, then the defender's alterations:

    - bases: the headquarters and two bases, one decision each (or a formation: one decision
      for the bases and the pieces together);
    - pieces: at most 15, the phase ending by itself at the fifteenth (or "ready" before);
    - reinforcements: the pile only grows there, one piece a decision up to 50, or a
      ready-made list once while the pile is empty (a list holds at least one piece: the
      data refuses an empty one, which could be taken again and again), then "ready";
    - the alterations: four, or fewer and "done"."""
    reinforcements = MAX_RESERVES + 1  # a list counts as at least one piece, then "ready"
    each_side = BASES_EACH + MAX_PIECES + reinforcements
    return SIDES * each_side + ALTERATIONS_ALLOWED


def turn_decisions() -> int:
    """One side's turn:

    - each base it controls: spawn (or not) once, picked and moved (or held) once; each
      enemy base: won at most once, then captured or destroyed (one decision). Six bases
      in all, so at most three decisions each;
    - each knight: picked, then up to five moves and attacks (or fewer and hold);
    - each other piece: picked, then one move, attack or hold;
    - "end turn".

    A piece acts once a turn (a spawned piece or a captured base not at all), so the pieces
    are at most all the side ever has: 15 set up and 50 reinforcements, ten of them knights.
    A won base's capture or destruction is counted with the bases above."""
    bases = SIDES * BASES_EACH * 3
    knights = MAX_KNIGHTS * (1 + KNIGHT_ACTIONS)
    others = (MAX_PIECES + MAX_RESERVES - MAX_KNIGHTS) * 2
    return bases + knights + others + 1


def round_decisions() -> int:
    """A round: the attacker's turn, then the defender's."""
    return SIDES * turn_decisions()
