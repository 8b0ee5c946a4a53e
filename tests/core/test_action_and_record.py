"""Actions are frozen values; records are readable JSON files that reject bad input clearly."""

from __future__ import annotations

import json
import pickle

import pytest

from bellica.core import Action, InvalidRecord, Record


def test_actions_are_frozen_values():
    a = Action("move", {"piece": "knight", "from": "c3", "to": "c4"}, 12, "Knight c3 → c4")
    b = Action("move", {"piece": "knight", "from": "c3", "to": "c4"}, 12, "Knight c3 → c4")
    assert a == b and hash(a) == hash(b)
    assert a != Action("move", {"piece": "knight", "from": "c3", "to": "d4"}, 13, "x")
    assert str(a) == "Knight c3 → c4"
    assert a.get("to") == "c4" and a.get("nothing", 1) == 1
    assert a.to_json() == {"kind": "move", "piece": "knight", "from": "c3", "to": "c4"}
    with pytest.raises(AttributeError):
        a.kind = "attack"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) == a


def test_record_round_trip(tmp_path):
    record = Record.of(
        "imperio-bellum", 2, "standard", {"turn_limit": 5}, 7, [{"kind": "end_turn"}]
    )
    path = record.save(tmp_path / "r.json")
    text = path.read_text()
    assert json.loads(text)["format"] == "bellica-record/1"
    assert '\n    {"kind": "end_turn"}' in text  # one action per line
    assert Record.load(path) == record
    empty = Record.of("imperio-bellum", 2, "standard", {}, 1)
    assert Record.loads(empty.dumps()) == empty


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"game": "x"}', "no 'players'"),
        ('{"game": 1, "players": 2, "variant": "s", "seed": 1, "actions": []}', "'game'"),
        ('{"game": "x", "players": 2, "variant": "s", "seed": "1", "actions": []}', "'seed'"),
        ('{"game": "x", "players": 2, "variant": "s", "seed": 1, "actions": [1]}', "action 1"),
        ('{"format": "other", "game": "x"}', "unknown record format"),
    ],
)
def test_bad_records_are_refused(text: str, message: str):
    with pytest.raises(InvalidRecord, match=message):
        Record.loads(text)


def test_missing_record_file(tmp_path):
    with pytest.raises(InvalidRecord, match="cannot read"):
        Record.load(tmp_path / "missing.json")
