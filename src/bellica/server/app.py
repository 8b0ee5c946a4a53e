"""The FastAPI app: the HTTP API, the live WebSocket and the browser client's files."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from bellica.core import InvalidRecord, Record
from bellica.server.docs_page import docs_page
from bellica.server.hall import ApiError, Hall, catalog
from bellica.server.limits import BodyLimit, Limits, RateLimited, TokenBuckets, clip, clip_value
from bellica.server.replays import (
    PastView,
    Replays,
    SeatQuery,
    Uploaded,
    build_upload,
    check_move,
    seat_asked,
    view_at,
)
from bellica.server.rules_routes import add_rules_route
from bellica.server.schema import (
    Catalog,
    Created,
    Move,
    NewGame,
    Summary,
    View,
    exact_openapi,
    problems,
)
from bellica.server.store import Store
from bellica.server.tables import Table, summary
from bellica.server.thinking import DEFAULT_SECONDS, Thinkers

STATIC = Path(str(files("bellica.server") / "static"))
HELLO_SECONDS = 10  # a WebSocket must say who it is within this time
SEND_SECONDS = 10  # a WebSocket that takes longer to accept a view is dropped
# A game sends its spectators at most this many messages a second in all: each spectator gets
# the newest view at most every (spectators / SPECTATOR_MESSAGES) s, so a fast game watched by
# a crowd does not send a message to each of them on every move (seats are never paced).
SPECTATOR_MESSAGES = 2000

log = logging.getLogger("bellica.server")

API_DESCRIPTION = """\
Every refusal is a 4xx answer with a JSON body `{"detail": "what is wrong"}` and changes
nothing. Request bodies are limited in size (413), and each client address may create a few
games at once, then one every few seconds (429 with `Retry-After`).

An action names the move count the client has seen (`moves`): that is the idempotency guard,
so a request sent twice acts once and the second gets 409.

A view's `log` holds the entries from move `log_from` on: an action's answer only those after
its `moves`, a view asked for with `?log_from=N` those from move N; a client appends them to
the log it has.

Seat tokens go in an `Authorization: Bearer TOKEN` header. The live WebSocket
`/api/games/{game_id}/live` is not listed here: send `{"token": "..."}` (or `{"token": null}`
to watch) first, then read views.
"""

bearer = HTTPBearer(auto_error=False, description="The seat token from the game's link.")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


async def hall_of(request: Request) -> Hall:
    """The app's hall (set up by the lifespan)."""
    hall: Hall = request.app.state.hall
    return hall


HallDep = Annotated[Hall, Depends(hall_of)]


def _option_text(value: str | int | float | bool) -> str:
    """Options are written as the command line writes them: `turn_limit=20`, `first=roll`."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _token(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return credentials.credentials if credentials is not None else None


# The routes a game is played by read the seat token themselves (`_seat_token`): FastAPI's
# security dependency cost a tenth of an action's time. The schema still says they take it.
SEAT_TOKEN: dict[str, Any] = {"security": [{bearer.scheme_name: []}]}


def _seat_token(request: Request) -> str | None:
    """The request's bearer token, read as `bearer` reads it (None without one)."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def _with_seat_token(openapi: Callable[[], dict[str, Any]]) -> Callable[[], dict[str, Any]]:
    """`openapi` with the seat token's scheme, which `SEAT_TOKEN` routes refer to."""

    def document() -> dict[str, Any]:
        found = openapi()
        schemes = found.setdefault("components", {}).setdefault("securitySchemes", {})
        schemes.setdefault(
            bearer.scheme_name,
            bearer.model.model_dump(mode="json", by_alias=True, exclude_none=True),
        )
        return found

    return document


SHOWN_PROBLEMS = 5  # a validation answer names at most this many problems


# The action body as the OpenAPI schema gives it: the route reads and checks the body itself
# (`_move`), which FastAPI would otherwise do through its slower general machinery.
MOVE_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Move"}}},
    }
}


def _move(body: bytes) -> Move:
    """The action body checked as FastAPI would: 400 for JSON that does not parse, 422 for a
    body that is not a `Move`, with the same messages."""
    try:
        return Move.model_validate_json(body)
    except ValidationError as err:
        errors = [{**e, "loc": ("body", *e["loc"])} for e in err.errors(include_url=False)]
        raise RequestValidationError(errors) from None


