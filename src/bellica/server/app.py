"""The FastAPI app: the HTTP API, the live WebSocket and the browser client's files."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from bellica.server.hall import ApiError, Hall, catalog
from bellica.server.rules_routes import router as rules_router
from bellica.server.store import Store
from bellica.server.thinking import Thinkers

STATIC = Path(str(files("bellica.server") / "static"))
HELLO_SECONDS = 10  # a WebSocket must say who it is within this time
SEND_SECONDS = 10  # a WebSocket that takes longer to accept a view is dropped

bearer = HTTPBearer(auto_error=False, description="The seat token from the game's link.")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


class SeatSpec(BaseModel):
    """One seat of a new game: a human (who gets a token) or an AI agent."""

    kind: Literal["human", "ai"]
    agent: str | None = Field(
        None, description="agent spec for an AI seat: random, greedy, mcts:seconds=1, ..."
    )


class NewGame(BaseModel):
    """What the lobby sends to create a game."""

    game: str = Field(description="game id, e.g. imperio-bellum or bellum")
    variant: str | None = Field(None, description="default: the game's first variant")
    players: int | None = Field(None, ge=1, le=16, description="default: the variant's count")
    options: dict[str, str | int | float | bool] = Field(
        default_factory=dict, description="game options, e.g. {'turn_limit': 20}"
    )
    seats: list[SeatSpec] = Field(min_length=1, max_length=16)
    seed: int | None = Field(None, ge=0, lt=2**63, description="default: a random seed")


class Move(BaseModel):
    """An action for the seat whose token is sent."""

    action: dict[str, Any] = Field(description="one of the view's legal[i].action")
    moves: int | None = Field(
        None, ge=0, description="the move count the client saw; refused (409) if stale"
    )


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


def _validation_message(err: RequestValidationError) -> tuple[int, str]:
    problems = []
    status = 422
    for error in err.errors():
        if error.get("type") == "json_invalid":
            status = 400
        where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
        problems.append(f"{where}: {error.get('msg')}" if where else str(error.get("msg")))
    return status, "bad request: " + "; ".join(problems)


class Outbox:
    """The newest view waiting to go out on one WebSocket; a view not yet sent when a newer
    one arrives is dropped (the newer one says everything it said)."""

    def __init__(self) -> None:
        self._view: dict[str, Any] | None = None
        self._ready = asyncio.Event()

    def put(self, view: dict[str, Any]) -> None:
        self._view = view
        self._ready.set()

    async def take(self) -> dict[str, Any]:
        await self._ready.wait()
        self._ready.clear()
        view, self._view = self._view, None
        assert view is not None
        return view


async def _hello(socket: WebSocket, hall: Hall, table: Any) -> int | None:
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
            view = await outbox.take()
            await asyncio.wait_for(socket.send_json(view), SEND_SECONDS)

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


def create_app(db: str | Path, ai_workers: int | None = None) -> FastAPI:
    """The server's app, storing games in the SQLite file `db`."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hall = Hall(Store(db), Thinkers(ai_workers))
        app.state.hall = hall
        hall.resume_all()
        try:
            yield
        finally:
            await hall.close()

    app = FastAPI(
        title="bellica",
        summary="Play the bellica war games: create games, act for your seat, watch live.",
        lifespan=lifespan,
    )

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, err: ApiError) -> JSONResponse:
        return JSONResponse({"detail": err.detail}, status_code=err.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, err: RequestValidationError) -> JSONResponse:
        status, message = _validation_message(err)
        return JSONResponse({"detail": message}, status_code=status)

    @app.get("/api/catalog", tags=["lobby"])
    async def get_catalog() -> dict[str, Any]:
        """The games with their variants, player counts and options, and the AI agents."""
        return catalog()

    @app.get("/api/games", tags=["lobby"])
    async def list_games(
        hall: HallDep, limit: Annotated[int, Query(ge=1, le=1000)] = 100
    ) -> list[dict[str, Any]]:
        """The newest stored games (at most `limit`): public summaries, no tokens, no seeds."""
        return hall.summaries(limit)

    @app.post("/api/games", status_code=201, tags=["lobby"])
    async def create_game(new: NewGame, hall: HallDep) -> dict[str, Any]:
        """Create a game; the answer holds each human seat's token and link (shown only once)."""
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

    @app.get("/api/games/{game_id}", tags=["play"])
    async def get_view(game_id: str, hall: HallDep, credentials: Credentials) -> dict[str, Any]:
        """The view of the seat whose token is sent, or the spectator's view without a token."""
        table = hall.table(game_id)
        token = _token(credentials)
        seat = hall.seat_for(table, token) if token else None
        return table.view(seat)

    @app.post("/api/games/{game_id}/actions", tags=["play"])
    async def post_action(
        game_id: str, move: Move, hall: HallDep, credentials: Credentials
    ) -> dict[str, Any]:
        """Act for the seat whose token is sent; the seat's new view."""
        table = hall.table(game_id)
        seat = hall.seat_for(table, _token(credentials))
        return await hall.act(table, seat, move.action, move.moves)

    @app.get("/api/games/{game_id}/record", tags=["play"])
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

    @app.websocket("/api/games/{game_id}/live")
    async def live(socket: WebSocket, game_id: str) -> None:
        """Live views: send {"token": "..."} (or {"token": null} to watch) first."""
        await socket.accept()
        hall: Hall = socket.app.state.hall
        try:
            table = hall.table(game_id)
            seat = await _hello(socket, hall, table)
        except ApiError as err:
            await socket.send_json({"type": "error", "status": err.status, "detail": err.detail})
            await socket.close(code=4000 + err.status)
            return
        except WebSocketDisconnect:
            return
        outbox = Outbox()
        outbox.put(table.view(seat))
        hall.listen(table, outbox.put, seat)
        try:
            await _serve_socket(socket, outbox)
        finally:
            hall.forget(table, outbox.put)

    app.include_router(rules_router)

    @app.get("/", include_in_schema=False)
    @app.get("/game/{game_id}", include_in_schema=False)
    async def client(game_id: str | None = None) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    return app
