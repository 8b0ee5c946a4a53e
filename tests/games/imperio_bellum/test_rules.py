"""The plain rules: every piece's moves and attacks, the dice, spawning, bases, the end of the
game and the tiebreakers. Each test sets up a position and checks the exact consequence."""

from __future__ import annotations

import random

import pytest
from imperio_helpers import CAMPS, ScriptedDice, at, dice_asked, do, header, load, texts

import bellica
from bellica.games.imperio_bellum.board import ATTACKER, DEFENDER, NEIGHBOURS, name, parse_square
from bellica.games.imperio_bellum.pieces import (
    ARCHER,
    BASE,
    FOOTSOLDIER,
    HEADQUARTERS,
    KNIGHT,
    PIKEMAN,
)
from bellica.games.imperio_bellum.rules import combat, endgame
from bellica.games.imperio_bellum.state import ImperioBellumState


def moves(state: ImperioBellumState, frm: str) -> set[str]:
    """The squares the selected piece on `frm` may move to."""
    prefix = f" {frm} → "
    return {t.split(" → ")[1] for t in texts(state) if prefix in t}


def attacks(state: ImperioBellumState, frm: str) -> set[str]:
    out = set()
    for t in texts(state):
        for verb in (" attacks ", " shoots "):
            if f" {frm}{verb}" in t:
                out.add(t.split(verb)[1])
    return out


def ring(square: str) -> set[str]:
    return {name(n) for n in NEIGHBOURS[parse_square(square)]}


# -- knights ----------------------------------------------------------------------------------
def test_knight_moves_one_square_per_action_in_any_direction() -> None:
    s = do(load({**CAMPS, "e5": "K", "d4": "F"}), "Knight e5")
    assert moves(s, "e5") == ring("e5") - {"d4"}  # never onto its own piece
    # Before any action it may already hold where it stands; picking it was a commitment.
    assert texts(s)[-1] == "Knight e5 holds"
    do(s, "Knight e5 → f6")
    # After an action it may still hold, now on its new square, or go on.
    assert texts(s)[-1] == "Knight f6 holds" and "Knight e5 holds" not in texts(s)
    assert moves(s, "f6") == ring("f6")
    # Holding ends its turn where it stands; the other pieces may still be picked.
    do(s, "Knight f6 holds")
    assert at(s, "f6") == "K" and header(s, "selected") is None
    assert "Knight f6" not in texts(s) and "Footsoldier d4" in texts(s)


def test_knight_has_five_actions() -> None:
    s = do(load({**CAMPS, "b3": "K"}), "Knight b3")
    for frm, to in (("b3", "c4"), ("c4", "d5"), ("d5", "e6"), ("e6", "f7")):
        do(s, f"Knight {frm} → {to}")
        assert header(s, "selected") is not None
    do(s, "Knight f7 → g7")
    assert header(s, "selected") is None
    assert at(s, "g7") == "K" and "Knight g7" not in texts(s)

    # Four moves and an attack also make five.
    s = load({**CAMPS, "b3": "K", "g7": "f"}, dice=[6, 1])
    do(s, "Knight b3", "Knight b3 → c4", "Knight c4 → d5", "Knight d5 → e6", "Knight e6 → f6")
    do(s, "Knight f6 attacks g7")
    assert dice_asked(s) == [6, 1]
    assert at(s, "g7") == "K" and header(s, "selected") is None


# -- archers ----------------------------------------------------------------------------------
def test_archer_moves_up_to_two_squares_never_through_pieces() -> None:
    s = do(load({**CAMPS, "e5": "A"}), "Archer e5")
    straight = {"c3", "e3", "g3", "c5", "g5", "c7", "e7", "g7"}  # ruling 31: no bent paths
    assert moves(s, "e5") == ring("e5") | straight
    # Boxed in by its own pieces but for e6, it can only go through e6, straight on.
    box = {sq: "F" for sq in ring("e5") - {"e6"}}
    s = do(load({**CAMPS, "e5": "A", **box}), "Archer e5")
    assert moves(s, "e5") == {"e6", "e7"}
    # Fully boxed in by its own side, it cannot move at all.
    box = {sq: "F" for sq in ring("e5")}
    s = load({**CAMPS, "e5": "A", **box})
    assert "Archer e5" not in texts(s)


