"""Observation tensors and action masks for learning agents, as numpy arrays."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

DTYPE = np.float32


def blank(shape: tuple[int, ...]) -> Any:
    """A zeroed observation tensor of `shape`."""
    return np.zeros(shape, dtype=DTYPE)


def mask(size: int, legal: Iterable[int]) -> Any:
    """An int8 array of length `size`, 1 at each legal action's index."""
    out = np.zeros(size, dtype=np.int8)
    out[list(legal)] = 1
    return out
