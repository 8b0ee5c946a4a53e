"""The shared TOML loader: hostile files end in one InvalidCardData naming the file (and the line
or the entry and field), never in a traceback, a hang or a stale result."""

from __future__ import annotations

import os
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Annotated

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field

from bellica.core import data_file
from bellica.core.data_file import (
    MAX_DIGITS,
    MAX_FILE_BYTES,
    MAX_KEY_PARTS,
    MAX_NESTING,
    Whole,
    load_toml,
    prescan_toml,
)
from bellica.core.errors import BellicaError, InvalidCardData
from bellica.games.bellum.cards import CARDS_FILE, load_cards


class Piece(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: str = Field(min_length=1, max_length=20)
    strength: Annotated[int, Whole(1, 12)]
    heal: Annotated[int, Whole(1, 20, also=(99,))] = 1
    nudge: Annotated[int, Whole(-3, 3, not_zero=True)] = 1
    hidden: bool = False


class Box(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    piece: list[Piece] = Field(default_factory=list, max_length=3)


def _write(tmp_path: Path, content: str | bytes, name: str = "box.toml") -> Path:
    path = tmp_path / name
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return path


def _refused(path: Path, *fragments: str) -> str:
    started = time.perf_counter()
    with pytest.raises(InvalidCardData) as caught:
        load_toml(path, Box)
    assert time.perf_counter() - started < 2
    message = str(caught.value)
    assert message.startswith(str(path)), message
    for fragment in fragments:
        assert fragment in message, message
    return message


GOOD = '[[piece]]\nname = "Ram"\nstrength = 3\n'


def test_a_good_file_loads(tmp_path: Path) -> None:
    box = load_toml(_write(tmp_path, GOOD), Box)
    assert box.piece[0].strength == 3


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('strength = "3"', "field strength: must be a whole number from 1 to 12, not '3'"),
        ("strength = true", "must be a whole number from 1 to 12, not True"),
        ("strength = 3.0", "must be a whole number from 1 to 12, not 3.0"),
        ("strength = 13", "must be a whole number from 1 to 12, not 13"),
        ("strength = inf", "not inf (not a finite number)"),
        ("strength = 1979-05-27", "not a date"),
        ("strength = 0x" + "f" * 40, "not a number of about 49 digits"),
        (
            "strength = 3\nheal = 50",
            "field heal: must be a whole number from 1 to 20 or 99, not 50",
        ),
        ("strength = 3\nnudge = 0", "from -3 to 3 other than 0, not 0"),
        ("strength = 3\nhidden = 1", "field hidden: must be true or false, not 1"),
        ("strength = 3\nhidden = 'yes'", "must be true or false, not 'yes'"),
        ("strength = 3\nsmite = 2", "field smite: is not a known field (known: name, strength"),
        ("strength = [3]", "must be a whole number from 1 to 12, not a list"),
    ],
)
def test_bad_values_are_named_with_what_is_allowed(tmp_path: Path, line: str, message: str):
    path = _write(tmp_path, f'[[piece]]\nname = "Ram"\n{line}\n')
    _refused(path, "[[piece]] #1 ('Ram')", message)


def test_heal_keeps_its_all_value(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD + "heal = 99\nnudge = -3\n")
    assert load_toml(path, Box).piece[0].heal == 99


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[[piece]]\nname = 5\nstrength = 1\n", "field name: must be text in quotes, not 5"),
        ('[[piece]]\nname = ""\nstrength = 1\n', "field name: must not be empty"),
        ('[[piece]]\nname = "' + "x" * 30 + '"\nstrength = 1\n', "at most 20 characters"),
        ("[[piece]]\nstrength = 1\n", "field name: is required"),
        ("piece = 3\n", "field piece: must be a list [...], not 3"),
        ("piece = [3]\n", "must be a table { ... }, not 3"),
        (GOOD * 4, "field piece: must hold at most 3 entries, not 4"),
    ],
)
def test_bad_shapes_are_named(tmp_path: Path, content: str, message: str) -> None:
    _refused(_write(tmp_path, content), message)


