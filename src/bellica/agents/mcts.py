"""The MCTS agent: UCT search over determinized states (information-set MCTS)."""

from __future__ import annotations

import math
import time

from bellica.agents.base import Agent, Option
from bellica.core import Action, InvalidConfig, SeatView

DEFAULT_ITERATIONS = 400


class _Node:
    """The statistics of one action in the tree, and the actions tried after it."""

    __slots__ = ("avail", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1  # how often the action was legal when its parent was visited
        self.totals = [0.0] * players  # summed value of the playouts through it, per seat


class MctsAgent(Agent):
    """Each iteration draws a fresh determinization (the hidden parts resampled from what the
    seat knows), walks the shared tree of actions choosing among the children that are legal
    in that determinization by UCB with availability counts (single-observer ISMCTS), adds one
    node, plays at most `rollout` random decisions and values the end with the game's returns
    or, if it is not over, the game's heuristic for every seat. Each node keeps values for all
    seats and is chosen by the value for the seat that moved. The most visited action wins.

    The budget is `iterations` or `seconds` (one of them; 400 iterations if neither is given).
    """

    kind = "mcts"
    options = (
        Option("iterations", integer=True, default=DEFAULT_ITERATIONS, minimum=1),
        Option("seconds", integer=False, default=None, minimum=0, strict=True),
        Option("rollout", integer=True, default=20, minimum=0),
        Option("c", integer=False, default=1.4, minimum=0),
    )

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: int = 20,
        c: float = 1.4,
    ) -> None:
        super().__init__(seed)
        if iterations is not None and seconds is not None:
            raise InvalidConfig("mcts takes iterations=N or seconds=X as its budget, not both")
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self._configure(iterations=iterations, seconds=seconds, rollout=rollout, c=c)
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)
        self.rollout = rollout
        self.c = float(c)
        self.last_iterations = 0  # how many iterations the last search ran

    def act(self, view: SeatView) -> Action:
        legal = self._legal(view)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = _Node(view.game.players)
        if self.seconds is None:
            assert self.iterations is not None
            for _ in range(self.iterations):
                self._iterate(view, root)
            count = self.iterations
        else:
            count = 0
            deadline = time.perf_counter() + self.seconds
            while True:
                self._iterate(view, root)
                count += 1
                if time.perf_counter() >= deadline:
                    break
        self.last_iterations = count
        return self._choose(root, legal, view.seat)

    def _choose(self, root: _Node, legal: list[Action], seat: int) -> Action:
        """The most visited legal action; ties go to the better value, then to legal order."""
        best, best_key = legal[0], (-1, -2.0)
        for action in legal:
            child = root.children.get(action)
            if child is None or not child.visits:
                continue
            key = (child.visits, child.totals[seat] / child.visits)
            if key > best_key:
                best, best_key = action, key
        return best

    def _iterate(self, view: SeatView, root: _Node) -> None:
        """One playout: determinize, select, expand one node, roll out, back the values up."""
        rng, c, log, sqrt = self.rng, self.c, math.log, math.sqrt
        players = view.game.players
        state = view.determinize(rng.next64())
        node = root
        path: list[_Node] = []
        while True:
            seat = state.current_player
            if seat is None:
                break
            children = node.children
            unexplored: list[Action] = []
            best: Action | None = None
            best_child = node
            best_score = -math.inf
            for action in state.legal_actions():
                child = children.get(action)
                if child is None:
                    unexplored.append(action)
                    continue
                child.avail += 1
                if unexplored:
                    continue
                visits = child.visits
                score = child.totals[seat] / visits + c * sqrt(log(child.avail) / visits)
                if score > best_score:
                    best, best_child, best_score = action, child, score
            if unexplored:
                action = unexplored[0] if len(unexplored) == 1 else rng.choice(unexplored)
                child = children[action] = _Node(players)
                state.apply(action)
                path.append(child)
                break
            assert best is not None
            state.apply(best)
            path.append(best_child)
            node = best_child
        policy = state.game.playout_action
        for _ in range(self.rollout):
            if state.current_player is None:
                break
            state.apply(policy(state, rng))
        if state.is_terminal:
            values = state.returns()
        else:
            heuristic = state.game.heuristic
            values = [heuristic(state, s) for s in range(players)]
        for node in path:
            node.visits += 1
            totals = node.totals
            for s in range(players):
                totals[s] += values[s]
