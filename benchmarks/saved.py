"""Where the benchmark scripts keep a run's figures: benchmarks/results/<kind>-<date>.json,
numbered -2, -3, ... when the day already has one."""

from __future__ import annotations

import datetime
import json
import platform
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


def save_result(kind: str, report: dict[str, Any], day: str | None = None) -> Path:
    """Write `report` as the next free `<kind>-<day>[-n].json` (day: today) and return its
    path."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    day = day or datetime.date.today().isoformat()
    path = RESULTS / f"{kind}-{day}.json"
    number = 2
    while path.exists():
        path = RESULTS / f"{kind}-{day}-{number}.json"
        number += 1
    path.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return path


def save_run(kind: str, fields: dict[str, Any]) -> Path:
    """Save a run's `fields` stamped with today's date and the Python version (as
    `save_result`), say where, and return the path."""
    report = {
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        **fields,
    }
    path = save_result(kind, report, report["date"])
    print(f"saved {path.relative_to(RESULTS.parent.parent)}")
    return path
