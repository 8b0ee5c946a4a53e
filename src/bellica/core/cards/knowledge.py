"""What a seat knows of the cards: resampling what it cannot know, and the zones as a tensor."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from bellica.core.cards.zones import PRIVATE, SECRET, TOP, Zones
from bellica.core.rng import Rng
from bellica.core.seating import Seating

# The cards a side is known to hold in its (first) private zone, chosen from the pool of its
# hidden cards: what the seat has seen it do (say, that it is paying a cost, so it holds cards
# that pay it). (side, pool, rng) -> cards; none when nothing is known.
Required = Callable[[int, list[int], Rng], list[int]]


def resample(
    zones: Zones,
    seating: Seating,
    seat: int,
    rng: Rng,
    fixed: Collection[int] = (),
    required: Required | None = None,
) -> None:
    """Reshuffle, in place, every card `seat` cannot know the place of.

    For each side in turn: the order of its secret zones (a deck), its own cards too; when the
    seat may not look at that side's private zones (a hand), those cards and the secret ones
    are dealt again together, each zone keeping its size, the cards `required` names going
    to its first private zone. A shared secret zone (one Deck for everybody) is dealt again
    together with every hand the seat may not look at; shared secret zones of a named pool
    only with each other. Then each top-only zone below its top
    card. Cards in `fixed` (a look has shown them, or everybody saw them arrive in a hand) stay
    where they are (on top of a secret zone).
    """
    layout = zones.layout
    lists = zones.lists
    unseen: list[int] = []  # the private zones the seat may not look at
    kept: set[int] = set(fixed)
    for side in range(seating.sides):
        secret = layout.owned_by(side, SECRET)
        hidden = [[u for u in lists[z] if u not in kept] for z in secret]
        stays = [[u for u in lists[z] if u in kept] for z in secret]
        if seating.sees(seat, side):
            for zone, cards, stay in zip(secret, hidden, stays, strict=True):
                rng.shuffle(cards)
                lists[zone][:] = cards + stay
            continue
        private = layout.owned_by(side, PRIVATE)
        if not private and not secret:
            continue  # nothing of this side's is hidden (every lord's pieces are public)
        unseen += private
        held = [[u for u in lists[z] if u in kept] for z in private]
        pool = [u for cards in hidden for u in cards]
        pool += [u for z in private for u in lists[z] if u not in kept]
        sizes = [len(lists[z]) - len(h) for z, h in zip(private, held, strict=True)]
        sizes += [len(cards) for cards in hidden]
        must = required(side, pool, rng) if required is not None and private else []
        if len(must) > sizes[0]:
            must = []
        kept.update(must)
        rest = [u for u in pool if u not in must]
        rng.shuffle(rest)
        dealt = [must + rest[: sizes[0] - len(must)]] if private else []
        start = sizes[0] - len(must) if private else 0
        for size in sizes[len(dealt) :]:
            dealt.append(rest[start : start + size])
            start += size
        for zone, cards, hold in zip(private, dealt, held, strict=False):
            lists[zone][:] = hold + cards
        for zone, cards, stay in zip(secret, dealt[len(private) :], stays, strict=True):
            lists[zone][:] = cards + stay
    pools: dict[str, list[int]] = {}
    for z in range(layout.size):
        family = layout.family_of[z]
        if family.visibility == SECRET and not family.owned:
            pools.setdefault(family.pool, []).append(z)
    for name, zones_of_pool in pools.items():
        _deal_again(lists, zones_of_pool if name else zones_of_pool + unseen, kept, rng)
    for zone in range(layout.size):
        family = layout.family_of[zone]
        pile = lists[zone]
        if family.visibility == TOP and len(pile) > 2:
            below = pile[:-1]
            rng.shuffle(below)
            pile[:-1] = below


def _deal_again(lists: list[list[int]], zones: list[int], kept: Collection[int], rng: Rng) -> None:
    """Shuffle the cards of `zones` (but those `kept`) together and deal them back, each zone
    keeping its size; a kept card stays in its zone (on top of a secret one)."""
    pool = [u for z in zones for u in lists[z] if u not in kept]
    rng.shuffle(pool)
    start = 0
    for zone in zones:
        stay = [u for u in lists[zone] if u in kept]
        size = len(lists[zone]) - len(stay)
        lists[zone][:] = pool[start : start + size] + stay
        start += size


def zone_tensor_size(zones_layout: Any, sides: int) -> int:
    """How many places a card can be in, as a seat sees it: every zone (a top-only zone twice:
    its top, the rest), one hidden pool per other side, and "out of the game"."""
    layout = zones_layout
    places = 0
    for family in layout.families:
        places += family.count * (2 if family.visibility == TOP else 1)
    return places + sides + 1


def zones_tensor(zones: Zones, seating: Seating, seat: int, side: int, out: Any) -> None:
    """One-hot rows, one per card, of where the card is as `seat` (playing `side`) knows it,
    written into `out` (cards × `zone_tensor_size`). Owned zones are numbered from `side`
    round the table, so a seat always finds its own hand in the same column; a card `seat`
    cannot place (in another side's hand or deck) shows only as in that side's hidden pool,
    a card in a pooled secret zone as in the pool's first zone, and a card under the top of a
    top-only stack only as under it. Nothing in it changes when
    the state is determinized for `seat`."""
    layout = zones.layout
    count = seating.sides
    place = [0] * layout.size
    places = 0
    for family in layout.families:
        base = layout.base[family.name]
        width = 2 if family.visibility == TOP else 1
        for index in range(family.count):
            relative = (index - side) % count if family.owned else index
            place[base + index] = places + relative * width
        places += family.count * width
    first_of_pool: dict[str, int] = {}
    for zone in range(layout.size):  # a pool's cards are somewhere in the pool, no more
        family = layout.family_of[zone]
        if family.pool:
            place[zone] = place[first_of_pool.setdefault(family.pool, zone)]
    placed = set()
    for zone, pile in enumerate(zones.lists):
        family = layout.family_of[zone]
        owner = layout.owner[zone]
        hidden = (
            owner >= 0 and family.visibility in (PRIVATE, SECRET) and not seating.sees(seat, owner)
        )
        top = len(pile) - 1
        for position, uid in enumerate(pile):
            placed.add(uid)
            if hidden:  # somewhere in that side's hand or deck
                out[uid, places + (owner - side) % count] = 1.0
            elif family.visibility == TOP and position != top:  # under the top card
                out[uid, place[zone] + 1] = 1.0
            else:
                out[uid, place[zone]] = 1.0
    nowhere = places + count
    for uid in range(out.shape[0]):
        if uid not in placed:
            out[uid, nowhere] = 1.0
