"""The rulings of the rules document (docs/rules/bellum-magia.md), each on a position of the test
card set: most test creatures add 1 of one thing to every line, so the die does not matter
unless a test says so."""

from __future__ import annotations

import random

from bm_rules_helpers import (
    action,
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
    uid,
)

from bellica.core import SPECTATOR
from bellica.games.bellum_magia.state import MagiaState

ALL_WOODEN = [f"W{i:02d}" for i in range(1, 21)]
ALL_METAL = [f"M{i:02d}" for i in range(1, 21)]


def chests(state: MagiaState, lord: int) -> list[str]:
    return tokens(state, state.stock[lord])


def seen_values(state: MagiaState, seat: int, lord: int) -> dict[str, int | None]:
    """The chests of `lord` as `seat` sees them: token -> value (None: unknown)."""
    view = state.observation(seat)["lords"][lord]["chests"]
    return {c["chest"]: c["value"] for c in view}


def end_attacks(state: MagiaState) -> None:
    """Every lord still to attack today passes."""
    while state.phase == "attack" and "pass" in kinds(state):
        play(state, "pass")


# -- 1. Roll Again tokens are the Confusion spells ---------------------------------------------
def test_roll_again_token_is_a_confusion_spell() -> None:
    # Day 1, Captain lord 2: lord 0 recruits the Trickster (a Roll Again creature); on day 2
    # lord 0 is Captain and is offered a Confusion spell.
    state = position(
        phase="recruit",
        captain=2,
        stack=recruit_stack(order(3, 2), 1),
        held={0: (2, 0, 1)},
        evil_row=(["Trickster 1"], ["Grunt 2"]),
    )
    assert "confusion" not in kinds(state)
    play(state, "recruit_left", "Trickster 1")
    assert state.spells == [1, 0, 0]
    assert state.observation(1)["lords"][0]["spells"] == 1
    # Lord 0 can pay for nothing more, lord 1 for nothing at all: the day ends.
    assert (state.day, state.captain, state.phase) == (2, 0, "roll")
    assert asked(state) == 0 and kinds(state) == {"keep", "barrel", "confusion"}
    reserve = state.reserve[:]
    play(state, "confusion")
    assert [e.kind for e in state.events()].count("roll") == 1
    assert state.spells_used == [1, 0, 0]
    assert state.reserve == reserve  # a spell costs nothing from the reserve
    assert asked(state) == 0 and kinds(state) == {"keep", "barrel"}


# -- 2. a Magic Shield token on a castle ----------------------------------------------------
def test_magic_shield_token_needs_a_magic_sword_to_attack_the_castle() -> None:
    # Bonewall (shield 1) has a Warder (a Magic Shield token) and a chest.
    state = position(
        stack=attack_stack(order(3, 0)),
        left={1: ["Warder 1"]},
        right={0: ["Sword Imp 1", "Sword Imp 2", "Cutpurse 1"], 2: ["Hex Imp 1", "Cutpurse 2"]},
        stock={1: ["W05"]},
    )
    assert state.magic_shields == [0, 1, 0]
    assert state.observation(0)["lords"][1]["magic_shield"] == 1
    assert offered(state, "attack") == []  # two swords, no magic sword
    play(state, "pass")
    # Bonewall itself attacks nothing and is not asked; lord 2's one magic sword beats both.
    assert asked(state) == 2
    assert offered(state, "attack") == ["Bonewall"]


# -- 3. the thief chooses; the value becomes known to the thief -------------------------------
def _robbery() -> MagiaState:
    return position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Sword Imp 2", "Cutpurse 1", "Cutpurse 2"]},
        stock={1: ["W05", "M03", "G02"]},
    )


def test_thief_chooses_which_chests_to_steal() -> None:
    state = _robbery()
    assert seen_values(state, 0, 1) == {"W05": None, "M03": None, "G02": None}
    kinds_seen = [c["kind"] for c in state.observation(0)["lords"][1]["chests"]]
    assert kinds_seen == ["wooden", "metal", "gold"]
    play(state, "attack", "Bonewall")
    assert asked(state) == 0 and sorted(offered(state, "steal")) == ["G02", "M03", "W05"]
    play(state, "steal", "G02")
    assert asked(state) == 0 and sorted(offered(state, "steal")) == ["M03", "W05"]
    play(state, "steal", "M03")
    assert chests(state, 0) == ["G02", "M03"]
    assert chests(state, 1) == ["W05"]


