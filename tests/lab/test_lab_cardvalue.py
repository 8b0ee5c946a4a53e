"""`bellica cardvalue`: card files changed one card at a time (found by number or name, removed
or given a baseline's contents, refused when the set's rules break), and the paired runs."""

from __future__ import annotations

import csv
import tomllib
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import bellica
from bellica.arena.card_edits import (
    card_data,
    changed_config,
    entries,
    find,
    removed,
    replaced,
    written,
)
from bellica.cli.app import app
from bellica.core import GameConfig, InvalidConfig

runner = CliRunner()


@pytest.fixture(scope="module")
def siege() -> dict:  # type: ignore[type-arg]
    return card_data(bellica.load("siege-of-olympus"))


def test_a_card_is_found_by_number_or_name(siege: dict) -> None:  # type: ignore[type-arg]
    assert find(siege, "3") == find(siege, "003") == find(siege, "calliope")
    assert find(siege, "3").label == "Calliope (003)" and find(siege, "3").table == "minion"
    with pytest.raises(InvalidConfig, match="no card 'Calliopy'"):
        find(siege, "Calliopy")
    bellum = card_data(bellica.load("bellum"))
    with pytest.raises(InvalidConfig, match=r"names 2 cards \(Satyr \(016\), Satyr \(017\)\)"):
        find(bellum, "Satyr")


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40))
@example("²")  # a digit to str.isdigit, not to int()
def test_any_spec_is_found_or_refused_in_words(spec: str) -> None:
    data = card_data(bellica.load("siege-of-olympus"))
    try:
        entry = find(data, spec)
    except InvalidConfig as err:
        assert str(err)
    else:
        assert entry in entries(data)


def test_a_replaced_card_keeps_its_identity_and_slot_and_takes_the_rest(
    siege: dict,  # type: ignore[type-arg]
    tmp_path: Path,
) -> None:
    game = bellica.load("siege-of-olympus")
    calliope, archer = find(siege, "3"), find(siege, "1")
    data = replaced(siege, calliope, archer, game.card_slot_fields)
    new = data["minion"][calliope.position]
    old_calliope = siege["minion"][calliope.position]
    old_archer = siege["minion"][archer.position]
    assert new["number"] == 3 and new["name"] == "Calliope"
    assert new["piece"] == old_calliope["piece"] and new["race"] == old_calliope["race"]
    assert (new["attack"], new["health"], new["cost"]) == (
        old_archer["attack"], old_archer["health"], old_archer["cost"]
    )  # fmt: skip
    assert "effects" not in new  # the Archer has none
    assert siege["minion"][calliope.position] == old_calliope  # the original is untouched
    path = written(data, tmp_path, "cards.toml")
    assert tomllib.loads(path.read_text(encoding="utf-8")) == data
    config = changed_config(GameConfig.create("siege-of-olympus"), path, "Calliope as Archer")
    assert config.cards == str(path) and config.load().cards == str(path)
    with pytest.raises(InvalidConfig, match="a baseline must be a card of the same kind"):
        replaced(siege, calliope, find(siege, "46"))


def test_a_change_the_card_rules_refuse_says_what_was_tried(tmp_path: Path) -> None:
    magia = card_data(bellica.load("bellum-magia"))
    path = written(removed(magia, find(magia, "Mudgrub")), tmp_path, "cards.toml")
    with pytest.raises(InvalidConfig, match=r"removing Mudgrub breaks the card set: .*goblin"):
        changed_config(GameConfig.create("bellum-magia"), path, "removing Mudgrub")


