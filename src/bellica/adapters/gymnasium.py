"""Gymnasium: one learning seat of a bellica game, every other seat played by a bellica agent.

    import gymnasium
    env = gymnasium.make("bellica.adapters.gymnasium:bellica/Bellum-v0", opponents="random")
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

The `module:` prefix imports this module, which registers one id per game (its title without
spaces: `bellica/ImperioBellum-v0`, `bellica/SiegeOfOlympus-v0`, …); `players`, `variant`,
`options`, `seat`, `opponents` and the illegal-action settings are `make` keywords.

- **Observation**: `state.observation_tensor(seat)`, a float32 `Box(0, 1, game.observation_shape)`
  holding only what the learner's seat may know.
- **Action**: `Discrete(game.num_distinct_actions)`, an action's index (`game.encode`).
  `info["action_mask"]` (int8, 1 where legal) comes with every reset and step, and
  `action_masks()` returns the same (what sb3-contrib's MaskablePPO asks for).
- **Reward**: the learner's return when the game ends (`state.returns()[seat]`: +1 a win, -1 a
  loss, 0 a draw), 0 before, less `illegal_penalty` for each illegal action.
- **Seeding**: `reset(seed=s)` plays bellica's game seed `s` (as `bellica simulate` and records
  number games), the opponent in seat `k` seeded as the arena seeds it (`s * 1000 + k`);
  `reset()` without a seed draws the next game seed from the environment's generator. So a seed
  and the learner's actions reproduce an episode exactly.
- **Illegal actions** (an index outside the space, an action not legal now, a value that is no
  whole number) change nothing: the step returns the same observation and mask, a reward of
  `-illegal_penalty` (0.01 by default), `terminated=False`, and `info["illegal_action"]` saying
  what was wrong and what is legal. After `illegal_limit` (100) illegal actions in a row the
  episode is truncated (`truncated=True`): the game is not over, the learner gave up.
- **Endings**: the game's end, its house-rule round limit included, is `terminated=True` with
  the return as reward. The round limit is one of the game's options, so it is part of the
  game played: its ending is scored by the game's own tiebreakers, the round stands in every
  observation tensor, and nothing follows it to bootstrap from; `info["timed_out"]` tells
  such an ending apart (`state.timed_out`), `info["returns"]` gives every seat's return.
  `truncated=True` means only the illegal-action limit above (or a `TimeLimit` wrapper's).
- A step after the episode ended changes nothing and returns reward 0, the same flags and
  `info["illegal_action"]` asking for `reset()`. If the game ends before the learner's first
  decision (the opponents ended it), `reset` returns its final observation with an empty mask
  and the first step reports the ending, whatever its action.
"""

from __future__ import annotations

import contextlib
import copy
import math
import operator
from collections.abc import Sequence
from typing import Any, SupportsIndex, cast

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.error import ResetNeeded
from numpy.typing import NDArray

import bellica
from bellica.adapters.drawing import drawing
from bellica.agents import Agent, make_agent, parse_spec
from bellica.arena import agent_seed
from bellica.core import Action, BellicaError, Game, InvalidConfig, SeatView, State

Observation = NDArray[np.float32]
Mask = NDArray[np.int8]

NAMESPACE = "bellica"
VERSION = 0


def env_id(title: str) -> str:
    """A game's Gymnasium id: "Siege of Olympus" -> "bellica/SiegeOfOlympus-v0"."""
    name = "".join(word[:1].upper() + word[1:] for word in title.split())
    return f"{NAMESPACE}/{name}-v{VERSION}"


class BellicaEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a bellica game as a Gymnasium environment; the other seats are played by
    the agents `opponents` names (`random`, `greedy`, `mcts:iterations=200`, …), one spec for
    all or one per seat (a list of `players - 1` specs for the other seats in order, or of
    `players` with the learner's entry ignored). See the module's text for the policies."""

    # A plain class attribute, as Env declares it (never changed).
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        seat: int = 0,
        opponents: str | Sequence[str | None] = "greedy",
        players: int | None = None,
        variant: str | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        *,
        cards: str | None = None,
        illegal_penalty: float = 0.01,
        illegal_limit: int | None = 100,
    ) -> None:
        game = bellica.load(game_id, players, variant, options, cards)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise InvalidConfig(
                f"the learning seat of a {game.players}-player game is 0 to {game.players - 1},"
                f" not {seat!r}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidConfig(f"render_mode is 'ansi' or None, not {render_mode!r}")
        if (
            isinstance(illegal_penalty, bool)
            or not isinstance(illegal_penalty, int | float)
            or not math.isfinite(illegal_penalty)
            or illegal_penalty < 0
        ):
            raise InvalidConfig(f"illegal_penalty is a number >= 0, not {illegal_penalty!r}")
        if illegal_limit is not None and (
            isinstance(illegal_limit, bool)
            or not isinstance(illegal_limit, int)
            or illegal_limit < 1
        ):
            raise InvalidConfig(
                f"illegal_limit is a whole number >= 1 or None, not {illegal_limit!r}"
            )
        self.game: Game = game
        self.seat = seat
        self.opponents: tuple[str | None, ...] = _seat_specs(opponents, seat, game.players)
        self.render_mode = render_mode
        self.illegal_penalty = float(illegal_penalty)
        self.illegal_limit = illegal_limit
        self.observation_space = spaces.Box(0.0, 1.0, game.observation_shape, np.float32)
        self.action_space = spaces.Discrete(game.num_distinct_actions)
        self.agents: list[Agent | None] = [None] * game.players
        self._state: State | None = None
        self._legal: dict[int, Action] = {}  # the learner's legal actions by index
        self._mask: Mask = np.zeros(game.num_distinct_actions, dtype=np.int8)
        self._illegal_run = 0  # illegal actions in a row
        self._over = False  # the episode's end has been reported (terminated or truncated)
        self._truncated = False

    # -- the Gymnasium API ------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game: seeded `seed` if given, else from the environment's generator; the
        opponents play until the learner decides. `options` takes no keys (game options are
        given to the constructor)."""
        super().reset(seed=seed)
        if options:
            raise InvalidConfig(
                f"reset takes no options (give game options to the environment), not "
                f"{sorted(options)}"
            )
        game_seed = seed % 2**64 if seed is not None else int(self.np_random.integers(2**63))
        self._state = self.game.new_game(game_seed)
        self.agents = [
            None if spec is None else make_agent(spec, agent_seed(game_seed, seat))
            for seat, spec in enumerate(self.opponents)
        ]
        self._illegal_run = 0
        self._over = self._truncated = False
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        state = self._live_state()
        if self._over:
            info = self._info()
            info["illegal_action"] = "the episode is over: call reset()"
            return self._observation(), 0.0, not self._truncated, self._truncated, info
        if state.is_terminal:  # the opponents ended the game before the learner's turn
            return self._ending()
        index = _index(action)
        chosen = None if index is None else self._legal.get(index)
        if chosen is None:
            return self._refuse(action)
        self._illegal_run = 0
        state.apply(chosen)
        self._play_opponents()
        if state.is_terminal:
            return self._ending()
        return self._observation(), 0.0, False, False, self._info()

    def render(self) -> str | None:
        """With `render_mode="ansi"`, the game's terminal drawing of the learner's observation
        as plain text; None otherwise."""
        if self.render_mode != "ansi":
            return None
        return drawing(self.game, self._live_state().observation(self.seat))

    # -- beyond Gymnasium ---------------------------------------------------------------------
    def action_masks(self) -> Mask:
        """The learner's legal actions as int8, 1 where legal (sb3-contrib's MaskablePPO)."""
        self._live_state()
        return self._mask.copy()

    @property
    def state(self) -> State:
        """The bellica state underneath. It holds every seat's secrets: for tests and
        analysis, never for the learner's policy."""
        return self._live_state()

    def clone(self) -> BellicaEnv:
        """An independent copy: the state cloned, the opponents and generators copied, so the
        copy and this environment play on apart (same actions, same futures)."""
        other = copy.copy(self)
        other.__dict__.update(
            _state=None if self._state is None else self._state.clone(),
            agents=copy.deepcopy(self.agents),
            _legal=dict(self._legal),
            _mask=self._mask.copy(),
            _np_random=copy.deepcopy(self._np_random),
            observation_space=copy.deepcopy(self.observation_space),
            action_space=copy.deepcopy(self.action_space),
        )
        return other

    # -- inside ---------------------------------------------------------------------------------
    def _live_state(self) -> State:
        if self._state is None:
            raise ResetNeeded("call reset() before using the environment")
        return self._state

    def _play_opponents(self) -> None:
        """Let the agents decide until the learner must, or the game is over; then note the
        learner's legal actions."""
        state = self._live_state()
        agents, seat = self.agents, self.seat
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            agent = agents[player]
            if player == seat or agent is None:
                break
            state.apply(agent.act(SeatView(state, player)))
        legal = state.legal_actions() if state.current_player == seat else []
        self._legal = {action.index: action for action in legal}
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        mask[list(self._legal)] = 1
        self._mask = mask

    def _observation(self) -> Observation:
        obs: Observation = self._live_state().observation_tensor(self.seat)
        return obs

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.copy()}

    def _ending(self) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        state = self._live_state()
        self._over = True
        returns = state.returns()
        info = self._info()
        info["timed_out"] = state.timed_out
        info["returns"] = returns
        return self._observation(), returns[self.seat], True, False, info

    def _refuse(self, action: object) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """An illegal action: nothing changes; say why, and truncate a long run of them."""
        self._illegal_run += 1
        limit = self.illegal_limit
        truncated = limit is not None and self._illegal_run >= limit
        if truncated:
            self._over = self._truncated = True
        info = self._info()
        info["illegal_action"] = self._why_illegal(action)
        return self._observation(), -self.illegal_penalty, False, truncated, info

    def _why_illegal(self, action: object) -> str:
        size = self.game.num_distinct_actions
        index = _index(action)
        if index is None:
            wrong = f"an action is a whole number from 0 to {size - 1}, not {action!r}"
        elif not 0 <= index < size:
            wrong = f"action {index} is outside the action space 0..{size - 1}"
        else:
            wrong = f"action {index} is not legal now"
            with contextlib.suppress(BellicaError, LookupError):  # an unused index: no words
                wrong += f" ({self.game.decode(index, self._state)})"
        legal = list(self._legal.items())
        shown = ", ".join(f"{i} {a}" for i, a in legal[:6])
        more = f" and {len(legal) - 6} more" if len(legal) > 6 else ""
        return f"{wrong}; legal: {shown}{more} (info['action_mask'] marks them)"