def test_stolen_chest_value_known_to_thief_and_victim_only() -> None:
    state = _robbery()
    play(state, "attack", "Bonewall")
    play(state, "steal", "G02")
    (steal,) = [e for e in state.events() if e.kind == "steal"]
    assert "worth 42" in steal.text_for(0) and "worth 42" in steal.text_for(1)
    assert "worth" not in steal.text_for(2) and "worth" not in steal.text_for(None)
    play(state, "steal", "M03")
    assert seen_values(state, 0, 0) == {"G02": 42, "M03": 23}
    assert seen_values(state, 1, 0) == {"G02": 42, "M03": 23}  # the victim remembers
    assert seen_values(state, 2, 0) == {"G02": None, "M03": None}
    assert seen_values(state, SPECTATOR, 0) == {"G02": None, "M03": None}
    assert seen_values(state, 0, 1) == {"W05": None}  # the chest left behind stays unknown
    assert state.observation(2)["lords"][0]["wealth"] is None
    assert state.observation(0)["lords"][0]["wealth"] == 65


# -- 4. and 5. what a castle attack needs --------------------------------------------------
def test_castle_without_chests_cannot_be_attacked() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Sword Imp 2", "Cutpurse 1"]},
        stock={2: ["W01"]},
    )
    assert offered(state, "attack") == ["Cinderhold"]  # Bonewall holds no chest
    play(state, "attack", "Cinderhold")  # one chest to take: no choice to make
    assert chests(state, 0) == ["W01"]
    assert state.shields == [0, 0, 1]


def test_no_thieves_no_castle_attack() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Sword Imp 2", "Sword Imp 3"]},
        stock={1: ["W01"], 2: ["W02"]},
    )
    assert offered(state, "attack") == []
    assert offered(state, "raid") == ["Farm 1", "Farm 2", "Farm 3", "Tavern"]


# -- 6. and 37. the kingdom pile -----------------------------------------------------------
def _end_of_day(**zones: object) -> MagiaState:
    """The last lord of day 1 (lord 2, Captain 0) is recruiting; nobody can attack on day 2."""
    return position(
        phase="recruit",
        stack=recruit_stack(order(3, 0), 2),
        held={2: (2, 0, 0)},
        **zones,  # type: ignore[arg-type]
    )


def test_fewer_places_when_the_kingdom_pile_runs_out() -> None:
    state = _end_of_day(
        places=["Farm 1"],
        farms=[],
        villages=["Village 1"],
        towns=[],
        discard=["Farm 2", "Farm 3", "Farm 4", "Farm 5", "Farm 6", "Farm 7", "Farm 8"],
    )
    play(state, "done")
    assert state.day == 2
    assert names(state, state.places) == ["Farm 1", "Village 1"]
    assert names(state, state.tavern) == ["Tavern"]
    assert state.observation(0)["kingdom"] == {"farm": 0, "village": 0, "town": 0}


def test_places_refill_from_the_kingdom_pile_in_order() -> None:
    state = _end_of_day(
        places=["Farm 1"],
        farms=["Farm 3"],
        villages=["Village 2", "Village 1"],  # Village 1 on top
        towns=["Town 1"],
        discard=["Farm 2"],
    )
    play(state, "done")
    assert names(state, state.places) == ["Farm 1", "Farm 3", "Village 1"]
    assert state.observation(0)["kingdom"] == {"farm": 0, "village": 1, "town": 1}


# -- 7. and 26. the reserve is the limit ---------------------------------------------------
def test_gather_with_a_short_reserve_serves_turn_order() -> None:
    # Captain lord 1; each lord's line gives 5 food and 3 glyphs; the reserve holds 10 and 5.
    state = position(
        phase="roll",
        captain=1,
        stack=reroll_stack(1),
        left={0: ["Harvester 1"], 1: ["Harvester 2"], 2: ["Harvester 3"]},
        held={0: (20, 15, 0), 1: (0, 0, 1)},
    )
    assert state.reserve == [10, 5, 9]
    play(state, "keep")
    assert state.held == [[20, 15, 0], [5, 3, 1], [5, 2, 0]]
    assert state.reserve == [0, 0, 9]


def test_spent_resources_return_to_the_reserve() -> None:
    state = position(
        phase="recruit", stack=recruit_stack(order(3, 0)), held={0: (3, 0, 0), 1: (27, 0, 0)}
    )
    assert state.reserve[0] == 0
    play(state, "recruit_right", "Grunt 1")
    assert state.held[0] == [1, 0, 0] and state.reserve[0] == 2


def test_spoils_limited_by_the_reserve() -> None:
    # Village 1 gives 3 food, 1 glyph and a Metal chest; the reserve has 1 food left.
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Sword Imp 2", "Sword Imp 3"]},
        held={2: (29, 0, 0)},
        places=["Village 1", "Farm 1", "Farm 2"],
        villages=[f"Village {i}" for i in range(7, 1, -1)],
    )
    play(state, "raid", "Village 1")
    assert state.held[0] == [1, 1, 0]
    assert state.reserve == [0, 19, 10]
    assert chests(state, 0) == ["M01"]


