"""Records from anywhere: hostile JSON ends in one InvalidRecord that says what is wrong,
never in a traceback, a hang or a record that replays something else."""

from __future__ import annotations

import json
import math
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bellica.core import BellicaError, InvalidRecord, Record
from bellica.core.record import (
    MAX_ACTION_DEPTH,
    MAX_DIGITS,
    MAX_META_DEPTH,
    MAX_RECORD_BYTES,
    MAX_SEED,
)

GOOD: dict[str, Any] = {
    "format": "bellica-record/1",
    "game": "imperio-bellum",
    "players": 2,
    "variant": "standard",
    "options": {"turn_limit": 5},
    "seed": 7,
    "meta": {"agents": ["human", "random"], "finished": False},
    "actions": [{"kind": "end_turn"}, {"kind": "move", "square": "c3"}],
}


def _text(**changes: Any) -> str:
    return json.dumps({**GOOD, **changes})


def _refused(text: str, *fragments: str) -> str:
    started = time.perf_counter()
    with pytest.raises(InvalidRecord) as caught:
        Record.loads(text)
    assert time.perf_counter() - started < 2
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


def _nested(depth: int, leaf: str = "1") -> str:
    return "[" * depth + leaf + "]" * depth


def test_a_good_record_round_trips() -> None:
    record = Record.loads(_text())
    assert record.seed == 7 and record.actions[1] == {"kind": "move", "square": "c3"}
    assert Record.loads(record.dumps()) == record
    top = Record.loads(_text(seed=MAX_SEED))
    assert top.seed == 2**64 - 1 and Record.loads(top.dumps()) == top


@pytest.mark.parametrize(
    "where",
    [
        '"actions": [{"kind": "x", "at": %s}]',
        '"actions": [%s]',
        '"options": {"x": %s}',
        '"meta": {"x": %s}',
        '"seed": %s',
        '"junk": %s',
    ],
)
def test_deep_nesting_is_refused(where: str) -> None:
    """2,000-deep arrays made json.loads raise RecursionError (the parser fails before a
    repeated key could matter)."""
    text = _text()[:-1] + ", " + where % _nested(2000) + "}"
    _refused(text, "nested too deep")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"actions": [{"kind": "x", "at": json.loads(_nested(MAX_ACTION_DEPTH))}]}, "action 1"),
        ({"actions": [{"kind": "x"}, [{"kind": "y"}]]}, "action 2 is not an object"),
        ({"options": {"cities": ["Athens", "Sparta"]}}, "option 'cities' must be text, a"),
        ({"options": {"x": {"y": 1}}}, "(options are flat)"),
        ({"meta": {"a": json.loads(_nested(MAX_META_DEPTH))}}, "'meta' holds lists and objects"),
        ({"meta": [1]}, "'meta' must be an object, not a list"),
    ],
)
def test_shapes_past_their_bounds_are_refused(changes: dict[str, Any], message: str) -> None:
    _refused(_text(**changes), message)


def test_shapes_within_their_bounds_are_kept() -> None:
    action = {"kind": "x", "dice": [1, 2], "picks": [{"card": "045"}]}
    meta = {"agents": ["human"], "scores": {"seat": [1, 2]}}
    record = Record.loads(_text(actions=[action], meta=meta))
    assert record.actions == [action] and record.meta == meta


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        ("1" * 5000, "a number of 5,000 digits; a record's whole numbers have at most 40"),
        ("-" + "1" * 5000, "a number of 5,000 digits"),
        ("1" * (MAX_DIGITS + 1), f"have at most {MAX_DIGITS}"),
        ("-1", "'seed' must be a whole number from 0 to 2**64-1 (18446744073709551615), not -1"),
        (str(2**64), "not a number of about 20 digits"),
        ("1" * 30, "not a number of about 30 digits"),
        ("true", "'seed' must be a whole number from 0 to 2**64-1"),
        ("7.0", "not 7.0"),
        ('"7"', "not '7'"),
        ("null", "not None"),
    ],
)
def test_seeds_outside_64_bits_are_refused(seed: str, message: str) -> None:
    _refused(_text().replace('"seed": 7', f'"seed": {seed}'), message)


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN", "1e400", "-1e999"])
@pytest.mark.parametrize(
    "where",
    ['"seed": %s', '"players": %s', '"options": {"x": %s}', '"meta": {"x": [%s]}'],
)
def test_numbers_that_are_not_finite_are_refused(number: str, where: str) -> None:
    text = _text()
    key = where.split(":")[0]
    start = text.index(key)
    end = text.index(", ", start) if key != '"meta"' else text.index("}, ", start) + 1
    _refused(text[:start] + where % number + text[end:], "only finite numbers, not")