def _validation_message(err: RequestValidationError) -> tuple[int, str]:
    """400 for a body that is not JSON, else 422; the problems in words, without the input
    (a key of the body is quoted cut short)."""
    found = []
    status = 422
    for error in err.errors():
        if error.get("type") == "json_invalid":
            status = 400
        where = ".".join(clip_value(part) for part in error.get("loc", ()) if part != "body")
        found.append(f"{where}: {error.get('msg')}" if where else str(error.get("msg")))
    shown = "; ".join(found[:SHOWN_PROBLEMS])
    if len(found) > SHOWN_PROBLEMS:
        shown += f"; and {len(found) - SHOWN_PROBLEMS} more"
    return status, clip("bad request: " + shown)


class Outbox:
    """What one WebSocket has still to send: a flag that its table changed, and how much of the
    log it has sent. The message is pulled when the socket is ready for it (built once per
    view, see `Table.message`), so a slow reader skips views it missed but never log entries."""

    def __init__(self, table: Table, seat: int | None) -> None:
        self.table = table
        self.seat = seat
        self.known = 0  # log entries sent
        self.sent: float | None = None  # when the last message was taken (the loop's time)
        self._ready = asyncio.Event()
        self._ready.set()  # the first message: the view with the whole log

    def put(self) -> None:
        self._ready.set()

    def pause(self, now: float) -> float:
        """How long to wait before the next message: a spectator's pace, never a seat's."""
        if self.seat is not None or self.sent is None:
            return 0.0
        return self.table.spectators / SPECTATOR_MESSAGES - (now - self.sent)

    async def take(self) -> str:
        """The next message, once the table changed (a spectator's at its pace)."""
        await self._ready.wait()
        loop = asyncio.get_running_loop()
        pause = self.pause(loop.time())
        if pause > 0:
            await asyncio.sleep(pause)  # changes meanwhile make one message
        self._ready.clear()
        self.sent = loop.time()
        text, self.known = self.table.message(self.seat, self.known)
        return text


def _json(text: str) -> Response:
    """An answer already serialized (a view, built once per seat and point in the log)."""
    return Response(text, media_type="application/json")


def _reason(detail: str) -> str:
    """A close frame's reason: at most 123 bytes of UTF-8."""
    return detail.encode()[:123].decode(errors="ignore")


async def _hello(socket: WebSocket, hall: Hall, table: Table) -> int | None:
    """The seat a new WebSocket speaks for (None: a spectator), from its first message."""
    try:
        hello = await asyncio.wait_for(socket.receive_json(), HELLO_SECONDS)
    except (TimeoutError, ValueError, KeyError):
        hello = None
    token = hello.get("token", False) if isinstance(hello, dict) else False
    if token is not None and not isinstance(token, str):
        raise ApiError(400, 'send {"token": "..."} or {"token": null} first')
    return hall.seat_for(table, token) if token else None