def test_archer_cannot_move_and_attack_in_one_turn() -> None:
    s = do(load({**CAMPS, "e2": "A", "e6": "f"}), "Archer e2")
    assert "Archer e2 shoots e6" in texts(s)
    do(s, "Archer e2 → e3")
    assert "Archer e3" not in texts(s)
    assert header(s, "selected") is None


def test_archer_melee_winner_steps_in() -> None:
    s = do(load({**CAMPS, "e4": "A", "e5": "p"}, dice=[6, 1]), "Archer e4", "Archer e4 attacks e5")
    assert (at(s, "e4"), at(s, "e5")) == ("O", "A")


# -- footsoldiers -----------------------------------------------------------------------------
def test_footsoldier_moves_one_and_attacks_any_neighbour() -> None:
    enemies = {"d6": "f", "f4": "k"}
    s = do(load({**CAMPS, "e5": "F", "e6": "P", **enemies}), "Footsoldier e5")
    assert moves(s, "e5") == ring("e5") - {"e6", "d6", "f4"}
    assert attacks(s, "e5") == {"d6", "f4"}


@pytest.mark.parametrize(
    ("dice", "d6", "units"),
    [([6, 1], "F", [2, 1]), ([1, 6], "f", [1, 2]), ([3, 3], "O", [1, 1])],
)
def test_footsoldier_advances_only_after_a_win(dice: list[int], d6: str, units: list[int]) -> None:
    s = load({**CAMPS, "e5": "F", "d6": "f"}, dice=dice)
    do(s, "Footsoldier e5", "Footsoldier e5 attacks d6")
    assert (at(s, "e5"), at(s, "d6")) == ("O", d6)
    assert s.units == units


# -- pikemen ----------------------------------------------------------------------------------
def test_pikeman_moves_one_and_never_advances() -> None:
    s = do(load({**CAMPS, "e5": "P", "d5": "f"}), "Pikeman e5")
    assert moves(s, "e5") == ring("e5") - {"d5"}
    assert attacks(s, "e5") == {"d5"}
    s = load({**CAMPS, "e5": "P", "d5": "f"}, dice=[6, 1])
    do(s, "Pikeman e5", "Pikeman e5 attacks d5")
    assert (at(s, "e5"), at(s, "d5")) == ("P", "O")
    # On a tie both go, as in any melee.
    s = load({**CAMPS, "e5": "P", "d5": "f"}, dice=[2, 2])
    do(s, "Pikeman e5", "Pikeman e5 attacks d5")
    assert (at(s, "e5"), at(s, "d5")) == ("O", "O")


# -- bases ------------------------------------------------------------------------------------
def test_base_moves_one_square_and_never_attacks() -> None:
    s = do(load({**CAMPS, "e5": "B", "e6": "f", "d4": "F"}), "Base e5")
    assert moves(s, "e5") == ring("e5") - {"e6", "d4"}
    assert not attacks(s, "e5")
    assert texts(s)[-1] == "Base e5 holds"
    do(s, "Base e5 → f5")
    assert (at(s, "e5"), at(s, "f5")) == ("O", "B")
    # A captured base moves for its captor and stays marked as captured.
    s = do(load({**CAMPS, "e5": "B*"}), "Base e5", "Base e5 → e4")
    assert at(s, "e4") == "B*"


def test_pieces_never_move_onto_their_own_side() -> None:
    s = do(load({**CAMPS, "e5": "F", "e6": "F", "e4": "b"}), "Footsoldier e5")
    assert "e6" not in moves(s, "e5") and "e6" not in attacks(s, "e5")
    assert "e4" in attacks(s, "e5")  # an enemy base may be attacked