def test_a_finite_action_value_is_refused_when_it_is_not() -> None:
    _refused(_text()[:-2] + ', {"kind": "x", "n": Infinity}]}', "only finite numbers")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": ""}, "'game' must be a game id"),
        ({"game": "g" * 500}, "'game' must be a game id (text of 1 to 100 characters), not 'ggg"),
        ({"variant": 3}, "'variant' must be text"),
        ({"players": 0}, "'players' must be a whole number from 1 to 64, not 0"),
        ({"players": True}, "not True"),
        ({"format": {"a": 1}}, "unknown record format a dict"),
        ({"options": {"x": "\ud800"}}, "option 'x' must be text"),
        ({"actions": [{"kind": "\ud800"}]}, "not valid Unicode"),
        ({"meta": {"\ud800": 1}}, "not valid Unicode"),
    ],
)
def test_bad_fields_are_named(changes: dict[str, Any], message: str) -> None:
    _refused(_text(**changes), message)


def test_records_from_python_objects_are_checked_too() -> None:
    """Record.from_json gets parsed JSON from the server: the same rules hold."""
    with pytest.raises(InvalidRecord, match="not finite"):
        Record.from_json({**GOOD, "actions": [{"kind": "x", "n": math.inf}]})
    with pytest.raises(InvalidRecord, match="more than 40 digits"):
        Record.from_json({**GOOD, "meta": {"n": 10**5000}})
    with pytest.raises(InvalidRecord, match=r"'seed'.*not a number of about 5001 digits"):
        Record.from_json({**GOOD, "seed": 10**5000})


def test_a_record_that_cannot_be_written_says_so() -> None:
    with pytest.raises(InvalidRecord, match="not a finite number"):
        Record.of("g", 2, "standard", {"x": math.nan}, 1)  # a config holds no NaN option
    record = Record.of("g", 2, "standard", {}, 1, [{"kind": "move", "by": math.nan}])
    with pytest.raises(InvalidRecord, match="not finite"):
        record.dumps()


def test_record_files(tmp_path: Path) -> None:
    """Not UTF-8, too big, not JSON, not a file: each names the file and what is wrong."""
    latin = tmp_path / "latin.json"
    latin.write_bytes(_text().replace("imperio", "império").encode("latin-1"))
    with pytest.raises(InvalidRecord) as caught:
        Record.load(latin)
    assert str(caught.value).startswith(f"{latin}: not a text file: byte 0xe9 at line 1")
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(MAX_RECORD_BYTES + 1)
    with pytest.raises(InvalidRecord, match="too big; a record file may hold at most 64 MiB"):
        Record.load(big)
    broken = tmp_path / "broken.json"
    broken.write_text(_text()[:-5], encoding="utf-8")
    with pytest.raises(InvalidRecord, match=f"^{broken}: not valid JSON"):
        Record.load(broken)
    deep = tmp_path / "deep.json"
    deep.write_text(_nested(5000), encoding="utf-8")
    with pytest.raises(InvalidRecord, match=f"^{deep}: lists and objects are nested too deep"):
        Record.load(deep)
    with pytest.raises(InvalidRecord, match="cannot read"):
        Record.load(tmp_path)
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + _text().encode())
    assert Record.load(bom).seed == 7


def test_bytes_are_read_as_utf8() -> None:
    assert Record.loads(_text().encode()).seed == 7
    with pytest.raises(InvalidRecord, match="byte 0xff at line 1 is not UTF-8"):
        Record.loads(b'{"game": "\xff"}')


def test_a_long_game_loads_quickly() -> None:
    """Bounds are on shape, not length: 100,000 actions are a legal record."""
    record = Record.of("g", 2, "standard", {}, 1, [{"kind": "move", "square": "c3"}] * 100_000)
    started = time.perf_counter()
    assert len(Record.loads(record.dumps()).actions) == 100_000
    assert time.perf_counter() - started < 3


# -- fuzzing ---------------------------------------------------------------------------------

_FUZZ_TMP = tempfile.TemporaryDirectory(prefix="bellica-fuzz-record-")  # gone at exit
_FUZZ_DIR = Path(_FUZZ_TMP.name)
_FUZZ = settings(
    max_examples=80, deadline=1000, suppress_health_check=[HealthCheck.too_slow], database=None
)
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=2**60, max_value=2**140)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=10)
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=20,
)


def _only_record_errors(load: Any, arg: Any) -> None:
    try:
        load(arg)
    except BellicaError as err:
        assert isinstance(err, InvalidRecord)


@_FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_give_only_record_errors(content: bytes) -> None:
    path = _FUZZ_DIR / "record.json"
    path.write_bytes(content)
    _only_record_errors(Record.load, path)
    _only_record_errors(Record.loads, content)


@_FUZZ
@given(_JSON)
def test_random_json_gives_only_record_errors(value: Any) -> None:
    _only_record_errors(Record.loads, json.dumps(value))
    _only_record_errors(Record.from_json, value)


@_FUZZ
@given(st.sampled_from(sorted(GOOD)), _JSON)
def test_a_record_with_one_random_field_gives_a_record_or_a_record_error(
    key: str, value: Any
) -> None:
    """A valid record with one field replaced: either it loads and saves again, or it is
    refused with InvalidRecord."""
    text = json.dumps({**GOOD, key: value})
    try:
        record = Record.loads(text)
    except InvalidRecord:
        return
    assert Record.loads(record.dumps()) == record