# -- 8. passing ------------------------------------------------------------------------------
def test_a_lord_may_pass_the_attack() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1"], 1: ["Sword Imp 2"]},
    )
    before = state.position()
    assert "pass" in kinds(state)
    play(state, "pass")
    assert state.attacked == [False, False, False]
    assert names(state, state.places) == ["Farm 1", "Farm 2", "Farm 3"]
    assert state.held[0] == [0, 0, 0]
    assert asked(state) == 1
    assert before.replace("attack side=0", "attack side=1").replace("index=1", "index=2") == (
        state.position()
    )


# -- 9. the Barrel limit ---------------------------------------------------------------------
def test_third_barrel_is_refused() -> None:
    # Town 1 (shield 6, magic shield 1) gives 2 glyphs, 3 Barrels and a Gold chest.
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Dragon 1", "Sword Imp 1", "Sword Imp 2"]},
        held={0: (0, 0, 1)},
        most_evil_row=(["Dragon 2"], ["Lich 1"]),
        places=["Town 1", "Farm 1", "Farm 2"],
        towns=["Town 3", "Town 2"],
    )
    play(state, "raid", "Town 1")
    assert state.held[0] == [0, 2, 2]
    assert state.reserve == [30, 18, 8]
    assert chests(state, 0) == ["G01"]


def test_tavern_barrel_refused_at_two() -> None:
    state = position(
        stack=attack_stack(order(3, 0)), right={0: ["Sword Imp 1"]}, held={0: (0, 0, 2)}
    )
    play(state, "raid", "Tavern")
    assert state.held[0] == [1, 0, 2] and state.reserve == [29, 20, 8]


# -- 10., 17. and 34. the scouts -------------------------------------------------------------
def test_no_scout_chest_when_nobody_has_maps() -> None:
    state = position(phase="roll", stack=reroll_stack(0), held={0: (0, 0, 1)})
    play(state, "keep")
    assert [chests(state, lord) for lord in range(3)] == [[], [], []]
    assert state.observation(0)["chest_piles"] == {"wooden": 20, "metal": 20, "gold": 10}


def test_scout_single_winner_takes_a_metal_chest() -> None:
    state = position(
        phase="roll",
        stack=reroll_stack(0),
        held={0: (0, 0, 1)},
        left={1: ["Scout 1", "Scout 2"], 2: ["Scout 3"]},
    )
    play(state, "keep")
    assert [chests(state, lord) for lord in range(3)] == [[], ["M01"], []]
    assert seen_values(state, 1, 1) == {"M01": 21}
    assert seen_values(state, 2, 1) == {"M01": None}


def test_scout_tie_takes_wooden_chests_in_turn_order() -> None:
    # Lords 1 and 2 tie with one map each; Captain lord 2 comes first; the Wooden pile holds
    # one chest (lord 0 holds the other 19; the game then ends after the attacks).
    state = position(
        phase="roll",
        captain=2,
        stack=reroll_stack(2),
        held={2: (0, 0, 1)},
        left={1: ["Scout 1"], 2: ["Scout 2"]},
        stock={0: ALL_WOODEN[1:]},
    )
    play(state, "keep")
    assert chests(state, 2) == ["W01"]
    assert chests(state, 1) == []
    assert len(state.piles["metal"]) == 20  # a tie gives no Metal chest


def test_scout_tie_gives_each_a_wooden_chest() -> None:
    state = position(
        phase="roll",
        captain=1,
        stack=reroll_stack(1),
        held={1: (0, 0, 1)},
        left={0: ["Scout 1"], 1: ["Scout 2"], 2: ["Scout 3"]},
    )
    play(state, "keep")
    assert [chests(state, lord) for lord in range(3)] == [["W03"], ["W01"], ["W02"]]


def test_empty_chest_pile_gives_nothing() -> None:
    # Lord 2 holds every Wooden and Metal chest: lord 1's lone map and its Farm raid bring
    # no chest (and no other kind instead), only the Farm's food.
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
    assert chests(state, 1) == []
    assert asked(state) == 1
    play(state, "raid", "Farm 1")
    assert chests(state, 1) == [] and state.held[1] == [2, 0, 1]
    assert len(state.piles["gold"]) == 10
    assert state.is_terminal  # lord 2 holds 40 chests


# -- 11. the order of the attacks --------------------------------------------------------------
def test_attack_order_starts_with_the_days_captain() -> None:
    # Day 1 ends with Captain lord 1; on day 2 lord 2 is Captain. Lord 0 buys a round on day 2:
    # the Captain stays lord 2, who attacks first.
    state = position(
        phase="recruit",
        captain=1,
        stack=recruit_stack(order(3, 1), 2),
        held={0: (2, 0, 1)},
        right={0: ["Sword Imp 1"], 1: ["Sword Imp 2"], 2: ["Sword Imp 3"]},
    )
    assert asked(state) == 0
    play(state, "done")
    assert (state.day, state.captain, state.phase) == (2, 2, "roll")
    assert asked(state) == 0  # the only lord with a Barrel
    play(state, "barrel")
    assert state.captain == 2 and state.phase == "attack"
    seen = []
    while state.phase == "attack":
        seen.append(asked(state))
        play(state, "pass")
    assert seen == [2, 0, 1]


