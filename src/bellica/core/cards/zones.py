"""Zones: named piles of cards per owner and shared ones; draw, reshuffle, move, where, peek."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bellica.core.rng import Rng

PUBLIC = "public"  # everyone sees the cards (cards in play, a discard pile, a market row)
PRIVATE = "private"  # the owner sees them, the others only how many (a hand)
SECRET = "secret"  # nobody sees the order; who owns which cards is still known (a deck)
TOP = "top"  # only the top card shows; the rest are known as a set (a face-up stack)
VISIBILITIES = (PUBLIC, PRIVATE, SECRET, TOP)


@dataclass(frozen=True, slots=True)
class Family:
    """A kind of zone: one zone (`count` 1), one per side (`owned`: zone i belongs to side i),
    or several shared ones (the four Olympus stacks of each battlefield). A shared secret
    zone's `pool` names the cards it may be dealt again with: "" (one Deck everybody draws
    from: dealt with the hands a seat cannot see), or a name shared only by the zones that
    hold the same kind of card (Bellum Magia's two Evil piles and the Evil cards left in the
    box)."""

    name: str
    count: int = 1
    visibility: str = PUBLIC
    owned: bool = False
    pool: str = ""

    def __post_init__(self) -> None:
        if self.visibility not in VISIBILITIES:
            raise ValueError(f"zone family {self.name}: unknown visibility {self.visibility!r}")
        if self.count < 1:
            raise ValueError(f"zone family {self.name} needs at least one zone")
        if self.pool and (self.visibility != SECRET or self.owned):
            raise ValueError(f"zone family {self.name}: only a shared secret zone has a pool")


class Layout:
    """Every zone of a configuration, numbered: the families in order, each family's zones in
    order. A zone number names one pile in states, positions and tensors."""

    def __init__(self, families: Sequence[Family]) -> None:
        self.families = tuple(families)
        self.base: dict[str, int] = {}
        self.family_of: list[Family] = []
        self.index_in_family: list[int] = []
        self.owner: list[int] = []  # the side a zone belongs to, -1 for a shared zone
        for family in self.families:
            if family.name in self.base:
                raise ValueError(f"two zone families are called {family.name!r}")
            self.base[family.name] = len(self.family_of)
            for index in range(family.count):
                self.family_of.append(family)
                self.index_in_family.append(index)
                self.owner.append(index if family.owned else -1)
        self.size = len(self.family_of)
        self._owned: dict[tuple[int, str], list[int]] = {}
        for zone, (family, owner) in enumerate(zip(self.family_of, self.owner, strict=True)):
            if owner >= 0:
                self._owned.setdefault((owner, family.visibility), []).append(zone)
        self.spans = {  # each family's zones, as a slice of the zone numbers
            f.name: slice(self.base[f.name], self.base[f.name] + f.count) for f in self.families
        }
        self.names = [
            f"{f.name} {i}" if f.count > 1 else f.name
            for f, i in zip(self.family_of, self.index_in_family, strict=True)
        ]

    def zone(self, family: str, index: int = 0) -> int:
        """The number of a family's `index`-th zone."""
        return self.base[family] + index

    def zones(self, family: str) -> range:
        base = self.base[family]
        return range(base, base + self.family_by_name(family).count)

    def family_by_name(self, name: str) -> Family:
        return self.family_of[self.base[name]]

    def owned_by(self, side: int, visibility: str) -> list[int]:
        """The zones of `side` with that visibility, in layout order."""
        return self._owned.get((side, visibility), [])


class Zones:
    """The cards in each zone of a layout, as lists of uids (a pile's top is its last item).
    States hold one and copy it with `copy`; a family's lists are handed out by `family`, the
    very lists the zones hold, so rules can read `hand[side]` directly."""

    __slots__ = ("layout", "lists")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.lists: list[list[int]] = [[] for _ in range(layout.size)]

    def copy(self) -> Zones:
        new = Zones.__new__(Zones)
        new.layout = self.layout
        new.lists = list(map(list.copy, self.lists))
        return new

    def family(self, name: str) -> list[list[int]]:
        """The lists of one family's zones (the same list objects, not copies)."""
        return self.lists[self.layout.spans[name]]

    def where(self, uid: int) -> int:
        """The zone that holds `uid`, or -1 when it is in none (out of the game)."""
        for zone, pile in enumerate(self.lists):
            if uid in pile:
                return zone
        return -1

    def placement(self) -> dict[int, int]:
        """Every placed card's zone (each card appears in at most one zone)."""
        return {uid: zone for zone, pile in enumerate(self.lists) for uid in pile}

    def move(self, uid: int, source: list[int], target: list[int]) -> None:
        """Take `uid` out of `source` and put it on top of `target`."""
        source.remove(uid)
        target.append(uid)

    def peek(self, pile: list[int], count: int) -> list[int]:
        """The top `count` cards of a pile, the top one first."""
        return pile[::-1][:count] if count > 0 else []


def reshuffle(pile: list[int], deck: list[int], rng: Rng) -> bool:
    """Put the pile into the deck and shuffle the deck (the rules do this when the deck has
    run out); False when the pile was empty."""
    if not pile:
        return False
    deck.extend(pile)
    pile.clear()
    rng.shuffle(deck)
    return True


def draw(deck: list[int], hand: list[int], count: int, rng: Rng, refill: list[int] | None) -> int:
    """Draw up to `count` cards from the top of `deck` into `hand`; when the deck runs out,
    `refill` (a discard pile) is shuffled into a new deck. Returns how many were drawn."""
    drawn = 0
    for _ in range(count):
        if not deck and (refill is None or not reshuffle(refill, deck, rng)):
            break
        hand.append(deck.pop())
        drawn += 1
    return drawn
