"""The API's request and answer models: the OpenAPI schema says exactly what the server takes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import FastAPI
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from bellica.core import games as all_games

Name = Annotated[str, StringConstraints(min_length=1, max_length=64)]
OptionValue = str | int | float | bool


class Strict(BaseModel):
    """A request body: unknown keys are refused, so a typo is an error and not ignored."""

    model_config = ConfigDict(extra="forbid")


class Answer(BaseModel):
    """An answer: these fields are always there; a newer server may add more."""

    model_config = ConfigDict(extra="allow")


# -- requests ------------------------------------------------------------------------------------
class SeatSpec(Strict):
    """One seat of a new game: a human (who gets a token) or an AI agent."""

    kind: Literal["human", "ai"]
    agent: str | None = Field(
        None,
        max_length=200,
        description="agent spec for an AI seat: random, greedy, mcts:seconds=1, ...",
    )


class NewGame(Strict):
    """What the lobby sends to create a game."""

    game: str = Field(
        max_length=64,
        description="game id",
        json_schema_extra={"enum": [info.id for info in all_games()]},
    )
    variant: Name | None = Field(None, description="default: the game's first variant")
    players: int | None = Field(None, ge=1, le=16, description="default: the variant's count")
    options: dict[Name, OptionValue] = Field(
        default_factory=dict,
        max_length=32,
        description="game options, e.g. {'turn_limit': 20}; the catalog lists each game's",
    )
    seats: list[SeatSpec] = Field(min_length=1, max_length=16)
    seed: int | None = Field(None, ge=0, lt=2**63, description="default: a random seed")


class Move(Strict):
    """An action for the seat whose token is sent."""

    action: dict[str, Any] = Field(description="one of the view's legal[i].action")
    moves: int | None = Field(
        None,
        ge=0,
        le=2**31,
        description=(
            "the idempotency guard: the number of moves the client has seen (the view's "
            "game.moves). If the game has moved on the answer is 409 and nothing changes, so "
            "a retried or doubled request cannot act twice. Without it, a replayed request "
            "is applied again whenever the action is still legal."
        ),
    )


# -- answers -------------------------------------------------------------------------------------
class Problem(BaseModel):
    """Every refusal (4xx) and server trouble (5xx): what is wrong, in words."""

    detail: str


class VariantInfo(Answer):
    name: str
    players: list[int]


class OptionInfo(Answer):
    """A typed option: a whole number with its bounds, a choice with its values, or a switch."""

    key: str
    type: Literal["whole", "choice", "switch"]
    description: str
    default: OptionValue
    variants: list[str]
    minimum: int | None = None
    maximum: int | None = None
    choices: list[str] | None = None
    labels: list[str] | None = None


class GameInfo(Answer):
    id: str
    title: str
    summary: str
    variants: list[VariantInfo]
    options: list[OptionInfo]


class AgentInfo(Answer):
    kind: str
    usage: str


class Preset(Answer):
    spec: str
    label: str


class Catalog(Answer):
    """The games and the AI agents the lobby offers."""

    games: list[GameInfo]
    agents: list[AgentInfo]
    ai_presets: list[Preset]


class SeatInfo(Answer):
    seat: int
    kind: Literal["human", "ai"]
    agent: str | None


class Summary(Answer):
    """A game's public facts: no tokens, no seed."""

    id: str
    game: str
    title: str
    variant: str
    players: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    moves: int
    chosen_seed: bool
    status: Literal["playing", "over"]
    to_move: int | None
    created: str
    updated: str


class NewSeat(SeatInfo):
    token: str | None = Field(description="the seat's secret; shown only in this answer")
    link: str | None = Field(description="the table's address with the token in its fragment")


class Created(Answer):
    """A new game: its summary and, for each human seat, its token and link."""

    game: Summary
    seats: list[NewSeat]


class View(Answer):
    """What one seat (or a spectator) is shown; see docs/web.md for every field."""

    type: Literal["view"]
    game: Summary
    seat: int | None
    observation: dict[str, Any]
    legal: list[dict[str, Any]]
    thinking: bool
    log: list[dict[str, Any]]
    log_from: int = Field(1, ge=1, description="the move of the first entry in log (1: all)")
    names: list[str]
    outcome: dict[str, Any] | None


def problems(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a route: each status with its meaning and the Problem body."""
    return {status: {"model": Problem, "description": MEANINGS[status]} for status in statuses}


MEANINGS = {
    400: "malformed request (not JSON, a bad Content-Length)",
    401: "acting needs a seat token",
    403: "the token is not a seat of this game",
    404: "no such game",
    409: "not this seat's turn, a stale move count, or the game is (not yet) over",
    413: "the request body is over the server's limit",
    422: "an illegal action, a bad game set-up or a bad parameter",
    429: "too many new games from this address; see the Retry-After header",
    503: "the store could not save the change; nothing changed, try again",
}


def exact_openapi(app: FastAPI) -> Callable[[], dict[str, Any]]:
    """The app's `openapi` without the 422 answer FastAPI adds to every route with parameters:
    a route lists only the statuses it can give (a path of any text cannot fail validation)."""
    plain = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        document = plain()
        for route in app.routes:
            if not isinstance(route, APIRoute) or not route.include_in_schema:
                continue
            if 422 in route.responses:
                continue
            for method in route.methods or ():
                document["paths"][route.path_format][method.lower()]["responses"].pop("422", None)
        components = document.setdefault("components", {}).setdefault("schemas", {})
        for unused in ("HTTPValidationError", "ValidationError"):
            components.pop(unused, None)
        # a route that reads its body itself (the action) refers to its model by name
        components.setdefault(
            "Move", Move.model_json_schema(ref_template="#/components/schemas/{model}")
        )
        app.openapi_schema = document
        return document

    return openapi
