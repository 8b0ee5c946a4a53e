"""Positions that cannot be played are refused with a message; each was once a crash."""

from __future__ import annotations

import pytest
from bellum_helpers import game

import bellica

GOOD = bellica.load("bellum").new_game(7).position()


def _changed(line_start: str, new_line: str) -> str:
    lines = GOOD.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(line_start))
    lines[index] = new_line
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("line", "replacement", "message"),
    [
        ("turn:", "turn: round 1, team 0, member 0, phase over, first 0", "result line"),
        ("city 0:", "city 0: Tr5y, pillaged 0, strategy 2", "different city"),
        ("city 1:", "city 1: Athens, pillaged 4, strategy 3", "all four districts"),
        ("stack:", "stack: spell_done card=066", "must be resolving"),
        ("stack:", "stack: deaths", "is a step"),
        ("stack:", "stack: opponent_draw", "scripted turn"),
        ("stack:", "stack: hercules_blocker side=0 cards=013", "only the Hells"),
        ("stack:", "stack: pay side=0 card=045 rings=gold", "must be resolving"),
        ("stack:", "stack: look side=0 victim=1 cards=045", "top of that deck"),
        ("stack:", "stack: ability side=9 card=045 face=0 trigger=play step=0 context=-", "side"),
        ("stack:", "stack: ability side=0 card=045 face=1 trigger=play step=0 context=-", "face"),
        ("stack:", 'stack: [["a",0]]', "not a task"),
        ("assault:", "assault: 013 / - / -", "not in play"),
        ("assault:", "assault: - / 013>017>018 / -", "attacker>blocker"),
        ("assault:", "assault: - / -", "attackers / blocks / unblocked"),
        ("rally left:", "rally left: 013", "not in play to rally"),
        ("side 0 hand:", "side 0 hand: 036 060 027[d2]", "carries tokens"),
        ("side 0 hand:", "side 0 hand: 036 060 027[p077]", "carries tokens"),
        ("side 0 hand:", "side 0 hand: 036 060 027[x8]", "fighting or dying"),
        ("side 0 hand:", "side 0 hand: 036 060 027[d-5]", "bad mark"),
        ("side 0 hand:", "side 0 hand: 036 060 027[d" + "9" * 5000 + "]", "bad mark"),
        ("side 0 hand:", "side 0 hand: 036 060 027[f]", "no other face"),
        ("resolving:", "resolving: 066@9", "no such side"),
        ("result", "result: 0 | won", "result line"),
    ],
)
def test_unplayable_positions_are_refused(line: str, replacement: str, message: str) -> None:
    text = _changed(line, replacement) if line != "result" else GOOD + "result: 0 | won\n"
    with pytest.raises(bellica.InvalidPosition, match=message):
        bellica.load("bellum").load_position(text)


def test_a_petrified_card_covers_one_creature_and_lies_nowhere_else() -> None:
    text = _changed("side 0 hand:", "side 0 hand: 036 060")
    text = text.replace("side 0 play: -", "side 0 play: 027[p077]")
    with pytest.raises(bellica.InvalidPosition, match="not a free Petrified"):
        bellica.load("bellum").load_position(text)  # 077 is still in the Stock
    freed = text.replace("stock: 074 075 076 077", "stock: 074 075 076")
    state = bellica.load("bellum").load_position(freed)
    assert state.cover[state.game.table.uid(27)] == state.game.table.uid(77)


def test_a_member_beyond_the_team_is_refused() -> None:
    teams = game("teams").new_game(2).position()
    text = teams.replace("member 0,", "member 6,")
    with pytest.raises(bellica.InvalidPosition, match="member"):
        game("teams").load_position(text)


def test_a_scripted_turn_must_run_to_its_end_on_the_stack() -> None:
    """A solo position with the scripted side to play holds its whole turn, ending in
    end_turn: a stack cut short would hand the scripted side's phases to the player."""
    hells = game("solo-hercules").new_game(1)
    text = hells.position()
    cut = text.replace("turn: round 1, team 0", "turn: round 1, team 1").replace(
        "stack: -", "stack: opponent_draw"
    )
    with pytest.raises(bellica.InvalidPosition, match="must end with end_turn"):
        game("solo-hercules").load_position(cut)


def test_every_position_of_scripted_turns_reads_back() -> None:
    """The Monsters' and the Hells' turns, with an optional Rally ability the player left
    unused (Charon's), write positions that read back: nothing the game reaches is refused."""
    import random

    seen_stale = False
    for variant in ("solo-plague", "solo-hercules", "solo-troy"):
        loaded = game(variant)
        for seed in range(6):
            state = loaded.new_game(seed)
            chooser = random.Random(seed)
            while not state.is_terminal:
                text = state.position()
                assert loaded.load_position(text).position() == text
                seen_stale |= state.active == 1 and bool(state.rally_left)
                legal = state.legal_actions()
                ends = [a for a in legal if a.kind == "end_rally"]
                state.apply(ends[0] if ends else chooser.choice(legal))
    assert seen_stale
