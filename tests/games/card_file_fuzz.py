"""Fuzzing a game's card file, shared by the card games' tests: slices of the file replaced by
TOML-ish noise, and any field given a random TOML value, must load or be refused with an
InvalidCardData naming the file, never raise anything else."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bellica.core.errors import BellicaError, InvalidCardData

FUZZ = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)
TOMLISH = st.text(
    alphabet=st.sampled_from([*"[]{}=.,\"'#\n \t0123456789abcnrtuefx_-+:", "\\", "é"]),
    max_size=60,
)


def literal(value: object) -> str:
    """`value` written as a TOML literal."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {literal(v)}" for k, v in value.items()) + " }"
    return repr(value)


def values(words: Sequence[str], keys: Sequence[str], longest: int = 4) -> Any:
    """Random TOML values: numbers (huge ones too), booleans, floats, the game's own `words`,
    text, and lists and tables of them (tables keyed by `keys`)."""
    scalars = st.one_of(
        st.integers(-3, 130),
        st.integers(-(10**20), 10**20),
        st.booleans(),
        st.floats(allow_nan=False, allow_infinity=False, width=32),
        st.sampled_from(list(words)),
        st.text(alphabet=st.characters(codec="ascii", exclude_characters='"\\'), max_size=50),
    )
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=longest)
            | st.dictionaries(st.sampled_from(list(keys)), inner, max_size=3)
        ),
        max_leaves=8,
    )


_SCRATCH: list[tempfile.TemporaryDirectory[str]] = []


def fuzz_tests(
    cards: str,
    load: Callable[[Path], object],
    words: Sequence[str],
    keys: Sequence[str],
    longest: int = 4,
) -> tuple[Callable[..., None], Callable[..., None]]:
    """The two fuzz tests for a card file's text `cards` read by `load`; a test module binds
    them to names starting with test_."""
    scratch = tempfile.TemporaryDirectory(prefix="bellica-fuzz-")
    _SCRATCH.append(scratch)  # kept alive, removed when the tests exit
    folder = Path(scratch.name)
    fields = list(re.finditer(r"(?m)^([a-z_]+) *= (.+)$", cards))

    def loads_or_is_refused(text: str) -> None:
        path = folder / "cards.toml"
        path.write_text(text, encoding="utf-8")
        try:
            load(path)
        except BellicaError as err:
            assert isinstance(err, InvalidCardData), err
            assert str(err).startswith(str(path)), err

    @FUZZ
    @given(st.integers(0, len(cards)), st.integers(0, 40), TOMLISH)
    def mangled(at: int, cut: int, insert: str) -> None:
        """Our file with a slice replaced by TOML-ish noise: a card set or an
        InvalidCardData, never another exception."""
        loads_or_is_refused(cards[:at] + insert + cards[at + cut :])

    @FUZZ
    @given(
        st.lists(
            st.tuples(st.integers(0, len(fields) - 1), values(words, keys, longest)),
            min_size=1,
            max_size=3,
        )
    )
    def random_values(changes: list[tuple[int, object]]) -> None:
        """Any field of any entry given a random TOML value (a number, text, list, table)."""
        text = cards
        for index, value in sorted(dict(changes).items(), reverse=True):  # offsets hold
            match = fields[index]
            text = text[: match.start(2)] + literal(value) + text[match.end(2) :]
        loads_or_is_refused(text)

    return mangled, random_values
