"""The MCTS agent: UCT search over determinized states (information-set MCTS)."""

from __future__ import annotations

import math
import time

from bellica.agents.base import Agent, Option
from bellica.core import Action, Game, InvalidConfig, Rng, SeatView, State

DEFAULT_ITERATIONS = 400
DEFAULT_ROLLOUT = 20  # for games that offer no heuristic of their own
DEFAULT_C = 1.4  # the exploration constant of a game that sets none (Game.exploration)


class _Node:
    """The statistics of one action in the tree, and the actions tried after it."""

    __slots__ = ("avail", "children", "seeded", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1  # how often the action was legal when its parent was visited
        self.totals = [0.0] * players  # summed value of the playouts through it, per seat
        self.seeded = False  # whether its first visit is the heuristic's guess


class MctsAgent(Agent):
    """Each iteration draws a fresh determinization (the hidden parts resampled from what the
    seat knows), walks the shared tree of actions choosing among the children that are legal
    in that determinization by UCB with availability counts (single-observer ISMCTS), adds a
    node, plays at most `rollout` decisions of the game's playout policy and values the end
    with the game's returns or, if it is not over, the game's heuristic for every seat. Each
    node keeps values for all seats and is chosen by the value for the seat that moved. The
    most visited action wins.

    With `prior=1` (the default) new children start with one visit worth the heuristic value
    of the state after them, looking through a picked piece to its best use, so the search
    tries promising actions first. `rollout` defaults to the game's `rollout_depth` if it sets
    one, else to 0 (value the leaf at once) for games with a heuristic of their own and to 20
    for games without one, where only the end of a game says anything. `c` defaults to the
    game's `exploration`: how far apart its heuristic's values of two moves usually lie
    decides how much exploring pays. The budget is `iterations` or `seconds` (400 iterations
    if neither); a `deadline` set by the caller cuts either short.
    """

    kind = "mcts"
    options = (
        Option("iterations", integer=True, default=DEFAULT_ITERATIONS, minimum=1),
        Option("seconds", integer=False, default=None, minimum=0, strict=True),
        Option(
            "rollout",
            integer=True,
            default=None,
            minimum=0,
            default_note="the game's rollout_depth, else 0 for a game with a heuristic, else 20",
        ),
        Option(
            "c",
            integer=False,
            default=None,
            minimum=0,
            default_note="the game's exploration, 1.4 unless the game sets it",
        ),
        Option("prior", integer=True, default=1, minimum=0),
    )

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: int | None = None,
        c: float | None = None,
        prior: int = 1,
    ) -> None:
        super().__init__(seed)
        if iterations is not None and seconds is not None:
            raise InvalidConfig("mcts takes iterations=N or seconds=X as its budget, not both")
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self._configure(iterations=iterations, seconds=seconds, rollout=rollout, c=c, prior=prior)
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)
        self.rollout_setting = rollout  # None: chosen per game, see the class docstring
        self.rollout = 0 if rollout is None else rollout
        self.c_setting = c  # None: the game's `exploration`, see act
        self.c = DEFAULT_C if c is None else float(c)
        self.prior = bool(prior)
        self.last_iterations = 0  # how many iterations the last search ran

    def act(self, view: SeatView) -> Action:
        legal = self._legal(view)
        if self.rollout_setting is None:
            self.rollout = _default_rollout(view.game)
        if self.c_setting is None:
            self.c = view.game.exploration
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = _Node(view.game.players)
        deadline = self.deadline
        if self.seconds is not None:
            own = time.perf_counter() + self.seconds
            deadline = own if deadline is None else min(deadline, own)
        limit = self.iterations if self.seconds is None else None
        count = 0
        clock = time.perf_counter
        while True:  # at least one iteration, then until the budget or the deadline is spent
            self._iterate(view, root)
            count += 1
            if (limit is not None and count >= limit) or (
                deadline is not None and clock() >= deadline
            ):
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
        """One playout: determinize, select, expand, roll out, back the values up."""
        rng, c, log, sqrt = self.rng, self.c, math.log, math.sqrt
        players = view.game.players
        state = view.determinize(rng.next64())
        node = root
        path: list[_Node] = []
        leaf_values: list[float] | None = None
        while True:
            seat = state.current_player
            if seat is None:
                break
            children = node.children
            legal = state.legal_actions()
            if self.prior:
                for action in legal:
                    if action not in children:
                        children[action] = self._seeded_child(state, action, players)
            unexplored: list[Action] = []
            best: Action | None = None
            best_child = node
            best_score = -math.inf
            for action in legal:
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
            if best_child.visits == 1 and best_child.seeded:
                leaf_values = best_child.totals[:]  # a seeded child's first real visit
                break
        values = self._rollout(state, players, rng) if leaf_values is None or self.rollout else None
        if values is None:
            assert leaf_values is not None
            values = leaf_values
        for node in path:
            node.visits += 1
            totals = node.totals
            for s in range(players):
                totals[s] += values[s]

    def _rollout(self, state: State, players: int, rng: Rng) -> list[float]:
        """Play the game's playout policy for at most `rollout` decisions, then value the end."""
        policy = state.game.playout_action
        for _ in range(self.rollout):
            if state.current_player is None:
                break
            state.apply(policy(state, rng))
        return _values(state, players)

    def _seeded_child(self, state: State, action: Action, players: int) -> _Node:
        """A child that starts with one visit worth the heuristic value of the state after
        `action` (looking through a picked piece to its best completion), so the search
        tries promising actions first and values a picked piece by its best use."""
        after = state.clone()
        after.apply(action)
        mover = state.current_player
        if after.mid_move and after.current_player == mover and not after.is_terminal:
            best_values: list[float] | None = None
            follow_ups = after.legal_actions()
            for i, follow_up in enumerate(follow_ups):
                step = after if i == len(follow_ups) - 1 else after.clone()
                step.apply(follow_up)
                values = _values(step, players)
                if best_values is None or values[mover] > best_values[mover]:  # type: ignore[index]
                    best_values = values
            assert best_values is not None
            values = best_values
        else:
            values = _values(after, players)
        child = _Node(players)
        child.visits = 1
        child.totals = values
        child.seeded = True
        return child


def _default_rollout(game: Game) -> int:
    """The game's own rollout depth, else 0 if it judges unfinished positions (a heuristic
    of its own rather than the default 0), else DEFAULT_ROLLOUT."""
    if game.rollout_depth is not None:
        return game.rollout_depth
    return 0 if type(game).heuristic is not Game.heuristic else DEFAULT_ROLLOUT


def _values(state: State, players: int) -> list[float]:
    """Every seat's value of a state: the returns if it is over, else the heuristic."""
    if state.is_terminal:
        return state.returns()
    return state.game.heuristics(state)
