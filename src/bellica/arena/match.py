"""One AI-vs-AI game: who sits where, playing it out, and its result."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, fields

from bellica.agents import Agent, make_agent
from bellica.core import (
    Action,
    BellicaError,
    Game,
    GameConfig,
    IllegalAction,
    InvalidConfig,
    SeatView,
    State,
)
from bellica.core.cards import CardGame, CardLog, CardUse

# A game that runs longer than this many decisions is taken to be stuck (a rules bug).
MAX_DECISIONS = 100_000


class MatchError(BellicaError):
    """A game that could not be played out: an agent chose an illegal action, or it ran away."""


GameSetup = GameConfig
"""The arena's former name for `GameConfig`, kept so that older callers still work."""

_games: dict[GameConfig, Game] = {}


def game_for(config: GameConfig) -> Game:
    """The loaded game for a config, loaded once per process."""
    game = _games.get(config)
    if game is None:
        game = _games[config] = config.load()
    return game


@dataclass(frozen=True, slots=True)
class Keep:
    """What a run keeps of each game beyond its result: its record (to replay it), its
    trajectory (every seat's heuristic value as each round begins, for the lab's curves), and
    what became of each card copy for each seat (a card game's rows for the lab's card
    statistics, read from its events)."""

    records: bool = False
    trajectories: bool = False
    cards: bool = False


KEEP_NOTHING = Keep()  # a run's default: the results alone

# (round, each seat's value): the game's heuristic as each round began, then the outcome's
# returns at the end.
Trajectory = tuple[tuple[int, tuple[float, ...]], ...]


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
    matchup: int = 0  # which matchup of a round robin (arena.schedule), 0 in a plain match
    rounds: int | None = None  # rounds (or days) begun, where the game counts them
    timeout: bool = False  # a house-rule limit ended it, not the game's own rules
    record: str | None = None  # the game's record as JSON text, when the run keeps records
    trajectory: Trajectory = ()  # when the run keeps trajectories (and the game has rounds)
    cards: tuple[CardUse, ...] = ()  # when the run keeps card rows (and it is a card game)

    @property
    def is_draw(self) -> bool:
        """Nobody won a game of several players, or every seat shares the victory (as
        `State.returns` counts it: 0 to all). A one-player game nobody won is lost."""
        return len(self.agents) > 1 and len(self.winners) in (0, len(self.agents))

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
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    *,
    max_decisions: int = MAX_DECISIONS,
    trajectory: list[tuple[int, tuple[float, ...]]] | None = None,
    cards: list[CardUse] | None = None,
) -> State:
    """Play a game out, agent `i` in seat `i`; the terminal state (raises MatchError). Given a
    `trajectory` list, a game that counts rounds appends every seat's heuristic value at the
    start and as each round begins, then the returns at the end. Given a `cards` list, a card
    game appends each seat's row for each card copy (core.cards.CardLog, from its events)."""
    if len(agents) != game.players:
        raise InvalidConfig(f"{game.info.title} needs {game.players} agents, got {len(agents)}")
    state = game.new_game(seed=seed)
    log = CardLog(state) if cards is not None and isinstance(game, CardGame) else None
    decisions = 0
    points = trajectory if trajectory is not None else []
    round_now = state.rounds
    track = trajectory is not None and round_now is not None
    if track:
        points.append((round_now or 0, tuple(game.heuristics(state))))
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
        if log is not None:
            log.after(state)
        if track and state.rounds != round_now and not state.is_terminal:
            round_now = state.rounds
            points.append((round_now or 0, tuple(game.heuristics(state))))
    if track:
        points.append((state.rounds or 0, tuple(state.returns())))
    if log is not None and cards is not None:
        cards += log.uses(state)
    return state


def play_match(
    config: GameConfig | Game,
    lineup: Sequence[str],
    seed: int,
    *,
    index: int = 0,
    matchup: int = 0,
    max_decisions: int = MAX_DECISIONS,
    keep: Keep = KEEP_NOTHING,
) -> GameResult:
    """Play one seeded game between the agents named by `lineup` (one spec per seat); the
    result carries the game's record (who played in its meta) and its trajectory if `keep`
    says so."""
    game = config if isinstance(config, Game) else game_for(config)
    agents = [make_agent(spec, seed=agent_seed(seed, seat)) for seat, spec in enumerate(lineup)]
    trajectory: list[tuple[int, tuple[float, ...]]] | None = [] if keep.trajectories else None
    cards: list[CardUse] | None = [] if keep.cards else None
    start = time.perf_counter()
    state = play_game(
        game, agents, seed, max_decisions=max_decisions, trajectory=trajectory, cards=cards
    )
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
        matchup=matchup,
        rounds=state.rounds,
        timeout=state.timed_out,
        record=_record_text(state, lineup) if keep.records else None,
        trajectory=tuple(trajectory or ()),
        cards=tuple(cards or ()),
    )


def _record_text(state: State, lineup: Sequence[str]) -> str:
    """The record of a simulated game, its agents named in the meta as `bellica play` names
    a game's players."""
    record = state.record()
    record.meta = {"agents": list(lineup), "source": "bellica simulate"}
    return record.dumps()
