"""Hidden information: hands and face-down objectives seen by their owner (and a teammate at
four players) only; determinizing deals again exactly the cards a seat cannot place."""

from __future__ import annotations

import random

import bellica
from bellica.core import SPECTATOR
from bellica.games.para_bellum.state import ParaState


def _midgame(players: int, seed: int = 3, moves: int = 60) -> ParaState:
    state = bellica.load("para-bellum", players=players).new_game(seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        state.apply(chooser.choice(state.legal_actions()))
    assert isinstance(state, ParaState)
    return state


def test_a_player_sees_its_hand_and_of_the_others_only_counts_and_cards_seen_taken() -> None:
    state = _midgame(2)
    game = state.game
    for seat in (0, 1):
        views = state.observation(seat)["players_view"]
        mine, theirs = views[seat], views[1 - seat]
        assert [c["card"] for c in mine["hand"]] == [
            game.token(u) for u in sorted(state.hand[seat])
        ]
        assert theirs["hand"] is None and theirs["hand_count"] == len(state.hand[1 - seat])
        assert [c["card"] for c in theirs["known"]] == [
            game.token(u) for u in sorted(state.known[1 - seat])
        ]
        for view, uid in zip(theirs["objectives"], state.objectives[1 - seat], strict=True):
            assert ("hidden" in view) == (uid not in state.revealed)
    spectator = state.observation(SPECTATOR)["players_view"]
    assert all(p["hand"] is None for p in spectator)


def test_teammates_see_each_others_hands_and_objectives_opponents_do_not() -> None:
    state = _midgame(4, moves=80)
    game = state.game
    for seat in range(4):
        views = state.observation(seat)["players_view"]
        for side in range(4):
            same_team = game.team_of(side) == game.team_of(seat)
            assert (views[side]["hand"] is not None) == same_team
            if same_team:
                assert all("hidden" not in o for o in views[side]["objectives"])


def test_determinizing_keeps_what_the_seat_knows_and_deals_the_rest_by_kind() -> None:
    state = _midgame(4, moves=80)
    game = state.game
    seat = 0
    teammate = next(s for s in range(4) if s != seat and game.team_of(s) == game.team_of(seat))
    dealt = set()
    for rng in range(25):
        copy = state.determinize(seat, rng)
        assert isinstance(copy, ParaState)
        assert copy.observation(seat) == state.observation(seat)
        assert copy.hand[seat] == state.hand[seat] and copy.hand[teammate] == state.hand[teammate]
        for side in range(4):
            kinds = [game.is_army[u] for u in copy.hand[side]]
            assert kinds == [game.is_army[u] for u in state.hand[side]]  # each place its kind
            assert set(state.known[side]) <= set(copy.hand[side])
        assert all(game.is_army[u] for u in copy.army_deck)
        assert all(game.is_command[u] for u in copy.command_deck)
        opponent = next(s for s in range(4) if game.team_of(s) != game.team_of(seat))
        dealt.add(tuple(copy.hand[opponent]))
    assert len(dealt) > 1  # an opponent's unseen hand does get other cards


def test_a_requisition_is_read_by_the_others_without_its_card() -> None:
    game = bellica.load("para-bellum")
    state = game.new_game(seed=5)
    chooser = random.Random(5)
    for _ in range(400):
        found = [a for a in state.legal_actions() if a.kind == "requisition"]
        if found:
            break
        state.apply(chooser.choice(state.legal_actions()))
    assert found, "a seeded game offers a Requisition"
    action = found[0]
    words = state.public_text(action)
    assert action.text != words and action.get("card") not in words
    seat = state.current_player
    assert seat is not None
    state.apply(action)
    uid = game.uid(action.get("card"))
    assert uid in state.army_deck[:1] and uid in state.tucked[seat]


def test_a_draw_names_the_card_only_to_those_who_may_see_the_hand() -> None:
    state = _midgame(4, moves=20)
    game = state.game
    chooser = random.Random(1)
    for _ in range(400):
        state.apply(chooser.choice(state.legal_actions()))
        draws = [e for e in state.events() if e.kind == "draw"]
        if draws:
            break
    event = draws[0]
    side = event.private[0][0]
    for seat in range(4):
        text = event.text_for(seat)
        if game.team_of(seat) == game.team_of(side):
            assert "draws an Army card" not in text
        else:
            assert text == event.text and "draws an Army card" in text


def test_a_state_and_its_clone_name_each_zone_by_its_family() -> None:
    for players in (2, 3, 4):
        state = _midgame(players, moves=20)
        for copy in (state, state.clone()):
            for family in copy.game.layout.families:
                piles = copy.zones.family(family.name)
                bound = getattr(copy, family.name)
                named = bound if family.owned else [bound]
                assert all(a is b for a, b in zip(named, piles, strict=True))