# -- dice -------------------------------------------------------------------------------------
MELEE = [
    ("F", "f", 4, 3),
    ("F", "k", 2, 2),
    ("F", "a", 5, 1),
    ("F", "p", 4, 2),
    ("F", "p+", 4, 3),
    ("K", "f", 2, 1),
    ("K", "k", 2, 2),
    ("K", "a", 2, 1),
    ("K", "p", 1, 4),
    ("K", "p+", 1, 5),
    ("A", "f", 1, 4),
    ("A", "k", 1, 2),
    ("A", "a", 1, 1),
    ("A", "p", 1, 2),
    ("P", "f", 2, 3),
    ("P", "k", 4, 1),
    ("P", "a", 2, 1),
    ("P", "p", 2, 2),
    ("P+", "f", 3, 3),
    ("P+", "k", 5, 1),
    ("F", "b", 4, 1),
    ("K", "h", 2, 1),
    ("P+", "b", 3, 1),
]
TITLES = {"F": "Footsoldier", "K": "Knight", "A": "Archer", "P": "Pikeman"}


@pytest.mark.parametrize(("mine", "theirs", "a_dice", "d_dice"), MELEE)
def test_melee_dice(mine: str, theirs: str, a_dice: int, d_dice: int) -> None:
    camps = {**CAMPS, "i9": "b"} if theirs == "h" else CAMPS  # one headquarters a side
    s = load({**camps, "d4": mine, "d5": theirs}, dice=[1, 1])
    title = TITLES[mine[0]]
    do(s, f"{title} d4", f"{title} d4 attacks d5")
    assert dice_asked(s) == [a_dice, d_dice]


@pytest.mark.parametrize(("theirs", "d_dice"), [("f", 4), ("k", 3), ("a", 1), ("p", 1), ("p+", 2)])
def test_shot_dice(theirs: str, d_dice: int) -> None:
    s = load({**CAMPS, "d1": "A", "d5": theirs}, dice=[1, 1])
    do(s, "Archer d1", "Archer d1 shoots d5")
    assert dice_asked(s) == [3, d_dice]


@pytest.mark.parametrize(
    ("mine", "theirs", "a_dice", "d_dice"),
    [("P", "f", 2, 3), ("P", "k", 4, 2), ("P", "a", 2, 1), ("P", "p", 2, 2), ("P+", "k", 5, 2)],
)
def test_reach_dice(mine: str, theirs: str, a_dice: int, d_dice: int) -> None:
    s = load({**CAMPS, "d3": mine, "d5": theirs}, dice=[1, 1])
    do(s, "Pikeman d3", "Pikeman d3 attacks d5")
    assert dice_asked(s) == [a_dice, d_dice]


def test_dice_functions() -> None:
    attack = combat.attack_dice
    defence = combat.defence_dice
    # Footsoldier: 3, +1 attacking, -2 against a knight, +1 against an archer.
    assert attack(FOOTSOLDIER, FOOTSOLDIER, ranged=False, charge=0, entrenched=False) == 4
    assert attack(FOOTSOLDIER, KNIGHT, ranged=False, charge=0, entrenched=False) == 2
    assert attack(FOOTSOLDIER, ARCHER, ranged=False, charge=0, entrenched=False) == 5
    assert defence(FOOTSOLDIER, PIKEMAN, barrage=False, adjacent=True, entrenched=False) == 3
    assert defence(FOOTSOLDIER, ARCHER, barrage=True, adjacent=False, entrenched=False) == 4
    # Pikeman: 2, +1 entrenched, +2 against a knight, -1 under archer fire.
    assert attack(PIKEMAN, ARCHER, ranged=False, charge=0, entrenched=False) == 2
    assert attack(PIKEMAN, KNIGHT, ranged=False, charge=0, entrenched=True) == 5
    assert defence(PIKEMAN, KNIGHT, barrage=False, adjacent=True, entrenched=True) == 5
    assert defence(PIKEMAN, ARCHER, barrage=True, adjacent=False, entrenched=True) == 2
    assert defence(PIKEMAN, ARCHER, barrage=False, adjacent=True, entrenched=False) == 2
    # Archer: 3 for a shot, 1 in melee, 1 in defence.
    assert attack(ARCHER, KNIGHT, ranged=True, charge=0, entrenched=False) == 3
    assert attack(ARCHER, KNIGHT, ranged=False, charge=0, entrenched=False) == 1
    # Knight: 3, -1 point-blank, +1/+2/+3 after a charge; bases always one die.
    assert defence(KNIGHT, FOOTSOLDIER, barrage=False, adjacent=True, entrenched=False) == 2
    assert defence(KNIGHT, ARCHER, barrage=True, adjacent=False, entrenched=False) == 3
    for kind in (BASE, HEADQUARTERS):
        for attacker in (KNIGHT, ARCHER, PIKEMAN, FOOTSOLDIER):
            assert defence(kind, attacker, barrage=False, adjacent=True, entrenched=True) == 1


