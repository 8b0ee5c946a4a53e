"""The card toolkit: copies, zones, counters, the codec, the action space, hidden cards."""

from __future__ import annotations

import random

import numpy as np
import pytest

from bellica.core import IllegalAction, InvalidPosition, Rng
from bellica.core.cards import (
    PRIVATE,
    PUBLIC,
    SECRET,
    TOP,
    CardActionSpace,
    CardCodec,
    CardTable,
    Copy,
    Counter,
    Counters,
    Family,
    Layout,
    Zones,
    resample,
    zone_tensor_size,
    zones_tensor,
)
from bellica.core.cards.counters import CARD, FLAG
from bellica.core.cards.zones import draw
from bellica.core.seating import Seating

NAMES = ["Hoplite", "Imp", "Satyr", "Oracle", "Gorgon", "Stone", "Lyre", "Owl", "Bull", "Ram"]
TABLE = CardTable([Copy(name, f"{i:03d}", name, (name,)) for i, name in enumerate(NAMES)])
LAYOUT = Layout(
    [
        Family("deck", 2, SECRET, owned=True),
        Family("hand", 2, PRIVATE, owned=True),
        Family("discard", 2, PUBLIC, owned=True),
        Family("market", 1, TOP),
        Family("supply"),
    ]
)
COUNTERS = Counters(
    [Counter("damage", "d"), Counter("shield", "s", FLAG), Counter("cover", "p", CARD)]
)


def dealt() -> Zones:
    zones = Zones(LAYOUT)
    deck0, deck1 = zones.family("deck")
    hand0, hand1 = zones.family("hand")
    deck0.extend([0, 1, 2])
    hand0.extend([3])
    deck1.extend([4, 5])
    hand1.extend([6, 7])
    zones.family("market")[0].extend([8, 9])
    return zones


def test_copies_get_uids_tokens_and_labels():
    assert TABLE.size == 10 and TABLE.uid("003") == 3 and TABLE.label[1] == "Imp (001)"
    assert TABLE.uids(lambda card: card.startswith("O")) == [3, 7]
    with pytest.raises(ValueError, match="token"):
        CardTable([Copy("a", "001", "a", ("a",)), Copy("b", "001", "b", ("b",))])


def test_zones_are_numbered_by_family_and_owner():
    assert LAYOUT.size == 8
    assert LAYOUT.names[:4] == ["deck 0", "deck 1", "hand 0", "hand 1"]
    assert LAYOUT.zone("hand", 1) == 3 and LAYOUT.owner[3] == 1 and LAYOUT.owner[6] == -1
    assert LAYOUT.owned_by(0, SECRET) == [0]


def test_zone_operations_and_independent_copies():
    zones = dealt()
    copy = zones.copy()
    deck0, hand0 = zones.family("deck")[0], zones.family("hand")[0]
    assert zones.peek(deck0, 2) == [2, 1] and zones.where(7) == LAYOUT.zone("hand", 1)
    zones.move(2, deck0, hand0)
    assert hand0 == [3, 2] and copy.family("hand")[0] == [3]
    assert zones.where(99) == -1 and len(zones.placement()) == 10


def test_draw_reshuffles_the_refill_pile_when_the_deck_runs_out():
    deck, hand, pile = [1], [], [5, 6, 7]
    assert draw(deck, hand, 3, Rng(1), pile) == 3
    assert hand[0] == 1 and sorted(hand[1:] + deck) == [5, 6, 7] and pile == []
    assert draw([], hand, 2, Rng(1), []) == 0


def test_counters_clear_and_the_codec_round_trips():
    values = COUNTERS.new(TABLE.size)
    codec = CardCodec(TABLE, COUNTERS)
    values[0][4] = 3
    values[1][4] = 1
    values[2][4] = 5
    assert codec.words([4, 1], values, owners=[0, 1, 0, 0, 2] + [0] * 5) == "004[d3,s,p005]@2 001@1"
    fresh = COUNTERS.new(TABLE.size)
    assert codec.read("004[d3,s,p005]@2 001", fresh, "hand", max_owner=2) == [(4, 2), (1, None)]
    assert fresh == values
    COUNTERS.clear(values, 4)
    assert (values[0][4], values[1][4], values[2][4]) == (0, 0, -1)


@pytest.mark.parametrize(
    "word",
    [
        "099",
        "004[d0]",
        "004[d-1]",
        "004[d" + "9" * 5000 + "]",
        "004[s2]",
        "004[p004]",
        "004[q]",
        "004[d1,d2]",
        "004@9",
        "004[p099]",
    ],
)
def test_the_codec_refuses_what_is_not_a_card_of_this_game(word):
    with pytest.raises(InvalidPosition):
        CardCodec(TABLE, COUNTERS).read(word, COUNTERS.new(TABLE.size), "hand", max_owner=1)