# -- 12. Bonus tokens ------------------------------------------------------------------------
def test_recruited_creature_brings_its_bonus_token() -> None:
    state = position(
        phase="recruit",
        stack=recruit_stack(order(3, 0)),
        held={0: (10, 0, 0)},
        evil_row=(["Shield Ogre 1"], ["Warder 1"]),
        evil_pile=(["Grunt 3", "Trickster 1"], ["Grunt 4", "Grunt 5"]),
    )
    play(state, "recruit_right", "Shield Ogre 1")
    assert state.shields == [1, 0, 0] and state.shield_of(0) == 1  # Ashkeep's printed 0 + 1
    play(state, "recruit_left", "Warder 1")
    assert state.magic_shields == [1, 0, 0]
    play(state, "recruit_left", "Trickster 1")
    assert state.spells == [1, 0, 0]
    play(state, "recruit_left", "Grunt 5")  # no bonus
    assert (state.shields, state.magic_shields, state.spells) == ([1, 0, 0], [1, 0, 0], [1, 0, 0])
    view = state.observation(2)["lords"][0]
    assert (view["shield"], view["shield_tokens"], view["magic_shield"]) == (1, 1, 1)


def test_shield_tokens_are_not_limited_by_the_box() -> None:
    # Lord 2 already holds all 20 Shield tokens; robbing lord 1 still gives it one.
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Cutpurse 1"]},
        stock={1: ["W01"]},
        shields={2: 20},
    )
    play(state, "attack", "Bonewall")
    assert chests(state, 0) == ["W01"]
    assert state.shields == [0, 1, 20]
    assert state.shield_of(1) == 2


# -- 13. a side is never full ----------------------------------------------------------------
def test_any_number_of_creatures_under_one_side() -> None:
    under = ["Grunt 3", "Grunt 4", "Grunt 5", "Grunt 6", "Scout 1", "Scout 2", "Scout 3", "Scout 4"]
    state = position(
        phase="recruit",
        stack=recruit_stack(order(3, 0)),
        held={0: (2, 0, 0)},
        left={0: under},
        evil_row=(["Harvester 1"], ["Grunt 2"]),
    )
    assert "recruit_left" in kinds(state)
    play(state, "recruit_left", "Harvester 1")
    assert len(state.left[0]) == 9
    line = state.observation(1)["lords"][0]["lines"][3]
    assert line == {"food": 9, "glyph": 3, "maps": 4, "swords": 0, "magic": 0, "thieves": 0}


# -- 14. the re-roll round ---------------------------------------------------------------------
def test_reroll_round_restarts_from_the_captain() -> None:
    state = position(
        phase="roll",
        stack=reroll_stack(0),
        held={0: (0, 0, 1), 1: (0, 0, 1)},
        right={0: ["Sword Imp 1"]},
    )
    play(state, "keep")
    assert asked(state) == 1
    play(state, "barrel")
    assert state.held[1] == [0, 0, 0] and state.reserve[2] == 9
    assert state.phase == "roll" and asked(state) == 0  # the asking starts over
    rolls = [e for e in state.events() if e.kind == "roll"]
    assert len(rolls) == 1 and "buys a round" in rolls[0].text
    assert state.position().splitlines()[1] == f"day 1 captain 0 first 0 phase roll die {state.die}"
    play(state, "keep")
    # Lord 1 has nothing left, lord 2 never had anything: the die stands, lord 0 attacks.
    assert (state.day, state.phase, asked(state)) == (1, "attack", 0)


def test_reroll_round_ends_after_a_full_round_without_reroll() -> None:
    state = position(
        phase="roll",
        die=5,
        stack=reroll_stack(0),
        held={0: (0, 0, 1), 1: (0, 0, 2), 2: (0, 0, 1)},
        castles=["Dicehold", "Bonewall", "Cinderhold"],
    )
    for lord in (0, 1, 2):
        assert asked(state) == lord
        play(state, "keep")
    assert (state.phase, asked(state)) == ("recruit", 0)  # nobody can attack; lord 0 recruits
    assert state.die == 5 and state.held[0][0] == 5  # Dicehold's line 5 gave 5 food
    assert [h[2] for h in state.held] == [1, 2, 1]


def test_lords_with_nothing_to_spend_are_not_asked() -> None:
    state = position(
        phase="roll",
        stack=reroll_stack(0),
        held={0: (0, 0, 1), 2: (0, 0, 1)},
        left={1: ["Trickster 1"]},  # a spell, but lord 1 is not the Captain
    )
    play(state, "keep")
    assert asked(state) == 2


