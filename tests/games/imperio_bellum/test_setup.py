"""Starting a game: roles, the defender's and then the attacker's setup, the alterations."""

from __future__ import annotations

from pathlib import Path

import pytest
from imperio_helpers import at, do, game, header, load, texts

import bellica
from bellica.core.rng import Rng
from bellica.games.imperio_bellum.state import ImperioBellumState

RANK8 = [f"{f}8" for f in "abcdefghi"]
RANK9 = [f"{f}9" for f in "abcdefghi"]

GARRISON = "Take reinforcements: Garrison reserve (K5 A20 P10 F15)"
ASSAULT = "Take reinforcements: Assault reserve (K6 A10 P14 F20)"


def placements(state: ImperioBellumState, kind: str) -> set[str]:
    return {t.rsplit(" ", 1)[1] for t in texts(state) if t.startswith(f"Place {kind} at")}


def test_setup_sequence() -> None:
    s = game(attacker="0").new_game(seed=5)
    # The defender (seat 1 here) sets up first: its headquarters, then two bases, in its zone.
    assert (header(s, "phase"), header(s, "to-move"), s.current_player) == (
        "defender-bases",
        "defender",
        1,
    )
    assert placements(s, "Headquarters") == set(RANK8 + RANK9)
    assert not placements(s, "Base") and not placements(s, "Knight")
    do(s, "Place Headquarters at e9")
    assert placements(s, "Base") == set(RANK8 + RANK9) - {"e9"}
    assert not placements(s, "Headquarters")
    assert not any(t.startswith("Deploy formation") for t in texts(s))
    do(s, "Place Base at c9", "Place Base at g9")
    assert header(s, "phase") == "defender-pieces"

    # Pieces one at a time; fifteen ends the placing by itself.
    squares = [*RANK8, "a9", "b9", "d9", "f9", "h9", "i9"]
    for i, square in enumerate(squares):
        do(s, f"Place {'Pikeman' if i % 2 else 'Footsoldier'} at {square}")
        if i < 14:
            assert header(s, "phase") == "defender-pieces"
            assert "Formation ready" in texts(s)
    assert header(s, "phase") == "defender-reinforcements"
    assert (at(s, "a8"), at(s, "b8"), at(s, "e9")) == ("f", "p", "h")

    # Reinforcements: up to fifty, one at a time or a ready-made list. The pile only grows
    # in this phase (taking pieces out is an alteration), so it always comes to an end.
    assert GARRISON in texts(s) and ASSAULT not in texts(s)
    do(s, "Add an archer to the reinforcements")
    assert GARRISON not in texts(s)  # a ready-made list is for an empty pile
    for _ in range(49):
        assert not any(t.startswith("Take") for t in texts(s))
        do(s, "Add a footsoldier to the reinforcements")
    assert texts(s) == ["Reinforcements ready"]
    assert header(s, "reinforcements") == "attacker K0 A0 P0 F0; defender K0 A1 P0 F49"
    do(s, "Reinforcements ready")

    # Then the attacker (seat 0) on ranks 1-2.
    assert (header(s, "phase"), header(s, "to-move"), s.current_player) == (
        "attacker-bases",
        "attacker",
        0,
    )
    assert placements(s, "Headquarters") == {f"{f}{r}" for f in "abcdefghi" for r in "12"}
    do(s, "Place Headquarters at e1", "Place Base at a1", "Place Base at i1")
    assert "Formation ready" not in texts(s)
    do(s, "Place Knight at e2", "Formation ready")
    assert ASSAULT in texts(s) and GARRISON not in texts(s)
    do(s, ASSAULT, "Reinforcements ready")

    # The defender's alterations; then the attacker opens the game.
    assert (header(s, "phase"), header(s, "to-move")) == ("alterations", "defender")
    assert header(s, "alterations-left") == "4"
    do(s, "Alterations done")
    assert (header(s, "phase"), header(s, "to-move"), header(s, "round")) == (
        "play",
        "attacker",
        "1",
    )
    assert s.current_player == 0
    assert header(s, "start") == "attacker 1 50; defender 15 50"
    # Its first turn begins like any other, with its bases offered a spawn each.
    assert header(s, "spawning") == "a1 e1 i1"
    for base in ("a1", "e1", "i1"):
        do(s, f"No spawn from the base at {base}")
    assert "Knight e2" in texts(s)


def test_formation_needs_a_piece(tmp_path: Path) -> None:
    s = game(attacker="0").new_game()
    do(s, "Place Headquarters at e9", "Place Base at c9", "Place Base at g9")
    assert "Formation ready" not in texts(s)
    assert all(t.startswith("Place") for t in texts(s))
    do(s, "Place Archer at e8")
    assert "Formation ready" in texts(s)
    do(s, "Formation ready")
    assert header(s, "phase") == "defender-reinforcements"

    # The alterations cannot take the last piece off the board, though they may move it.
    s = load(
        {"e1": "H", "c1": "B", "g1": "B", "e2": "F", "e9": "h", "c9": "b", "g9": "b", "e8": "a"},
        phase="alterations",
        to_move="defender",
    )
    assert not any(t.startswith("Alter: remove") for t in texts(s))
    assert "Alter: move the piece at e8 to d8" in texts(s)
    do(s, "Place Pikeman at d8")
    assert "Alter: remove the piece at e8" in texts(s)

    # A ready-made formation without a piece is refused when the file is read.
    cards = tmp_path / "empty.toml"
    cards.write_text(
        '[[formation]]\nname = "Empty"\nside = "any"\nprovisional = true\n'
        'front = "O O O O O O O O O"\nback = "O O B O H O B O O"\n',
        encoding="utf-8",
    )
    with pytest.raises(bellica.InvalidCardData, match="1 to 15 pieces"):
        bellica.load("imperio-bellum", cards=str(cards))


