"""`GET /api/rules/{game_id}`: a game's own-words rules and rulings, and its glossary."""

from __future__ import annotations

from functools import cache
from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel, Field

from bellica.core import games as all_games
from bellica.core.glossary import glossary_of
from bellica.core.registry import game_class
from bellica.server.hall import ApiError

MAX_SHOWN_ID = 40  # characters of an unknown id repeated in the error

router = APIRouter(tags=["rules"])


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


class UnknownGame(BaseModel):
    """The answer for a game id that is not registered."""

    detail: str


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


@router.get(
    "/api/rules/{game_id}",
    response_model=Rules,
    responses={404: {"model": UnknownGame, "description": "no game has this id"}},
)
async def get_rules(game_id: str) -> Rules:
    """The game's rules and rulings in our own words, and the glossary the table shows on hover."""
    known = [info.id for info in all_games()]
    if game_id not in known:
        shown = game_id if len(game_id) <= MAX_SHOWN_ID else game_id[:MAX_SHOWN_ID] + "…"
        raise ApiError(404, f"unknown game {shown!r}; known games: {', '.join(known)}")
    return rules_of(game_id)
