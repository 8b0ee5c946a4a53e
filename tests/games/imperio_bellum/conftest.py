"""The Imperio Bellum rules tests: this folder on the path so the tests share imperio_helpers."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
