"""Replays: the table at any move of a stored or uploaded game, from states kept along it."""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal

from fastapi import Query
from pydantic import Field

from bellica.core import BellicaError, Game, InvalidRecord, Record, State
from bellica.server.hall import ApiError
from bellica.server.schema import Answer, Summary, View
from bellica.server.store import GameRow, SeatRow, now
from bellica.server.tables import LogEntry, Table, worded

STRIDE = 64  # a state is kept every STRIDE moves, so a request replays at most that many
MAX_KEPT = 128  # states kept per game; past STRIDE * MAX_KEPT moves the stride doubles
TIMELINES = 16  # stored games' timelines held, least recently used first out
UPLOADS = 16  # uploaded records held, least recently used first out
REPLAY_BYTES = 1024 * 1024  # an uploaded record: 1 MiB holds about 15,000 Imperio moves
EVERYTHING = "all"  # the `seat` of the view that hides nothing (a finished game only)

SeatQuery = Annotated[
    str | None,
    Query(
        pattern="^(all|[0-9]{1,2})$",
        description="a seat number, or all: nothing hidden (a finished game's only)",
    ),
]


class Timeline:
    """One game's states along its moves: a copy every `stride` moves and the actions between,
    so the state at any move costs one copy and fewer than `stride` actions."""

    def __init__(self, game: Game, seed: int, *, logged: bool = False) -> None:
        self.game = game
        self.stride = STRIDE
        self._kept: list[State] = [game.new_game(seed=seed)]  # after 0, stride, 2·stride, ...
        self._head = self._kept[0].clone()
        self._actions: list[Any] = []
        # an uploaded record's log in words (a stored game's log is its live table's)
        self.log: list[LogEntry] | None = [] if logged else None

    @property
    def moves(self) -> int:
        return len(self._actions)

    def extend(self, actions: list[dict[str, Any]]) -> None:
        """Play on the actions past those known (InvalidRecord names the first that fails)."""
        for number in range(len(self._actions) + 1, len(actions) + 1):
            data = actions[number - 1]
            head = self._head
            seat = head.current_player
            if seat is None:
                raise InvalidRecord(f"action {number} comes after the game ended")
            try:
                action = worded(head, self.game.action_from_json(data))
                selection = action.kind in head.selection_kinds
                public = head.public_text(action)
                head.apply(action)
            except (BellicaError, KeyError, TypeError, ValueError) as err:
                raise InvalidRecord(f"action {number} does not replay: {err}") from None
            self._actions.append(action)
            if self.log is not None:
                entry = LogEntry(
                    number, seat, action.text, head.events(), selection=selection, public=public
                )
                self.log.append(entry)
            if number % self.stride == 0:
                self._keep(number)

    def _keep(self, number: int) -> None:
        self._kept.append(self._head.clone())
        if len(self._kept) > MAX_KEPT:  # a long game: keep every other state, twice as far
            self._kept = self._kept[::2]
            self.stride *= 2

    def state_at(self, move: int) -> State:
        """A fresh copy of the state after `move` moves (0 ≤ move ≤ moves)."""
        if not 0 <= move <= self.moves:
            raise ValueError(f"move {move} is outside 0..{self.moves}")
        if move == self.moves:
            return self._head.clone()
        start = move // self.stride
        state = self._kept[start].clone()
        for action in self._actions[start * self.stride : move]:
            state.apply(action)
        return state


@dataclass(slots=True)
class Upload:
    """A record someone handed over: its stand-in stored row and its timeline (with log)."""

    row: GameRow
    timeline: Timeline


class Replays:
    """The timelines of stored games and uploaded records, each set bounded (LRU)."""

    def __init__(self, timelines: int = TIMELINES, uploads: int = UPLOADS) -> None:
        self._timelines: OrderedDict[str, Timeline] = OrderedDict()
        self._uploads: OrderedDict[str, Upload] = OrderedDict()
        self._limits = (timelines, uploads)

    def timeline(self, table: Table) -> Timeline:
        """The stored game's timeline, caught up with its live table."""
        timeline = self._timelines.get(table.id)
        if timeline is None or timeline.game is not table.game:
            timeline = Timeline(table.game, table.row.seed)
            self._timelines[table.id] = timeline
        self._timelines.move_to_end(table.id)
        while len(self._timelines) > self._limits[0]:
            self._timelines.popitem(last=False)
        timeline.extend(table.row.actions)
        return timeline

    def hold(self, upload: Upload) -> None:
        """Keep an uploaded record (the least recently used one goes when too many are held)."""
        self._uploads[upload.row.id] = upload
        while len(self._uploads) > self._limits[1]:
            self._uploads.popitem(last=False)

    def uploaded(self, replay_id: str) -> Upload | None:
        upload = self._uploads.get(replay_id)
        if upload is not None:
            self._uploads.move_to_end(replay_id)
        return upload


