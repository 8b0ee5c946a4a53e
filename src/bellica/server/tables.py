"""Live games: each stored game replayed into memory, with its seats, log and views."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bellica.core import SPECTATOR, Action, Game, Record, State
from bellica.core.events import Event
from bellica.server.store import GameRow

Listener = Callable[[], None]  # says "the table changed" without waiting; the view is pulled
MESSAGES_KEPT = 64  # built messages kept per change of a table (one per seat and log point)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(slots=True)
class LogEntry:
    """One action in words (who took it, its text and what it caused), kept as the JSON text
    each reader is sent: the public reading, and one per seat that saw more (its own private
    texts). Only text is kept, so a long game's log gives the garbage collector nothing to
    walk (its pauses grew with every object the log held)."""

    move: int
    seat: int | None
    _texts: dict[int | None, str]

    @classmethod
    def of(cls, move: int, seat: int | None, text: str, events: list[Event]) -> LogEntry:
        def reading(who: int | None) -> str:
            said = [event.text_for(who) for event in events]
            return json.dumps({"move": move, "seat": seat, "text": text, "events": said})

        texts: dict[int | None, str] = {None: reading(None)}
        for who in sorted({who for event in events for who, _ in event.private}):
            texts[who] = reading(who)
        return cls(move, seat, texts)

    def json_for(self, seat: int | None) -> str:
        """The entry as `seat` (None: a spectator) may read it, as JSON text: its own private
        texts only."""
        return self._texts.get(seat, self._texts[None])

    def to_json(self, seat: int | None = None) -> dict[str, Any]:
        return dict(json.loads(self.json_for(seat)))


def seat_names(seats: list[int], labels: list[str]) -> str:
    names = [labels[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def summary(row: GameRow, title: str) -> dict[str, Any]:
    """A stored game's public facts, for the list of games and every view: no tokens, no seed."""
    config = row.config
    return {
        "id": row.id,
        "game": config.game,
        "title": title,
        "variant": config.variant,
        "players": config.players,
        "options": dict(config.options),
        "seats": [{"seat": n, "kind": s.kind, "agent": s.agent} for n, s in enumerate(row.seats)],
        "moves": row.moves,
        "chosen_seed": row.chosen_seed,
        "status": "over" if row.over else "playing",
        "to_move": row.to_move,
        "created": row.created,
        "updated": row.updated,
    }