def test_captain_may_use_several_confusion_spells_each_once() -> None:
    state = position(
        phase="roll",
        stack=reroll_stack(0),
        left={0: ["Trickster 1", "Trickster 2"]},
        right={0: ["Sword Imp 1"]},
        held={0: (0, 0, 1)},
    )
    assert kinds(state) == {"keep", "barrel", "confusion"}
    play(state, "confusion")
    assert asked(state) == 0 and state.spells_used[0] == 1
    play(state, "confusion")
    assert asked(state) == 0 and state.spells_used[0] == 2
    assert kinds(state) == {"keep", "barrel"}  # both spells used; the Barrel is still there
    play(state, "barrel")
    assert (state.phase, asked(state)) == ("attack", 0)  # nothing left to spend: the die stands
    assert state.spells == [2, 0, 0] and state.held[0][2] == 0


# -- 15. and 16. recruiting ------------------------------------------------------------------
def test_recruiting_goes_in_turn_order() -> None:
    state = position(
        phase="recruit",
        captain=1,
        stack=recruit_stack(order(3, 1)),
        held={0: (2, 0, 0), 1: (2, 0, 0), 2: (2, 0, 0)},
        evil_row=(["Grunt 1"], ["Grunt 2"]),
        evil_pile=(["Grunt 4", "Sword Imp 1"], ["Grunt 5", "Grunt 3"]),
        spare=0,
    )
    assert asked(state) == 1
    play(state, "recruit_right", "Grunt 1")
    # The slot is filled at once from its pile, before the next lord recruits.
    assert names(state, state.evil_row[0]) == ["Sword Imp 1"]
    assert asked(state) == 2
    assert offered(state, "recruit_right") == ["Sword Imp 1", "Grunt 2"]
    play(state, "recruit_right", "Sword Imp 1")
    assert asked(state) == 0
    assert offered(state, "recruit_right") == ["Grunt 4", "Grunt 2"]


def test_a_lord_may_recruit_several_creatures() -> None:
    state = position(
        phase="recruit",
        stack=recruit_stack(order(3, 0)),
        held={0: (6, 0, 0), 1: (2, 0, 0)},
        evil_row=(["Grunt 1"], ["Grunt 2"]),
        evil_pile=(["Grunt 3"], ["Grunt 4"]),
        spare=2,
    )
    play(state, "recruit_left", "Grunt 1")
    play(state, "recruit_right", "Grunt 2")
    assert asked(state) == 0
    play(state, "recruit_left", "Grunt 3")
    assert names(state, state.left[0]) == ["Grunt 1", "Grunt 3"]
    assert names(state, state.right[0]) == ["Grunt 2"]
    assert state.held[0] == [0, 0, 0]
    assert asked(state) == 1  # lord 0 can pay for nothing more and is not asked again


def test_empty_creature_pile_refills_from_its_twin() -> None:
    state = position(
        phase="recruit",
        stack=recruit_stack(order(3, 0)),
        held={0: (4, 0, 0)},
        evil_row=(["Grunt 1"], ["Grunt 2"]),
        evil_pile=([], ["Sword Imp 1"]),
        spare=2,
    )
    play(state, "recruit_left", "Grunt 1")
    assert names(state, state.evil_row[0]) == ["Sword Imp 1"]
    assert state.evil_pile == [[], []]
    assert state.observation(1)["piles"]["evil"] == [0, 0]


def test_slot_stays_empty_when_both_piles_are_out() -> None:
    state = position(
        phase="recruit",
        stack=recruit_stack(order(3, 0)),
        held={0: (4, 0, 0)},
        evil_row=(["Grunt 1"], ["Grunt 2"]),
        evil_pile=([], []),
        spare=2,
    )
    play(state, "recruit_left", "Grunt 1")
    assert state.evil_row[0] == []
    assert state.observation(1)["creatures"]["evil"][0] is None
    assert offered(state, "recruit_left") == ["Grunt 2"]  # 2 food left: the Evil one only


# -- 18. and 19. the end -----------------------------------------------------------------------
def test_game_ends_after_the_attack_phase_with_ten_chests() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1"], 1: ["Sword Imp 2"]},
        stock={0: ALL_WOODEN[1:10]},
    )
    play(state, "raid", "Farm 1")
    assert len(state.stock[0]) == 10 and state.held[0][0] == 2
    assert not state.is_terminal and asked(state) == 1  # the attack phase goes on
    play(state, "raid", "Farm 2")
    assert state.is_terminal and state.phase == "over"
    outcome = state.outcome()
    assert outcome.winners == (0,)
    assert outcome.scores == (55.0, 11.0, 0.0)  # W01..W10 and W11
    assert "10 chests" in outcome.reason
    assert not any(e.kind == "recruit" for e in state.events())


def _final_attack(stock: dict[int, list[str]], **options: object) -> MagiaState:
    """Lord 2, the last to attack today, passes; then the game is scored."""
    state = position(
        stack=attack_stack(order(3, 0), 2),
        right={2: ["Sword Imp 1"]},
        stock=stock,
        **options,  # type: ignore[arg-type]
    )
    play(state, "pass")
    assert state.is_terminal
    return state