def test_cardvalue_plays_the_same_seeds_with_and_without_the_card(tmp_path: Path) -> None:
    page = tmp_path / "value.html"
    result = runner.invoke(
        app, ["cardvalue", "siege-of-olympus", "-a", "greedy,random", "--card", "3",
              "--baseline", "1", "-n", "6", "-w", "1", "--seed", "5", "--out", str(page),
              "--csv", str(tmp_path / "value.csv")],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "What each card is worth" in text and "greedy's win rate over 6 paired games" in text
    html = page.read_text(encoding="utf-8")
    assert "<td>Calliope (003)</td><td>as Olympian Archer</td>" in html
    assert html.count("<svg") == 1 and "<script" not in html
    # the same row for a spreadsheet, its numbers unrounded to the page's one decimal
    with (tmp_path / "value.csv").open(encoding="utf-8") as file:
        (row,) = list(csv.DictReader(file))
    assert row["card"] == "Calliope (003)" and row["change"] == "as Olympian Archer"
    assert row["games"] == "6" and row["played"] == "yes"
    base, changed, delta = (float(row[k]) for k in ("win_rate", "changed", "delta_points"))
    assert delta == pytest.approx(changed - base, abs=0.01)
    assert float(row["low_points"]) <= delta <= float(row["high_points"])
    assert f"<td>{base:.1f}%</td><td>{changed:.1f}%</td><td>{delta:+.1f}</td>" in html
    assert row["p"] == row["adjusted_p"]  # one card: nothing to correct


def test_a_change_that_changes_nothing_finds_exactly_no_change(tmp_path: Path) -> None:
    """Calliope already given the Archer's contents, then given them again: the same seeds
    play the same games (common random numbers), so the difference is exactly 0."""
    game = bellica.load("siege-of-olympus")
    data = card_data(game)
    same = replaced(data, find(data, "3"), find(data, "1"), game.card_slot_fields)
    cards = written(same, tmp_path, "same.toml")
    result = runner.invoke(
        app, ["cardvalue", "siege-of-olympus", "-a", "random,random", "--card", "Calliope",
              "--baseline", "1", "-n", "8", "-w", "1", "--cards", str(cards),
              "--out", str(tmp_path / "value.html")],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "seat 0's win rate" in " ".join(result.stdout.split())  # a mirror match
    html = (tmp_path / "value.html").read_text(encoding="utf-8")
    assert "<td>+0.0</td><td>+0.0 – +0.0</td><td>1.0000</td>" in html
    assert "Not played, as the card file stays the same: Calliope (003)" in html


def test_cards_with_nothing_but_their_slot_are_not_played(tmp_path: Path) -> None:
    """Siege of Olympus's artifacts have a name, a number and a piece only: given another's
    contents, each keeps all three, so every change is the set as it is and only the base plays."""
    result = runner.invoke(
        app, ["cardvalue", "siege-of-olympus", "-a", "random,random", "--all", "--baseline",
              "Aegis", "-n", "3", "-w", "1", "--keep", str(tmp_path / "sweep"),
              "--csv", str(tmp_path / "artifacts.csv")],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    with (tmp_path / "artifacts.csv").open(encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 14 and {r["played"] for r in rows} == {"no"}
    assert {(r["delta_points"], r["p"], r["significant"]) for r in rows} == {
        ("0.00", "1.0000", "no")
    }
    text = " ".join(result.stdout.split())
    assert "Not played, as the card file stays the same: Golden Fleece (068), Harpe (069)" in text
    assert "Chariot of Helios (081) (a changed card keeps its number, name, flavour, piece" in text
    assert text.count("+0.0 – +0.0") == 14
    assert sorted(p.name for p in (tmp_path / "sweep").iterdir()) == ["base", "sweep.json"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["bellum", "-a", "random", "--card", "3", "--all"], "not both"),
        (
            ["bellum", "-a", "random", "--card", "45", "--card", "045"],
            "names Hoplite (045) twice",
        ),
        (["bellum", "-a", "random"], "give --card X, or --all"),
        (["bellum", "-a", "random", "--card", "3", "--correction", "sidak"], "--correction"),
        (["bellum", "-a", "random,random,random", "--card", "3"], "at most 2 agents"),
        (["imperio-bellum", "-a", "random", "--card", "3"], "has no cards to value"),
        (["bellum", "-a", "random", "--card", "Zeus of Nowhere"], "no card 'Zeus of Nowhere'"),
        (["bellum", "-a", "random", "--card", "16"], "breaks the card set"),
        (["bellum", "-a", "random", "--card", "16", "--baseline", "1"], "are districts"),
        (["siege-of-olympus", "-a", "random", "--card", "3", "--baseline", "46"], "same kind"),
        # cards this configuration never deals: marked for more players, Alliances but at four
        (["para-bellum", "-a", "random", "--card", "31"], "is not in play in this configuration"),
        (["para-bellum", "-a", "random", "--card", "502"], "is not in play in this configuration"),
        # refused before any game, not after a sweep of hours
        (["bellum", "-a", "random", "--card", "45", "--csv", "."], "--csv . is a folder"),
        (
            ["bellum", "-a", "random", "--card", "45", "--out", "/no-such-folder/value.html"],
            "the folder /no-such-folder does not exist",
        ),
    ],
)
def test_bad_cardvalue_arguments_are_refused_in_one_line(
    arguments: list[str], message: str
) -> None:
    result = runner.invoke(app, ["cardvalue", *arguments, "-n", "2", "-w", "1"])
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], result.output


def test_every_card_at_once_corrects_for_their_number(tmp_path: Path) -> None:
    page = tmp_path / "all.html"
    result = runner.invoke(
        app, ["cardvalue", "siege-of-olympus", "-a", "random,random", "--all", "--baseline",
              "spell:46", "-n", "4", "-w", "2", "--out", str(page)],
    )  # fmt: skip
    assert result.exit_code != 0 and "no card 'spell:46'" in result.output
    result = runner.invoke(
        app, ["cardvalue", "siege-of-olympus", "-a", "random,random", "--all", "--baseline",
              "46", "-n", "4", "-w", "2", "--correction", "bh", "--out", str(page)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    spells = [e for e in entries(card_data(bellica.load("siege-of-olympus"))) if e.table == "spell"]
    assert f"Benjamini–Hochberg's correction for {len(spells) - 1} cards" in text
    html = page.read_text(encoding="utf-8")
    assert html.count("<svg") == 1 and html.count("<tr>") == len(spells)  # head + the cards


@pytest.mark.parametrize(
    ("players", "unused"),
    [
        (2, [f"{n:03d}" for n in (*range(31, 61), 501, 502, 503)]),
        (3, [f"{n:03d}" for n in (*range(46, 61), 501, 502, 503)]),
        (4, []),
    ],
)
def test_cards_left_in_the_box_are_not_valued(players: int, unused: list[str]) -> None:
    """Para Bellum deals the Army cards marked for more players and the Alliances only at
    those counts: valuing them elsewhere would play hours of games identical to the base's."""
    game = bellica.load("para-bellum", players=players)
    assert sorted(game.table.token[uid] for uid in game.unused_uids()) == unused
    state = game.new_game(seed=3)
    dealt = set(state.army_deck) | set(state.command_deck) | set(state.objective_deck)
    assert not dealt & game.unused_uids()
