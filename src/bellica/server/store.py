"""The SQLite store: a game is its record, one row for the set-up and one row per action."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bellica.core import GameConfig

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    players  INTEGER NOT NULL,
    variant  TEXT NOT NULL,
    options  TEXT NOT NULL,   -- JSON object
    seed     INTEGER NOT NULL,
    seats    TEXT NOT NULL,   -- JSON list of {"kind", "agent", "token_hash"}
    created  TEXT NOT NULL,
    updated  TEXT NOT NULL,
    over     INTEGER NOT NULL DEFAULT 0,
    moves    INTEGER NOT NULL DEFAULT 0,  -- how many actions (for the list of games)
    to_move  INTEGER,                     -- the seat to move, NULL once over
    ai_key   TEXT,                        -- secret that seeds the AI seats' choices
    chosen_seed INTEGER NOT NULL DEFAULT 0,  -- 1 if the creator chose the seed
    result   TEXT                          -- who won and why, once over (for the list)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id  TEXT NOT NULL REFERENCES games(id),
    move     INTEGER NOT NULL,  -- 1 for the first action
    seat     INTEGER,
    action   TEXT NOT NULL,     -- JSON, as action.to_json() writes it
    at       TEXT NOT NULL,
    PRIMARY KEY (game_id, move)
);
"""


ADDED_COLUMNS = (  # (name, declaration, SQL that fills it in for existing games)
    ("moves", "INTEGER NOT NULL DEFAULT 0", "(SELECT count(*) FROM actions WHERE game_id = id)"),
    ("to_move", "INTEGER", ""),
    ("ai_key", "TEXT", "lower(hex(randomblob(16)))"),
    ("chosen_seed", "INTEGER NOT NULL DEFAULT 0", ""),
    ("result", "TEXT", ""),
)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(slots=True)
class SeatRow:
    """A seat as stored: human (with the hash of its token) or an AI agent spec."""

    kind: str  # "human" or "ai"
    agent: str | None = None
    token_hash: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "agent": self.agent, "token_hash": self.token_hash}


@dataclass(slots=True)
class GameRow:
    """One stored game: its config, seed, seats and actions."""

    id: str
    config: GameConfig
    seed: int
    seats: list[SeatRow]
    created: str
    updated: str
    over: bool = False
    moves: int = 0
    to_move: int | None = None
    ai_key: str = ""
    chosen_seed: bool = False
    result: str | None = None  # "Athens wins: ...", once over
    actions: list[dict[str, Any]] = field(default_factory=list)


class Store:
    """Games and their actions in one SQLite file (WAL mode). Every write is one committed
    transaction, all or nothing, so whatever a caller was told has been stored survives a
    crash, and whatever failed left no trace."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        # In WAL mode, NORMAL survives the process being killed (a commit is in the log before
        # the call returns); only a power cut may lose the last commits. FULL cost an fsync per
        # action: most of an action's time.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._upgrade()

    def _upgrade(self) -> None:
        """Add the columns that files written by earlier versions lack."""
        have = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        with self._lock, self._transaction():
            for name, declaration, fill in ADDED_COLUMNS:
                if name not in have:
                    self._db.execute(f"ALTER TABLE games ADD COLUMN {name} {declaration}")
                    if fill:
                        self._db.execute(f"UPDATE games SET {name} = {fill}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One transaction around the statements of the block: committed if the block ends,
        rolled back if it raises. (The connection is in autocommit mode, where `with db:`
        would commit each statement on its own.) The caller holds the lock."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:  # SQLite may have rolled back already
                self._db.execute("ROLLBACK")
            raise

    def create(self, row: GameRow) -> None:
        config = row.config
        if config.cards is not None:
            raise ValueError("a game played with its own card file cannot be stored")
        seats = json.dumps([seat.to_json() for seat in row.seats])
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO games (id, game, players, variant, options, seed, seats, created,"
                " updated, over, moves, to_move, ai_key, chosen_seed)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?)",
                (
                    row.id,
                    config.game,
                    config.players,
                    config.variant,
                    json.dumps(dict(config.options)),
                    row.seed,
                    seats,
                    row.created,
                    row.updated,
                    row.to_move,
                    row.ai_key,
                    int(row.chosen_seed),
                ),
            )

    def append(
        self,
        game_id: str,
        move: int,
        seat: int | None,
        action: dict[str, Any],
        to_move: int | None,
        over: bool,
    ) -> str:
        """Store action number `move` (1-based) and the game's new head in one committed
        transaction; the time it was stored. If it raises, nothing was stored."""
        at = now()
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO actions (game_id, move, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, move, seat, json.dumps(action), at),
            )
            self._db.execute(
                "UPDATE games SET updated = ?, over = ?, moves = ?, to_move = ? WHERE id = ?",
                (at, int(over), move, to_move, game_id),
            )
        return at

    def finish(self, game_id: str, result: str) -> None:
        """Store a finished game's result in words, for the list of games."""
        with self._lock, self._db:
            self._db.execute("UPDATE games SET result = ? WHERE id = ?", (result, game_id))

    def ids(self, *, unfinished_only: bool = False) -> list[str]:
        """Every stored game's id, newest first."""
        query = "SELECT id FROM games" + (" WHERE over = 0" if unfinished_only else "")
        with self._lock:
            rows = self._db.execute(query + " ORDER BY created DESC, rowid DESC").fetchall()
        return [r[0] for r in rows]

    def latest(self, limit: int) -> list[GameRow]:
        """The `limit` newest games, without their actions (for the list of games)."""
        with self._lock:
            heads = self._db.execute(
                f"SELECT {HEAD} FROM games ORDER BY created DESC, rowid DESC LIMIT ?", (limit,)
            ).fetchall()
        return [_row(head) for head in heads]

    def unfinished(self) -> list[tuple[str, int | None, str]]:
        """Every unfinished game's id, seat to move and seats (JSON, unchecked), oldest first:
        enough to see which games wait for an AI seat without reading them whole."""
        with self._lock:
            return self._db.execute(
                "SELECT id, to_move, seats FROM games WHERE over = 0 ORDER BY created, rowid"
            ).fetchall()

    def load(self, game_id: str) -> GameRow | None:
        """The stored game with its actions in order, or None."""
        with self._lock:
            head = self._db.execute(f"SELECT {HEAD} FROM games WHERE id = ?", (game_id,)).fetchone()
            if head is None:
                return None
            moves = self._db.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY move", (game_id,)
            ).fetchall()
        row = _row(head)
        row.actions = [json.loads(m[0]) for m in moves]
        return row


HEAD = (
    "id, game, players, variant, options, seed, seats, created, updated, over, moves, to_move,"
    " ai_key, chosen_seed, result"
)


def _row(head: tuple[Any, ...]) -> GameRow:
    """A stored game's row (raises InvalidConfig if its config columns are malformed)."""
    return GameRow(
        id=head[0],
        config=GameConfig.from_json(
            {
                "game": head[1],
                "players": head[2],
                "variant": head[3],
                "options": json.loads(head[4]),
            }
        ),
        seed=head[5],
        seats=[SeatRow(**seat) for seat in json.loads(head[6])],
        created=head[7],
        updated=head[8],
        over=bool(head[9]),
        moves=head[10],
        to_move=head[11],
        ai_key=head[12] or "",
        chosen_seed=bool(head[13]),
        result=head[14],
    )
