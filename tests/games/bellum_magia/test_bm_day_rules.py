"""The plain rules of a day, on positions of the test card set: the active line, gathering,
raids and castle attacks, recruiting, the end of the day, and what stays hidden."""

from __future__ import annotations

import random

from bm_rules_helpers import (
    asked,
    attack_stack,
    game,
    kinds,
    names,
    offered,
    order,
    play,
    position,
    recruit_stack,
    reroll_stack,
    tokens,
)

from bellica.core import SPECTATOR
from bellica.games.bellum_magia.state import MagiaState


def test_positions_round_trip() -> None:
    state = position(
        stack=attack_stack(order(3, 1), 1),
        captain=1,
        die=4,
        left={0: ["Scout 1", "Trickster 1"]},
        right={2: ["Cutpurse 1", "Sword Imp 1"]},
        stock={1: ["W03", "G01"]},
        seen={0: ["W03"]},
        held={0: (3, 1, 2)},
        shields={1: 2},
    )
    text = state.position()
    again = state.game.load_position(text)
    assert again.position() == text
    assert again.legal_actions() == state.legal_actions()


# -- 1. the active horde -----------------------------------------------------------------------
def test_the_die_picks_the_active_line() -> None:
    # Dicehold's food is the die's face; the die stands at 4.
    state = position(
        phase="roll",
        die=4,
        stack=reroll_stack(0),
        held={0: (0, 0, 1)},
        castles=["Dicehold", "Bonewall", "Cinderhold"],
        left={1: ["Harvester 1"]},
    )
    assert state.observation(1)["lords"][0]["active"]["food"] == 4
    play(state, "keep")
    assert state.held[0][:2] == [4, 0]
    assert state.held[1][:2] == [5, 3]
    assert state.reserve[:2] == [21, 17]


# -- 2. gather -------------------------------------------------------------------------------
def test_gather_takes_food_and_glyphs_of_the_active_line() -> None:
    state = position(
        phase="roll",
        stack=reroll_stack(0),
        held={0: (1, 2, 1)},
        left={0: ["Harvester 1", "Lich 2"]},
        right={0: ["Sword Imp 1"]},
    )
    play(state, "keep")
    assert state.held[0] == [6, 7, 1]  # 1 + 5 food, 2 + 3 + 2 glyphs
    assert asked(state) == 0 and state.phase == "attack"


# -- 4. attack -------------------------------------------------------------------------------
def test_raid_needs_swords_at_least_the_shield() -> None:
    villages = [f"Village {i}" for i in range(7, 1, -1)]
    two = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Sword Imp 2"]},
        places=["Village 1", "Farm 1", "Farm 2"],
        villages=villages,
    )
    assert offered(two, "raid") == ["Farm 1", "Farm 2", "Tavern"]  # Village 1 has shield 3
    three = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Sword Imp 2", "Sword Imp 3"]},
        places=["Village 1", "Farm 1", "Farm 2"],
        villages=villages,
    )
    assert offered(three, "raid") == ["Village 1", "Farm 1", "Farm 2", "Tavern"]
    play(three, "raid", "Village 1")
    assert three.held[0] == [3, 1, 0] and tokens(three, three.stock[0]) == ["M01"]


def test_lord_who_can_attack_nothing_is_not_asked() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1"], 2: ["Sword Imp 2"]},
    )
    play(state, "pass")
    assert asked(state) == 2  # lord 1 has no sword and no thief


def test_castle_attack_needs_the_shield_plus_its_tokens() -> None:
    # Cinderhold: printed shield 2 and one Shield token from a robbery: 3 swords needed.
    two = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Sword Imp 2", "Cutpurse 1"]},
        stock={2: ["W01"]},
        shields={2: 1},
    )
    assert offered(two, "attack") == []
    three = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Sword Imp 2", "Sword Imp 3", "Cutpurse 1"]},
        stock={2: ["W01"]},
        shields={2: 1},
    )
    assert offered(three, "attack") == ["Cinderhold"]


def test_thieves_steal_no_more_chests_than_the_castle_holds() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Cutpurse 1", "Cutpurse 2", "Cutpurse 3"]},
        stock={1: ["W01", "M01"]},
        held={1: (4, 2, 1)},
    )
    play(state, "attack", "Bonewall")
    play(state, "steal", "M01")  # the last chest needs no choice
    assert tokens(state, state.stock[0]) == ["M01", "W01"]
    assert state.stock[1] == [] and state.shields == [0, 1, 0]
    assert state.held[1] == [4, 2, 1]  # resources are never stolen
    assert state.attacked == [True, False, False]


