"""`bellica cardvalue --keep DIR`: every run kept as a results folder with its card file, a
stopped sweep going on where it stopped, and a folder of other settings refused."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bellica.arena.local import check, run_local
from bellica.arena.results import ResultsFolder, read_results
from bellica.arena.sweep import SWEEP_FORMAT, Planned, SweepFolder, run_name
from bellica.cli.app import app
from bellica.core import GameConfig, InvalidConfig

runner = CliRunner()

SWEEP = ["cardvalue", "siege-of-olympus", "-a", "random,random", "--all", "--baseline", "82",
         "-n", "4", "-w", "1", "--seed", "3"]  # fmt: skip
SETTINGS = {"game": "siege-of-olympus", "agents": ["random"], "games": 4, "seed": 0}


def table(output: str) -> list[str]:
    """The printed table's rows, without the progress bar or the closing lines."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if "What each card is worth" in line)
    return [line for line in lines[start:] if not line.startswith(("Each run's", "Written"))]


def cells(page: Path, card: str) -> list[str]:
    """A card's row of the HTML table up to its unadjusted p-value (the interval and the
    adjusted p-value depend on how many cards the page corrects for, so they are left out)."""
    text = page.read_text(encoding="utf-8")
    row = re.search(rf"<tr><td>{re.escape(card)}</td>(.*?)</tr>", text)
    assert row is not None, card
    found = re.findall(r"<td>(.*?)</td>", row.group(1))
    return found[:4] + found[5:6]


def unplotted(page: Path) -> str:
    """An HTML page without its plot (which carries the time it was drawn and random ids)."""
    return re.sub(r"<svg.*</svg>", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)


def nothing_to_play(*args: object) -> None:
    """A pool that must not start."""
    raise AssertionError("a pool started for runs the sweep folder holds")


def test_a_run_is_named_by_its_card_and_change() -> None:
    assert run_name("Athena's Parry (047)", "as Divine Veto") == "athenas-parry-047-as-divine-veto"
    assert run_name("Ölympian Archer (001)", "removed") == "olympian-archer-001-removed"
    assert run_name("Ω", "") == "card"


def test_a_stopped_sweep_goes_on_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = runner.invoke(app, [*SWEEP, "--out", str(tmp_path / "whole.html")])
    assert whole.exit_code == 0, whole.output
    keep = tmp_path / "sweep"
    added = {"games": 0}
    add = ResultsFolder.add

    def stop_at_the_seventh_game(folder: ResultsFolder, result: object) -> None:
        added["games"] += 1
        if added["games"] == 7:
            raise KeyboardInterrupt
        add(folder, result)  # type: ignore[arg-type]

    monkeypatch.setattr(ResultsFolder, "add", stop_at_the_seventh_game)
    stopped = runner.invoke(app, [*SWEEP, "-w", "2", "--keep", str(keep)])  # helpers stop too
    assert stopped.exit_code == 130, stopped.output
    assert "the finished runs are kept in" in " ".join(stopped.output.split())
    base = json.loads((keep / "base" / "run.json").read_text(encoding="utf-8"))
    first = keep / "typhon-083-as-kronos"
    assert base["status"] == "complete" and base["games_played"] == 4
    assert json.loads((first / "run.json").read_text(encoding="utf-8"))["status"] == "stopped"
    base_played = (keep / "base" / "games.parquet").stat().st_mtime_ns

    monkeypatch.setattr(ResultsFolder, "add", add)
    again = runner.invoke(app, [*SWEEP, "--keep", str(keep), "--out", str(tmp_path / "kept.html")])
    assert again.exit_code == 0, again.output
    assert table(again.output) == table(whole.output)  # the same figures as one whole sweep
    assert unplotted(tmp_path / "kept.html") == unplotted(tmp_path / "whole.html")
    assert (keep / "base" / "games.parquet").stat().st_mtime_ns == base_played  # read, not played

    # Every run kept: the third time reads them all back and starts no processes at all.
    with monkeypatch.context() as patched:
        patched.setattr("bellica.arena.local.LocalPool.__init__", nothing_to_play)
        read = runner.invoke(app, [*SWEEP, "--keep", str(keep)])
        # Some of the sweep's cards, named one by one: read back too, the same change each.
        two = ["--card", "85", "--card", "Typhon", *SWEEP[5:], "--out", str(tmp_path / "some.html")]
        some = runner.invoke(app, [*SWEEP[:4], *two, "--keep", str(keep)])
    assert read.exit_code == 0, read.output
    assert table(read.output) == table(whole.output)
    assert some.exit_code == 0, some.output
    assert "Holm's correction for 2 cards" in " ".join(some.output.split())
    for card in ("Typhon (083)", "Prometheus (085)"):
        assert cells(tmp_path / "some.html", card) == cells(tmp_path / "whole.html", card)

    kept, results = read_results(first)
    assert kept["status"] == "complete" and [r.index for r in results] == [0, 1, 2, 3]
    assert "[[commander]]" in (first / "cards.toml").read_text(encoding="utf-8")
    assert kept["cards"] == str(first / "cards.toml")  # the copy that stays, not a temporary

    # The command a run's folder gives plays the same games again.
    words = shlex.split(kept["command"])
    words[words.index("--out") + 1] = str(tmp_path / "replayed")
    replayed = runner.invoke(app, words[1:])
    assert replayed.exit_code == 0, replayed.output
    _, same = read_results(tmp_path / "replayed")
    assert [r.winners for r in same] == [r.winners for r in results]
    assert [r.decisions for r in same] == [r.decisions for r in results]


