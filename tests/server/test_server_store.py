"""The SQLite store and the AI workers' position cache."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import bellica
from bellica.core import GameConfig
from bellica.server.store import GameRow, SeatRow, Store
from bellica.server.thinking import choose, position


def row(game_id: str, created: str) -> GameRow:
    seats = [SeatRow("human", None, "ab" * 32), SeatRow("ai", "greedy")]
    config = GameConfig("imperio-bellum", 2, "standard", (("attacker", "1"),))
    return GameRow(game_id, config, 9, seats, created, created)


def test_games_and_actions_are_committed_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "games.sqlite3"
    store = Store(path)
    store.create(row("g1", "2026-01-01T00:00:00+00:00"))
    store.create(row("g2", "2026-01-02T00:00:00+00:00"))
    store.append("g1", 1, 0, {"kind": "ready"}, to_move=1, over=False)
    store.append("g1", 2, 1, {"kind": "end_turn"}, to_move=None, over=True)
    other = sqlite3.connect(path)  # another process's view: everything is already committed
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert other.execute("SELECT count(*) FROM actions").fetchone()[0] == 2
    loaded = store.load("g1")
    assert loaded is not None and loaded.over and loaded.seed == 9
    assert loaded.config == GameConfig("imperio-bellum", 2, "standard", (("attacker", "1"),))
    assert (loaded.moves, loaded.to_move) == (2, None)
    assert [(r.id, r.moves, r.actions) for r in store.latest(5)] == [("g2", 0, []), ("g1", 2, [])]
    assert [r.id for r in store.latest(1)] == ["g2"]
    assert loaded.actions == [{"kind": "ready"}, {"kind": "end_turn"}]
    assert loaded.seats[0].token_hash == "ab" * 32 and loaded.seats[1].agent == "greedy"
    assert store.ids() == ["g2", "g1"] and store.ids(unfinished_only=True) == ["g2"]
    assert store.load("missing") is None
    store.close()


def test_the_store_keeps_no_card_file(tmp_path: Path) -> None:
    """It has no column for one: a game played with other cards would resume with the box's."""
    store = Store(tmp_path / "games.sqlite3")
    seats = [SeatRow("human", None, "ab" * 32)]
    config = GameConfig("bellum", 1, "solo-troy", cards="my_cards.toml")
    with pytest.raises(ValueError, match="own card file cannot be stored"):
        store.create(GameRow("g", config, 1, seats, "t", "t"))
    assert store.ids() == []
    store.close()


def test_a_worker_reuses_its_last_position_of_a_game() -> None:
    game = bellica.load("bellum", options={"first": "0"})
    state = game.new_game(seed=2)
    for _ in range(30):
        state.apply(state.legal_actions()[-1])
    record = state.record()
    short = bellica.Record.from_json({**record.to_json(), "actions": record.actions[:10]})
    assert position("g", short).position() == bellica.replay(short).position()
    assert position("g", record).position() == state.position()
    other = bellica.Record.from_json({**record.to_json(), "actions": record.actions[:5]})
    assert position("g", other).position() == bellica.replay(other).position()
    seat = state.current_player
    assert seat is not None
    picked = choose("g", record.to_json(), "greedy", seat, 1)
    assert game.action_from_json(picked) in state.legal_actions()


# The games table as the first stored files had it (no seat to move, no result).
OLD_GAMES = """
        CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
            variant TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
            seats TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL,
            over INTEGER NOT NULL DEFAULT 0);
"""


def test_a_file_from_an_earlier_version_gains_the_new_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(
        OLD_GAMES
        + """
        CREATE TABLE actions (game_id TEXT NOT NULL, move INTEGER NOT NULL, seat INTEGER,
            action TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (game_id, move));
        INSERT INTO games VALUES ('g', 'bellum', 2, 'standard', '{}', 5,
            '[{"kind": "human", "agent": null, "token_hash": "x"}]', 't', 't', 0);
        INSERT INTO actions VALUES ('g', 1, 0, '{"kind": "keep"}', 't');
        """
    )
    old.commit()
    old.close()
    loaded = Store(path).load("g")
    assert loaded is not None
    assert loaded.moves == 1 and len(loaded.ai_key) == 32 and not loaded.chosen_seed


FAIL_UPDATES = """CREATE TRIGGER fail_update BEFORE UPDATE ON games
    BEGIN SELECT RAISE(ABORT, 'the disk is full'); END"""


def test_an_action_whose_game_update_fails_is_not_stored(tmp_path: Path) -> None:
    """The action's row and the game's new head are one transaction: when the second
    statement fails, the first is undone, and the game's next action can still be stored."""
    path = tmp_path / "games.sqlite3"
    store = Store(path)
    store.create(row("g", "2026-01-01T00:00:00+00:00"))
    store.append("g", 1, 0, {"kind": "ready"}, to_move=1, over=False)
    store._db.execute(FAIL_UPDATES)
    with pytest.raises(sqlite3.DatabaseError, match="the disk is full"):
        store.append("g", 2, 1, {"kind": "end_turn"}, to_move=0, over=False)
    assert not store._db.in_transaction
    other = sqlite3.connect(path)
    assert other.execute("SELECT count(*) FROM actions").fetchone()[0] == 1
    loaded = store.load("g")
    assert loaded is not None and loaded.moves == 1 and loaded.actions == [{"kind": "ready"}]
    store._db.execute("DROP TRIGGER fail_update")
    store.append("g", 2, 1, {"kind": "end_turn"}, to_move=0, over=False)
    loaded = store.load("g")
    assert loaded is not None and loaded.moves == 2 and len(loaded.actions) == 2
    store.close()


def test_a_failed_upgrade_adds_no_column(tmp_path: Path) -> None:
    """The columns an old file lacks are added in one transaction: all of them or none."""
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(
        OLD_GAMES
        + """
        INSERT INTO games VALUES ('g', 'bellum', 2, 'standard', '{}', 5, '[]', 't', 't', 0);
        """
        + FAIL_UPDATES
        + ";"
    )
    old.commit()
    old.close()
    with pytest.raises(sqlite3.DatabaseError, match="the disk is full"):
        Store(path)  # filling in `moves` for the stored game updates it
    columns = {r[1] for r in sqlite3.connect(path).execute("PRAGMA table_info(games)")}
    assert "moves" not in columns and "ai_key" not in columns
