"""Shared setup for the server tests: an app on a fresh SQLite file (helpers: server_helpers)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bellica.server import create_app

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, ai_workers=1)) as test_client:
        yield test_client