async def _serve_socket(socket: WebSocket, outbox: Outbox) -> None:
    """Send the outbox's views until the client goes away or stops reading."""

    async def write() -> None:
        while True:
            text = await outbox.take()
            async with asyncio.timeout(SEND_SECONDS):  # no task per send, as wait_for makes
                await socket.send_text(text)

    async def read() -> None:  # nothing is expected; this notices the client leaving
        while (await socket.receive())["type"] != "websocket.disconnect":
            pass

    tasks = {asyncio.ensure_future(write()), asyncio.ensure_future(read())}
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def create_app(
    db: str | Path,
    ai_workers: int | None = None,
    ai_seconds: float = DEFAULT_SECONDS,
    limits: Limits | None = None,
) -> FastAPI:
    """The server's app, storing games in the SQLite file `db`; an AI move takes at most
    `ai_seconds`; clients are held to `limits`."""
    limits = limits or Limits()
    creations = TokenBuckets(limits.create_burst, limits.create_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hall = Hall(Store(db), Thinkers(ai_workers, seconds=ai_seconds), limits)
        app.state.hall = hall
        hall.resume_all()
        try:
            yield
        finally:
            await hall.close()

    app = FastAPI(
        title="bellica",
        summary="Play the bellica war games: create games, act for your seat, watch live.",
        description=API_DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    replays = Replays()
    app.add_middleware(
        BodyLimit, limit=limits.body_bytes, paths={"/api/replays": limits.replay_bytes}
    )
    app.openapi = _with_seat_token(exact_openapi(app))  # type: ignore[method-assign]

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, err: ApiError) -> JSONResponse:
        return JSONResponse({"detail": clip(err.detail)}, status_code=err.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, err: RequestValidationError) -> JSONResponse:
        status, message = _validation_message(err)
        return JSONResponse({"detail": message}, status_code=status)

    @app.exception_handler(RateLimited)
    async def _rate_limited(request: Request, err: RateLimited) -> JSONResponse:
        headers = {"Retry-After": str(err.retry_after)}
        return JSONResponse({"detail": str(err)}, status_code=429, headers=headers)

    @app.exception_handler(sqlite3.Error)
    async def _store_failed(request: Request, err: sqlite3.Error) -> JSONResponse:
        log.error("the store failed: %s", err)
        detail = "the game could not be stored, so nothing changed; try again"
        return JSONResponse({"detail": detail}, status_code=503)

    def creation_allowed(request: Request) -> None:
        """Spend one of the client address's tokens for a new game (429 when none is left)."""
        creations.take(request.client.host if request.client else "")

    @app.get("/api/catalog", tags=["lobby"], response_model=Catalog)
    async def get_catalog() -> dict[str, Any]:
        """The games with their variants, player counts and options, and the AI agents."""
        return catalog()

    @app.get("/api/games", tags=["lobby"], response_model=list[Summary], responses=problems(422))
    async def list_games(
        hall: HallDep, limit: Annotated[int, Query(ge=1, le=1000)] = 100
    ) -> list[dict[str, Any]]:
        """The newest stored games (at most `limit`): public summaries, no tokens, no seeds."""
        return hall.summaries(limit)

    @app.post(
        "/api/games",
        status_code=201,
        tags=["lobby"],
        response_model=Created,
        responses=problems(400, 413, 422, 429, 503),
        dependencies=[Depends(creation_allowed)],
    )
    async def create_game(new: NewGame, hall: HallDep) -> dict[str, Any]:
        """Create a game; the answer holds each human seat's token and link (shown only once).
        Each client address may create a few games at once, then one every few seconds."""
        options = dict(new.options)
        table, tokens = hall.create(
            new.game,
            new.variant,
            new.players,
            options,
            [(seat.kind, seat.agent) for seat in new.seats],
            new.seed,
        )
        seats = []
        for number, token in enumerate(tokens):
            info = table.row.seats[number]
            seats.append(
                {
                    "seat": number,
                    "kind": info.kind,
                    "agent": info.agent,
                    "token": token,
                    "link": f"/game/{table.id}#seat={number}&token={token}" if token else None,
                }
            )
        return {"game": table.summary(), "seats": seats}

    @app.get(
        "/api/games/{game_id}",
        tags=["play"],
        response_model=None,
        responses={200: {"model": View}, **problems(403, 404, 422)},
        openapi_extra=SEAT_TOKEN,
    )
    async def get_view(
        game_id: str,
        request: Request,
        log_from: Annotated[
            int, Query(ge=1, description="the first log entry wanted; 1, the whole log")
        ] = 1,
    ) -> Response:
        """The view of the seat whose token is sent, or the spectator's view without a token;
        its log from move `log_from` (a client that has the log so far asks for the rest)."""
        hall: Hall = request.app.state.hall
        table = hall.table(game_id)
        token = _seat_token(request)
        seat = hall.seat_for(table, token) if token else None
        return _json(table.message(seat, log_from - 1)[0])

    @app.post(
        "/api/games/{game_id}/actions",
        tags=["play"],
        response_model=None,
        responses={200: {"model": View}, **problems(400, 401, 403, 404, 409, 413, 422, 503)},
        openapi_extra={**SEAT_TOKEN, **MOVE_BODY},
    )
    async def post_action(game_id: str, request: Request) -> Response:
        """Act for the seat whose token is sent; the seat's new view, whose log holds only the
        entries after `moves` (from move `log_from`). Send `moves` (the view's game.moves) so
        that a repeated request cannot act twice; without it the log is whole."""
        move = _move(await request.body())  # read here: the hot path skips FastAPI's body machinery
        hall: Hall = request.app.state.hall
        table = hall.table(game_id)
        seat = hall.seat_for(table, _seat_token(request))
        return _json(await hall.act(table, seat, move.action, move.moves))

    @app.get(
        "/api/games/{game_id}/record",
        tags=["play"],
        response_class=Response,
        responses={
            200: {
                "description": "the record: game, players, variant, options, seed, actions",
                "content": {"application/json": {"schema": {"type": "object"}}},
            },
            **problems(404, 409),
        },
    )
    async def get_record(game_id: str, hall: HallDep) -> Response:
        """The game's record (seed and actions) as a JSON file, once the game is over."""
        table = hall.table(game_id)
        if not table.state.is_terminal:
            raise ApiError(
                409,
                "the record can be downloaded when the game is over "
                "(its seed would reveal hidden cards and future dice)",
            )
        name = f"{table.row.config.game}-{table.id}.json"
        return Response(
            table.record().dumps(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.get(
        "/api/games/{game_id}/at/{move}",
        tags=["replay"],
        response_model=None,
        responses={200: {"model": PastView}, **problems(403, 404, 422)},
    )
    async def get_view_at(
        game_id: str,
        move: int,
        hall: HallDep,
        credentials: Credentials,
        seat: SeatQuery = None,
    ) -> dict[str, Any]:
        """The table at `move` (0 to the moves made) as it was shown then: with a seat token
        that seat's view, without the spectator's; once the game is over any `seat`'s or
        `all` (nothing hidden)."""
        table = hall.table(game_id)
        token = _token(credentials)
        mine = hall.seat_for(table, token) if token else None
        over = table.state.is_terminal
        shown = seat_asked(over, mine, seat, len(table.row.seats))
        check_move(move, len(table.row.actions))
        timeline = replays.timeline(table)
        table.summary()  # brings the row's move count, seat to move and end up to date
        return view_at(table.row, table.game, timeline, table.log, move, shown)

    @app.post(
        "/api/replays",
        status_code=201,
        tags=["replay"],
        response_model=Uploaded,
        responses=problems(400, 413, 422, 429),
        dependencies=[Depends(creation_allowed)],
        openapi_extra={
            "requestBody": {
                "required": True,
                "description": "a record file, as GET /api/games/{game_id}/record gives it",
                "content": {"application/json": {"schema": {"type": "object"}}},
            }
        },
    )
    async def upload_replay(request: Request) -> dict[str, Any]:
        """Hold a record file for replay (the newest few are kept); its id and viewer link.
        It counts as a new game for the address's limit."""
        body = await request.body()
        try:
            record = Record.loads(body)
            upload = await run_in_threadpool(build_upload, record)
        except InvalidRecord as err:
            raise ApiError(422, f"not a record this server can replay: {err}") from None
        replays.hold(upload)
        table_summary = summary(upload.row, upload.timeline.game.info.title)
        link = f"/replay/{upload.row.id}"
        return {"id": upload.row.id, "game": table_summary, "link": link}

    @app.get(
        "/api/replays/{replay_id}/at/{move}",
        tags=["replay"],
        response_model=None,
        responses={200: {"model": PastView}, **problems(404, 422)},
    )
    async def get_replay_at(replay_id: str, move: int, seat: SeatQuery = None) -> dict[str, Any]:
        """An uploaded record's table at `move`: any `seat`'s view, or `all` (the default)."""
        upload = replays.uploaded(replay_id)
        if upload is None:
            raise ApiError(404, f"no replay {replay_id!r} here (uploads are kept for a while)")
        row = upload.row
        shown = seat_asked(True, None, seat, len(row.seats), uploaded=True)
        check_move(move, len(row.actions))
        log = upload.timeline.log or []
        return view_at(row, upload.timeline.game, upload.timeline, log, move, shown)

    @app.get("/docs", include_in_schema=False)
    async def docs() -> Response:
        return docs_page(app.openapi_url or "/openapi.json", app.title)

    @app.websocket("/api/games/{game_id}/live")
    async def live(socket: WebSocket, game_id: str) -> None:
        """Live views: send {"token": "..."} (or {"token": null} to watch) first. The first
        view has the whole log; later ones only the new entries, from move `log_from`."""
        await socket.accept()
        hall: Hall = socket.app.state.hall
        try:
            table = hall.table(game_id)
            seat = await _hello(socket, hall, table)
            outbox = Outbox(table, seat)
            hall.listen(table, outbox.put, seat, socket.client.host if socket.client else "")
        except ApiError as err:
            await socket.send_json({"type": "error", "status": err.status, "detail": err.detail})
            await socket.close(code=4000 + err.status, reason=_reason(err.detail))
            return
        except WebSocketDisconnect:
            return
        try:
            await _serve_socket(socket, outbox)
        finally:
            hall.forget(table, outbox.put)

    add_rules_route(app)

    @app.get("/", include_in_schema=False)
    @app.get("/game/{game_id}", include_in_schema=False)
    @app.get("/replay", include_in_schema=False)
    @app.get("/replay/{game_id}", include_in_schema=False)
    async def client(game_id: str | None = None) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    return app