def test_richest_lord_wins() -> None:
    state = _final_attack({0: ALL_WOODEN[:10], 1: ["G01", "G02"]})
    outcome = state.outcome()
    assert outcome.winners == (1,)
    assert outcome.scores == (55.0, 83.0, 0.0)
    assert "Bonewall is the richest lord: 83 in 2 chests" in outcome.reason


def test_wealth_tie_goes_to_more_chests() -> None:
    state = _final_attack({0: ALL_WOODEN[:10], 1: ["M01", "M14"]})  # 55 each
    outcome = state.outcome()
    assert outcome.winners == (0,)
    assert outcome.scores == (55.0, 55.0, 0.0)
    assert "most chests" in outcome.reason


def test_full_tie_shares_the_victory() -> None:
    # The day limit ends the game: 5 in 2 chests each for lords 0 and 1.
    state = _final_attack({0: ["W01", "W04"], 1: ["W02", "W03"]}, day=60)
    outcome = state.outcome()
    assert outcome.winners == (0, 1)
    assert "share the victory" in outcome.reason
    assert state.returns()[0] == state.returns()[1] > state.returns()[2]


# -- 20., 21. and 29. the set-up ---------------------------------------------------------------
def test_castles_chosen_in_reverse_turn_order() -> None:
    g = game(3, castles="choose", first="1")
    state = g.new_game(seed=4)
    assert state.captain == 1 and state.phase == "setup"
    picked = []
    for _ in range(3):
        lord = asked(state)
        assert lord is not None
        picked.append(lord)
        assert kinds(state) == {"castle"}
        play(state, "castle", offered(state, "castle")[0])
    assert picked == [0, 2, 1]  # the last of the order (1, 2, 0) first, the Captain last
    assert names(state, state.castle[0]) == ["Ashkeep"]
    assert names(state, state.castle[2]) == ["Bonewall"]
    assert names(state, state.castle[1]) == ["Cinderhold"]
    unchosen = [c["name"] for c in state.observation(0)["unchosen"]]
    assert unchosen == ["Duskspire", "Dicehold"]


def test_goblins_placed_in_turn_order_from_the_first_captain() -> None:
    state = game(3, first="2").new_game(seed=3)
    goblins = {lord: names(state, state.goblins[lord]) for lord in range(3)}
    assert all(len(g) == 2 for g in goblins.values())
    # Dealt face up: every seat sees every lord's Goblins.
    assert [g["name"] for g in state.observation(0)["lords"][1]["goblins"]] == goblins[1]
    seen = []
    while state.phase == "setup":
        lord = asked(state)
        assert lord is not None
        seen.append(lord)
        goblin = state.game.table.card[sorted(state.goblins[lord])[0]].name
        play(state, "left" if lord != 1 else "right", goblin)
    assert seen == [2, 2, 0, 0, 1, 1]
    assert len(state.left[0]) == 2 and len(state.right[1]) == 2
    assert state.observation(2)["lords"][1]["lines"][0]["swords"] == 2


def test_first_option_sets_the_first_captain() -> None:
    for seed in range(5):
        state = game(3, first="2").new_game(seed=seed)
        assert state.captain == state.first == 2
    rolled = {game(3).new_game(seed=seed).first for seed in range(30)}
    assert rolled == {0, 1, 2}


# -- 22. creatures under a castle are public -------------------------------------------------
def test_creatures_under_a_castle_are_public() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 2"], 1: ["Cutpurse 1", "Sword Imp 1"]},
        left={1: ["Scout 1"]},
    )
    for seat in (0, 2, SPECTATOR):
        lord = state.observation(seat)["lords"][1]
        assert [c["name"] for c in lord["left"]] == ["Scout 1"]
        assert [c["name"] for c in lord["right"]] == ["Cutpurse 1", "Sword Imp 1"]
        assert lord["lines"][2] == {
            "food": 0,
            "glyph": 0,
            "maps": 1,
            "swords": 1,
            "magic": 0,
            "thieves": 1,
        }


# -- 23. and 30. magic swords ------------------------------------------------------------------
def test_magic_swords_count_as_swords() -> None:
    # Three magic swords beat Village 1 (shield 3) and Cinderhold (shield 2).
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Hex Imp 1", "Hex Imp 2", "Hex Imp 3", "Cutpurse 1"]},
        stock={2: ["W01"]},
        places=["Village 1", "Farm 1", "Farm 2"],
        villages=[f"Village {i}" for i in range(7, 1, -1)],
    )
    assert "Village 1" in offered(state, "raid")
    assert offered(state, "attack") == ["Cinderhold"]