# -- spawning ---------------------------------------------------------------------------------
def spawn_squares(state: ImperioBellumState) -> set[str]:
    return {t.rsplit(" ", 1)[1] for t in texts(state) if t.startswith("Spawn")}


def test_spawning_one_unit_per_base_onto_empty_neighbours() -> None:
    pieces = {**CAMPS, "e5": "B", "e6": "F", "d4": "f"}
    s = load(pieces, to_move="defender", reinforcements="attacker K1 P2")
    do(s, "End turn")
    assert header(s, "spawning") == "a1 e5"
    assert spawn_squares(s) == {"a2", "b2"}
    # Only kinds still in the pile are offered.
    assert {t.split(" at ")[0] for t in texts(s) if t.startswith("Spawn")} == {
        "Spawn Knight",
        "Spawn Pikeman",
    }
    do(s, "Spawn Knight at a2")
    assert spawn_squares(s) == ring("e5") - {"e6", "d4"}
    do(s, "Spawn Pikeman at f6")
    assert header(s, "spawning") is None
    assert (at(s, "a2"), at(s, "f6")) == ("K", "P")
    assert header(s, "reinforcements") == "attacker K0 A0 P1 F0; defender K0 A0 P0 F0"
    assert s.units == [4, 2]
    # The defender spawns at the start of its own turn.
    s = load(pieces, reinforcements="defender F1")
    do(s, "End turn")
    assert header(s, "spawning") == "i9"
    do(s, "Spawn Footsoldier at i8")
    assert at(s, "i8") == "f"


def test_a_surrounded_base_cannot_spawn() -> None:
    box = {sq: "F" for sq in ring("e5")}
    s = load({**CAMPS, "e5": "B", **box}, to_move="defender", reinforcements="attacker F2")
    do(s, "End turn")
    assert header(s, "spawning") == "a1"
    do(s, "Spawn Footsoldier at a2")
    assert header(s, "spawning") is None
    assert header(s, "reinforcements") == "attacker K0 A0 P0 F1; defender K0 A0 P0 F0"
    # A spawn may fill the last open square of a base later in the line: it is passed over.
    pieces = {sq: "F" for sq in ring("d5") | ring("f5")} | {"d5": "B", "f5": "B", "e5": "O"}
    s = load({**CAMPS, **pieces}, to_move="defender", reinforcements="attacker F2")
    do(s, "End turn")
    assert header(s, "spawning") == "a1 d5 f5"
    do(s, "No spawn from the base at a1")
    assert spawn_squares(s) == {"e5"}
    do(s, "Spawn Footsoldier at e5")
    assert header(s, "spawning") is None
    assert header(s, "reinforcements") == "attacker K0 A0 P0 F1; defender K0 A0 P0 F0"
    # Surrounded by enemies, all the same.
    box = {sq: "f" for sq in ring("e5")}
    s = load({**CAMPS, "e5": "B", **box}, to_move="defender", reinforcements="attacker F2")
    do(s, "End turn")
    assert header(s, "spawning") == "a1"


