"""The shared Deck: drawing, the Underworld shuffled in, filling Tartarus and the Agora, hands."""

from __future__ import annotations

from bellica.core.cards.zones import reshuffle
from bellica.games.siege_of_olympus.state import FRESH, SiegeState

TARTARUS_SIZE = 6  # prisoners Tartarus holds after every refill
AGORA_START = 4  # cards the Agora holds at least after the set-up
AGORA_MOST = 6
HAND_LIMIT = 8  # cards a hand may keep at the end of its owner's turn
MINION_LIMIT = 8  # minions a player may control


def next_card(state: SiegeState) -> int:
    """The Deck's top card, taken off it; the Underworld is shuffled into a new Deck first
    when the Deck is empty (-1 when both are empty)."""
    deck = state.deck
    if not deck:
        if not reshuffle(state.underworld, deck, state.rng):
            return -1
        state.caused.append(("reshuffle",))
    return deck.pop()


def draw(state: SiegeState, side: int, count: int = 1) -> int:
    """`side` draws up to `count` cards (the others see only how many); returns how many."""
    drawn = 0
    for _ in range(count):
        uid = next_card(state)
        if uid < 0:
            break
        state.hand[side].append(uid)
        state.caused.append(("draw", side, uid))
        drawn += 1
    return drawn


def to_hand(
    state: SiegeState, side: int, uid: int, source: list[int], fresh: bool, seen: bool = True
) -> None:
    """Move a card into `side`'s hand: openly (`seen`: both players know it is there) or not
    (a searched card); a `fresh` one (recruited, Reborn, Free) cannot be summoned this turn."""
    source.remove(uid)
    state.game.counters.clear(state.counters, uid)
    state.hand[side].append(uid)
    if seen:
        state.known[side].append(uid)
    if fresh:
        state.status[uid] |= FRESH


def leave_hand(state: SiegeState, side: int, uid: int, target: list[int]) -> None:
    """Move a card out of `side`'s hand (it is no longer a known card of that hand)."""
    state.hand[side].remove(uid)
    known = state.known[side]
    if uid in known:
        known.remove(uid)
    state.status[uid] &= ~FRESH
    target.append(uid)


def fill_tartarus(state: SiegeState) -> None:
    """Deck cards until Tartarus holds six prisoners: a spell goes to the Agora while it has
    room, otherwise to the bottom of the Deck; at most as many cards as the Deck (and the
    Underworld) held are turned, so the refill always ends."""
    is_minion = state.game.is_minion
    tartarus, agora = state.tartarus, state.agora
    turns = len(state.deck) + len(state.underworld)
    while len(tartarus) < TARTARUS_SIZE and turns > 0:
        uid = next_card(state)
        if uid < 0:
            return
        turns -= 1
        if is_minion[uid]:
            tartarus.append(uid)
            state.caused.append(("prisoner", uid))
        elif len(agora) < AGORA_MOST:
            agora.append(uid)
            state.caused.append(("agora", uid))
        else:
            state.deck.insert(0, uid)
            state.caused.append(("bottom", uid))


def fill_agora(state: SiegeState) -> None:
    """At the set-up, Deck cards go to the Agora until it holds four."""
    while len(state.agora) < AGORA_START:
        uid = next_card(state)
        if uid < 0:
            return
        state.agora.append(uid)
        state.caused.append(("agora", uid))
