"""Formation and reinforcement data: the TOML schema, validation and loading."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from bellica.core.data_file import Whole, load_toml
from bellica.games.imperio_bellum.pieces import KIND_BY_LETTER, KNIGHT

DATA_FILE = Path(__file__).parent / "data" / "formations.toml"
MAX_PIECES = 15
MAX_RESERVES = 50
MAX_KNIGHTS_ON_BOARD = 8
MAX_KNIGHTS = 10
MAX_NAME = 60  # characters of a formation's or a reinforcement list's name
MAX_DESCRIPTION = 400  # characters of a description
MAX_RANK = 40  # characters of a rank: nine letters and the spaces between them


class Formation(BaseModel):
    """A ready-made setup of one side's zone: bases and up to 15 pieces."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: str = Field(min_length=1, max_length=MAX_NAME)
    side: Literal["attacker", "defender", "any"]
    provisional: bool
    description: str = Field(default="", max_length=MAX_DESCRIPTION)
    front: str = Field(max_length=MAX_RANK)  # nine letters from H B K A P F O
    back: str = Field(max_length=MAX_RANK)

    @field_validator("front", "back")
    @classmethod
    def _nine_letters(cls, row: str) -> str:
        letters = row.split()
        if len(letters) != 9:
            raise ValueError(f"a rank has 9 squares, this one has {len(letters)}")
        bad = [x for x in letters if x != "O" and x not in KIND_BY_LETTER]
        if bad:
            raise ValueError(f"unknown letter {bad[0]!r} (use H B K A P F O)")
        return " ".join(letters)

    @model_validator(mode="after")
    def _counts(self) -> Formation:
        letters = self.front.split() + self.back.split()
        if letters.count("H") != 1 or letters.count("B") != 2:
            raise ValueError("a formation has exactly one H (headquarters) and two B (bases)")
        units = [x for x in letters if x in "KAPF"]
        if not 1 <= len(units) <= MAX_PIECES:
            raise ValueError(f"a formation has 1 to {MAX_PIECES} pieces, not {len(units)}")
        if letters.count("K") > MAX_KNIGHTS_ON_BOARD:
            raise ValueError(f"at most {MAX_KNIGHTS_ON_BOARD} knights may start on the board")
        return self

    def squares(self) -> list[tuple[int, int, int]]:
        """(file, depth, kind): depth 0 is the edge rank, 1 the front rank."""
        out = []
        for depth, row in ((0, self.back), (1, self.front)):
            for file, letter in enumerate(row.split()):
                if letter != "O":
                    out.append((file, depth, KIND_BY_LETTER[letter]))
        return out

    def knights(self) -> int:
        return sum(1 for _, _, kind in self.squares() if kind == KNIGHT)


class Reinforcements(BaseModel):
    """A ready-made reinforcement list."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: str = Field(min_length=1, max_length=MAX_NAME)
    side: Literal["attacker", "defender", "any"]
    provisional: bool
    knight: Annotated[int, Whole(0, MAX_KNIGHTS)]  # 0 to 10
    archer: Annotated[int, Whole(0, MAX_RESERVES)]  # 0 to 50 each, 50 in all
    pikeman: Annotated[int, Whole(0, MAX_RESERVES)]
    footsoldier: Annotated[int, Whole(0, MAX_RESERVES)]

    @model_validator(mode="after")
    def _total(self) -> Reinforcements:
        if self.total() > MAX_RESERVES:
            raise ValueError(f"at most {MAX_RESERVES} reinforcements, not {self.total()}")
        if self.total() == 0:  # taking it would leave the pile empty, and it offered again
            raise ValueError("a reinforcement list holds at least one piece")
        return self

    def counts(self) -> list[int]:
        """Counts in unit-kind order: knight, archer, pikeman, footsoldier."""
        return [self.knight, self.archer, self.pikeman, self.footsoldier]

    def total(self) -> int:
        return self.knight + self.archer + self.pikeman + self.footsoldier


class SetupData(BaseModel):
    """The whole file: formations and reinforcement lists."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    formation: list[Formation] = Field(default_factory=list, max_length=8)
    reinforcements: list[Reinforcements] = Field(default_factory=list, max_length=4)

    @model_validator(mode="after")
    def _unique_names(self) -> SetupData:
        for group in (self.formation, self.reinforcements):
            names = Counter(entry.name for entry in group)
            for entry_name, uses in names.items():
                if uses > 1:
                    raise ValueError(f"the name {entry_name!r} is used twice")
        return self


def load_setup_data(path: str | Path | None = None) -> SetupData:
    """Read and validate a formations file (ours by default); raises InvalidCardData. The
    result is cached by the file's content: an unchanged file is parsed once per process, an
    edited one is read again."""
    return load_toml(Path(path) if path is not None else DATA_FILE, SetupData)
