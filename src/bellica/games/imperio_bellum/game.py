"""The Imperio Bellum game: options, seats and roles, and the glue to the engine contract."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bellica.core import Action, Game, IllegalAction, Rng, State
from bellica.games.imperio_bellum import INFO
from bellica.games.imperio_bellum import actions as act
from bellica.games.imperio_bellum.data import load_setup_data
from bellica.games.imperio_bellum.length import round_decisions, setup_decisions
from bellica.games.imperio_bellum.state import ImperioBellumState

RULES_FILE = Path(__file__).parent / "rules.md"


class ImperioBellum(Game):
    """Two armies on a 9×9 board; dice decide every fight."""

    info = INFO
    num_distinct_actions = act.SIZE
    perfect_information = True  # both armies stand in full view; only the dice are unknown

    def prepare(self) -> None:
        self.setup_data = load_setup_data(self.cards)
        self.actions = act.ActionSpace(
            [f.name for f in self.setup_data.formation],
            [r.name for r in self.setup_data.reinforcements],
        )
        self.turn_limit: int = self.options["turn_limit"]

    @property
    def max_setup_decisions(self) -> int:
        """The set-up's decisions at their longest (`length`)."""
        return setup_decisions(self)

    @property
    def max_round_decisions(self) -> int:
        """The most decisions one round can hold, both turns together (`length`)."""
        return round_decisions()

    def new_game(self, seed: int = 0) -> ImperioBellumState:
        state = ImperioBellumState(self, seed)
        attacker = self.options["attacker"]
        if attacker == "roll":
            # Each player rolls a die, again on a tie; the higher roll attacks.
            while True:
                first, second = state.rng.d6(), state.rng.d6()
                if first != second:
                    break
            state.attacker_seat = 0 if first > second else 1
        else:
            state.attacker_seat = int(attacker)
        return state

    def load_position(self, text: str) -> ImperioBellumState:
        from bellica.games.imperio_bellum.notation import read_position

        return read_position(self, text)

    def action_from_json(self, data: Any) -> Action:
        return self.actions.from_json(data)

    def decode(self, index: int, state: State | None = None) -> Action:
        if not isinstance(index, int) or not 0 <= index < act.SIZE:
            raise IllegalAction(f"action index must be in 0..{act.SIZE - 1}, not {index!r}")
        return self.actions[index]

    def heuristic(self, state: State, seat: int) -> float:
        from bellica.games.imperio_bellum.heuristics import evaluate

        assert isinstance(state, ImperioBellumState)
        return evaluate(state, seat)

    def heuristics(self, state: State) -> list[float]:
        from bellica.games.imperio_bellum.heuristics import values

        assert isinstance(state, ImperioBellumState)
        return values(state)

    def playout_action(self, state: State, rng: Rng) -> Action:
        from bellica.games.imperio_bellum.playout import playout_action

        assert isinstance(state, ImperioBellumState)
        return playout_action(state, rng)

    def render(self, observation: dict[str, Any]) -> Any:
        from bellica.games.imperio_bellum.view import render

        return render(observation)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from bellica.games.imperio_bellum.view import SHAPE

        return SHAPE

    def seat_label(self, seat: int, state: State | None = None) -> str:
        """The seat's role once known (the options, or the die roll at the start), else "player 1"
        or "player 2"."""
        if isinstance(state, ImperioBellumState):
            return "the attacker" if seat == state.attacker_seat else "the defender"
        attacker = self.options["attacker"]
        if attacker in ("0", "1"):  # the set-up already says who attacks
            return "the attacker" if str(seat) == attacker else "the defender"
        return f"player {seat + 1}"

    def rules_text(self) -> str:
        return RULES_FILE.read_text(encoding="utf-8")
