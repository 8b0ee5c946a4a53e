"""Hidden information: chest values seen only by those who held them, secret pile orders, and
determinizing exactly what a seat cannot know."""

from __future__ import annotations

import json
import random
from collections import Counter

from bm_helpers import game, reach

from bellica.core import SPECTATOR
from bellica.games.bellum_magia.cards import CHEST_KINDS
from bellica.games.bellum_magia.state import MagiaState


def _robbed(state: MagiaState) -> int | None:
    """A lord who lost a chest (it knows a chest it no longer holds) while another lord holds
    a chest it has never seen; None if there is none."""
    for lord in range(3):
        lost = bin(state.seen[lord]).count("1") > len(state.stock[lord])
        unseen = any(
            not state.knows(lord, u)
            for other in range(3)
            if other != lord
            for u in state.stock[other]
        )
        if lost and unseen:
            return lord
    return None


def test_a_lord_sees_its_own_chest_values_and_only_the_kinds_of_others() -> None:
    g = game(3)
    state = reach(g, lambda s: sum(len(s.stock[lord]) > 0 for lord in range(3)) >= 2)
    for seat in range(3):
        lords = state.observation(seat)["lords"]
        for lord in range(3):
            for chest, uid in zip(lords[lord]["chests"], state.stock[lord], strict=True):
                assert chest["chest"] == g.table.token[uid]
                assert chest["kind"] == g.chest_kind[uid]
                expected = state.value[uid] if state.knows(seat, uid) else None
                assert chest["value"] == expected
                if lord == seat:
                    assert chest["value"] == state.value[uid]  # the check can fail
        mine = lords[seat]
        assert mine["wealth"] == state.wealth(seat)
    public = state.observation(SPECTATOR)
    assert all(c["value"] is None for lord in public["lords"] for c in lord["chests"])


def test_a_stolen_chest_stays_known_to_its_old_owner_and_becomes_known_to_the_thief() -> None:
    g = game(3)
    state = reach(g, lambda s: bool(s.stack) and s.stack[-1].name == "steal", tries=200)
    task = state.stack[-1]
    thief, victim = task.side, task.victim  # type: ignore[attr-defined]
    third = 3 - thief - victim
    action = state.legal_actions()[0]
    uid = g.actions.uid(action)
    assert state.knows(victim, uid) and not state.knows(thief, uid)
    known_by_third = state.knows(third, uid)
    state.apply(action)
    assert uid in state.stock[thief]
    assert state.knows(thief, uid) and state.knows(victim, uid)
    assert state.knows(third, uid) == known_by_third
    for seat in (thief, victim):
        told = [e.text_for(seat) for e in state.events() if e.kind == "steal"]
        assert told and f"worth {state.value[uid]}" in told[0]
    public = [e.text for e in state.events() if e.kind == "steal"]
    assert public and "worth" not in public[0]
    victim_view = state.observation(victim)["lords"][thief]["chests"]
    assert {"chest": g.table.token[uid], "kind": g.chest_kind[uid], "value": state.value[uid]} in (
        victim_view
    )


def test_determinizing_deals_again_only_the_chest_values_the_seat_has_not_seen() -> None:
    g = game(3)
    state = reach(g, lambda s: _robbed(s) is not None, tries=200)
    seat = _robbed(state)
    assert seat is not None
    changed = set()
    for seed in range(30):
        copy = state.determinize(seat, seed)
        assert isinstance(copy, MagiaState)
        for kind in CHEST_KINDS:
            uids = g.chest_uids[kind]
            assert Counter(copy.value[u] for u in uids) == Counter(state.value[u] for u in uids)
        for uid in range(g.table.size):
            if state.knows(seat, uid):
                assert copy.value[uid] == state.value[uid]
            elif copy.value[uid] != state.value[uid]:
                changed.add(uid)
        assert copy.observation(seat) == state.observation(seat)
    others = {
        u
        for lord in range(3)
        if lord != seat
        for u in state.stock[lord]
        if not state.knows(seat, u)
    }
    assert changed & others  # other lords' unseen chests do get other values


def test_determinizing_deals_the_piles_again_within_their_rank_and_layer() -> None:
    g = game(2)
    state = g.new_game(seed=4)
    ranks = {"evil": [], "most_evil": []}
    kingdom_orders = set()
    for seed in range(20):
        copy = state.determinize(0, seed)
        assert isinstance(copy, MagiaState)
        for rank, piles in (("evil", copy.evil_pile), ("most_evil", copy.most_evil_pile)):
            assert [len(p) for p in piles] == [
                len(p) for p in (state.evil_pile if rank == "evil" else state.most_evil_pile)
            ]
            assert all(g.rank[u] == rank for p in piles for u in p)
            ranks[rank].append(tuple(piles[0]))
        assert copy.evil_row == state.evil_row and copy.most_evil_row == state.most_evil_row
        assert copy.places == state.places and copy.tavern == state.tavern
        for layer, kind in zip(copy.kingdom, ("town", "village", "farm"), strict=True):
            assert all(g.table.card[u].kind == kind for u in layer)
        assert [len(x) for x in copy.kingdom] == [len(x) for x in state.kingdom]
        kingdom_orders.add(tuple(copy.kingdom[2]))
    assert len(set(ranks["evil"])) > 1 and len(set(ranks["most_evil"])) > 1
    assert len(kingdom_orders) > 1  # which Farms are in the 2-player pile is secret too


def test_no_observation_or_log_tells_a_seat_a_value_it_has_not_seen() -> None:
    """A whole random game at 4 players: every seat's observation and every log text it reads
    name only the values of chests it knows."""
    g = game(4)
    state = g.new_game(seed=9)
    chooser = random.Random(9)
    while not state.is_terminal:
        state.apply(chooser.choice(state.legal_actions()))
        for seat in range(4):
            for lord in state.observation(seat)["lords"]:
                for chest in lord["chests"]:
                    uid = g.uid(chest["chest"])
                    assert uid is not None
                    assert (chest["value"] is not None) == state.knows(seat, uid)
            for event in state.events():
                text = event.text_for(seat)
                if "worth" in text:
                    shown = [
                        w
                        for w in text.replace("(", " ").replace(")", " ").split()
                        if w[:1] in "WMG" and w[1:].isdigit()
                    ]
                    assert all(state.knows(seat, g.uid(w)) for w in shown), text
        json.dumps(state.observation(SPECTATOR))


def test_at_the_end_every_chest_is_turned_over() -> None:
    g = game(3)
    state = g.new_game(seed=2)
    chooser = random.Random(2)
    while not state.is_terminal:
        before = [state.observation(seat) for seat in range(3)]
        state.apply(chooser.choice(state.legal_actions()))
    hidden_before = [
        c for o in before for lord in o["lords"] for c in lord["chests"] if c["value"] is None
    ]
    assert hidden_before  # the check can fail: values were secret just before the end
    for seat in (0, 1, 2, SPECTATOR):
        lords = state.observation(seat)["lords"]
        for lord, shown in enumerate(lords):
            assert [c["value"] for c in shown["chests"]] == [
                state.value[u] for u in state.stock[lord]
            ]
            assert shown["wealth"] == state.wealth(lord)
    assert state.determinize(0, 7).observation(0) == state.observation(0)