def test_knight_limits() -> None:
    s = game(attacker="0").new_game()
    do(s, "Place Headquarters at e9", "Place Base at c9", "Place Base at g9")
    for square in RANK8[:8]:
        assert placements(s, "Knight")
        do(s, f"Place Knight at {square}")
    # Eight knights on the board: no more, though other pieces may still be placed.
    assert not placements(s, "Knight")
    assert "i8" in placements(s, "Archer")
    do(s, "Formation ready")
    # Ten in the army: two more may go to the reinforcements.
    do(s, "Add a knight to the reinforcements", "Add a knight to the reinforcements")
    assert "Add a knight to the reinforcements" not in texts(s)
    assert "Add a pikeman to the reinforcements" in texts(s)
    assert GARRISON not in texts(s)  # 8 + 5 knights would be too many

    # A ready-made list is offered only while it keeps the army within ten knights.
    for knights, offered in ((4, True), (5, False)):
        pieces = {"e1": "H", "c1": "B", "g1": "B"} | {f"{f}2": "K" for f in "abcdefghi"[:knights]}
        defender = {"e9": "h", "c9": "b", "g9": "b", "e8": "f"}
        s = load(pieces | defender, phase="attacker-reinforcements")
        assert (ASSAULT in texts(s)) is offered

    # The alterations keep both limits.
    base = {"e1": "H", "c1": "B", "g1": "B", "e2": "F", "e9": "h", "c9": "b", "g9": "b"}
    for on_board, reserve, allowed in ((8, 0, False), (7, 3, False), (7, 2, True)):
        pieces = base | {square: "k" for square in RANK8[:on_board]}
        s = load(
            pieces,
            phase="alterations",
            to_move="defender",
            reinforcements=f"defender K{reserve}",
        )
        assert bool(placements(s, "Knight")) is allowed, (on_board, reserve)
        assert ("Add a knight to the reinforcements" in texts(s)) is (on_board + reserve < 10)

    # Later spawning is not limited.
    pieces = {"a1": "H", "i9": "h", "h9": "f"} | {f"{f}5": "K" for f in "abcdefghi"}
    s = load(pieces | {"c3": "K"}, to_move="defender", reinforcements="attacker K3")
    do(s, "End turn", "Spawn Knight at a2")
    assert at(s, "a2") == "K"


def test_presets_and_formations() -> None:
    g = game(attacker="0")
    assert [f.provisional for f in g.setup_data.formation] == [True, True, True]
    assert [r.provisional for r in g.setup_data.reinforcements] == [False, False]
    s = g.new_game()
    formations = [t for t in texts(s) if t.startswith("Deploy formation")]
    assert formations == ["Deploy formation: Bulwark", "Deploy formation: Open Order"]
    # A formation puts the bases and the pieces down in one decision.
    do(s, "Deploy formation: Bulwark")
    assert header(s, "phase") == "defender-reinforcements"
    rows = s.position().splitlines()
    assert "9 a  a  b  a  h  a  b  a  k" in rows
    assert "8 p  p  f  p  f  p  f  p  p" in rows
    assert (s.units, s.bases) == ([0, 15], [0, 3])
    # A ready-made list fills the empty pile in one decision.
    do(s, GARRISON)
    assert header(s, "reinforcements") == "attacker K0 A0 P0 F0; defender K5 A20 P10 F15"
    do(s, "Reinforcements ready")

    formations = [t for t in texts(s) if t.startswith("Deploy formation")]
    assert formations == ["Deploy formation: Spearhead", "Deploy formation: Open Order"]
    do(s, "Deploy formation: Spearhead", ASSAULT)
    assert header(s, "reinforcements") == "attacker K6 A10 P14 F20; defender K5 A20 P10 F15"
    rows = s.position().splitlines()
    assert "2 P  F  K  F  P  F  K  F  P" in rows
    assert "1 A  K  A  B  H  B  A  K  A" in rows
    do(s, "Reinforcements ready")
    assert header(s, "phase") == "alterations"

    # "Open Order" suits either side; the attacker's copy stands on its own edge.
    s = do(game(attacker="0").new_game(), "Deploy formation: Open Order", "Reinforcements ready")
    do(s, "Deploy formation: Open Order")
    assert "1 A  A  B  A  H  A  B  A  A" in s.position().splitlines()
    assert "9 a  a  b  a  h  a  b  a  a" in s.position().splitlines()


def test_roles_follow_the_attacker_option() -> None:
    for option, seat in (("0", 0), ("1", 1), (0, 0), (1, 1)):
        s = game(attacker=option).new_game(seed=3)
        assert s.attacker_seat == seat
        assert s.current_player == 1 - seat  # the defender sets up first
    with pytest.raises(bellica.InvalidConfig, match="attacker"):
        game(attacker="2")
    with pytest.raises(bellica.InvalidConfig, match="turn_limit"):
        game(turn_limit=-1)
    with pytest.raises(bellica.InvalidConfig, match="turn_limit"):
        game(turn_limit="soon")


def test_role_roll_is_reproducible_and_fair() -> None:
    g = game()  # attacker=roll is the default
    seats = []
    for seed in range(40):
        seat = g.new_game(seed).attacker_seat
        assert g.new_game(seed).attacker_seat == seat
        assert game(attacker="roll").new_game(seed).attacker_seat == seat
        # Both players roll a die, again on a tie; the higher roll attacks.
        dice = Rng(seed)
        while True:
            first, second = dice.d6(), dice.d6()
            if first != second:
                break
        assert seat == (0 if first > second else 1)
        seats.append(seat)
    assert seats.count(0) >= 10 and seats.count(1) >= 10
