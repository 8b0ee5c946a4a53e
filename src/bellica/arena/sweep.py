"""A card-value sweep's folder: every run's games kept as a results folder, so a stopped sweep
goes on where it stopped."""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bellica.arena.match import GameResult
from bellica.arena.results import InvalidResults, ResultsFolder, read_results
from bellica.arena.schedule import Schedule
from bellica.core import GameConfig, InvalidConfig

SWEEP_FORMAT = "bellica-cardvalue-sweep/1"
CARDS = "cards.toml"  # the card file a run played, in its own folder


def run_name(label: str, change: str) -> str:
    """A run's folder name from its card and change: "calliope-003-as-olympian-archer"."""
    text = f"{label} {change}".replace("'", "").replace("\u2019", "")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "card"


@dataclass(frozen=True, slots=True)
class Planned:
    """One run of a sweep: its folder's name, the configuration it plays and the text of the
    card file it plays with (what tells a finished run from a run of another card set)."""

    name: str
    config: GameConfig
    cards: str


class SweepFolder:
    """The folder `--keep DIR` names: sweep.json with the settings every run shares, and one
    results folder per run (`base` for the set as it is), each with the card file it played."""

    def __init__(self, path: Path, settings: dict[str, Any]) -> None:
        self.path = path
        if path.exists() and not path.is_dir():
            raise InvalidConfig(f"{path} is a file, not a folder for a sweep's runs")
        self.settings = json.loads(json.dumps(settings))  # as sweep.json gives it back
        marker = path / "sweep.json"
        if marker.exists():
            try:
                kept = json.loads(marker.read_text(encoding="utf-8"))
            except (OSError, ValueError) as err:
                raise InvalidConfig(f"{marker} cannot be read: {err}") from None
            if not isinstance(kept, dict) or kept.get("format") != SWEEP_FORMAT:
                raise InvalidConfig(f"{marker} is not a {SWEEP_FORMAT} file")
            differ = [
                f"{key} {kept.get(key)!r} there, {value!r} now"
                for key, value in self.settings.items()
                if kept.get(key) != value
            ]
            if differ:
                raise InvalidConfig(
                    f"{path} keeps a sweep with other settings ({'; '.join(differ)}): "
                    "give a new folder, or the same settings to go on with it"
                )
        elif path.exists() and any(path.iterdir()):
            raise InvalidConfig(f"{path} is not empty and holds no sweep: give a new folder")
        else:
            path.mkdir(parents=True, exist_ok=True)
            text = json.dumps({"format": SWEEP_FORMAT, **self.settings}, indent=2) + "\n"
            marker.write_text(text, encoding="utf-8")

    def finished(self, run: Planned, games: int) -> list[GameResult] | None:
        """The games of `run` when its folder holds them all, played with the same card file;
        otherwise None (the run is played again)."""
        folder = self.path / run.name
        try:
            if (folder / CARDS).read_text(encoding="utf-8") != run.cards:
                return None
            kept, results = read_results(folder)
        except (OSError, InvalidResults):
            return None
        complete = kept.get("status") == "complete" and len(results) == games
        return results if complete else None

    def start(
        self, run: Planned, schedule: Schedule, command: Callable[[GameConfig], str]
    ) -> tuple[ResultsFolder, GameConfig]:
        """A fresh results folder for `run` (what an unfinished attempt left is cleared), with
        the card file it plays beside its games, and the configuration to play: a changed set
        is played from that copy, so the folder names a card file that stays. `command` gives
        the command line that plays that configuration again, for run.json."""
        folder = self.path / run.name
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir()
        copy = folder / CARDS
        copy.write_text(run.cards, encoding="utf-8")
        config = run.config if run.config.cards is None else replace(run.config, cards=str(copy))
        return ResultsFolder(folder, config, schedule, command=command(config)), config