def test_magic_sword_counts_for_both_shields() -> None:
    # Town 1: shield 6, magic shield 1. Lord 0: 5 swords and 1 magic sword; lord 1: 6 swords.
    state = position(
        stack=attack_stack(order(3, 0)),
        right={
            0: ["Dragon 1", "Sword Imp 1", "Sword Imp 2"],
            1: [f"Sword Imp {i}" for i in range(3, 9)],
        },
        most_evil_row=(["Dragon 2"], ["Lich 1"]),
        places=["Town 1", "Farm 1", "Farm 2"],
        towns=["Town 3", "Town 2"],
    )
    assert "Town 1" in offered(state, "raid")
    play(state, "pass")
    assert asked(state) == 1
    assert "Town 1" not in offered(state, "raid")
    assert "Farm 1" in offered(state, "raid")


# -- 24. and 25. raids -------------------------------------------------------------------------
def test_raided_place_is_gone_for_later_lords() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1"], 1: ["Sword Imp 2"], 2: ["Sword Imp 3"]},
    )
    play(state, "raid", "Farm 1")
    assert state.held[0] == [2, 0, 0] and chests(state, 0) == ["W01"]  # at once
    assert names(state, state.places) == ["Farm 2", "Farm 3"]
    assert names(state, state.discard) == ["Farm 1"]
    assert asked(state) == 1 and "Farm 1" not in offered(state, "raid")
    play(state, "raid", "Farm 2")
    play(state, "pass")
    assert state.phase == "recruit"
    assert names(state, state.places) == ["Farm 3"]  # not refilled before the end of the day
    while not (state.phase == "roll" or state.day == 2):
        play(state, "done")
    assert names(state, state.places) == ["Farm 3", "Farm 4", "Farm 5"]


def test_tavern_can_be_raided_by_every_lord() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1"], 1: ["Sword Imp 2"], 2: ["Sword Imp 3"]},
    )
    for lord in (0, 1, 2):
        assert asked(state) == lord
        play(state, "raid", "Tavern")
    assert state.held == [[1, 0, 1]] * 3
    assert names(state, state.tavern) == ["Tavern"]
    assert names(state, state.discard) == []


# -- 27. whose castle ------------------------------------------------------------------------
def test_cannot_attack_own_castle() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Cutpurse 1"]},
        stock={0: ["W01", "W02"]},
    )
    assert offered(state, "attack") == []


def test_may_attack_any_other_lord() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Sword Imp 2", "Cutpurse 1"]},
        stock={0: ["W01"], 1: ["W02"], 2: ["W03"]},
    )
    assert offered(state, "attack") == ["Bonewall", "Cinderhold"]


# -- 28. the day limit -------------------------------------------------------------------------
def test_day_limit_ends_the_game_after_the_attack_phase() -> None:
    state = _final_attack({0: ["W05"]}, day=60)
    assert state.outcome().winners == (0,)
    assert "day limit" in state.outcome().reason
    earlier = position(
        day=59,
        stack=attack_stack(order(3, 0), 2),
        right={2: ["Sword Imp 1"]},
        stock={0: ["W05"]},
        held={0: (2, 0, 0)},
    )
    play(earlier, "pass")
    assert not earlier.is_terminal and earlier.phase == "recruit"


def test_day_limit_zero_means_no_limit() -> None:
    state = position(
        day=60,
        stack=attack_stack(order(3, 0), 2),
        right={2: ["Sword Imp 1"]},
        held={0: (2, 0, 0)},
        day_limit=0,
    )
    play(state, "pass")
    assert not state.is_terminal and state.phase == "recruit"


# -- 31. robberies and Shield tokens -----------------------------------------------------------
def test_one_shield_token_per_raid() -> None:
    # Lord 0 (two thieves) and then lord 2 rob Bonewall: one Shield token each time.
    state = position(
        stack=attack_stack(order(3, 0)),
        right={
            0: ["Sword Imp 1", "Cutpurse 1", "Cutpurse 2"],
            2: ["Sword Imp 2", "Sword Imp 3", "Cutpurse 3"],
        },
        stock={1: ["W01", "W02", "W03", "W04"]},
    )
    play(state, "attack", "Bonewall")
    play(state, "steal", "W01")
    assert state.shields == [0, 0, 0]  # counted once the robbery is done
    play(state, "steal", "W02")
    assert state.shields == [0, 1, 0]
    assert asked(state) == 2  # Bonewall itself cannot attack
    play(state, "attack", "Bonewall")
    play(state, "steal", "W03")
    assert state.shields == [0, 2, 0]
    assert chests(state, 1) == ["W04"]
    assert state.observation(0)["lords"][1]["shield"] == 3


def test_shield_token_counts_for_later_attackers_today() -> None:
    state = position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1", "Cutpurse 1"], 2: ["Sword Imp 2", "Cutpurse 2"]},
        stock={1: ["W01", "W02"]},
    )
    play(state, "attack", "Bonewall")
    play(state, "steal", "W01")
    assert state.shield_of(1) == 2
    assert asked(state) == 2
    assert offered(state, "attack") == ["Ashkeep"]  # one sword no longer beats Bonewall


