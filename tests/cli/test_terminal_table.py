"""The terminal table: fixed board columns, redraws of what changed, stable action numbers,
and typed words matched anywhere in an action's text."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

import bellica
from bellica.cli.app import app
from bellica.cli.numbering import ActionNumbers
from bellica.cli.screen import Screen, table_view
from bellica.cli.turns import choose, matching
from bellica.core import Action

runner = CliRunner()


def act(text: str, index: int = 0) -> Action:
    return Action("test", {"text": text}, index, text)


def printed(renderable: Any, width: int = 120) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue().splitlines()


# -- 1. the Imperio Bellum board keeps its columns whatever marks it -----------------------


def board_lines(lines: list[str]) -> list[str]:
    """The header and the nine rank rows of a printed board."""
    start = next(i for i, line in enumerate(lines) if line.split()[:2] == ["a", "b"])
    return lines[start : start + 10]


def test_marks_never_shift_a_board_column() -> None:
    game = bellica.load("imperio-bellum")
    state = game.new_game(seed=3)
    chooser = random.Random(2)
    while len(state.observation(0)["pieces"]) < 30:
        state.apply(chooser.choice(state.legal_actions()))
    plain = state.observation(0)
    marked = dict(plain)
    marked["pieces"] = [dict(p) for p in plain["pieces"]]
    marked["pieces"][0]["entrenched"] = True
    marked["pieces"][1]["captured"] = True
    marked["selected"] = marked["pieces"][2]["square"]
    marked["legal"] = [{"action": {"kind": "move", "from": "a1", "to": "e5"}, "text": ""}]
    marked["recent"] = [{"action": {"kind": "attack", "from": "d4", "to": "d6"}, "text": ""}]
    before = board_lines(printed(game.render(plain)))
    after = board_lines(printed(game.render(marked)))
    assert any(mark in "".join(after) for mark in ">o~+*")
    for mark in ("+", "*", ">", "o", "~"):
        assert mark in "".join(after[1:]), mark
    header = before[0]
    columns = [header.index(f) for f in "abcdefghi"]
    assert after[0] == header
    for old, new in zip(before[1:], after[1:], strict=True):
        assert cell_len(old) == cell_len(new)
        board = old[: columns[-1] + 2]
        assert cell_len(board) == cell_len(new[: columns[-1] + 2])
        for column in columns:  # a letter or an empty square under each file's name
            assert old[column] not in " >o~+*", old
            assert new[column] not in " >o~+*", new
    # the marks stand where the view put them: e5 reachable, d4 and d6 touched
    e5 = after[1 + 9 - 5]
    assert e5[columns[4] - 1] == "o"
    assert after[1 + 9 - 4][columns[3] - 1] == "~"
    assert after[1 + 9 - 6][columns[3] - 1] == "~"


# -- 2. a redraw prints only the parts that changed ----------------------------------------


def test_a_screen_prints_only_changed_parts() -> None:
    game = bellica.load("bellum", players=2)
    state = game.new_game(seed=3)
    out = io.StringIO()
    screen = Screen(Console(file=out, width=120, color_system=None), game)
    parts = screen.draw(table_view(state, 0), whole=True)
    assert parts >= 4
    assert "Cities" in out.getvalue()
    out.truncate(0)
    out.seek(0)
    assert screen.draw(table_view(state, 0)) == 0
    assert "the table has not changed" in out.getvalue()
    state.apply(state.legal_actions()[0])
    out.truncate(0)
    out.seek(0)
    printed_parts = screen.draw(table_view(state, 0))
    text = out.getvalue()
    assert 1 <= printed_parts < parts
    assert "Cities" not in text and "Olympus and Legend stacks" not in text
    assert "Your hand" in text


def test_bellum_in_the_terminal_redraws_only_what_changed(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "bellum", "--players", "1", "--seed", "2", "--record-dir", str(tmp_path)],
        input="attack hercules\nmercenary\nb\nq\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("You play: ") == 2
    # the whole table at the first decision, on 'b', and at the end; never in between
    assert out.count("Olympus and Legend stacks") == 3
    assert out.count("Players") >= 4  # the battlefields changed at each decision


def test_bellum_magia_in_the_terminal_shows_the_lords_the_die_and_your_lines(
    tmp_path: Path,
) -> None:
    result = runner.invoke(
        app,
        ["play", "bellum-magia", "--players", "3", "--seed", "2", "--record-dir", str(tmp_path)],
        input="1\n3\nq\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("You play: Slide") == 2  # both Goblins placed, one typed number each
    assert "rolls a" in out and "is everyone's active horde" in out  # the AIs' set-up, day 1
    assert "Your castle, Hollowcrown: six horde lines" in out
    assert "make one attack (line" in out and "Raid The Crooked Tankard (077)" in out


def test_imperio_bellum_draws_its_key_only_with_the_whole_board(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "imperio-bellum", "--seed", "3", "--record-dir", str(tmp_path)],
        input="spearhead\nready\nq\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("You play: ") == 2
    assert out.count("K knight") == 2  # first decision, the end
    assert out.count("To move: attacker") == 4  # the board at each decision, and the end


def test_an_ai_move_is_printed_once_not_again_in_other_words(tmp_path: Path) -> None:
    """A quiet event (a move that only repeats its action) is not printed under the move."""
    result = runner.invoke(
        app,
        [
            *("play", "imperio-bellum", "--seed", "3", "-o", "attacker=1", "--vs", "greedy"),
            *("--record-dir", str(tmp_path)),
        ],
        input="bulwark\nready\nalterations done\nq\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "→" in out  # the attacker moved pieces
    assert "moves from" not in out


# -- 3. action numbers stay while the action stays legal ------------------------------------


def test_numbers_stay_with_their_actions() -> None:
    numbers = ActionNumbers()
    a, b, c, d = act("Pikeman a2 → a3"), act("Knight c3 → c5"), act("End turn"), act("New")
    assert numbers.update([a, b, c]) == [(1, a), (2, b), (3, c)]
    # b is gone: the others keep theirs, the new action does not take b's number at once
    assert numbers.update([d, a, c]) == [(4, d), (1, a), (3, c)]
    assert numbers.action(2) == "2 was 'Knight c3 → c5', no longer legal"
    assert numbers.action(1) is a
    # b comes back: it gets its own number again
    assert numbers.update([a, b, c]) == [(1, a), (2, b), (3, c)]
    assert numbers.action(4) == "4 was 'New', no longer legal"
    assert numbers.action(99).startswith("there is no action 99; the legal ones are numbered")


def test_a_freed_number_rests_one_decision_then_serves_again() -> None:
    numbers = ActionNumbers()
    numbers.update([act("one"), act("two")])
    assert [n for n, _ in numbers.update([act("three")])] == [3]
    assert [n for n, _ in numbers.update([act("four"), act("five")])] == [1, 2]


def test_an_old_number_says_what_it_was(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "imperio-bellum", "--seed", "3", "--record-dir", str(tmp_path)],
        input="1\n1\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "You play: Deploy formation: Spearhead" in result.stdout
    assert "1 was 'Deploy formation: Spearhead', no longer legal" in result.stdout
    assert result.stdout.count("You play: ") == 1


# -- 4. typed words match anywhere --------------------------------------------------------


LEGAL = [
    act("Pikeman a2 → a3"),
    act("Pikeman a2 holds"),
    act("Knight c3 → c5"),
    act("Spend a Strategy charge"),
    act("End the Deployment phase"),
]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("a3 pike", "Pikeman a2 → a3"),
        ("A3 PIKEMAN", "Pikeman a2 → a3"),
        ("holds", "Pikeman a2 holds"),
        ("c5", "Knight c3 → c5"),
        ("end", "End the Deployment phase"),  # a word's start before a match inside "Spend"
        ("strat", "Spend a Strategy charge"),
        ("ployment", "End the Deployment phase"),  # inside a word when nothing starts so
        ("knight c3 → c5", "Knight c3 → c5"),
    ],
)
def test_typed_words_match_anywhere(typed: str, expected: str) -> None:
    numbers = ActionNumbers()
    numbers.update(LEGAL)
    choice = choose(typed, numbers, LEGAL)
    assert isinstance(choice, Action) and str(choice) == expected


def test_several_matches_are_listed_with_their_numbers() -> None:
    numbers = ActionNumbers()
    numbers.update(LEGAL)
    assert choose("pikeman a2", numbers, LEGAL) == (
        "'pikeman a2' could be 1. Pikeman a2 → a3, 2. Pikeman a2 holds; "
        "type more words, or a number"
    )
    assert matching("a", LEGAL) == [*LEGAL[:2], LEGAL[3]]


def test_no_match_says_so() -> None:
    numbers = ActionNumbers()
    numbers.update(LEGAL)
    assert choose("dragon", numbers, LEGAL) == (
        "no legal action has 'dragon' in it; type its number or words from its text"
    )
    assert isinstance(choose("→", numbers, LEGAL), str)


@pytest.mark.parametrize("typed", ["²", "9" * 5000, "٩٩", "\x00", "   "])
def test_odd_answers_get_a_message(typed: str) -> None:
    numbers = ActionNumbers()
    numbers.update(LEGAL)
    assert isinstance(choose(typed, numbers, LEGAL), str)


def test_an_ai_returning_a_card_to_the_deck_is_announced_without_the_card() -> None:
    """The terminal announces an AI's mulligan return in the words the human may read, and
    does not hand the action to the table to mark."""
    from bellica.cli.turns import ai_move

    state = bellica.load("siege-of-olympus", options={"first": "0"}).new_game(seed=4)

    class Returner:
        name = "returner"

        def act(self, view: object) -> object:
            return next(a for a in state.legal_actions() if a.kind == "return")

    console = Console(record=True, width=120)
    returned = next(a for a in state.legal_actions() if a.kind == "return")
    assert ai_move(console, state, 0, Returner()) is None  # type: ignore[arg-type]
    said = console.export_text()
    assert "Return a card to the Deck" in said
    assert returned.get("card") not in said and returned.text not in said
