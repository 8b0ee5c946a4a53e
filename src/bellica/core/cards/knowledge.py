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
    to its first private zone. Then each top-only zone below its top card. Cards in `fixed`
    (a pending look has shown them) stay where they are, on top of their zones.
    """
    layout = zones.layout
    lists = zones.lists
    for side in range(seating.sides):
        secret = layout.owned_by(side, SECRET)
        hidden = [[u for u in lists[z] if u not in fixed] for z in secret]
        kept = [[u for u in lists[z] if u in fixed] for z in secret]
        if seating.sees(seat, side):
            for zone, cards, stay in zip(secret, hidden, kept, strict=True):
                rng.shuffle(cards)
                lists[zone][:] = cards + stay
            continue
        private = layout.owned_by(side, PRIVATE)
        pool = [u for cards in hidden for u in cards] + [u for z in private for u in lists[z]]
        sizes = [len(lists[z]) for z in private] + [len(cards) for cards in hidden]
        must = required(side, pool, rng) if required is not None and private else []
        if len(must) > sizes[0]:
            must = []
        rest = [u for u in pool if u not in must]
        rng.shuffle(rest)
        dealt = [must + rest[: sizes[0] - len(must)]] if private else []
        start = sizes[0] - len(must) if private else 0
        for size in sizes[len(dealt) :]:
            dealt.append(rest[start : start + size])
            start += size
        for zone, cards in zip(private, dealt, strict=False):
            lists[zone][:] = cards
        for zone, cards, stay in zip(secret, dealt[len(private) :], kept, strict=True):
            lists[zone][:] = cards + stay
    for zone in range(layout.size):
        family = layout.family_of[zone]
        pile = lists[zone]
        if family.owned and family.visibility == SECRET:
            continue
        if family.visibility == TOP and len(pile) > 2:
            below = pile[:-1]
            rng.shuffle(below)
            pile[:-1] = below
        elif family.visibility == SECRET and not family.owned and len(pile) > 1:
            below = [u for u in pile if u not in fixed]
            rng.shuffle(below)
            pile[:] = below + [u for u in pile if u in fixed]


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
    and a card under the top of a top-only stack only as under it. Nothing in it changes when
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
