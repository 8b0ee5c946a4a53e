"""Hordes: a castle's six lines with its creatures, and what the active line can attack."""

from __future__ import annotations

from operator import add

from bellica.games.bellum_magia.state import MagiaState

# The values of a line, by index.
FOOD, GLYPH, MAPS, SWORDS, MAGIC, THIEVES = range(6)


def slide(state: MagiaState, lord: int, uid: int, right: bool) -> None:
    """Creature `uid` joins `lord`'s castle under the left (adding its production edge to the
    six lines) or the right (its attack edge); the Bonus token it carries is taken."""
    game = state.game
    (state.right if right else state.left)[lord].append(uid)
    adds = (game.right_lines if right else game.left_lines)[uid]
    state.lines[lord] = tuple(map(_add_line, state.lines[lord], adds))
    bonus = game.bonus[uid]
    if bonus == "shield":
        state.shields[lord] += 1
    elif bonus == "magic_shield":
        state.magic_shields[lord] += 1
    elif bonus == "roll_again":
        state.spells[lord] += 1
    state.caused.append(("slide", lord, uid, right))


def _add_line(line: tuple[int, ...], extra: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(add, line, extra))


def summed_lines(state: MagiaState, lord: int) -> tuple[tuple[int, ...], ...]:
    """The lord's six lines worked out afresh from its castle and creatures (positions are
    read with this; play keeps `state.lines` up to date as creatures join)."""
    game = state.game
    castle = state.castle[lord]
    total = [list(line) for line in (game.castle_lines[castle[0]] if castle else game.no_lines)]
    for side, table in ((state.left[lord], game.left_lines), (state.right[lord], game.right_lines)):
        for uid in side:
            for face, extra in enumerate(table[uid]):
                total[face] = [a + b for a, b in zip(total[face], extra, strict=True)]
    return tuple(tuple(line) for line in total)


def strong_enough(line: tuple[int, ...], shield: int, magic_shield: int) -> bool:
    """Whether a horde line beats a shield and a magic shield: magic swords must match the
    magic shield, and swords and magic swords together the shield."""
    magic = line[MAGIC]
    return magic >= magic_shield and line[SWORDS] + magic >= shield


def can_raid(state: MagiaState, lord: int, place: int) -> bool:
    game = state.game
    return strong_enough(state.active(lord), game.shield[place], game.magic_shield[place])


def can_storm(state: MagiaState, lord: int, victim: int) -> bool:
    """Whether `lord` may attack `victim`'s castle today: thieves on the active line, chests
    to steal, and the strength to beat its shield and Magic Shield tokens."""
    line = state.active(lord)
    return (
        line[THIEVES] > 0
        and bool(state.stock[victim])
        and strong_enough(line, state.shield_of(victim), state.magic_shields[victim])
    )
