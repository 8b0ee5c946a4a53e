"""A real `bellica serve` subprocess for the browser tests, and where their files go."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
SERVER_START_SECONDS = 30


def chromium_path() -> str | None:
    """Debian's Chromium (Playwright's own browser download does not work here)."""
    return (
        os.environ.get("BELLICA_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )


def screenshot_dir() -> Path:
    path = Path(os.environ.get("BELLICA_SCREENSHOTS") or REPO / "test-artifacts" / "screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """A `bellica serve` process on a free port, with a fresh SQLite file."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / "server.log"
        self.log = self.log_path.open("w")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bellica",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--db",
                str(workdir / "games.sqlite3"),
                "--ai-workers",
                "1",
                # every test's games come from 127.0.0.1: no creation rate limit here
                "--create-burst",
                "100000",
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            cwd=REPO,
        )

    def wait_ready(self) -> None:
        deadline = time.monotonic() + SERVER_START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"bellica serve exited early:\n{self.log_text()}")
            try:
                with urllib.request.urlopen(self.url + "/api/catalog", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        raise RuntimeError(f"bellica serve did not answer in time:\n{self.log_text()}")

    def log_text(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()

    def create_game(self, body: dict[str, Any]) -> Any:
        """POST /api/games straight to the server (for tests that are not about the lobby)."""
        request = urllib.request.Request(
            self.url + "/api/games",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)