# -- 32. paying for a Most Evil creature ---------------------------------------------------------
def test_most_evil_paid_with_glyph_and_food_or_three_glyphs() -> None:
    state = position(phase="recruit", stack=recruit_stack(order(3, 0)), held={0: (4, 3, 0)})
    ways = {a.kind for a in state.legal_actions() if a.params and "Dragon" in a.text}
    assert ways == {"recruit_left", "recruit_right", "recruit_left_glyphs", "recruit_right_glyphs"}
    play(state, "recruit_right_glyphs", "Dragon 1")
    assert state.held[0] == [4, 0, 0] and state.reserve[:2] == [26, 20]
    # Without a glyph, the Lich cannot be paid for either way; the Grunt still can.
    assert offered(state, "recruit_left") == ["Grunt 1", "Grunt 2"]
    assert offered(state, "recruit_left_glyphs") == []

    food = position(phase="recruit", stack=recruit_stack(order(3, 0)), held={0: (6, 1, 0)})
    assert offered(food, "recruit_left_glyphs") == []
    assert "paying 1 glyph and 4 food" in action(food, "recruit_left", "Lich 1").text
    play(food, "recruit_left", "Lich 1")
    assert food.held[0] == [2, 0, 0] and food.reserve[:2] == [28, 20]


# -- 33. Confusion spells ----------------------------------------------------------------------
def test_confusion_spells_turn_face_down_at_the_end_of_the_day() -> None:
    state = position(
        phase="recruit",
        stack=recruit_stack(order(3, 0), 2),
        held={2: (2, 0, 0)},
        left={0: ["Trickster 1", "Trickster 2"]},
        used={0: 2},
    )
    assert state.observation(1)["lords"][0]["spells_used"] == 2
    play(state, "done")
    assert state.spells_used == [0, 0, 0] and state.spells == [2, 0, 0]
    assert state.observation(1)["lords"][0]["spells_used"] == 0


def test_only_the_captain_uses_confusion() -> None:
    state = position(
        phase="roll",
        stack=reroll_stack(0),
        held={0: (0, 0, 1), 1: (0, 0, 1)},
        left={1: ["Trickster 1"]},
    )
    play(state, "keep")
    assert asked(state) == 1 and kinds(state) == {"keep", "barrel"}


# -- 35. who knows which chest values -------------------------------------------------------
def _known_chests() -> MagiaState:
    # Lord 0 holds W05 and once held G03, which lord 2 now holds; lord 1 holds M02.
    return position(
        stack=attack_stack(order(3, 0)),
        right={0: ["Sword Imp 1"]},
        stock={0: ["W05"], 1: ["M02"], 2: ["G03"]},
        seen={0: ["G03"]},
    )


def test_observation_shows_chest_values_per_seat() -> None:
    state = _known_chests()
    assert seen_values(state, 0, 0) == {"W05": 5}
    assert seen_values(state, 0, 1) == {"M02": None}
    assert seen_values(state, 0, 2) == {"G03": 43}
    assert seen_values(state, 1, 0) == {"W05": None}
    assert seen_values(state, 1, 1) == {"M02": 22}
    assert seen_values(state, 2, 2) == {"G03": 43}
    for lord in range(3):
        assert all(v is None for v in seen_values(state, SPECTATOR, lord).values())
    assert state.observation(0)["lords"][0]["wealth"] == 5
    assert state.observation(0)["lords"][1]["wealth"] is None


def _holdings(state: MagiaState) -> list[str]:
    """The position's lines about the lords: what they hold, know and have under the castle."""
    heads = ("lord ", "castle ", "left ", "right ", "stock ")
    return [line for line in state.position().splitlines() if line.startswith(heads)]


def test_determinize_keeps_seen_chest_values() -> None:
    state = _known_chests()
    w05, g03, m02 = (uid(state, t) for t in ("W05", "G03", "M02"))
    m02_values = set()
    for seed in range(20):
        sample = state.determinize(0, random.Random(seed))
        assert isinstance(sample, MagiaState)
        assert sample.value[w05] == 5 and sample.value[g03] == 43
        m02_values.add(sample.value[m02])
        for kind, chests_ in state.game.chest_uids.items():
            assert sorted(sample.value[u] for u in chests_) == sorted(
                state.value[u] for u in chests_
            ), kind
        assert _holdings(sample) == _holdings(state)
    assert len(m02_values) > 1  # what seat 0 never saw is dealt again
    assert m02_values <= set(range(21, 41))


# -- 36. the kingdom by player count ---------------------------------------------------------
def test_kingdom_by_player_count() -> None:
    for players, sizes in {2: (3, 3, 3), 3: (4, 4, 3), 4: (6, 6, 3), 5: (8, 7, 3)}.items():
        state = game(players).new_game(seed=players)
        shown = [state.game.table.card[u].kind for u in state.places]
        assert len(shown) == players and set(shown) == {"farm"}
        farms, villages, towns = len(state.kingdom[2]), len(state.kingdom[1]), len(state.kingdom[0])
        assert (farms + players, villages, towns) == sizes, players