@dataclass(eq=False)
class Table:
    """A game being played: its stored row, the engine state, the log and who listens."""

    row: GameRow
    game: Game
    state: State
    log: list[LogEntry] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: dict[Listener, int | None] = field(default_factory=dict)
    spectators: int = 0  # the listeners with no seat
    thinking: bool = False
    thinker: asyncio.Task[None] | None = None  # the task playing the AI seats, if any
    failures: int = 0  # AI turns failed in a row (they are retried with a growing delay)
    touched: float = field(default_factory=time.monotonic)  # last request or listener leaving
    # Live messages built since the last change, by (seat, log entries the receiver has):
    # every listener of one view at one point of the log is handed the same text.
    _messages: dict[tuple[int | None, int], str] = field(default_factory=dict)
    _frames: dict[int | None, str] = field(default_factory=dict)

    @classmethod
    def open(cls, row: GameRow) -> Table:
        """The live game a stored row describes, replayed action by action (raises BellicaError
        if the row no longer replays)."""
        game = row.config.load()
        table = cls(row=row, game=game, state=game.new_game(seed=row.seed))
        stored, row.actions = row.actions, []
        for data in stored:
            table.apply(game.action_from_json(data))
        return table

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def to_move(self) -> int | None:
        return self.state.current_player

    def ai_to_move(self) -> str | None:
        """The agent spec of the AI seat to move, if an AI seat is to move."""
        seat = self.to_move
        if seat is None:
            return None
        info = self.row.seats[seat]
        return info.agent if info.kind == "ai" else None

    def human(self, seat: int) -> bool:
        return self.row.seats[seat].kind == "human"

    def seat_of_token(self, token: str | None) -> int | None:
        """The human seat whose token this is, or None."""
        if not token:
            return None
        digest = token_hash(token)
        for seat, info in enumerate(self.row.seats):
            if info.token_hash and hmac.compare_digest(info.token_hash, digest):
                return seat
        return None

    def apply(self, action: Action, after: State | None = None) -> LogEntry:
        """Apply a legal action and log it (the caller has stored it, or replays the store);
        `after`, if given, is the state the action leads to, already computed."""
        seat = self.state.current_player
        if after is None:
            self.state.apply(action)
        else:
            self.state = after
        self.row.actions.append(action.to_json())
        entry = LogEntry.of(len(self.row.actions), seat, action.text, self.state.events())
        self.log.append(entry)
        self._messages.clear()
        self._frames.clear()
        return entry

    def record(self) -> Record:
        record = self.state.record()
        record.meta = {"id": self.row.id, "agents": [s.agent or "human" for s in self.row.seats]}
        return record

    # -- what people see ----------------------------------------------------------------------
    def names(self) -> list[str]:
        """Each seat as the game names it: "the attacker", "Athens", "Seat 3 (Troy, team 1)"."""
        return [self.state.seat_label(n) for n in range(len(self.row.seats))]

    def labels(self) -> list[str]:
        """Each seat's name with the AI playing it, for messages: "the defender (greedy)"."""
        return [
            name + (f" ({s.agent})" if s.kind == "ai" else "")
            for name, s in zip(self.names(), self.row.seats, strict=True)
        ]

    def summary(self) -> dict[str, Any]:
        """The game's public facts: no tokens, no seed."""
        row = self.row
        row.moves, row.to_move, row.over = len(row.actions), self.to_move, self.state.is_terminal
        return summary(row, self.game.info.title)

    def outcome(self) -> dict[str, Any] | None:
        if not self.state.is_terminal:
            return None
        outcome = self.state.outcome()
        if outcome.winners:
            verb = "wins" if len(outcome.winners) == 1 else "win"
            text = f"{seat_names(list(outcome.winners), self.labels())} {verb}: {outcome.reason}"
        else:
            text = f"A draw: {outcome.reason}"
        return {**outcome.to_json(), "text": text}

    def view(self, seat: int | None, *, whole_log: bool = True) -> dict[str, Any]:
        """Everything `seat` (None: a spectator) is shown, built from its observation only
        (without `whole_log`, the log is left empty: live messages send it in increments)."""
        state = self.state
        observation = state.observation(SPECTATOR if seat is None else seat)
        legal = []
        if (
            seat is not None
            and seat == state.current_player
            and self.row.seats[seat].kind == "human"
        ):
            legal = [{"action": a.to_json(), "text": a.text} for a in state.legal_actions()]
        return {
            "type": "view",
            "game": self.summary(),
            "seat": seat,
            "observation": observation,
            "legal": legal,
            "thinking": self.thinking,
            "log": [entry.to_json(seat) for entry in self.log] if whole_log else [],
            "names": self.names(),
            "outcome": self.outcome(),
        }

    def message(self, seat: int | None, known: int) -> tuple[str, int]:
        """The view for `seat` as JSON text for someone who has the first `known` log entries,
        and how many entries they have after it: the view with only the new entries in `log`
        and, in `log_from`, the move number the first of them has (1: the whole log). Every
        live message and HTTP answer is one; each is built once per seat, point in the log and
        change of the table."""
        known = max(0, min(known, len(self.log)))
        key = (seat, known)
        text = self._messages.get(key)
        if text is None:
            if len(self._messages) >= MESSAGES_KEPT:  # many points in the log asked for at once
                self._messages.clear()
            frame = self._frames.get(seat)
            if frame is None:
                view = self.view(seat, whole_log=False)
                del view["log"]
                frame = self._frames[seat] = json.dumps(view)
            entries = ",".join(entry.json_for(seat) for entry in self.log[known:])
            text = f'{frame[:-1]}, "log_from": {known + 1}, "log": [{entries}]}}'
            self._messages[key] = text
        return text, len(self.log)

    def broadcast(self) -> None:
        """Tell every listener that the table changed. Listeners never make the game wait:
        each connection pulls its message (built once per view, see `message`) when it can."""
        self._messages.clear()
        self._frames.clear()
        for listener in list(self.listeners):
            listener()
