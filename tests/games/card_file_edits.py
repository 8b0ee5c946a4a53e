"""A game's card file edited for a test, and the check that a bad one is refused naming the file
and the fault, shared by the card games' tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bellica.core.errors import InvalidCardData


def edited(tmp_path: Path, text: str, old: str, new: str, name: str = "cards.toml") -> Path:
    """`text` with its first `old` replaced by `new`, written to a file in `tmp_path`."""
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def refused(load: Callable[[Path], object], path: Path, *fragments: str) -> str:
    """The message `load` refuses `path` with: it names the file first (then maybe the line)
    and holds each fragment."""
    with pytest.raises(InvalidCardData) as caught:
        load(path)
    message = str(caught.value)
    assert message.startswith(str(path)), message
    for fragment in fragments:
        assert fragment in message, message
    return message