def test_no_spawning_from_empty_reserves() -> None:
    s = load({**CAMPS, "e5": "B"}, to_move="defender", reinforcements="defender F5")
    do(s, "End turn")
    assert header(s, "spawning") is None
    assert not any(t.startswith("Spawn") or t.startswith("No spawn") for t in texts(s))
    # A pile that runs out part way stops the later bases.
    s = load({**CAMPS, "e5": "B"}, to_move="defender", reinforcements="attacker A1")
    do(s, "End turn", "Spawn Archer at a2")
    assert header(s, "spawning") is None
    assert "Base e5" in texts(s)


# -- bases won --------------------------------------------------------------------------------
def test_capturing_and_destroying_headquarters() -> None:
    pieces = {**CAMPS, "h8": "F", "g9": "b"}
    s = load(pieces, dice=[5, 1])
    do(s, "Footsoldier h8", "Footsoldier h8 attacks i9", "Capture the base at i9")
    assert (at(s, "h8"), at(s, "i9")) == ("F", "H*")
    assert header(s, "headquarters-lost") == "defender"
    assert s.bases == [2, 1] and not s.is_terminal
    # The defender takes it back: it is its own again, but the loss is remembered.
    do(s, "End turn")
    s.rng = ScriptedDice([5, 1])
    do(s, "Footsoldier h9", "Footsoldier h9 attacks i9", "Capture the base at i9")
    assert at(s, "i9") == "h"
    assert header(s, "headquarters-lost") == "defender"
    assert s.bases == [1, 2]

    s = load(pieces, dice=[5, 1])
    do(s, "Footsoldier h8", "Footsoldier h8 attacks i9", "Destroy the base at i9")
    assert (at(s, "h8"), at(s, "i9")) == ("O", "F")
    assert header(s, "headquarters-lost") == "defender"
    assert s.bases == [1, 1]


def test_a_captured_base_spawns_for_its_captor() -> None:
    s = load({**CAMPS, "e5": "B*"}, to_move="defender", reinforcements="attacker F2")
    do(s, "End turn")
    assert header(s, "spawning") == "a1 e5"
    do(s, "No spawn from the base at a1", "Spawn Footsoldier at e6")
    assert at(s, "e6") == "F"


# -- the end of the game ----------------------------------------------------------------------
def test_losing_the_last_base_loses_the_game() -> None:
    s = load({"a1": "H", "b1": "F", "e7": "F", "e8": "h", "h9": "f"}, dice=[5, 1])
    do(s, "Footsoldier e7", "Footsoldier e7 attacks e8")
    assert not s.is_terminal  # the capture-or-destroy choice comes first
    do(s, "Destroy the base at e8")
    assert s.is_terminal
    assert s.outcome().winners == (0,)
    assert s.outcome().reason == "the defender has no bases left"
    assert s.legal_actions() == []
    assert header(s, "result") == "attacker | the defender has no bases left"
    with pytest.raises(bellica.IllegalAction):
        s.apply(bellica.load("imperio-bellum").action_from_json({"kind": "end_turn"}))


def test_losing_the_last_piece_against_a_base_loses_the_game() -> None:
    s = load({"a1": "H", "e7": "K", "e8": "h", "h9": "f"}, dice=[2, 2])
    do(s, "Knight e7", "Knight e7 attacks e8")
    assert at(s, "e7") == "O"
    assert s.outcome().winners == (1,)
    assert s.outcome().reason == "the attacker has no pieces left on the board"


def test_the_game_goes_on_while_both_sides_have_pieces_and_bases() -> None:
    s = load({**CAMPS, "d4": "F", "d5": "f"}, dice=[6, 1])
    do(s, "Footsoldier d4", "Footsoldier d4 attacks d5")
    assert not s.is_terminal and s.units == [2, 1]


def test_rounds_pass_after_the_defender_s_turn() -> None:
    s = load({**CAMPS, "d4": "F"}, round=7)
    do(s, "Footsoldier d4", "Footsoldier d4 → d5", "End turn")
    assert (header(s, "round"), header(s, "to-move")) == ("7", "defender")
    assert header(s, "acted") is None  # last turn's marks are cleared
    do(s, "End turn")
    assert (header(s, "round"), header(s, "to-move")) == ("8", "attacker")
    assert "Footsoldier d5" in texts(s)


