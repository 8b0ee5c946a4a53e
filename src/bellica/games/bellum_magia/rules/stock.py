"""A lord's stock: resources taken from and paid to the reserve, chests won and stolen."""

from __future__ import annotations

from bellica.games.bellum_magia.state import BARREL, MAX_BARRELS, MagiaState

RESOURCE_NAMES = ("food", "glyph", "barrel")


def gain(state: MagiaState, lord: int, resource: int, amount: int) -> int:
    """`lord` takes up to `amount` of a resource from the reserve: no more than the reserve
    holds, and never a third Barrel (the rest is refused and stays there). Returns how many."""
    held = state.held[lord]
    room = state.reserve[resource]
    if resource == BARREL:
        room = min(room, MAX_BARRELS - held[BARREL])
    taken = max(0, min(amount, room))
    if taken:
        held[resource] += taken
        state.reserve[resource] -= taken
    return taken


def pay(state: MagiaState, lord: int, resource: int, amount: int) -> None:
    """`lord` puts `amount` of a resource back in the reserve (the rules checked it holds it)."""
    state.held[lord][resource] -= amount
    state.reserve[resource] += amount


def win_chests(state: MagiaState, lord: int, kind: str, count: int) -> list[int]:
    """`lord` takes `count` chests of a kind from the top of its pile (an empty pile gives
    nothing more) and looks at them. Returns the chests taken."""
    pile = state.piles[kind]
    taken = []
    for _ in range(min(count, len(pile))):
        uid = pile.pop()
        state.stock[lord].append(uid)
        state.seen[lord] |= 1 << uid
        taken.append(uid)
    return taken


def steal(state: MagiaState, thief: int, victim: int, uid: int) -> None:
    """`thief` takes chest `uid` from `victim`'s stock, face down, then looks at it; the
    victim still knows what it was."""
    state.stock[victim].remove(uid)
    state.stock[thief].append(uid)
    state.seen[thief] |= 1 << uid
    state.caused.append(("steal", thief, victim, uid))
