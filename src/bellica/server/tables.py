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

from bellica.agents.labels import agent_label
from bellica.core import SPECTATOR, Action, BellicaError, Game, Record, State
from bellica.core.events import Event
from bellica.core.registry import game_info
from bellica.server.results import result_text
from bellica.server.store import GameRow

Listener = Callable[[], None]  # says "the table changed" without waiting; the view is pulled
MESSAGES_KEPT = 64  # built messages kept per change of a table (one per seat and log point)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class LogEntry:
    """One action in words: who took it, its text and what it caused. Each reading is kept as
    the JSON text its readers are sent (the public one, and one per seat that saw more: its own
    private texts and marks), built once, and no reading as objects: the garbage collector's
    pauses grew with every object a long game's log held."""

    __slots__ = ("_texts", "events", "move", "seat", "text")

    def __init__(
        self,
        move: int,
        seat: int | None,
        text: str,
        events: list[Event],
        selection: bool = False,  # a piece picked: the client folds it into its seat's next entry
        public: str | None = None,  # the words the other seats read, where `text` tells a secret
    ) -> None:
        self.move = move
        self.seat = seat
        self.text = text
        self.events = events
        seen = {who for event in events for who, _ in (*event.private, *event.private_marks)}
        if public is not None and public != text and seat is not None:
            seen.add(seat)
        self._texts: dict[int | None, str] = {
            who: json.dumps(
                _reading(move, seat, _said(who, seat, text, public), events, selection, who)
            )
            for who in (None, *sorted(seen))
        }

    def json_for(self, seat: int | None) -> str:
        """The entry as `seat` (None: a spectator) may read it, as JSON text: its own private
        texts and marks only; `marks` is every mark of its events, once each, in order."""
        return self._texts.get(seat, self._texts[None])

    def to_json(self, seat: int | None = None) -> dict[str, Any]:
        return dict(json.loads(self.json_for(seat)))


def _said(who: int | None, seat: int | None, text: str, public: str | None) -> str:
    """An action's words as `who` reads them: the deciding seat its own, the others the public
    ones where they differ."""
    return text if who == seat or public is None else public


def _reading(
    move: int, seat: int | None, text: str, events: list[Event], selection: bool, who: int | None
) -> dict[str, Any]:
    said = [event.to_json(who) for event in events]
    marks: dict[str, None] = {}
    for event in said:
        marks.update(dict.fromkeys(event.get("marks", ())))
    return {
        "move": move,
        "seat": seat,
        "text": text,
        "events": said,
        "marks": list(marks),
        **({"selection": True} if selection else {}),
    }


def worded(state: State, action: Action) -> Action:
    """The legal action equal to `action` as the game words it in `state` ("Block with Nessus
    against Chimera"): an action read from JSON carries only its plain text."""
    for candidate in state.legal_actions():
        if candidate is action:
            return action
        if candidate == action:
            return candidate
    return action


def legal_entry(state: State, action: Action) -> dict[str, Any]:
    """A legal action for the table; a selection (a piece picked) also lists in `then` the
    decisions that follow it, so the client can let a player look before committing."""
    entry: dict[str, Any] = {"action": action.to_json(), "text": action.text}
    if action.kind in state.selection_kinds:
        entry["then"] = [{"action": a.to_json(), "text": a.text} for a in state.follow_ups(action)]
    return entry


def seat_names(seats: list[int], labels: list[str]) -> str:
    names = [labels[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def variant_title(game_id: str, variant: str) -> str:
    """The variant as the game names it for people ("Solo: the Siege of Troy"), or its id."""
    try:
        return game_info(game_id).variant_title(variant)
    except BellicaError:  # a game no longer registered still lists
        return variant


def summary(row: GameRow, title: str) -> dict[str, Any]:
    """A stored game's public facts, for the list of games and every view: no tokens, no seed.
    An AI seat carries its agent's human `label`; `result` says who won, once over."""
    config = row.config
    seats = [
        {
            "seat": n,
            "kind": s.kind,
            "agent": s.agent,
            "label": agent_label(s.agent) if s.kind == "ai" and s.agent else None,
        }
        for n, s in enumerate(row.seats)
    ]
    return {
        "id": row.id,
        "game": config.game,
        "title": title,
        "variant": config.variant,
        "variant_title": variant_title(config.game, config.variant),
        "players": config.players,
        "options": dict(config.options),
        "seats": seats,
        "moves": row.moves,
        "chosen_seed": row.chosen_seed,
        "status": "over" if row.over else "playing",
        "to_move": row.to_move,
        "result": row.result if row.over else None,
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
        selection = action.kind in self.state.selection_kinds
        action = worded(self.state, action)
        public = self.state.public_text(action)
        if after is None:
            self.state.apply(action)
        else:
            self.state = after
        self.row.actions.append(action.to_json())
        entry = LogEntry(
            len(self.row.actions),
            seat,
            action.text,
            self.state.events(),
            selection=selection,
            public=public,
        )
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
        if row.over and row.result is None:
            row.result = result_text(self.state.outcome(), self.names())
        return summary(row, self.game.info.title)

    def outcome(self, seat: int | None = None) -> dict[str, Any] | None:
        """The result once the game is over, with a `headline` as `seat` (None: a spectator)
        reads it: "You won", "You lost", "Draw", "Scenario lost: <why>", "Athens won"."""
        if not self.state.is_terminal:
            return None
        outcome = self.state.outcome()
        winners = list(outcome.winners)
        if winners:
            verb = "wins" if len(winners) == 1 else "win"
            text = f"{seat_names(winners, self.labels())} {verb}: {outcome.reason}"
        else:
            text = f"A draw: {outcome.reason}"
        return {**outcome.to_json(), "text": text, "headline": self.headline(winners, seat)}

    def headline(self, winners: list[int], seat: int | None) -> str:
        """One player against a scenario wins or loses it, with the game's reason; otherwise a
        seat reads its own result and a spectator the winners' names."""
        if len(self.row.seats) == 1:
            won = "won" if winners else "lost"
            return f"Scenario {won}: {self.state.outcome().reason}"
        if not winners:
            return "Draw"
        if seat is None:
            names = seat_names(winners, self.names())
            return f"{names[:1].upper()}{names[1:]} won"
        return "You won" if seat in winners else "You lost"

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
            legal = [legal_entry(state, a) for a in state.legal_actions()]
        return {
            "type": "view",
            "game": self.summary(),
            "seat": seat,
            "observation": observation,
            "legal": legal,
            "thinking": self.thinking,
            "log": [entry.to_json(seat) for entry in self.log] if whole_log else [],
            "names": self.names(),
            "outcome": self.outcome(seat),
        }

    def message(self, seat: int | None, known: int) -> tuple[str, int]:
        """The view for `seat` as JSON text for someone who has the first `known` log entries,
        and how many entries they have after it: the view with only the new entries in `log`
        and, in `log_from`, the move number the first of them has (1: the whole log). Every
        live message and HTTP answer is one; each is built once per seat, point in the log and
        change of the table."""
        text = self._messages.get((seat, known))  # most asks: a message already built
        if text is not None:
            return text, len(self.log)
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
