"""`bellica list`: every game with its options' values and defaults; `bellica list GAME`."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner, Result

from bellica.cli.app import app
from bellica.core import GameInfo, register
from bellica.core.options import Choice, Options, Switch, WholeNumber
from toy_game import Pebbles

runner = CliRunner()


class OptionPebbles(Pebbles):
    info = GameInfo(
        "pebbles-plus",
        "Pebbles Plus",
        2,
        3,
        ("standard", "blitz"),
        summary="pebbles with options",
        options=Options(
            WholeNumber("pile", "pebbles on the table at the start", 3, 40, 12),
            Choice("start", "who takes first", ("roll", "0", "1"), variants=("blitz",)),
            Switch("hidden", "secrets stay hidden when revealed"),
        ),
    )


@pytest.fixture(autouse=True)
def games() -> None:
    register("pebbles", Pebbles)
    register("pebbles-plus", OptionPebbles)


def run(*args: str) -> Result:
    return runner.invoke(app, list(args), env={"COLUMNS": "160"})


def row(text: str, *starts: str) -> list[str]:
    """The cells of the first table row whose leading cells are `starts`."""
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.split("│")[1:-1]]
        if cells[: len(starts)] == list(starts):
            return cells
    raise AssertionError(f"no row {starts} in\n{text}")


def test_list_shows_each_option_with_its_values_and_default() -> None:
    result = run("list")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert row(out, "pebbles-plus")[1:] == ["Pebbles Plus", "2, 3", "standard, blitz"]
    assert row(out, "pebbles-plus", "pile") == [
        "pebbles-plus",
        "pile",
        "a whole number from 3 to 40",
        "12",
        "all",
    ]
    assert row(out, "pebbles-plus", "start")[2:] == ["roll", "roll", "blitz"]
    assert row(out, "", "", "0") == ["", "", "0", "", ""]  # one allowed value per line
    assert row(out, "pebbles-plus", "hidden")[2:] == ["on or off", "off", "all"]
    assert "-o key=value" in out and "bellica list GAME" in out


def test_list_game_explains_its_options() -> None:
    result = run("list", "pebbles-plus")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Pebbles Plus (pebbles-plus): pebbles with options")
    assert "Variants: standard (2, 3 players), blitz (2, 3 players)." in out
    assert row(out, "pile") == [
        "pile",
        "a whole number from 3 to 40",
        "12",
        "all",
        "pebbles on the table at the start",
    ]
    assert row(out, "start")[3:] == ["blitz", "who takes first"]


def test_list_of_a_game_without_options() -> None:
    result = run("list", "pebbles")
    assert result.exit_code == 0, result.output
    assert "No options." in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["list", "chess"], "error: unknown game 'chess'; known games:"),
        (["list", "pebbles", "bellum"], "error: bellica list takes at most one game id"),
        (["list", "--colour"], "error: No such option: --colour"),
    ],
)
def test_list_refuses_bad_arguments_in_one_line(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code != 0
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(message)


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_play_and_simulate_help_explain_game_options(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.replace("│", " ").split())
    assert "-o" in text and "KEY=VALUE" in text
    assert "bellica list GAME shows the game's options" in text