def build_upload(record: Record) -> Upload:
    """An uploaded record replayed whole (InvalidRecord if it does not replay); touches no
    shared state, so it may run off the event loop."""
    if record.config.cards is not None:
        raise InvalidRecord("a record played with a card file of its own cannot be uploaded")
    try:
        game = record.config.load()
    except BellicaError as err:
        raise InvalidRecord(f"the record's game cannot be set up: {err}") from None
    timeline = Timeline(game, record.seed, logged=True)
    timeline.extend(record.actions)
    agents = record.meta.get("agents")
    if not isinstance(agents, list) or len(agents) != record.players:
        agents = ["human"] * record.players
    seats = [
        SeatRow("human") if agent == "human" or not isinstance(agent, str) else SeatRow("ai", agent)
        for agent in agents
    ]
    stamp = now()
    final = timeline.state_at(timeline.moves)
    row = GameRow(
        id="r." + secrets.token_urlsafe(9),  # "." never occurs in a stored game's id
        config=record.config,
        seed=record.seed,
        seats=seats,
        created=stamp,
        updated=stamp,
        over=final.is_terminal,
        moves=timeline.moves,
        to_move=final.current_player,
        actions=list(record.actions),
    )
    return Upload(row, timeline)


def view_at(
    row: GameRow,
    game: Game,
    timeline: Timeline,
    log: list[LogEntry],
    move: int,
    seat: int | str | None,
) -> dict[str, Any]:
    """The view at `move` of `seat` (None: a spectator; EVERYTHING: nothing hidden) as it was
    shown then: the observation and log of that moment, nothing to act on. The caller has
    checked that the asker may see it."""
    state = timeline.state_at(move)
    past = replace(row, actions=row.actions[:move], over=state.is_terminal)
    table = Table(row=past, game=game, state=state, log=log[:move])
    if seat == EVERYTHING:
        shown = state.current_player if state.current_player is not None else 0
        view = table.view(shown)
        view["log"] = [entry.to_json(entry.seat) for entry in table.log]
        view["observations"] = [state.observation(n) for n in range(len(row.seats))]
    else:
        assert seat is None or isinstance(seat, int)
        view = table.view(seat)
    view["legal"] = []
    view["thinking"] = False
    view["at"] = {"move": move, "moves": len(row.actions), "seat": seat, "over": row.over}
    return view


def seat_asked(
    over: bool, token_seat: int | None, asked: str | None, players: int, *, uploaded: bool = False
) -> int | str | None:
    """Whose view a request may have: a seat shows its own while the game is played, a
    spectator the public one; once it is over (or the asker handed the record over) any
    seat's or EVERYTHING. Raises ApiError 403 for a view the asker may not see."""
    if asked is None:
        if token_seat is not None:
            return token_seat
        return EVERYTHING if over or uploaded else None
    wanted: int | str = EVERYTHING if asked == EVERYTHING else int(asked)
    if isinstance(wanted, int) and wanted >= players:
        raise ApiError(422, f"seat {wanted} is not a seat of this game (0 to {players - 1})")
    if over or uploaded or wanted == token_seat:
        return wanted
    if token_seat is None:
        raise ApiError(403, "a seat's view of a game in play needs that seat's token")
    raise ApiError(403, "a seat sees only its own view while the game is played")


def check_move(move: int, moves: int) -> None:
    if not 0 <= move <= moves:
        raise ApiError(422, f"move must be from 0 to {moves}, the moves made so far, not {move}")


# -- answers -------------------------------------------------------------------------------------
class At(Answer):
    """Which move is shown, of how many, as whom, and whether the whole game is over."""

    move: int
    moves: int
    seat: int | Literal["all"] | None
    over: bool


class PastView(View):
    """The table at one move as a seat (or a spectator, or everyone) was shown it then."""

    at: At
    observations: list[dict[str, Any]] | None = Field(
        None, description="with seat=all: every seat's observation"
    )


class Uploaded(Answer):
    """An uploaded record held for replay: its id, summary and the viewer's address."""

    id: str
    game: Summary
    link: str
