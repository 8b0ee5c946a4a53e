"""`GET /api/rules/{game_id}`: a game's own-words rules and rulings, and its glossary."""

from __future__ import annotations

from functools import cache
from typing import Literal

from fastapi import FastAPI
from pydantic import BaseModel, Field

from bellica.core import games as all_games
from bellica.core.glossary import glossary_of
from bellica.core.registry import game_class
from bellica.server.hall import ApiError
from bellica.server.schema import Problem

MAX_SHOWN_ID = 40  # characters of an unknown id repeated in the error


class GlossaryEntry(BaseModel):
    """What one key of the glossary means."""

    key: str = Field(description="what an element's data-help names, e.g. knight or pillage")
    term: str = Field(description="the term as the table shows it")
    category: Literal["piece", "keyword", "clan", "card type", "cost", "token", "phase", "term"]
    text: str = Field(description="the entry in a sentence or two")
    words: list[str] = Field(description="the words that mark this entry in a card's text")


class Rules(BaseModel):
    """A game's rules in our words (Markdown) and its glossary."""

    game: str = Field(description="game id")
    title: str
    rules: str = Field(description="the rules and the rulings table, as Markdown")
    glossary: list[GlossaryEntry]


@cache
def rules_of(game_id: str) -> Rules:
    """The rules and glossary of a registered game (read once per process)."""
    cls = game_class(game_id)
    return Rules(
        game=game_id,
        title=cls.info.title,
        rules=cls().rules_text(),
        glossary=[GlossaryEntry(**entry) for entry in glossary_of(cls).to_json()],
    )


def add_rules_route(app: FastAPI) -> None:
    """Serve `GET /api/rules/{game_id}` on `app` (a route of the app itself, so the app's exact
    OpenAPI schema sees it like every other route)."""
    app.get(
        "/api/rules/{game_id}",
        tags=["rules"],
        response_model=Rules,
        responses={404: {"model": Problem, "description": "no game has this id"}},
    )(get_rules)


async def get_rules(game_id: str) -> Rules:
    """The game's rules and rulings in our own words, and the glossary the table shows on hover."""
    known = [info.id for info in all_games()]
    if game_id not in known:
        shown = game_id if len(game_id) <= MAX_SHOWN_ID else game_id[:MAX_SHOWN_ID] + "…"
        raise ApiError(404, f"unknown game {shown!r}; known games: {', '.join(known)}")
    return rules_of(game_id)