def test_a_file_that_is_not_utf8_is_refused_with_its_line(tmp_path: Path) -> None:
    content = (GOOD + "# café\n").encode("latin-1")
    _refused(_write(tmp_path, content), "not a text file: byte 0xe9 at line 4 is not UTF-8")


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = _write(tmp_path, ("\ufeff" + GOOD).encode("utf-8"))
    assert load_toml(path, Box).piece[0].name == "Ram"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            "a = " + "[" * 2000 + "]" * 2000,
            f"line 1: arrays and tables are nested more than {MAX_NESTING}",
        ),
        ("a = " + "{b = " * 2000 + "1" + "}" * 2000, "nested more than"),
        ("x = 1\na = [\n" + "[" * 40 + "]" * 40 + "]", "line 3: arrays and tables are nested"),
        ("a" + ".a" * 50_000 + " = 1", f"line 1: a dotted key has more than {MAX_KEY_PARTS} parts"),
        ("[" + "a." * 50_000 + "a]", "a dotted key has more than"),
        ('"a" . ' * 50_000 + "a = 1", "a dotted key has more than"),
        ("b = 1\n" + "x = { " + "a." * 100 + "a = 1 }", "line 2: a dotted key"),
        ("a = " + "9" * 5000, f"line 1: a number has more than {MAX_DIGITS} digits"),
        ("a = -" + "1_0" * 2000, "a number has more than"),
        ("a = 0x" + "f" * 5000, "a number has more than"),
        ("a = 0b" + "1" * 200, "a number has more than"),
        ("[[piece]\nname = ", "not valid TOML"),
        ("a = \x00", "not valid TOML"),
    ],
)
def test_pathological_toml_is_refused_quickly(tmp_path: Path, content: str, message: str):
    """Deep nesting recursed, a 50,000-part dotted key took tomllib about a minute, a
    5,000-digit number raised ValueError: all are refused before parsing."""
    _refused(_write(tmp_path, content), message)


def test_what_strings_and_comments_hold_is_not_counted() -> None:
    """Brackets, dots and digits inside strings and comments are text, not structure."""
    deep = "[" * 100
    dotted = "a." * 100
    long = "9" * 100
    text = (
        f'a = "{deep}{dotted}{long}"\n'
        f"b = '{deep}'\n"
        f'c = """\n{deep}\n{dotted}\n"" "" \\" """\n'
        f"d = '''{deep}\n''''' # {deep}\n"
        f"# {dotted} {long}\n"
        f'"{dotted}" = 1\n'
        f'e = """a""""\n'
        f'f = "\\"{deep}"\n'
    )
    prescan_toml(text, "inline")
    parsed = tomllib.loads(text)
    assert parsed["a"].startswith(deep) and parsed["e"] == 'a"'


def test_a_file_too_big_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    with open(path, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    _refused(path, "is too big; a data file may hold at most 4 MiB")


def test_missing_files_directories_and_devices_are_refused(tmp_path: Path) -> None:
    _refused(tmp_path / "none.toml", "cannot read")
    _refused(tmp_path, "cannot read")
    if os.path.exists("/dev/zero"):
        with pytest.raises(InvalidCardData, match="not a regular file"):
            load_toml("/dev/zero", Box)


def test_an_edited_file_is_read_again_and_an_unchanged_one_parsed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache is keyed by content: an edit of the same size within the same clock tick is
    still seen, and an unchanged file is not parsed twice."""
    data_file.clear_cache()
    parses: list[str] = []
    real = data_file.parse_toml
    monkeypatch.setattr(
        data_file, "parse_toml", lambda data, where: parses.append(str(where)) or real(data, where)
    )
    path = _write(tmp_path, GOOD)
    first = load_toml(path, Box)
    assert load_toml(path, Box) is first
    assert len(parses) == 1
    stamp = os.stat(path)
    path.write_text(GOOD.replace("3", "4"), encoding="utf-8")
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))  # same size, same time
    assert load_toml(path, Box).piece[0].strength == 4
    path.write_text(GOOD.replace("3", "99"), encoding="utf-8")
    with pytest.raises(InvalidCardData, match="not 99"):
        load_toml(path, Box)


# -- fuzzing ---------------------------------------------------------------------------------

_FUZZ_TMP = tempfile.TemporaryDirectory(prefix="bellica-fuzz-toml-")  # gone at exit
_FUZZ_DIR = Path(_FUZZ_TMP.name)
_CARDS = CARDS_FILE.read_text(encoding="utf-8")
_TOMLISH = st.text(
    alphabet=st.sampled_from([*"[]{}=.,\"'#\n \t0123456789abcnrtuefx_-+:", "\\", "é", "\x00"]),
    max_size=200,
)
_FUZZ = settings(
    max_examples=60,
    deadline=2000,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)


def _load_cards_from(content: bytes) -> None:
    path = _FUZZ_DIR / "cards.toml"
    path.write_bytes(content)
    try:
        load_cards(path)
    except BellicaError as err:
        assert isinstance(err, InvalidCardData)
        assert str(path) in str(err)


@_FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_give_only_card_data_errors(content: bytes) -> None:
    _load_cards_from(content)


@_FUZZ
@given(_TOMLISH)
def test_random_tomlish_text_gives_only_card_data_errors(content: str) -> None:
    _load_cards_from(content.encode("utf-8"))


@_FUZZ
@given(st.integers(0, len(_CARDS)), st.integers(0, 40), _TOMLISH)
def test_a_mangled_card_file_gives_only_card_data_errors(at: int, cut: int, insert: str) -> None:
    """Our card file with a slice replaced by TOML-ish noise: whatever the parser or the
    schema's validators make of it, the answer is a clear InvalidCardData or a card set."""
    _load_cards_from((_CARDS[:at] + insert + _CARDS[at + cut :]).encode("utf-8"))
