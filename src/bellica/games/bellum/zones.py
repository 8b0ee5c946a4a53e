"""Moving cards between zones: drawing, entering and leaving play, the Stock."""

from __future__ import annotations

from bellica.games.bellum.state import BellumState


def where(state: BellumState, uid: int) -> list[int] | None:
    """The zone list that holds `uid` (None when it is nowhere in play or in a pile)."""
    owner = state.owner[uid]
    if owner >= 0:
        for zone in (state.play[owner], state.hand[owner], state.discard[owner], state.deck[owner]):
            if uid in zone:
                return zone
    if uid in state.resolving:
        return state.resolving
    if uid in state.stock:
        return state.stock
    return None


def draw(state: BellumState, side: int, count: int) -> int:
    """Draw up to `count` cards, shuffling the discard pile into a new deck when the deck runs
    out; returns how many were drawn."""
    deck, hand = state.deck[side], state.hand[side]
    drawn = 0
    for _ in range(count):
        if not deck and not reshuffle(state, side):
            break
        hand.append(deck.pop())
        drawn += 1
    return drawn


def reshuffle(state: BellumState, side: int) -> bool:
    """Shuffle the discard pile into a new deck; False when there was nothing to shuffle."""
    pile = state.discard[side]
    if not pile:
        return False
    deck = state.deck[side]
    deck.extend(pile)
    pile.clear()
    state.rng.shuffle(deck)
    return True


def clear_tokens(state: BellumState, uid: int) -> None:
    state.damage[uid] = 0
    state.charges[uid] = 0
    state.shield[uid] = 0
    state.status[uid] = 0
    state.face[uid] = 0
    cover = state.cover[uid]
    if cover >= 0:  # the Petrified card goes back to the Stock
        state.cover[uid] = -1
        state.owner[cover] = -1
        state.stock.append(cover)
        state.stock.sort()


def leave_play(state: BellumState, uid: int, to: str = "discard") -> None:
    """Take a card out of play (to its owner's discard pile, or to the Stock)."""
    owner = state.owner[uid]
    state.play[owner].remove(uid)
    if uid in state.attackers:  # an attacker gone before the blocks no longer attacks;
        state.attackers.remove(uid)  # a duel already set stays set (its attacker is blocked)
    if uid in state.rally_left:
        state.rally_left.remove(uid)
    clear_tokens(state, uid)
    put(state, uid, owner, to)


def put(state: BellumState, uid: int, side: int, to: str) -> None:
    """Put a card that is in no zone into `side`'s discard pile or hand, or into the Stock."""
    if to == "stock":
        state.owner[uid] = -1
        state.stock.append(uid)
        state.stock.sort()
    else:
        state.owner[uid] = side
        (state.discard if to == "discard" else state.hand)[side].append(uid)


def take_from_stock(state: BellumState, name: str) -> int:
    """A Stock card of that name still available to summon (a Stock card, not a Removed one),
    taken out of the Stock; -1 when none is left."""
    table = state.game.table
    for uid in state.stock:
        if table.home[uid] == "stock" and table.card[uid].name == name:
            state.stock.remove(uid)
            return uid
    return -1
