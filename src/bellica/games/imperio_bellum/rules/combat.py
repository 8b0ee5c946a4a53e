"""Combat: how many dice each side rolls, and who wins a roll-off."""

from __future__ import annotations

from bellica.games.imperio_bellum.pieces import ARCHER, BASE, KNIGHT, PIKEMAN

MIN_DICE = 1  # ruling: penalties never take a piece below one die


def knight_charge_modifier(tiles_moved: int) -> int:
    """A knight's attack modifier for the tiles it moved since its last attack: fewer than two is
    a point-blank attack (-1); two, three, four tiles give +1, +2, +3 (the bonus replaces the
    point-blank penalty, it is not added to it)."""
    if tiles_moved < 2:
        return -1
    return min(tiles_moved, 4) - 1


def attack_dice(
    attacker: int, defender: int, *, ranged: bool, charge: int, entrenched: bool
) -> int:
    """Dice rolled by a piece of kind `attacker` attacking a piece of kind `defender`.

    `ranged` is an archer's bombardment from 2-5 squares; `charge` the tiles a knight moved
    since its last attack; `entrenched` whether an attacking pikeman is entrenched.
    """
    if attacker == KNIGHT:
        dice = 3 + knight_charge_modifier(charge)
        if defender == PIKEMAN:
            dice -= 1
    elif attacker == ARCHER:
        dice = 3 if ranged else 1
    elif attacker == PIKEMAN:
        dice = 2 + entrenched
        if defender == KNIGHT:
            dice += 2
    else:  # footsoldier: +1 for attacking
        dice = 4
        if defender == KNIGHT:
            dice -= 2
        elif defender == ARCHER:
            dice += 1
    return max(dice, MIN_DICE)


def defence_dice(
    defender: int, attacker: int, *, barrage: bool, adjacent: bool, entrenched: bool
) -> int:
    """Dice rolled by a piece of kind `defender` attacked by a piece of kind `attacker`.

    `barrage` is an archer's ranged attack or its splash; `adjacent` whether the attack comes
    from one of the eight surrounding squares.
    """
    if defender >= BASE:
        return 1  # bases always defend with exactly one die
    if defender == KNIGHT:
        dice = 3 - adjacent  # point-blank when attacked from a neighbouring square
        if attacker == PIKEMAN:
            dice -= 1
    elif defender == ARCHER:
        dice = 1  # an archer only shoots from afar; up close and under fire it has one die
    elif defender == PIKEMAN:
        dice = 2 + entrenched
        if attacker == KNIGHT:
            dice += 2
        if barrage:
            dice -= 1
    else:  # footsoldier
        dice = 3
        if attacker == KNIGHT:
            dice -= 2
        elif attacker == ARCHER:
            dice += 1
    return max(dice, MIN_DICE)


# -- why a piece rolls as many dice as it does (for the log) --------------------------------
# Each reason reads on its own beside its number: "pikeman against a knight +2", "entrenched +1".
Modifiers = tuple[tuple[str, int], ...]


def attack_modifiers(
    attacker: int, defender: int, *, ranged: bool, charge: int, entrenched: bool
) -> tuple[int, Modifiers]:
    """The attacker's own dice and each modifier with its reason; `attack_dice` is their sum
    (never below MIN_DICE)."""
    mods: list[tuple[str, int]] = []
    if attacker == KNIGHT:
        base = 3
        bonus = knight_charge_modifier(charge)
        charged = f"knight's charge of {min(charge, 4)} tiles"
        mods.append(("knight point-blank" if bonus < 0 else charged, bonus))
        if defender == PIKEMAN:
            mods.append(("knight against a pikeman", -1))
    elif attacker == ARCHER:
        base = 3 if ranged else 1
    elif attacker == PIKEMAN:
        base = 2
        if entrenched:
            mods.append(("entrenched", 1))
        if defender == KNIGHT:
            mods.append(("pikeman against a knight", 2))
    else:
        base = 3
        mods.append(("footsoldier attacking", 1))
        if defender == KNIGHT:
            mods.append(("footsoldier against a knight", -2))
        elif defender == ARCHER:
            mods.append(("footsoldier against an archer", 1))
    return base, tuple(mods)


def defence_modifiers(
    defender: int, attacker: int, *, barrage: bool, adjacent: bool, entrenched: bool
) -> tuple[int, Modifiers]:
    """The defender's own dice and each modifier with its reason; `defence_dice` is their sum
    (never below MIN_DICE)."""
    mods: list[tuple[str, int]] = []
    if defender >= BASE:
        return 1, ()
    if defender == KNIGHT:
        base = 3
        if adjacent:
            mods.append(("knight point-blank", -1))
        if attacker == PIKEMAN:
            mods.append(("knight against a pikeman", -1))
    elif defender == ARCHER:
        base = 1
    elif defender == PIKEMAN:
        base = 2
        if entrenched:
            mods.append(("entrenched", 1))
        if attacker == KNIGHT:
            mods.append(("pikeman against a knight", 2))
        if barrage:
            mods.append(("pikeman under archer fire", -1))
    else:
        base = 3
        if attacker == KNIGHT:
            mods.append(("footsoldier against a knight", -2))
        elif attacker == ARCHER:
            mods.append(("footsoldier against an archer", 1))
    return base, tuple(mods)
