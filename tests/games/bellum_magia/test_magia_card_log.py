"""The lab's per-card rows for Bellum Magia: which events tell a piece's step (a creature
recruited and a chest won or stolen are bought; a Goblin or a recruit slid under a castle is
played; nothing is drawn), and a whole seeded game's rows read from those events and zones."""

from __future__ import annotations

import random
from typing import Any

import bm_helpers
import pytest
from bm_rules_helpers import (
    attack_stack,
    game,
    order,
    play,
    position,
    recruit_stack,
    reroll_stack,
    tok,
)

from bellica.core.cards import CardLog
from bellica.games.bellum_magia.state import MagiaState

ALL_WOODEN = [f"W{i:02d}" for i in range(1, 21)]
ALL_METAL = [f"M{i:02d}" for i in range(1, 21)]


def steps(state: MagiaState) -> list[tuple[str, Any]]:
    """(event kind, card steps) of every event of the last action that carries card steps."""
    return [
        (event.kind, value)
        for event in state.events()
        for name, value in event.facts
        if name == "card_steps"
    ]


# -- played: a Goblin placed at the set-up, a recruit slid under the castle ---------------------
def test_goblin_placed_at_set_up_is_played() -> None:
    state = game(3, first="2").new_game(seed=3)
    goblin = sorted(state.goblins[2])[0]
    token = state.game.table.token[goblin]
    assert not state.game.opening_done(state)
    state.apply(state.game.actions.card("right", goblin))
    assert steps(state) == [("slide", ((2, token, "played"),))]
    assert state.game.opening_done(state) is False  # more Goblins to place: still the set-up


def test_set_up_ends_when_the_first_day_begins() -> None:
    state = game(3, first="2").new_game(seed=3)
    log = CardLog(state)
    placed = set()
    while state.phase == "setup":
        assert log.opening is None and not state.game.opening_done(state)
        lord = state.current_player
        assert lord is not None
        goblin = sorted(state.goblins[lord])[0]
        placed.add((lord, state.game.table.token[goblin]))
        state.apply(state.game.actions.card("left", goblin))
        log.after(state)
    assert state.day == 1 and state.game.opening_done(state)
    assert log.opening == {0: set(), 1: set(), 2: set()}  # no hand: nothing opens in one
    rows = log.uses(state)
    assert {(r.seat, r.token) for r in rows if r.played} == placed
    assert {(r.seat, r.token) for r in rows if r.played and r.at_end} == placed
    assert len(placed) == 6


def test_chosen_castle_is_no_step() -> None:
    state = game(3, castles="choose", first="1").new_game(seed=4)
    castle = sorted(state.unchosen)[0]
    state.apply(state.game.actions.card("castle", castle))
    assert [e.kind for e in state.events()] == ["castle"]
    assert steps(state) == []


def test_recruit_is_bought_then_played() -> None:
    state = position(
        phase="recruit", stack=recruit_stack(order(3, 0)), held={0: (2, 0, 0), 1: (2, 0, 0)}
    )
    grunt = tok(state, "Grunt 1")
    play(state, "recruit_right", "Grunt 1")
    assert steps(state) == [
        ("recruit", ((0, grunt, "bought"),)),
        ("slide", ((0, grunt, "played"),)),
    ]
    recruit = next(e for e in state.events() if e.kind == "recruit")
    assert recruit.quiet and recruit.text == f"Ashkeep recruits Grunt 1 ({grunt}) for 2 food"
    assert "facts" not in recruit.to_json()


def test_most_evil_recruit_paid_with_glyphs() -> None:
    state = position(phase="recruit", stack=recruit_stack(order(3, 1)), held={1: (0, 3, 0)})
    lich = tok(state, "Lich 1")
    play(state, "recruit_left_glyphs", "Lich 1")
    assert steps(state) == [
        ("recruit", ((1, lich, "bought"),)),
        ("slide", ((1, lich, "played"),)),
    ]


# -- bought: chests won by scouts and raids, and stolen -----------------------------------------
def test_scouts_chest_is_bought() -> None:
    state = position(
        phase="roll",
        stack=reroll_stack(0),
        held={0: (0, 0, 1)},
        left={1: ["Scout 1", "Scout 2"], 2: ["Scout 3"]},
    )
    play(state, "keep")
    assert steps(state) == [("scouts", ((1, "M01", "bought"),))]


