"""The greedy agent: one step of lookahead, scored by the game's heuristic."""

from __future__ import annotations

import time

from bellica.agents.base import Agent, Option
from bellica.core import Action, SeatView, State

_TIE = 1e-9  # values this close count as equal, and the tie is broken at random


class GreedyAgent(Agent):
    """Tries every legal action in a few determinized copies of the state and plays the one
    whose result the game's heuristic likes best, on average over the copies (dice are rolled
    inside `apply`, so one copy would be noisy). When an action only begins a move (a piece is
    picked and the same seat must now choose where it goes) it looks through to the best
    completion, up to `depth` decisions deep. Past a `deadline` it values no more actions.
    """

    kind = "greedy"
    options = (
        Option("samples", integer=True, default=4, minimum=1),
        Option("depth", integer=True, default=3, minimum=0),
    )

    def __init__(self, seed: int = 0, samples: int = 4, depth: int = 3) -> None:
        super().__init__(seed)
        self._configure(samples=samples, depth=depth)
        self.samples = samples
        self.depth = depth

    def act(self, view: SeatView) -> Action:
        legal = self._legal(view)
        if len(legal) == 1:
            return legal[0]
        seat, rng = view.seat, self.rng
        worlds = [view.determinize(rng.next64()) for _ in range(self.samples)]
        best: list[Action] = []
        best_value = -2.0
        deadline = self.deadline
        for action in legal:
            if best and deadline is not None and time.perf_counter() >= deadline:
                break  # out of time: the best of the actions valued so far
            total, count = 0.0, 0
            for world in worlds:
                if not world.is_legal(action):
                    continue
                state = world.clone()
                state.apply(action)
                total += self._value(state, seat, self.depth)
                count += 1
            if not count:
                continue
            value = total / count
            if value > best_value + _TIE:
                best, best_value = [action], value
            elif value >= best_value - _TIE:
                best.append(action)
        return rng.choice(best or legal)

    def _value(self, state: State, seat: int, depth: int) -> float:
        """How good `state` is for `seat`, looking through the seat's unfinished move."""
        if state.is_terminal:
            return state.returns()[seat]
        if depth and state.mid_move and state.current_player == seat:
            follow_ups = state.legal_actions()
            last = len(follow_ups) - 1
            best = -2.0
            for i, action in enumerate(follow_ups):
                after = state if i == last else state.clone()
                after.apply(action)
                best = max(best, self._value(after, seat, depth - 1))
            return best
        return self.heuristic(state, seat)

    def heuristic(self, state: State, seat: int) -> float:
        """How good an unfinished `state` is for `seat`: the game's heuristic (a player with
        its own weights overrides this)."""
        return state.game.heuristic(state, seat)
