"""Our games as PettingZoo AEC environments: one agent per seat, taking turns as the rules say.

    from bellica.adapters.pettingzoo import env
    table = env("para-bellum", players=3)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        mask = observation["action_mask"]
        table.step(None if termination or truncation else table.action_space(agent).sample(mask))

Observations are a Dict of `observation` (the seat's bounded tensor: what that seat may know,
nothing more) and `action_mask` (int8, 1 at each legal action of the agent to move, all 0 for
the others); the mask is in `infos` too. Rewards are the game's returns at the end (+1 for a
winner, -1 for a loser, 0 for a draw), 0 before. Every seat stays an agent until the game ends,
then every agent is terminated (an ending the round-limit house rule settled says so in
`infos[agent]["timed_out"]`) and is stepped with None once, in seat order.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import bellica
from bellica.adapters.drawing import drawing
from bellica.core import SPECTATOR, Game, IllegalAction, InvalidConfig, State


def env(
    game_id: str,
    players: int | None = None,
    variant: str | None = None,
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
    cards: str | None = None,
) -> BellicaAEC:
    """A PettingZoo AEC environment of a bellica game (PettingZoo's `env()` convention)."""
    game = bellica.load(game_id, players=players, variant=variant, options=options, cards=cards)
    return BellicaAEC(game, render_mode=render_mode)


class BellicaAEC(AECEnv[str, dict[str, Any], int | np.integer[Any] | None]):
    """A bellica game as an AEC environment; `agent_selection` is the seat the rules ask."""

    # PettingZoo's convention: a class dict, which each env replaces to name its own game.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi"],
        "name": "bellica",
        "is_parallelizable": False,  # every seat waits for its turn: nothing is simultaneous
    }

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise InvalidConfig(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"bellica_{game.id.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = game.num_distinct_actions
        # One space of each kind, shared by every agent: the same objects on every call.
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, game.observation_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(size)
        self._no_actions = np.zeros(size, dtype=np.int8)
        self._no_actions.flags.writeable = False
        self._seeds = random.Random()
        self.agent_selection: str = self.possible_agents[0]
        self.state: State = game.new_game(0)
        self._reset_to(self.state)

    # -- PettingZoo's API --------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: `seed` decides every die and shuffle (None: the next of this env's seeds,
        which a seeded reset seeds). The game's options are the env's own, given to `env()`;
        `options` here are accepted and ignored, as PettingZoo's checker passes some."""
        if seed is not None:
            self._seeds.seed(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        self._reset_to(self.game.new_game(game_seed))

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        return {
            "observation": self.state.observation_tensor(seat),
            "action_mask": self._mask(agent),
        }

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play the selected agent's action (an index into the action space); a finished agent
        is stepped with None. An illegal or malformed action raises IllegalAction and leaves
        the game as it was."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state.apply(self._decode(action))
        self._cumulative_rewards[agent] = 0
        state = self.state
        if state.is_terminal:
            timed_out = state.timed_out
            for seat, value in enumerate(state.returns()):
                name = self.possible_agents[seat]
                self.rewards[name] = value
                self.terminations[name] = True
                self.infos[name] = {"action_mask": self._no_actions, "timed_out": timed_out}
            self.agent_selection = self.possible_agents[0]
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """With render_mode "ansi": the terminal drawing of what the agent to move sees (the
        public view once the game is over). None without a render mode."""
        if self.render_mode is None:
            return None
        seat = self.state.current_player
        viewer = SPECTATOR if seat is None else seat
        return drawing(self.game, self.state.observation(viewer))

    def close(self) -> None:
        """Nothing to release: the game lives in this process's memory."""

    # -- search ------------------------------------------------------------------------------
    def clone(self) -> BellicaAEC:
        """An independent copy for search: the same game, the state's own `clone()`, the same
        agents, rewards and flags; stepping one never changes the other."""
        copy = BellicaAEC.__new__(BellicaAEC)
        copy.__dict__.update(self.__dict__)
        copy.state = self.state.clone()
        copy._seeds = random.Random()
        copy._seeds.setstate(self._seeds.getstate())
        copy.agents = self.agents[:]
        for name in ("rewards", "_cumulative_rewards", "terminations", "truncations"):
            setattr(copy, name, dict(getattr(self, name)))
        copy.infos = {agent: dict(info) for agent, info in self.infos.items()}
        return copy

    def __str__(self) -> str:
        game = self.game
        seats = "1 player" if game.players == 1 else f"{game.players} players"
        return f"bellica {game.info.title} ({game.variant}, {seats})"

    # -- inside --------------------------------------------------------------------------------
    def _reset_to(self, state: State) -> None:
        self.state = state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"action_mask": self._no_actions} for agent in self.agents
        }
        self._select()

    def _select(self) -> None:
        """Point `agent_selection` at the seat the rules ask, and give it its mask."""
        previous = self.agent_selection
        seat = self.state.current_player
        assert seat is not None
        agent = self.possible_agents[seat]
        if previous != agent and previous in self.infos:
            self.infos[previous] = {"action_mask": self._no_actions}
        self.agent_selection = agent
        self._legal = {action.index: action for action in self.state.legal_actions()}
        self.infos[agent] = {"action_mask": self.state.legal_mask()}

    def _mask(self, agent: str) -> Any:
        if agent == self.agent_selection and not self.terminations[agent]:
            return self.infos[agent]["action_mask"]
        return self._no_actions

    def _decode(self, action: object) -> bellica.Action:
        """The legal action with index `action`; IllegalAction naming what is allowed."""
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise IllegalAction(
                f"an action is a whole number from 0 to {self.game.num_distinct_actions - 1}, "
                f"not {action!r}"
            )
        legal = self._legal.get(int(action))
        if legal is None:
            shown = ", ".join(f"{i} ({a})" for i, a in list(self._legal.items())[:8])
            more = f" and {len(self._legal) - 8} more" if len(self._legal) > 8 else ""
            raise IllegalAction(
                f"action {int(action)} is not legal for {self.agent_selection} now; "
                f"legal: {shown}{more}"
            )
        return legal
