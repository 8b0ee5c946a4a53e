"""Hidden information: what each seat's observation, tensor and events hold, and what a
determinization may change (rulings 22, 23: known cards and the Search)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
from soo_helpers import CARDS, attack, card, game, name_of, play, position, to_phase, uid, zone

from bellica.core import SPECTATOR
from bellica.games.siege_of_olympus.cards import CARDS_FILE
from bellica.games.siege_of_olympus.state import SiegeState


def _tokens(obs: Any) -> set[str]:
    """Every card token an observation names anywhere, but a copying minion's "copied": the
    card whose printed value it took when summoned (everybody saw it), wherever it is now."""
    found: set[str] = set()
    if isinstance(obs, dict):
        for key, value in obs.items():
            if key in ("card", "source", "target") and isinstance(value, str):
                found.add(value)
            elif key == "left" and isinstance(value, list):
                found.update(value)
            else:
                found |= _tokens(value)
    elif isinstance(obs, list):
        for item in obs:
            found |= _tokens(item)
    return found


def _known(obs: dict[str, Any], side: int) -> list[str]:
    return [c["name"] for c in obs["players"][side]["known"]]


def _states(seeds: range, moves: int = 160) -> Iterator[SiegeState]:
    """States of random games, with the test cards and the shipped ones."""
    for seed in seeds:
        g = game(CARDS if seed % 2 else CARDS_FILE, commanders="choose" if seed % 3 else "random")
        state = g.new_game(seed)
        rng = random.Random(seed)
        for step in range(moves):
            if state.is_terminal:
                break
            if step % 7 == 0:
                yield state
            state.apply(rng.choice(state.legal_actions()))


# -- ruling 29: known cards -------------------------------------------------------------------
def test_openly_taken_cards_are_known_to_the_opponent() -> None:
    state = position(
        hands={0: ["Insight", "Bolt"]},
        agora=["Wisp", "Pebble", "Mend", "Smite"],
        minions={0: ["Raider Four"]},
        tartarus=["Raider Three"],
        deck=["Oracle"],
    )
    play(state, card(state, "leave", "Bolt"), card(state, "take", "Wisp"))
    assert _known(state.observation(1), 0) == ["Wisp"]
    play(state, card(state, "cast", "Insight"))  # draws Oracle: not a known card
    assert zone(state, "hand", 0) == ["Wisp", "Oracle"]
    assert _known(state.observation(1), 0) == ["Wisp"]
    play(state, card(state, "summon", "Wisp"))
    assert _known(state.observation(1), 0) == []
    to_phase(state, "recruit")
    play(state, attack(state, "Raider Four", "Raider Three"))
    obs = state.observation(1)
    assert _known(obs, 0) == ["Raider Three"]
    assert obs["hand"] == [] and obs["players"][0]["hand_count"] == 2
    assert _known(state.observation(SPECTATOR), 0) == ["Raider Three"]
    # Freed and reborn cards are known too.
    taken = position(
        hands={0: ["Necromancy", "Liberation"]}, underworld=["Wisp"], tartarus=["Pebble"]
    )
    play(taken, card(taken, "cast", "Necromancy"), card(taken, "cast", "Liberation"))
    assert _known(taken.observation(1), 0) == ["Wisp", "Pebble"]


def test_determinize_keeps_known_cards_in_hand() -> None:
    state = position(
        hands={0: ["Insight", "Bolt", "Mend", "Smite"], 1: ["Seek", "Purge"]},
        minions={0: ["Raider Four"]},
        tartarus=["Raider Three"],
        phase="recruit",
    )
    play(state, attack(state, "Raider Four", "Raider Three"))
    to_phase(state, "attack")
    recruited = uid(state, "Raider Three")
    before = state.observation(1)
    changed = False
    for seed in range(12):
        other = state.determinize(1, seed)
        assert isinstance(other, SiegeState)
        assert recruited in other.hand[0]
        assert other.known[0] == [recruited]
        assert other.observation(1) == before
        changed = changed or sorted(other.hand[0]) != sorted(state.hand[0])
    assert changed  # the unknown cards were dealt again


# -- ruling 30: the Search --------------------------------------------------------------------
def test_search_shows_matches_to_the_searcher_only() -> None:
    state = position(hands={0: ["Seek"]}, minions={0: ["Wisp"]})
    play(state, card(state, "cast", "Seek"))
    mine = state.observation(0)["decision"]
    theirs = state.observation(1)["decision"]
    deck_minions = {state.game.table.token[u] for u in state.deck if state.game.is_minion[u]}
    assert {c["card"] for c in mine["cards"]} == deck_minions
    assert "cards" not in theirs and theirs["kind"] == mine["kind"] == "choose_target"
    assert not deck_minions & _tokens(state.observation(1))
    assert not deck_minions & _tokens(state.observation(SPECTATOR))
    play(state, card(state, "target", "Pebble"))
    assert zone(state, "hand", 0) == ["Pebble"]
    assert _known(state.observation(1), 0) == []
    events = state.events()
    public = " ".join(e.text for e in events)
    assert "Pebble" not in public
    assert any("Pebble" in text for e in events for seat, text in e.private if seat == 0)
    assert all(seat == 0 for e in events for seat, _ in e.private)
    assert all(
        token != state.game.table.token[uid(state, "Pebble")] for e in events for token in e.marks
    )


def test_search_shuffles_the_deck() -> None:
    state = position(hands={0: ["Seek"]})
    before = list(state.deck)
    play(state, card(state, "cast", "Seek"), card(state, "target", "Pebble"))
    expected = [u for u in before if u != uid(state, "Pebble")]
    assert len(state.deck) == len(before) - 1
    assert sorted(state.deck) == sorted(expected)
    assert state.deck != expected


def test_a_lone_search_match_is_not_named_to_the_opponent() -> None:
    state = position(
        hands={0: ["Seek"]},
        deck=["Wisp", "Insight", "Mend"],
        rest="underworld",
    )
    play(state, card(state, "cast", "Seek"))  # Wisp is the only minion in the Deck
    assert zone(state, "hand", 0) == ["Wisp"]
    wisp = state.game.table.token[uid(state, "Wisp")]
    for event in state.events():
        assert "Wisp" not in event.text
        assert wisp not in event.marks
        assert all(seat == 0 for seat, _ in event.private)
    assert _known(state.observation(1), 0) == []


# -- random positions -------------------------------------------------------------------------
def test_observations_hide_the_other_hand_and_the_deck() -> None:
    checked = 0
    for state in _states(range(6)):
        for seat in (0, 1):
            other = 1 - seat
            secret = {
                state.game.table.token[u] for u in state.hand[other] if u not in state.known[other]
            } | {state.game.table.token[u] for u in state.deck}
            obs = state.observation(seat)
            decision = obs["decision"] or {}
            shown = {c["card"] for c in decision.get("cards", [])}
            assert not (_tokens(obs) - shown) & secret, name_of(state, 0)
            assert "deck" not in obs and obs["deck_count"] == len(state.deck)
            assert obs["players"][other]["hand_count"] == len(state.hand[other])
            checked += 1
    assert checked > 50


def test_determinization_changes_nothing_a_seat_sees() -> None:
    rng = random.Random(4)
    checked = 0
    for state in _states(range(6, 12)):
        for seat in (0, 1):
            other = state.determinize(seat, rng.randrange(1 << 30))
            assert other.observation(seat) == state.observation(seat)
            assert np.array_equal(other.observation_tensor(seat), state.observation_tensor(seat))
            assert other.current_player == state.current_player
            assert other.legal_actions()  # a state that can go on (a Disrupt kept, if asked)
            if state.current_player == seat:
                assert other.legal_actions() == state.legal_actions()
            checked += 1
    assert checked > 50


def test_draws_are_told_to_the_drawer_only() -> None:
    state = position(hands={0: ["Insight"]}, deck=["Oracle"])
    play(state, card(state, "cast", "Insight"))
    (draw,) = [e for e in state.events() if e.kind == "draw"]
    assert "Oracle" not in draw.text and "1 card" in draw.text
    assert [seat for seat, _ in draw.private] == [0]
    assert "Oracle" in draw.private[0][1]
    assert not draw.marks
    assert draw.private_marks == ((0, (state.game.table.token[uid(state, "Oracle")],)),)


def test_determinize_keeps_an_answering_disrupt_in_the_asked_hand() -> None:
    state = position(
        hands={0: ["Bolt"], 1: ["Counterspell", "Insight", "Mend"]}, minions={1: ["Behemoth"]}
    )
    play(state, card(state, "cast", "Bolt"))
    assert state.current_player == 1
    disrupts = state.game.disrupts
    for seed in range(10):
        other = state.determinize(0, seed)
        assert isinstance(other, SiegeState)
        assert any("spell" in disrupts[u] for u in other.hand[1])
        assert other.legal_actions() and other.current_player == 1
        assert other.observation(0) == state.observation(0)


def test_determinize_keeps_the_search_choices_for_the_searcher() -> None:
    state = position(hands={0: ["Seek"], 1: ["Insight", "Mend", "Wisp", "Pebble"]})
    play(state, card(state, "cast", "Seek"))
    before = state.observation(0)
    for seed in range(8):
        other = state.determinize(0, seed)
        assert isinstance(other, SiegeState)
        assert other.observation(0) == before
        assert other.legal_actions() == state.legal_actions()
        # The minions it did not see in the Deck are in the other hand: they stay there.
        assert {uid(state, "Wisp"), uid(state, "Pebble")} <= set(other.hand[1])


def test_determinize_leaves_a_match_for_the_other_players_search() -> None:
    spells = ["Bolt", "Fireball", "Meteor", "Smite", "Purge", "Condemn"]
    state = position(
        hands={0: ["Seek", *spells]}, deck=["Wisp", "Pebble", "Insight", "Mend"], rest="underworld"
    )
    play(state, card(state, "cast", "Seek"))
    assert state.stack[-1].name == "choose_target" and len(state.legal_actions()) == 2
    for seed in range(16):
        other = state.determinize(1, seed)
        assert other.current_player == 0
        assert other.legal_actions()  # the Deck still holds a minion to take
        assert other.observation(1) == state.observation(1)


def test_the_others_read_a_returned_or_searched_card_as_a_card() -> None:
    """The words others read (`public_text`) of a mulligan return and of a Search's choice
    name no card; every other action reads the same for everyone."""
    seen: set[str] = set()
    for seed in range(40):
        state = game(CARDS_FILE).new_game(seed)
        chooser = random.Random(seed)
        while not state.is_terminal and len(seen) < 3:
            for action in state.legal_actions():
                said = state.public_text(action)
                if action.kind == "return":
                    assert said == "Return a card to the Deck"
                    seen.add("return")
                elif said != action.text:
                    assert said.startswith("Take a card from the Deck (")
                    label = state.game.table.label[state.game.actions.uid(action)]
                    assert label not in said
                    seen.add("search")
                else:
                    seen.add("plain")
            state.apply(chooser.choice(state.legal_actions()))
        if len(seen) == 3:
            return
    raise AssertionError(f"40 random games showed only {sorted(seen)}")