def test_turn_limit_off() -> None:
    s = load(CAMPS, options={"turn_limit": 0}, round=200, to_move="defender")
    do(s, "End turn")
    assert not s.is_terminal and header(s, "round") == "201"
    s = load(CAMPS, options={"turn_limit": 10}, round=10, to_move="defender")
    do(s, "End turn")
    assert s.is_terminal


# -- tiebreakers ------------------------------------------------------------------------------
EVEN = {
    "e1": "H", "c1": "B", "g1": "B", "e2": "F",
    "e9": "h", "c9": "b", "g9": "b", "e8": "f",
}  # fmt: skip
EVEN_HEADERS = {
    "start": "attacker 5 10; defender 5 10",
    "reinforcements": "attacker F3; defender F3",
    "headquarters_lost": "none",
}


@pytest.mark.parametrize(
    ("pieces", "headers", "expected"),
    [
        ({}, {}, (DEFENDER, 7)),
        ({}, {"start": "attacker 4 10; defender 5 10"}, (ATTACKER, 1)),
        ({}, {"start": "attacker 5 10; defender 4 10"}, (DEFENDER, 1)),
        ({}, {"start": "attacker 5 9; defender 5 10"}, (ATTACKER, 2)),
        ({}, {"start": "attacker 5 10; defender 5 9"}, (DEFENDER, 2)),
        ({}, {"reinforcements": "attacker F4; defender F3"}, (ATTACKER, 3)),
        ({}, {"reinforcements": "attacker F3; defender K1 F3"}, (DEFENDER, 3)),
        ({"c9": "O"}, {}, (ATTACKER, 4)),
        ({"c1": "O"}, {}, (DEFENDER, 4)),
        # Both lost their headquarters once; now only one side holds its own.
        ({"e9": "H*", "c1": "b*"}, {"headquarters_lost": "attacker defender"}, (ATTACKER, 5)),
        ({"e1": "h*", "c9": "B*"}, {"headquarters_lost": "attacker defender"}, (DEFENDER, 5)),
        ({}, {"headquarters_lost": "defender"}, (ATTACKER, 6)),
        ({}, {"headquarters_lost": "attacker"}, (DEFENDER, 6)),
    ],
)
def test_tiebreakers(
    pieces: dict[str, str], headers: dict[str, str], expected: tuple[int, int]
) -> None:
    s = load({**EVEN, **pieces}, **{**EVEN_HEADERS, **headers})
    assert endgame.tiebreak(s) == expected
    endgame.finish_by_tiebreakers(s, "a test")
    number = expected[1]
    assert s.outcome().winners == (expected[0],)
    assert s.outcome().reason.startswith(
        f"a test; tiebreaker {number} ({endgame.TIEBREAKERS[number - 1]})"
    )


def test_tiebreakers_apply_in_order() -> None:
    # The attacker deployed fewer units; everything after that favours the defender.
    s = load(
        {**EVEN, "c1": "O"},
        start="attacker 4 20; defender 5 10",
        reinforcements="attacker F0; defender F9",
        headquarters_lost="attacker",
    )
    assert endgame.tiebreak(s) == (ATTACKER, 1)


def test_the_fast_line_of_sight_agrees_with_the_crossing_rule():
    """`board._sight` (used for screening) gives exactly the squares `board._crosses` says the
    line between two centres passes through."""
    from bellica.games.imperio_bellum import board

    pairs = random.Random(5).sample([(a, b) for a in range(81) for b in range(81)], 400)
    for a, b in [*pairs, (0, 80), (4, 76), (10, 12), (40, 40)]:
        crossed = sum(1 << s for s in range(81) if s not in (a, b) and board._crosses(a, b, s))
        assert board._sight(a, b) == crossed, (a, b)
