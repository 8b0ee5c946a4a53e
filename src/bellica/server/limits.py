"""What one client may ask of the server: request body size, game creation rate, message size."""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# The largest request the API needs is a new game: 16 seats with agent specs and a handful of
# options, under 2 KiB. 64 KiB leaves room for any honest client and keeps a flood of posts
# from filling the server's memory.
BODY_BYTES = 64 * 1024

# Echoed input (a game id, an option name, an agent spec) is cut to this many characters, and
# a whole error message to MESSAGE_CHARS, so an answer never repeats a request back in full.
QUOTE_CHARS = 60
MESSAGE_CHARS = 1000


@dataclass(frozen=True, slots=True)
class Limits:
    """What clients may take of the server: body size, a token bucket for creating games
    (`create_burst` at once, then one more every `create_seconds`), live connections, and
    games held in memory."""

    body_bytes: int = BODY_BYTES
    replay_bytes: int = 1024 * 1024  # POST /api/replays: a record file (about 15,000 moves)
    create_burst: int = 10
    create_seconds: float = 3.0
    watchers_per_game: int = 1000  # spectators' WebSockets on one game
    sockets_per_seat: int = 8  # one seat's WebSockets (its tabs and devices)
    sockets_per_address: int = 64  # every WebSocket from one client address
    idle_seconds: float = 600.0  # a game nobody listens to or asks for leaves memory after this
    live_tables: int = 2000  # past this many games in memory, the least recently used leave


# -- request bodies ------------------------------------------------------------------------------
class BodyLimit:
    """ASGI middleware: an HTTP request whose body is over `limit` bytes gets 413 before the
    app reads it. A declared Content-Length over the limit is refused without reading a byte;
    a chunked or undeclared body is read only up to the limit."""

    def __init__(
        self, app: ASGIApp, limit: int = BODY_BYTES, paths: dict[str, int] | None = None
    ) -> None:
        self.app = app
        self.limit = limit
        self.paths = paths or {}  # a path that takes larger bodies (an uploaded record)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.paths.get(scope.get("path", ""), self.limit)
        declared = _content_length(scope)
        if declared is None:
            await _refuse(send, 400, "the Content-Length header is not a whole number")
            return
        if declared > limit:
            await _refuse(send, 413, self._too_large(limit))
            return
        body: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _refuse(send, 413, self._too_large(limit))
                return
            body.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, _replay(b"".join(body), receive), send)

    def _too_large(self, limit: int) -> str:
        return f"the request body is larger than this server accepts ({limit} bytes)"


def _content_length(scope: Scope) -> int | None:
    """The declared body size (0 when none is declared); None when the header is malformed."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isdigit() and len(text) <= 18 else None
    return 0


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive callable that hands the app the whole body once, then the client's messages
    (so the app still hears a disconnect)."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _refuse(send: Send, status: int, detail: str) -> None:
    """Answer with a JSON problem and close the connection (the body was not read)."""
    payload = json.dumps({"detail": detail}).encode()
    raw = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(payload)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": payload})


# -- creating games ------------------------------------------------------------------------------
class RateLimited(Exception):
    """A client that asked too often: try again in `retry_after` whole seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many new games from this address; try again in {retry_after} s")
        self.retry_after = retry_after


class TokenBuckets:
    """One token bucket per client address: `burst` tokens, one more every `seconds`.
    Full buckets are forgotten, so memory grows only with the clients active lately."""

    def __init__(
        self, burst: int, seconds: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.burst = burst
        self.seconds = seconds
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, at)

    def take(self, address: str) -> None:
        """Spend one of this address's tokens, or raise RateLimited."""
        now = self.clock()
        tokens, at = self._buckets.get(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) / self.seconds)
        if tokens < 1:
            raise RateLimited(max(1, math.ceil((1 - tokens) * self.seconds)))
        self._buckets[address] = (tokens - 1, now)
        if len(self._buckets) > 1024:
            self._forget_full(now)

    def _forget_full(self, now: float) -> None:
        full = [
            address
            for address, (tokens, at) in self._buckets.items()
            if tokens + (now - at) / self.seconds >= self.burst
        ]
        for address in full:
            del self._buckets[address]


# -- error messages ------------------------------------------------------------------------------
_LONG_WORD = re.compile(rf"[^\s'\"`:;,]{{{QUOTE_CHARS + 1},}}")  # quotes and stops are kept


def clip(text: str) -> str:
    """An error message safe to send back: every run of more than QUOTE_CHARS characters
    without a space, quote or stop (a quoted id, name or spec) is cut, and so is the whole
    message."""
    text = _LONG_WORD.sub(lambda m: m.group()[:QUOTE_CHARS] + "…", text)
    return text if len(text) <= MESSAGE_CHARS else text[: MESSAGE_CHARS - 1] + "…"


def clip_value(value: Any) -> str:
    """A piece of input (a key of a JSON body, a path part) as a short text for a message."""
    text = str(value)
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…"
