"""One AI-vs-AI game: the game set-up, who sits where, playing it out, and its result."""

from __future__ import annotations

import importlib
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from bellica.core import (
    Action,
    BellicaError,
    Game,
    IllegalAction,
    InvalidConfig,
    SeatView,
    State,
    game_class,
    load,
    register,
)

if TYPE_CHECKING:
    from bellica.agents import Agent

# A game that runs longer than this many decisions is taken to be stuck (a rules bug).
MAX_DECISIONS = 100_000


class MatchError(BellicaError):
    """A game that could not be played out: an agent chose an illegal action, or it ran away."""


@dataclass(frozen=True, slots=True)
class GameSetup:
    """A game's configuration as plain data, so that it travels to worker processes.

    `source` ("module:Class") lets a fresh process find a game that was registered at run
    time (a test's toy game, a designer's prototype) rather than in the built-in registry.
    """

    game: str
    players: int
    variant: str
    options: tuple[tuple[str, Any], ...] = ()
    cards: str | None = None
    source: str | None = None

    @classmethod
    def create(
        cls,
        game: str,
        players: int | None = None,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        cards: str | None = None,
    ) -> GameSetup:
        """A checked set-up; unset players and variant take the game's defaults (raises
        InvalidConfig naming what is wrong)."""
        loaded = load(
            game, players=players, variant=variant, options=dict(options or {}), cards=cards
        )
        game_cls = game_class(game)
        source = None
        if "<locals>" not in game_cls.__qualname__:
            source = f"{game_cls.__module__}:{game_cls.__qualname__}"
        return cls(
            game=game,
            players=loaded.players,
            variant=loaded.variant,
            options=tuple(sorted(dict(options or {}).items())),
            cards=cards,
            source=source,
        )

    def load(self) -> Game:
        """The configured game, registering it from `source` first if this process lacks it."""
        try:
            game_class(self.game)
        except InvalidConfig:
            if self.source is None:
                raise
            register(self.game, _import_game(self.game, self.source))
        return load(
            self.game,
            players=self.players,
            variant=self.variant,
            options=dict(self.options),
            cards=self.cards,
        )


def _import_game(game_id: str, source: str) -> type[Game]:
    """The Game class named by "module:Class" (raises InvalidConfig)."""
    module_name, _, name = source.partition(":")
    try:
        target: Any = importlib.import_module(module_name)
        for part in name.split("."):
            target = getattr(target, part)
    except (ImportError, AttributeError) as err:
        raise InvalidConfig(f"cannot import game {game_id!r} from {source}: {err}") from None
    if not (isinstance(target, type) and issubclass(target, Game)):
        raise InvalidConfig(f"{source} is not a bellica game class")
    return target


_games: dict[str, Game] = {}


def _game_for(setup: GameSetup) -> Game:
    """The loaded game for a set-up, loaded once per process."""
    key = repr(setup)
    game = _games.get(key)
    if game is None:
        game = _games[key] = setup.load()
    return game


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one simulated game went: who sat where, who won, how long it took."""

    index: int
    seed: int
    game: str
    variant: str
    players: int
    agents: tuple[str, ...]  # the agent spec in each seat
    winners: tuple[int, ...]  # empty for a draw
    scores: tuple[float, ...]
    reason: str
    decisions: int
    seconds: float

    @property
    def is_draw(self) -> bool:
        """Nobody won a game of several players (a one-player game nobody won is lost)."""
        return not self.winners and len(self.agents) > 1

    @property
    def winning_agents(self) -> tuple[str, ...]:
        """The agent spec of each winning seat, in the order of `winners`."""
        return tuple(self.agents[seat] for seat in self.winners)

    def same_play(self, other: GameResult) -> bool:
        """Whether two results describe the same game, timing aside."""
        return all(
            getattr(self, f.name) == getattr(other, f.name)
            for f in fields(self)
            if f.name != "seconds"
        )


def seat_lineup(agents: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The agent in each seat of game number `index`.

    The agent list is repeated to fill the seats, then rotated by one seat per game, so that
    over any `players` consecutive games every agent sits in every seat equally often.
    """
    if not agents:
        raise InvalidConfig("give at least one agent")
    if len(agents) > players:
        raise InvalidConfig(f"{len(agents)} agents were given for a {players}-player game")
    base = [agents[seat % len(agents)] for seat in range(players)]
    shift = index % players
    return tuple(base[shift:] + base[:shift])


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in `seat` of the game seeded `game_seed`: fixed by both alone, so
    a game plays the same in any process."""
    return game_seed * 1000 + seat


def play_game(
    game: Game, agents: Sequence[Agent], seed: int, *, max_decisions: int = MAX_DECISIONS
) -> State:
    """Play a game out, agent `i` in seat `i`; the terminal state (raises MatchError)."""
    if len(agents) != game.players:
        raise InvalidConfig(f"{game.info.title} needs {game.players} agents, got {len(agents)}")
    state = game.new_game(seed=seed)
    decisions = 0
    while not state.is_terminal:
        if decisions >= max_decisions:
            raise MatchError(f"game seed {seed} did not end within {max_decisions} decisions")
        seat = state.current_player
        assert seat is not None
        agent = agents[seat]
        action = agent.act(SeatView(state, seat))
        if not isinstance(action, Action):
            raise MatchError(
                f"agent {agent.name} (seat {seat}) returned {action!r}, not an action, "
                f"at decision {decisions + 1} of game seed {seed}"
            )
        try:
            state.apply(action)
        except IllegalAction as err:
            raise MatchError(
                f"agent {agent.name} (seat {seat}) chose an illegal action at decision "
                f"{decisions + 1} of game seed {seed}: {err}"
            ) from None
        decisions += 1
    return state


def play_match(
    setup: GameSetup | Game,
    lineup: Sequence[str],
    seed: int,
    *,
    index: int = 0,
    max_decisions: int = MAX_DECISIONS,
) -> GameResult:
    """Play one seeded game between the agents named by `lineup` (one spec per seat)."""
    from bellica.agents import make_agent

    game = setup if isinstance(setup, Game) else _game_for(setup)
    agents = [make_agent(spec, seed=agent_seed(seed, seat)) for seat, spec in enumerate(lineup)]
    start = time.perf_counter()
    state = play_game(game, agents, seed, max_decisions=max_decisions)
    seconds = time.perf_counter() - start
    outcome = state.outcome()
    return GameResult(
        index=index,
        seed=seed,
        game=game.id,
        variant=game.variant,
        players=game.players,
        agents=tuple(lineup),
        winners=tuple(outcome.winners),
        scores=tuple(float(score) for score in outcome.scores),
        reason=outcome.reason,
        decisions=state.move_count,
        seconds=seconds,
    )