def _index(action: object) -> int | None:
    """The whole number an action is (a Python or numpy integer, a 0-d integer array), or
    None for anything else (a bool, a float, a string, a longer array)."""
    if isinstance(action, bool | np.bool_):
        return None
    try:
        return operator.index(cast(SupportsIndex, action))
    except TypeError:
        return None


def _seat_specs(
    opponents: str | Sequence[str | None], seat: int, players: int
) -> tuple[str | None, ...]:
    """The agent spec of every seat, None for the learner's; each spec checked."""
    if isinstance(opponents, str):
        given: list[str | None] = [opponents] * (players - 1)
    else:
        given = list(opponents)
        if len(given) == players:
            del given[seat]
        elif len(given) != players - 1:
            raise InvalidConfig(
                f"opponents is one agent spec or a list of {players - 1} (the other seats) or "
                f"{players} (every seat, the learner's ignored), not {len(given)}"
            )
    specs: list[str | None] = []
    for spec in given:
        if not isinstance(spec, str):
            raise InvalidConfig(f"an opponent is an agent spec such as 'greedy', not {spec!r}")
        parse_spec(spec)
        specs.append(spec)
    specs.insert(seat, None)
    return tuple(specs)


def register_all() -> list[str]:
    """Register every game as `bellica/<Title>-v0` (if not yet registered); its ids."""
    ids = []
    for info in bellica.games():
        name = env_id(info.title)
        if name not in gymnasium.registry:
            gymnasium.register(
                name, entry_point=f"{__name__}:BellicaEnv", kwargs={"game_id": info.id}
            )
        ids.append(name)
    return ids


ENV_IDS: tuple[str, ...] = tuple(register_all())
