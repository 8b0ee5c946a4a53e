"""How many decisions a game of Bellum Magia can hold: the set-up's, a day's, a game's.

Each bound counts what a decision uses up, so it holds for every line of play, not only for
the games we have seen: a new roll spends a Barrel or a Confusion spell, each lord makes one
attack a day and each thief takes one chest, each recruit pays food or glyphs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bellica.games.bellum_magia.rules.hordes import THIEVES
from bellica.games.bellum_magia.rules.recruit import COSTS
from bellica.games.bellum_magia.rules.setup import GOBLINS_EACH
from bellica.games.bellum_magia.state import BARREL, FOOD, GLYPH, MAX_BARRELS

if TYPE_CHECKING:
    from bellica.games.bellum_magia.game import BellumMagia

# Every way of paying a recruit takes at least this much food, or (paying without food) at
# least this many glyphs.
FOOD_LEAST = min(food for food, _ in COSTS.values() if food)
GLYPHS_LEAST = min(glyphs for food, glyphs in COSTS.values() if not food)


def setup_decisions(game: BellumMagia) -> int:
    """Each lord picks a castle (when the castles are chosen) and slides its two Goblins."""
    lords = game.players
    castles = lords if game.options["castles"] == "choose" else 0
    return castles + lords * GOBLINS_EACH


def most_thieves(game: BellumMagia) -> int:
    """The most thieves a horde line can hold: the castle's best line and every creature's
    best right edge, all of them under one castle."""
    castle = max(max(line[THIEVES] for line in game.castle_lines[u]) for u in game.castle_uids)
    return castle + sum(max(line[THIEVES] for line in edge) for edge in game.right_lines)


def day_decisions(game: BellumMagia) -> int:
    """One day:

    1. the active horde: the lords are asked in turn whether they force a new roll, and a new
       roll spends a Barrel (a lord holds two at most, from the reserve's) or one of the
       Captain's Confusion spells (one per Roll Again token a creature brought); each round
       of asking asks every lord at most once;
    4. attack: each lord raids, storms a castle or passes, once; a storm's thieves take a
       chest each, no more than a line's thieves or all the chests there are;
    5. recruit: each recruit pays food or glyphs, which the lords hold from the reserve's,
       and each lord says when it is done.

    Gathering and the scouts take no decision."""
    lords = game.players
    reserve = game.reserve
    barrels = min(lords * MAX_BARRELS, reserve[BARREL])
    confusion = sum(1 for bonus in game.bonus if bonus == "roll_again")
    rolls = (barrels + confusion + 1) * lords
    chests = sum(len(uids) for uids in game.chest_uids.values())
    steals = lords * min(most_thieves(game), chests)
    recruits = reserve[FOOD] // FOOD_LEAST + reserve[GLYPH] // GLYPHS_LEAST
    return rolls + lords + steals + recruits + lords
