"""The `bellica` command: each command's happy path, and one clear error line for bad input."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from bellica.cli.app import app
from bellica.core import Record, game_class, register, replay
from games.card_file_edits import edited
from toy_game import Pebbles

runner = CliRunner()


def _imperio_ready() -> bool:
    try:
        game_class("imperio-bellum")
    except Exception:
        return False
    return True


needs_imperio = pytest.mark.skipif(not _imperio_ready(), reason="imperio-bellum not built yet")


@pytest.fixture(autouse=True)
def pebbles() -> None:
    register("pebbles", Pebbles)


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


def assert_one_line_error(result: Result, *fragments: str) -> None:
    assert result.exit_code != 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in lines[0]


def saved_record(result: Result) -> Path:
    line = next(line for line in result.stdout.splitlines() if line.startswith("Record saved:"))
    return Path(line.removeprefix("Record saved:").strip())


# -- help and list -----------------------------------------------------------------------


def test_help_names_every_command() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for command in ("list", "play", "simulate", "report", "replay", "rules", "serve"):
        assert command in result.stdout


@pytest.mark.parametrize(
    "command", ["list", "play", "simulate", "report", "replay", "rules", "serve"]
)
def test_each_command_has_help(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Usage" in result.stdout


def test_no_arguments_shows_help() -> None:
    result = run()
    assert "simulate" in result.stdout


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.startswith("bellica ")


def test_list_shows_each_game() -> None:
    result = run("list")
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if "pebbles" in line)
    assert "Pebbles" in row
    assert "2, 3" in row
    assert "standard" in row


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bellica", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert done.stdout.startswith("bellica ")


# -- rules -------------------------------------------------------------------------------


def test_rules_render_the_markdown() -> None:
    result = run("rules", "pebbles")
    assert result.exit_code == 0
    assert "Pebbles" in result.stdout
    assert "# Pebbles" not in result.stdout  # rendered, not raw


# -- errors: one line, non-zero exit, never a traceback ------------------------------------


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["rules", "chess"], ["unknown game 'chess'", "pebbles"]),
        (["play", "chess"], ["unknown game 'chess'"]),
        (["simulate", "chess", "--agents", "random"], ["unknown game 'chess'"]),
        (["play", "pebbles", "--players", "5"], ["played by 2, 3 players, not 5"]),
        (["simulate", "pebbles", "-a", "random", "-p", "9"], ["not 9"]),
        (["play", "pebbles", "--variant", "blitz"], ["no variant 'blitz'", "standard"]),
        (["simulate", "pebbles", "-a", "random", "--variant", "blitz"], ["no variant 'blitz'"]),
        (["play", "pebbles", "--vs", "wizard"], ["unknown agent 'wizard'"]),
        (["play", "pebbles", "--vs", "mcts:iterations=-3"], ["iterations"]),
        (["simulate", "pebbles", "--agents", "random,wizard"], ["unknown agent 'wizard'"]),
        (["simulate", "pebbles", "--agents", "random,,greedy"], ["comma-separated"]),
        (["simulate", "pebbles", "-a", "random,greedy,random,greedy"], ["each agent once"]),
        (["simulate", "pebbles", "-a", "random", "--records"], ["--records", "--out"]),
        (["simulate", "pebbles", "-a", "random", "--games", "0"], ["--games"]),
        (["simulate", "pebbles", "-a", "random", "--workers", "0"], ["--workers"]),
        (["simulate", "pebbles", "-a", "random", "--games", "many"], ["--games"]),
        (["simulate", "pebbles"], ["--agents"]),
        (["play", "pebbles", "--seat", "2"], ["--seat must be 0 to 1, not 2"]),
        (["play", "pebbles", "--option", "fast"], ["key=value", "'fast'"]),
        (["play", "pebbles", "--option", "speed=3"], ["no option 'speed'"]),
        (["play"], ["Missing argument"]),
        (["conquer"], ["No such command 'conquer'"]),
        (["play", "pebbles", "--colour", "red"], ["--colour"]),
        (["serve", "--port", "0"], ["--port"]),
        (["serve", "--port", "http"], ["--port"]),
        (["serve", "--ai-workers", "0"], ["--ai-workers"]),
        (["serve", "--ai-seconds", "0"], ["--ai-seconds"]),
        (["serve", "--ai-seconds", "nan"], ["--ai-seconds"]),
        (["serve", "--host", "no-such-host.invalid"], ["cannot serve on host"]),
    ],
)
def test_bad_arguments_end_in_one_error_line(args: list[str], fragments: list[str]) -> None:
    assert_one_line_error(run(*args), *fragments)


def test_serve_refuses_a_directory_as_its_database(tmp_path: Path) -> None:
    assert_one_line_error(run("serve", "--db", str(tmp_path)), "is a directory")


def test_serve_refuses_a_port_in_use() -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert_one_line_error(run("serve", "--port", str(port)), f"127.0.0.1:{port}", "in use")


def test_a_missing_record_file(tmp_path: Path) -> None:
    assert_one_line_error(run("replay", str(tmp_path / "nope.json")), "cannot read")


def test_a_record_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "garbage.json"
    path.write_text("this is not { json")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert_one_line_error(result, "not valid JSON")


def test_a_binary_record(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00\x81")
    assert_one_line_error(run("replay", str(path)), "not a text file")


@pytest.mark.parametrize(
    ("record", "fragment"),
    [
        ([1, 2, 3], "must be a JSON object"),
        ({"game": "pebbles", "players": 2, "variant": "standard"}, "no 'seed' field"),
        (
            {"game": "chess", "players": 2, "variant": "standard", "seed": 1, "actions": []},
            "unknown game 'chess'",
        ),
        (
            {"game": "pebbles", "players": 6, "variant": "standard", "seed": 1, "actions": []},
            "not 6",
        ),
        (
            {
                "game": "pebbles",
                "players": 2,
                "variant": "standard",
                "seed": 1,
                "actions": [{"kind": "take", "count": 9}],
            },
            "action 1",
        ),
        (
            {
                "game": "pebbles",
                "players": 2,
                "variant": "standard",
                "seed": 1,
                "actions": [{"kind": "take", "count": 1}] * 30,
            },
            "after the game ended",
        ),
    ],
)
def test_a_bad_record(tmp_path: Path, record: object, fragment: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert_one_line_error(result, fragment)


@pytest.mark.parametrize("flag", ["--csv", "--out"])
def test_an_unwritable_out_file(tmp_path: Path, flag: str) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = run("simulate", "pebbles", "-a", "random", "-n", "2", flag, str(blocker / "x"))
    assert_one_line_error(result)
    assert result.stdout == ""


def test_an_unwritable_record_dir_fails_before_the_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = run("play", "pebbles", "--record-dir", str(blocker / "records"), input="1\n")
    assert_one_line_error(result)
    assert result.stdout == ""


# -- simulate ----------------------------------------------------------------------------


def read_rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as file:
        return list(csv.DictReader(file))


def test_simulate_summarizes_and_writes_rows(tmp_path: Path) -> None:
    out = tmp_path / "runs" / "results.csv"
    result = run(
        "simulate", "pebbles", "--games", "12", "--agents", "random,greedy", "--workers", "1",
        "--seed", "50", "--csv", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = result.stdout
    for part in ("random", "greedy", "seat 0", "seat 1", "95% interval", "Games: 12"):
        assert part in text
    rows = read_rows(out)
    assert len(rows) == 12
    assert [int(row["seed"]) for row in rows] == list(range(50, 62))
    assert [row["agent_0"] for row in rows[:4]] == ["random", "greedy", "random", "greedy"]
    assert all(row["winners"] in ("0", "1") for row in rows)
    for row in rows:
        seat = int(row["winners"])
        assert row["winning_agents"] == row[f"agent_{seat}"]
        assert int(row["decisions"]) >= 3
        assert row["game"] == "pebbles" and row["players"] == "2"


def test_simulate_gives_the_same_rows_for_any_number_of_workers(tmp_path: Path) -> None:
    rows = {}
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}.csv"
        result = run(
            "simulate", "pebbles", "-n", "16", "-a", "random,mcts:iterations=8",
            "-w", workers, "--seed", "7", "--csv", str(out),
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        rows[workers] = [{k: v for k, v in row.items() if k != "seconds"} for row in read_rows(out)]
    assert rows["1"] == rows["2"]
    assert len(rows["1"]) == 16


PB_CARDS = Path(__file__).parents[2] / "src/bellica/games/para_bellum/data/cards.toml"


def test_simulate_plays_with_a_designers_card_file(tmp_path: Path) -> None:
    # The same seeds with Muster at 3 General pips: the file is what the games are played with.
    text = PB_CARDS.read_text(encoding="utf-8")
    muster = 'muster = [{ die = "general", pips = %d }]'
    cards = edited(tmp_path, text, muster % 1, muster % 3, name="muster3.toml")
    rows = {}
    for name, extra in (("own", []), ("file", ["--cards", str(cards)])):
        out = tmp_path / f"{name}.csv"
        result = run(
            "simulate", "para-bellum", "-n", "3", "-a", "random", "-w", "1", "--seed", "4",
            "--csv", str(out), *extra,
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        rows[name] = [(row["decisions"], row["scores"]) for row in read_rows(out)]
    assert f"Cards from {cards}\n" in result.stdout
    assert rows["own"] != rows["file"]


def test_simulate_refuses_a_bad_card_file_naming_it(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[basic]\nmuster = 3\n", encoding="utf-8")
    result = run("simulate", "para-bellum", "-a", "random", "-n", "1", "--cards", str(bad))
    assert_one_line_error(result, str(bad), "army")
    missing = tmp_path / "missing.toml"
    result = run("simulate", "para-bellum", "-a", "random", "-n", "1", "--cards", str(missing))
    assert_one_line_error(result, str(missing), "cannot read")


def test_simulate_takes_the_player_count_from_the_agents() -> None:
    result = run("simulate", "pebbles", "-n", "3", "-a", "random,greedy,random", "-w", "1")
    assert result.exit_code == 0, result.output
    assert "3 players" in result.stdout
    assert "seat 2" in result.stdout


def test_simulate_without_out_writes_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "pebbles", "-n", "2", "-a", "random", "-w", "1")
    assert result.exit_code == 0, result.output
    assert list(tmp_path.iterdir()) == []


def test_simulate_reports_a_runaway_game_in_one_line() -> None:
    result = run(
        "simulate", "pebbles", "-n", "2", "-a", "random", "-w", "1", "--max-decisions", "1"
    )
    assert_one_line_error(result, "did not end within 1 decisions")


# -- play and replay ---------------------------------------------------------------------


def test_play_through_a_game_by_typing_numbers(tmp_path: Path) -> None:
    result = run(
        "play", "pebbles", "--seed", "4", "--vs", "greedy", "--record-dir", str(tmp_path),
        input="1\n" * 40,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "1. Take 1" in out
    assert "Seat 1 (AI: greedy) plays:" in out
    assert "Game over: took the last pebble." in out
    assert "Winner: Seat" in out
    path = saved_record(result)
    assert path.parent == tmp_path
    assert path.name.startswith("pebbles-4-")
    record = Record.load(path)
    assert record.seed == 4
    assert record.meta["agents"] == ["human", "greedy"]
    assert replay(record).is_terminal

    replayed = run("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert "1. Seat 0 (human): Take 1" in replayed.stdout
    assert "Seat 1 (greedy)" in replayed.stdout
    assert "Game over: took the last pebble." in replayed.stdout


def test_play_accepts_action_text_and_words_from_it(tmp_path: Path) -> None:
    result = run(
        "play", "pebbles", "--seed", "4", "--record-dir", str(tmp_path),
        input="TAKE 2\nta\nreveal\n" + "1\n" * 40,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "You play: Take 2" in result.stdout
    assert "'ta' could be 1. Take 1, 2. Take 2" in result.stdout
    assert "You play: Reveal secret and take it" in result.stdout


def test_play_explains_a_bad_choice_and_asks_again(tmp_path: Path) -> None:
    result = run(
        "play", "pebbles", "--seed", "4", "--record-dir", str(tmp_path),
        input="0\n7\nfly\n\n?\nboard\nq\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "there is no action 0; the legal ones are numbered 1, 2" in out
    assert "there is no action 7" in out
    assert "no legal action has 'fly' in it" in out
    assert "'b' (or 'board') draws the whole table" in out
    assert "game not finished" in out


def test_quitting_saves_an_unfinished_game(tmp_path: Path) -> None:
    result = run(
        "play", "pebbles", "--seed", "9", "--seat", "1", "--players", "3", "--vs", "random",
        "--record-dir", str(tmp_path), input="1\nquit\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Seat 0 (AI: random) plays:" in result.stdout
    assert "you stopped the game" in result.stdout
    record = Record.load(saved_record(result))
    assert record.meta["agents"] == ["random", "human", "random"]
    assert record.meta["finished"] is False
    replayed = run("replay", str(saved_record(result)), "--seat", "1")
    assert replayed.exit_code == 0, replayed.output
    assert "Seat 1 (human): Take 1" in replayed.stdout
    assert "Game not finished" in replayed.stdout
    assert '"my_secret"' in replayed.stdout


def test_end_of_input_stops_and_saves(tmp_path: Path) -> None:
    result = run("play", "pebbles", "--seed", "1", "--record-dir", str(tmp_path), input="")
    assert result.exit_code == 0, result.output
    assert "the input ended" in result.stdout
    assert saved_record(result).exists()


def test_play_shows_only_the_human_seats_view(tmp_path: Path) -> None:
    result = run("play", "pebbles", "--seed", "2", "--record-dir", str(tmp_path), input="q\n")
    state = Pebbles(players=2).new_game(seed=2)
    board = json.dumps(state.observation(0), indent=2)
    assert board.splitlines()[1] in result.stdout
    assert f'"my_secret": {state.secrets[0]}' in result.stdout


def test_records_in_the_same_second_do_not_overwrite(tmp_path: Path) -> None:
    paths = {
        saved_record(run("play", "pebbles", "--seed", "3", "--record-dir", str(tmp_path), input=""))
        for _ in range(3)
    }
    assert len(paths) == 3


def test_replay_rejects_a_seat_that_does_not_exist(tmp_path: Path) -> None:
    path = Record.of("pebbles", 2, "standard", {}, 5).save(tmp_path / "empty.json")
    assert_one_line_error(run("replay", str(path), "--seat", "4"), "--seat must be 0 to 1")


# -- the real games, once they exist --------------------------------------------------------


@needs_imperio
def test_imperio_bellum_simulates_and_replays(tmp_path: Path) -> None:
    out = tmp_path / "ib.csv"
    result = run(
        "simulate", "imperio-bellum", "-n", "2", "-a", "random", "-w", "1", "--csv", str(out)
    )
    assert result.exit_code == 0, result.output
    assert len(read_rows(out)) == 2
    played = run(
        "play", "imperio-bellum", "--seed", "1", "--vs", "random", "--record-dir", str(tmp_path),
        input="1\n1\n1\nq\n",
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    assert run("replay", str(saved_record(played))).exit_code == 0
    assert run("rules", "imperio-bellum").exit_code == 0
    assert "imperio-bellum" in run("list").stdout


def test_play_a_bellum_scenario_in_the_terminal(tmp_path: Path) -> None:
    """The solo scenario starts from the player count, shows the hand and plays moves."""
    result = run(
        "play", "bellum", "--players", "1", "--seed", "2", "--record-dir", str(tmp_path),
        input="attack hercules\nmercenary\nend deployment\ndraw 2\nkeep\nq\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Bellum (solo-hercules, 1 player), seed 2. You play alone." in out
    assert "Your hand (seat 0)" in out
    assert "To the Hells and back with Hercules" in out
    assert out.count("You play: ") == 5
    record = Record.load(saved_record(result))
    assert record.variant == "solo-hercules" and len(record.actions) == 5


def test_bellum_variant_and_player_count_must_agree() -> None:
    result = run("play", "bellum", "--variant", "teams", "--players", "2")
    assert_one_line_error(result, "teams variant is played by 4 players")


def test_the_terminal_names_seats_by_role_and_says_when_the_house_rule_decided(tmp_path: Path):
    """Replaying an Imperio Bellum game settled by the turn limit: the moves are the attacker's
    and the defender's, and the outcome says the house turn limit decided it."""
    import random

    import bellica

    state = bellica.load("imperio-bellum", options={"turn_limit": 1}).new_game(seed=3)
    chooser = random.Random(3)
    while not state.is_terminal:
        state.apply(chooser.choice(state.legal_actions()))
    assert "decided by the house turn limit" in state.outcome().reason
    path = state.record().save(tmp_path / "limit.json")
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "1. the defender: " in out and "the attacker: " in out
    assert "Game over: decided by the house turn limit" in " ".join(out.split())