def test_a_sweep_folder_of_other_settings_or_other_files_is_refused(tmp_path: Path) -> None:
    keep = tmp_path / "sweep"
    SweepFolder(keep, SETTINGS)
    with pytest.raises(InvalidConfig, match=r"other settings \(games 4 there, 8 now\)"):
        SweepFolder(keep, {**SETTINGS, "games": 8})
    SweepFolder(keep, SETTINGS)  # the same settings go on with it
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(InvalidConfig, match="not empty and holds no sweep"):
        SweepFolder(busy, SETTINGS)
    (tmp_path / "sweep.json").write_text("{", encoding="utf-8")
    with pytest.raises(InvalidConfig, match="cannot be read"):
        SweepFolder(tmp_path, SETTINGS)
    assert (busy / "notes.txt").read_text(encoding="utf-8") == "mine"
    result = runner.invoke(app, [*SWEEP, "--keep", str(busy)])
    assert result.exit_code != 0 and "holds no sweep" in result.output


def test_a_kept_run_of_another_card_file_is_played_again(tmp_path: Path) -> None:
    keep = SweepFolder(tmp_path / "sweep", SETTINGS)
    config = GameConfig.create("siege-of-olympus")
    run = Planned("base", config, "the cards as they were\n")
    assert keep.finished(run, 4) is None  # nothing kept yet
    writer, played = keep.start(run, check(config, ["random"], 4, 0), lambda _: "")
    assert played == config  # the base plays the game's own cards
    with writer:
        for result in run_local(config, ["random"], 4, 0, workers=1):
            writer.add(result)
    assert keep.finished(run, 4) is not None
    assert keep.finished(run, 5) is None  # a different number of games
    assert keep.finished(Planned("base", config, "the cards as they are now\n"), 4) is None


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.one_of(
        st.binary(max_size=200),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=12),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(st.text(max_size=8), inner, max_size=4)
            ),
            max_leaves=12,
        ).map(lambda value: json.dumps(value).encode()),
    )
)
@example(json.dumps({"format": SWEEP_FORMAT, **SETTINGS}).encode())  # this sweep: taken
@example(json.dumps({"format": SWEEP_FORMAT, "game": "bellum"}).encode())  # another: refused
@example(b"\xff\xfe not text")
def test_any_sweep_json_is_taken_or_refused_in_words(tmp_path: Path, content: bytes) -> None:
    folder = tmp_path / "fuzzed"
    folder.mkdir(exist_ok=True)
    (folder / "sweep.json").write_bytes(content)
    try:
        SweepFolder(folder, SETTINGS)
    except InvalidConfig as err:
        assert str(folder) in str(err)
    else:  # taken only when it names this very sweep
        kept = json.loads(content)
        assert kept["format"] == SWEEP_FORMAT
        assert all(kept[key] == value for key, value in SETTINGS.items())
