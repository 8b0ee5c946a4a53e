"""How a finished game ended: winners, scores and the reason in words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a terminal state. No winners means a draw."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str

    def to_json(self) -> dict[str, object]:
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}