def test_scouts_tie_each_lord_buys_its_wooden_chest() -> None:
    state = position(
        phase="roll",
        captain=1,
        stack=reroll_stack(1),
        held={1: (0, 0, 1)},
        left={0: ["Scout 1"], 1: ["Scout 2"], 2: ["Scout 3"]},
    )
    play(state, "keep")
    assert steps(state) == [
        ("scouts", ((1, "W01", "bought"),)),
        ("scouts", ((2, "W02", "bought"),)),
        ("scouts", ((0, "W03", "bought"),)),
    ]


def test_empty_piles_bring_no_step() -> None:
    state = position(
        phase="roll",
        captain=1,
        stack=reroll_stack(1),
        held={1: (0, 0, 1)},
        left={1: ["Scout 1"]},
        right={1: ["Sword Imp 1"]},
        stock={2: ALL_WOODEN + ALL_METAL},
    )
    play(state, "keep")
    assert [e.kind for e in state.events()].count("scouts") == 1
    assert steps(state) == []
    play(state, "raid", "Farm 1")
    (raid,) = [e for e in state.events() if e.kind == "raid"]
    assert raid.facts == (("lord", 1),)


def test_raid_chest_is_bought_not_the_place() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1"], 1: ["Sword Imp 2"], 2: ["Sword Imp 3"]},
    )
    play(state, "raid", "Farm 1")
    assert steps(state) == [("raid", ((0, "W01", "bought"),))]
    (raid,) = [e for e in state.events() if e.kind == "raid"]
    assert raid.facts == (("lord", 0), ("card_steps", ((0, "W01", "bought"),)))
    assert raid.marks == (tok(state, "Farm 1"), "W01")
    play(state, "raid", "Tavern")  # food and a Barrel: no piece changes hands
    assert steps(state) == []


def test_stolen_chests_are_bought_by_the_thief() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Sword Imp 2", "Cutpurse 1", "Cutpurse 2"]},
        stock={1: ["W05", "M03", "G02"]},
    )
    play(state, "attack", "Bonewall")
    assert steps(state) == []  # the storm takes nothing yet
    play(state, "steal", "G02")
    assert steps(state) == [("steal", ((0, "G02", "bought"),))]
    play(state, "steal", "M03")
    assert steps(state) == [("steal", ((0, "M03", "bought"),))]
    assert [e.kind for e in state.events()][:2] == ["steal", "shield"]


# -- a whole seeded game --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "castles", "seed"), [(2, "dealt", 1), (3, "choose", 2), (5, "dealt", 3)]
)
def test_card_log_over_a_random_game(players: int, castles: str, seed: int) -> None:
    g = bm_helpers.game(players, castles=castles)
    state = g.new_game(seed=seed)
    log = CardLog(state)
    chooser = random.Random(seed)
    told = []
    while not state.is_terminal:
        state.apply(chooser.choice(state.legal_actions()))
        told += [step for _, value in steps(state) for step in value]
        log.after(state)
    rows = log.uses(state)
    table = g.table
    # Every step names a real piece for a real lord; nothing is drawn.
    assert all(side in range(players) and token in table.uid_by_token for side, token, _ in told)
    assert {step for _, _, step in told} == {"bought", "played"}
    # One row per lord for each castle it could hold, its Goblins, every Evil and Most Evil
    # creature and every chest.
    castle_rows = 5 if castles == "choose" else 1 + 5 - players
    per_lord = castle_rows + 2 + len(g.creature_uids["evil"]) + len(g.creature_uids["most_evil"])
    per_lord += sum(len(uids) for uids in g.chest_uids.values())
    assert len(rows) == players * per_lord
    assert all(not r.opening and not r.drawn for r in rows)
    for lord in range(players):
        mine = [r for r in rows if r.seat == lord]
        held = [*state.castle[lord], *state.left[lord], *state.right[lord], *state.stock[lord]]
        assert {r.token for r in mine if r.at_end} == {table.token[u] for u in held}
        creatures = {table.token[u] for u in state.left[lord] + state.right[lord]}
        goblins = {t for t in creatures if g.rank[table.uid_by_token[t]] == "goblin"}
        assert {r.token for r in mine if r.played} == creatures  # creatures never leave
        bought = {r.token for r in mine if r.bought}
        assert bought >= (creatures - goblins) | {table.token[u] for u in state.stock[lord]}
        assert bought == {token for side, token, step in told if side == lord and step == "bought"}
        assert not bought & goblins
    assert sum(r.bought for r in rows) > 0 and sum(r.played for r in rows) >= 2 * players