# -- 5. recruit ------------------------------------------------------------------------------
def test_creature_adds_only_the_edge_of_its_side() -> None:
    state = position(
        phase="recruit",
        stack=recruit_stack(order(3, 0)),
        held={0: (4, 0, 0)},
        evil_row=(["Cutpurse 1"], ["Cutpurse 2"]),
    )
    play(state, "recruit_left", "Cutpurse 1")  # a thief under the production side adds nothing
    assert state.lines[0] == state.game.no_lines
    play(state, "recruit_right", "Cutpurse 2")
    assert all(line[5] == 1 for line in state.lines[0])
    assert names(state, state.left[0]) == ["Cutpurse 1"]
    assert names(state, state.right[0]) == ["Cutpurse 2"]


def test_evil_creature_costs_two_food() -> None:
    state = position(
        phase="recruit", stack=recruit_stack(order(3, 0)), held={0: (3, 2, 0), 1: (2, 0, 0)}
    )
    assert offered(state, "recruit_left") == ["Grunt 1", "Grunt 2"]  # not the Most Evil ones
    play(state, "recruit_left", "Grunt 1")
    assert state.held[0] == [1, 2, 0] and state.reserve[:2] == [27, 18]
    assert asked(state) == 1  # lord 0 cannot pay for another


def test_lord_who_can_afford_nothing_is_not_asked() -> None:
    state = position(
        phase="recruit",
        stack=recruit_stack(order(3, 0)),
        held={0: (2, 0, 0), 1: (1, 2, 0), 2: (2, 0, 0)},
    )
    play(state, "done")
    assert asked(state) == 2  # lord 1 has 1 food and 2 glyphs: nothing costs that little
    assert "done" in kinds(state)


# -- 6. the end of the day -------------------------------------------------------------------
def test_die_passes_clockwise_at_the_end_of_the_day() -> None:
    state = position(
        phase="recruit",
        captain=2,
        day=4,
        stack=recruit_stack(order(3, 2), 2),
        held={1: (2, 0, 0)},
        right={0: ["Sword Imp 1"], 1: ["Sword Imp 2"]},
        attacked=(0, 1),
    )
    play(state, "done")
    assert (state.day, state.captain) == (5, 0)
    assert state.attacked == [False, False, False]
    assert state.phase == "attack" and asked(state) == 0
    assert state.observation(SPECTATOR)["order"] == [0, 1, 2]


# -- hidden information --------------------------------------------------------------------------
def test_piles_show_only_their_sizes() -> None:
    state = position(stack=attack_stack(order(3, 0)), right={0: ["Sword Imp 1"]})
    view = state.observation(0)
    assert view["piles"] == {
        "evil": [len(p) for p in state.evil_pile],
        "most_evil": [len(p) for p in state.most_evil_pile],
    }
    assert view["chest_piles"] == {"wooden": 20, "metal": 20, "gold": 10}
    assert view["kingdom"] == {"farm": 5, "village": 7, "town": 3}
    assert [c["name"] for c in view["creatures"]["evil"]] == ["Grunt 1", "Grunt 2"]
    text = str(view)
    for pile in state.evil_pile:
        for u in pile:
            assert f"'{state.game.table.token[u]}'" not in text


def test_determinize_deals_piles_again_within_rank_and_kind() -> None:
    state = position(stack=attack_stack(order(3, 0)), right={0: ["Sword Imp 1"]})

    def pool(s: MagiaState) -> dict[str, list[int]]:
        zone = s.zones.family
        return {
            "evil": sorted(s.evil_pile[0] + s.evil_pile[1]),
            "most_evil": sorted(s.most_evil_pile[0] + s.most_evil_pile[1]),
            "goblin": sorted(s.goblin_box),
            "farm": sorted(s.kingdom[2] + zone("farm_box")[0]),
            "village": sorted(s.kingdom[1] + zone("village_box")[0]),
        }

    orders = set()
    for seed in range(10):
        sample = state.determinize(1, random.Random(seed))
        assert isinstance(sample, MagiaState)
        assert pool(sample) == pool(state)
        assert [len(p) for p in sample.evil_pile] == [len(p) for p in state.evil_pile]
        assert len(sample.kingdom[2]) == len(state.kingdom[2])
        assert sample.places == state.places and sample.evil_row == state.evil_row
        orders.add(tuple(sample.evil_pile[0]))
    assert len(orders) > 1


def test_observation_gives_each_lord_its_own_chest_values_only() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1"]},
        stock={0: ["W02"], 1: ["W07", "M05"]},
    )
    for seat in range(3):
        view = state.observation(seat)["lords"]
        for lord in range(3):
            for chest, u in zip(view[lord]["chests"], state.stock[lord], strict=True):
                assert chest["chest"] == state.game.table.token[u]
                assert chest["value"] == (state.value[u] if seat == lord else None)
            assert view[lord]["chest_count"] == len(state.stock[lord])


def test_first_day_starts_after_the_setup() -> None:
    state = game(2, first="1").new_game(seed=2)
    while state.phase == "setup":
        lord = asked(state)
        assert lord is not None
        play(state, "left", names(state, state.goblins[lord])[0])
    assert state.day == 1 and state.captain == 1
    assert state.die in range(1, 7)