def test_the_card_action_space():
    space = CardActionSpace(TABLE, [("play", "Play {}"), ("buy", "Buy {}")], [("end", "End")], 16)
    assert space.size == 33
    play = space.card("play", 3)
    assert play.text == "Play Oracle (003)" and play.index == 3 and space.uid(play) == 3
    assert space.card("buy", 3) is space[19] and space.plain("end").index == 32
    assert space.from_json(play.to_json()) is play and space.uid(space.plain("end")) == -1
    for bad in (15, 33, -1, True, "3"):
        with pytest.raises(IllegalAction):
            space[bad]  # type: ignore[index]
    for data in ({"kind": "play"}, {"kind": "play", "card": "099"}, {"kind": "fly"}, [1]):
        with pytest.raises(IllegalAction):
            space.from_json(data)


def test_resampling_keeps_what_the_seat_knows():
    seating = Seating.duel()
    zones = dealt()
    for seed in range(30):
        copy = zones.copy()
        resample(copy, seating, 0, Rng(seed), fixed={5})
        deck0, deck1 = copy.family("deck")
        hand0, hand1 = copy.family("hand")
        assert hand0 == [3] and sorted(deck0) == [0, 1, 2]  # own hand known, deck reshuffled
        assert len(hand1) == 2 and len(deck1) == 2 and 5 in deck1 and deck1[-1] == 5
        assert sorted(hand1 + deck1) == [4, 5, 6, 7]  # the other side's cards, dealt again
        assert copy.family("market")[0] == [8, 9]  # two cards: the one under the top is known


def test_resampling_honours_what_the_seat_has_seen():
    zones = dealt()
    moved = set()
    for seed in range(20):
        copy = zones.copy()
        resample(copy, Seating.duel(), 0, Rng(seed), required=lambda side, pool, rng: [6])
        hand = copy.family("hand")[1]
        assert 6 in hand and len(hand) == 2
        moved.add(next(u for u in hand if u != 6))
    assert len(moved) > 1  # the rest of the hand is still dealt at random


def test_the_zones_tensor_hides_what_resampling_changes():
    seating = Seating.duel()
    zones = dealt()
    width = zone_tensor_size(LAYOUT, 2)
    seen = np.zeros((TABLE.size, width), dtype=np.float32)
    zones_tensor(zones, seating, 0, 0, seen)
    assert (seen.sum(axis=1) == 1).all()
    for seed in range(10):
        copy = zones.copy()
        resample(copy, seating, 0, Rng(random.Random(seed).getrandbits(32)))
        again = np.zeros_like(seen)
        zones_tensor(copy, seating, 0, 0, again)
        assert np.array_equal(seen, again)
    theirs = np.zeros_like(seen)
    zones_tensor(zones, seating, 1, 1, theirs)
    assert theirs[6].argmax() == seen[3].argmax()  # each seat finds its own hand in one column


def test_pooled_secret_zones_are_dealt_again_only_with_their_own_pool():
    layout = Layout(
        [
            Family("hand", 2, PRIVATE, owned=True),
            Family("deck"),
            Family("evil", 2, SECRET, pool="evil"),
            Family("box", 1, SECRET, pool="evil"),
            Family("towns", 1, SECRET, pool="town"),
        ]
    )
    zones = Zones(layout)
    hand0, hand1, _, evil0, evil1, box, towns = zones.lists
    hand0 += [0]
    hand1 += [1]
    evil0 += [2, 3]
    evil1 += [4]
    box += [5, 6]
    towns += [7, 8]
    seen_evil, seen_towns = set(), set()
    for seed in range(40):
        copy = zones.copy()
        resample(copy, Seating.duel(), 0, Rng(seed))
        h0, h1, _, e0, e1, b, t = copy.lists
        assert (h0, h1) == ([0], [1])  # an unpooled hand is not mixed with a pool's cards
        assert (len(e0), len(e1), len(b)) == (2, 1, 2)
        assert sorted(e0 + e1 + b) == [2, 3, 4, 5, 6] and sorted(t) == [7, 8]
        seen_evil.add(tuple(e1))
        seen_towns.add(tuple(t))
    assert len(seen_evil) == 5 and len(seen_towns) == 2
    width = zone_tensor_size(layout, 2)
    before = np.zeros((9, width), dtype=np.float32)
    zones_tensor(zones, Seating.duel(), 0, 0, before)
    after = np.zeros_like(before)
    zones_tensor(copy, Seating.duel(), 0, 0, after)
    assert np.array_equal(before, after)  # a pool's cards show only as in the pool


def test_only_a_shared_secret_family_has_a_pool():
    with pytest.raises(ValueError, match="pool"):
        Family("hand", 2, SECRET, owned=True, pool="x")
    with pytest.raises(ValueError, match="pool"):
        Family("row", 1, PUBLIC, pool="x")
