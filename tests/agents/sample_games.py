"""Two tiny games for the agent tests: Wide (30 actions a turn, dice) and TwoStep (mid-move)."""

from __future__ import annotations

import math
from typing import Any

from bellica.core import Action, Game, GameInfo, IllegalAction, Outcome, State

# Wide: on your turn gain VALUES[n] + one die for any of 30 actions; first to GOAL wins.
GOAL = 60
VALUES = [(n * 7) % 10 for n in range(30)]
GAIN = [Action("gain", {"n": n}, n, f"Gain {VALUES[n]} (slot {n})") for n in range(30)]


class WideState(State):
    __slots__ = ("player", "scores", "winner")

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.scores = [0, 0]
        self.player = 0
        self.winner: int | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.player

    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    def _legal_actions(self) -> list[Action]:
        return list(GAIN)

    def _apply(self, action: Action) -> None:
        self.scores[self.player] += VALUES[action.index] + self.rng.d6()
        if self.scores[self.player] >= GOAL:
            self.winner = self.player
        self.player ^= 1

    def _outcome(self) -> Outcome:
        assert self.winner is not None
        return Outcome((self.winner,), (1.0, 0.0) if self.winner == 0 else (0.0, 1.0), "goal")

    def observation(self, seat: int) -> dict[str, Any]:
        return {"scores": list(self.scores), "to_play": self.current_player}

    def _copy(self) -> WideState:
        copy = WideState.__new__(WideState)
        copy.scores, copy.player, copy.winner = list(self.scores), self.player, self.winner
        return copy

    def position(self) -> str:
        return f"{self.scores[0]} {self.scores[1]} {self.player} {self.winner}"


class Wide(Game):
    info = GameInfo("wide", "Wide", 2, 2, ("standard",))
    num_distinct_actions = 30

    def new_game(self, seed: int = 0) -> WideState:
        return WideState(self, seed)

    def load_position(self, text: str) -> WideState:
        raise NotImplementedError

    def action_from_json(self, data: Any) -> Action:
        return self.decode(data["n"])

    def decode(self, index: int, state: State | None = None) -> Action:
        if not 0 <= index < 30:
            raise IllegalAction(f"no action {index}")
        return GAIN[index]

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, WideState)
        if state.is_terminal:
            return state.returns()[seat]
        return math.tanh((state.scores[seat] - state.scores[1 - seat]) / 20)


# TwoStep: one player picks a piece, then where it goes. Piece A can reach the best square
# (worth 0.9) or the worst (-0.9); piece B only middling ones (0.1); then the player ends the
# game. A picked piece alone looks bad for A (-0.5) and neutral for B (0.0), so only a
# look-through finds A.
PICK = {name: Action("pick", {"piece": name}, i, f"Pick {name}") for i, name in enumerate("AB")}
SQUARES = {"A": (0.9, -0.9), "B": (0.1, 0.1)}
GO = [Action("go", {"square": i}, 2 + i, f"Go to square {i}") for i in range(2)]
END = Action("end", {}, 4, "End the game")
PICKED_LOOKS = {"A": -0.5, "B": 0.0}


class TwoStepState(State):
    __slots__ = ("ended", "piece", "square")

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.piece: str | None = None
        self.square: int | None = None
        self.ended = False

    @property
    def current_player(self) -> int | None:
        return None if self.ended else 0

    @property
    def is_terminal(self) -> bool:
        return self.ended

    @property
    def mid_move(self) -> bool:
        return self.piece is not None and self.square is None

    def _legal_actions(self) -> list[Action]:
        if self.piece is None:
            return list(PICK.values())
        return list(GO) if self.square is None else [END]

    def _apply(self, action: Action) -> None:
        if action.kind == "pick":
            self.piece = action.get("piece")
        elif action.kind == "go":
            self.square = action.get("square")
        else:
            self.ended = True

    def _outcome(self) -> Outcome:
        return Outcome((0,), (1.0,), "done")

    def observation(self, seat: int) -> dict[str, Any]:
        return {"piece": self.piece, "square": self.square}

    def _copy(self) -> TwoStepState:
        copy = TwoStepState.__new__(TwoStepState)
        copy.piece, copy.square, copy.ended = self.piece, self.square, self.ended
        return copy

    def position(self) -> str:
        return f"{self.piece} {self.square} {self.ended}"


class TwoStep(Game):
    info = GameInfo("two-step", "TwoStep", 1, 1, ("standard",))
    num_distinct_actions = 5

    def new_game(self, seed: int = 0) -> TwoStepState:
        return TwoStepState(self, seed)

    def load_position(self, text: str) -> TwoStepState:
        raise NotImplementedError

    def action_from_json(self, data: Any) -> Action:
        raise NotImplementedError

    def decode(self, index: int, state: State | None = None) -> Action:
        return [*PICK.values(), *GO, END][index]

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, TwoStepState)
        if state.piece is None:
            return 0.0
        if state.square is None:
            return PICKED_LOOKS[state.piece]
        return SQUARES[state.piece][state.square]
