"""The results folder: Parquet rows per game and per seat, run.json, records; kept on Ctrl-C."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bellica.arena import GameConfig, Keep, run_local
from bellica.arena import results as results_module
from bellica.arena.results import ResultsFolder
from bellica.arena.schedule import Schedule
from bellica.core import InvalidConfig, Record, replay


def played(setup: GameConfig, agents: list[str], games: int, **kwargs: object) -> list:
    return list(run_local(setup, agents, games, seed=20, workers=1, **kwargs))  # type: ignore[arg-type]


def test_the_rows_say_what_each_game_was(setup: GameConfig, tmp_path: Path) -> None:
    agents = ["random", "greedy", "mcts:iterations=5"]
    results = played(setup, agents, 3, keep=Keep(records=True))
    schedule = Schedule.create(agents, 2, 3, 20)
    with ResultsFolder(tmp_path / "run", setup, schedule, records=True, command="test") as folder:
        for result in results:
            folder.add(result)
    games = pq.read_table(tmp_path / "run" / "games.parquet").to_pylist()
    assert len(games) == 9
    for row, result in zip(games, results, strict=True):
        assert row["index"] == result.index and row["seed"] == result.seed
        assert row["matchup"] == result.matchup
        assert tuple(row["agents"]) == result.agents
        assert tuple(row["winners"]) == result.winners
        assert tuple(row["winning_agents"]) == result.winning_agents
        assert tuple(row["scores"]) == result.scores
        assert row["draw"] == result.is_draw
        assert row["timeout"] is result.timeout is False  # Pebbles has no house limit
        assert (row["decisions"], row["reason"], row["game"]) == (
            result.decisions,
            result.reason,
            "pebbles",
        )
        assert row["rounds"] is None  # Pebbles counts no rounds
        assert json.loads(row["options"]) == dict(setup.options)
        record = Record.load(tmp_path / "run" / row["record"])  # each row replays
        assert tuple(replay(record).outcome().winners) == result.winners
    seats = pq.read_table(tmp_path / "run" / "seats.parquet").to_pylist()
    assert len(seats) == 18
    first = [s for s in seats if s["index"] == 0]
    assert [(s["seat"], s["agent"]) for s in first] == list(enumerate(results[0].agents))
    assert [s["won"] for s in first] == [seat in results[0].winners for seat in range(2)]
    run = json.loads((tmp_path / "run" / "run.json").read_text())
    assert run["status"] == "complete" and run["games_played"] == run["games_planned"] == 9
    assert run["matchups"] == [list(m) for m in schedule.matchups]
    assert run["command"] == "test" and run["finished"] is not None


def test_rows_are_written_in_groups_as_games_come_in(
    setup: GameConfig, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(results_module, "FLUSH_ROWS", 4)
    results = played(setup, ["random"], 10)
    folder = ResultsFolder(tmp_path, setup, Schedule.create(["random"], 2, 10))
    for result in results[:9]:
        folder.add(result)
    assert json.loads((tmp_path / "run.json").read_text())["games_played"] == 8  # two groups
    folder.add(results[9])
    folder.close()
    file = pq.ParquetFile(tmp_path / "games.parquet")
    assert (file.metadata.num_rows, file.metadata.num_row_groups) == (10, 3)


@pytest.mark.parametrize(
    ("error", "status"), [(KeyboardInterrupt, "stopped"), (RuntimeError, "failed")]
)
def test_a_run_cut_short_keeps_its_games(
    setup: GameConfig, tmp_path: Path, error: type[BaseException], status: str
) -> None:
    results = played(setup, ["random"], 5)
    with (
        pytest.raises(error),
        ResultsFolder(tmp_path, setup, Schedule.create(["random"], 2, 8)) as f,
    ):
        for result in results:
            f.add(result)
        raise error
    assert pq.read_table(tmp_path / "games.parquet").num_rows == 5
    run = json.loads((tmp_path / "run.json").read_text())
    assert (run["status"], run["games_played"], run["games_planned"]) == (status, 5, 8)


def test_a_folder_is_never_written_over(setup: GameConfig, tmp_path: Path) -> None:
    schedule = Schedule.create(["random"], 2, 1)
    ResultsFolder(tmp_path / "run", setup, schedule).close()
    with pytest.raises(InvalidConfig, match="already holds a run's results"):
        ResultsFolder(tmp_path / "run", setup, schedule)
    (tmp_path / "file").write_text("")
    with pytest.raises(InvalidConfig, match="is a file, not a folder"):
        ResultsFolder(tmp_path / "file", setup, schedule)


def test_the_round_rows_hold_each_games_trajectory(tmp_path: Path) -> None:
    from bellica.arena import Keep

    bellum = GameConfig.create("bellum", players=2)
    agents = ["greedy", "random"]
    results = list(run_local(bellum, agents, 4, seed=3, workers=1, keep=Keep(trajectories=True)))
    with ResultsFolder(tmp_path, bellum, Schedule.create(agents, 2, 4, 3)) as folder:
        for result in results:
            folder.add(result)
    rows = pq.read_table(tmp_path / "rounds.parquet").to_pylist()
    assert len(rows) == sum(2 * len(r.trajectory) for r in results)
    for result in results:
        mine = [row for row in rows if row["index"] == result.index]
        points = [(row["round"], row["seat"], row["value"]) for row in mine]
        expected = [
            (n, seat, v) for n, values in result.trajectory for seat, v in enumerate(values)
        ]
        assert points == expected
        assert [row["final"] for row in mine] == [False] * (len(mine) - 2) + [True, True]


def test_a_folder_reads_back_as_the_results_that_wrote_it(tmp_path: Path) -> None:
    import dataclasses

    from bellica.arena import Keep
    from bellica.arena.results import read_results

    bellum = GameConfig.create("bellum", players=2)
    agents = ["random", "greedy", "mcts:iterations=5"]
    keep = Keep(records=True, trajectories=True, cards=True)
    results = list(run_local(bellum, agents, 2, seed=8, workers=1, keep=keep))
    with ResultsFolder(tmp_path, bellum, Schedule.create(agents, 2, 2, 8), records=True) as out:
        for result in reversed(results):  # rows need not come in order
            out.add(result)
    run, read = read_results(tmp_path)
    assert run["matchups"] == [list(m) for m in Schedule.create(agents, 2, 2, 8).matchups]
    assert [r.index for r in read] == list(range(6))
    for mine, back in zip(results, read, strict=True):
        assert back.trajectory and back.record is None  # the record stays a file
        assert back.cards and back.cards == mine.cards  # the card rows, in order
        assert dataclasses.replace(mine, record=None).same_play(back)


def test_the_card_rows_say_what_became_of_each_copy(tmp_path: Path) -> None:
    from bellica.arena import Keep

    bellum = GameConfig.create("bellum", players=2)
    agents = ["greedy", "random"]
    results = list(run_local(bellum, agents, 3, seed=4, workers=1, keep=Keep(cards=True)))
    with ResultsFolder(tmp_path, bellum, Schedule.create(agents, 2, 3, 4)) as folder:
        for result in results:
            folder.add(result)
    rows = pq.read_table(tmp_path / "cards.parquet").to_pylist()
    assert len(rows) == sum(len(r.cards) for r in results) > 0
    for result in results:
        mine = [row for row in rows if row["index"] == result.index]
        assert len(mine) == len(result.cards)
        for row, use in zip(mine, result.cards, strict=True):
            assert (row["seat"], row["token"], row["card"]) == (use.seat, use.token, use.name)
            assert row["agent"] == result.agents[use.seat]
            assert row["won"] == (use.seat in result.winners and not result.is_draw)
            steps = (use.opening, use.drawn, use.bought, use.played, use.at_end)
            assert (
                row["opening_hand"], row["drawn"], row["bought"], row["played"],
                row["in_play_at_end"],
            ) == steps  # fmt: skip
            assert row["never_seen"] == (not any(steps))
        assert any(row["drawn"] for row in mine) and any(row["never_seen"] for row in mine)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda p: (p / "run.json").unlink(), "has no run.json"),
        (lambda p: (p / "run.json").write_text("{not json"), "run.json cannot be read"),
        (lambda p: (p / "run.json").write_text('{"format": "csv"}'), "is not a bellica-results/1"),
        (lambda p: (p / "run.json").write_text("[1, 2]"), "is not a bellica-results/1"),
        (lambda p: (p / "games.parquet").unlink(), "the Parquet files cannot be read"),
        (lambda p: (p / "rounds.parquet").write_bytes(b"PAR1 junk"), "cannot be read"),
        (lambda p: pq.write_table(pq.read_table(p / "games.parquet").drop_columns(["seed"]),
                                  p / "games.parquet"), "does not fit the results format"),
    ],
)  # fmt: skip
def test_a_damaged_folder_is_refused_naming_what_is_wrong(
    setup: GameConfig, tmp_path: Path, damage: object, message: str
) -> None:
    from bellica.arena.results import InvalidResults, read_results

    with ResultsFolder(tmp_path, setup, Schedule.create(["random"], 2, 2)) as out:
        for result in played(setup, ["random"], 2):
            out.add(result)
    damage(tmp_path)  # type: ignore[operator]
    with pytest.raises(InvalidResults, match=message):
        read_results(tmp_path)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=200))
def test_any_run_json_text_is_read_or_refused_clearly(tmp_path: Path, text: str) -> None:
    from bellica.arena.results import InvalidResults, read_results

    (tmp_path / "run.json").write_text(text, encoding="utf-8")
    with pytest.raises(InvalidResults):
        read_results(tmp_path)
