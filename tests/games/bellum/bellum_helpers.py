"""Helpers for the Bellum tests: positions built from a few zones, actions by their text."""

from __future__ import annotations

import re
from typing import Any

import bellica
from bellica.core import Action
from bellica.core.stack import advance
from bellica.games.bellum.game import Bellum
from bellica.games.bellum.notation import read_position
from bellica.games.bellum.rules.flow import idle
from bellica.games.bellum.state import BellumState


def game(variant: str = "standard", cards: str | None = None, **options: Any) -> Bellum:
    loaded = bellica.load("bellum", variant=variant, options=options, cards=cards)
    assert isinstance(loaded, Bellum)
    return loaded


def _cards(items: Any) -> str:
    if not items:
        return "-"
    return " ".join(f"{x:03d}" if isinstance(x, int) else str(x) for x in items)


def position(
    variant: str = "standard",
    *,
    phase: str = "deploy",
    team: int = 0,
    member: int = 0,
    first: int = 0,
    round: int = 2,
    hands: dict[int, list[Any]] | None = None,
    decks: dict[int, list[Any]] | None = None,
    discards: dict[int, list[Any]] | None = None,
    play: dict[int, list[Any]] | None = None,
    cities: tuple[str, str] = ("Athens", "Sparta"),
    pillaged: tuple[int, int] = (0, 0),
    strategy: tuple[int, int] = (3, 2),
    olympus: list[list[Any]] | None = None,
    legends: list[list[Any]] | None = None,
    market: list[Any] | None = None,
    flags: str = "-",
    stack: str = "-",
    rally_left: list[Any] | None = None,
    reinforcements: list[Any] | None = None,
    cycles: int = 0,
    fled: int = 0,
    stock: list[Any] | None = None,
    run: bool = True,
    cards: str | None = None,
    **options: Any,
) -> BellumState:
    """A position from the zones given (cards as numbers like 45, or tokens with marks like
    "045[d1,s]"); every Stock card not placed elsewhere is in the Stock. `stack` is written as
    positions write it ("end_turn; opponent_draw"). With `run`, the stack runs until a
    decision is needed, as after any move."""
    g = game(variant, cards, **options)
    hands, decks, discards, play = hands or {}, decks or {}, discards or {}, play or {}
    lines = [f"bellum {variant} {g.players}p"]
    lines.append(f"turn: round {round}, team {team}, member {member}, phase {phase}, first {first}")
    lines.append(f"flags: {flags}")
    for t in range(2):
        city = cities[t] or "none"
        lines.append(f"city {t}: {city}, pillaged {pillaged[t]}, strategy {strategy[t]}")
    placed: set[int] = set()

    def note(items: Any) -> str:
        text = _cards(items)
        for word in text.split():
            if word != "-":
                placed.add(g.table.uid_by_token[word.split("[")[0].split("@")[0]])
                covers = re.findall(r"[\[,]p(\d{3}b?)", word)  # a Petrified card under it
                placed.update(g.table.uid_by_token[token] for token in covers)
        return text

    for side in range(g.sides):
        lines.append(f"side {side} deck: {note(decks.get(side))}")
        lines.append(f"side {side} hand: {note(hands.get(side))}")
        lines.append(f"side {side} discard: {note(discards.get(side))}")
        lines.append(f"side {side} play: {note(play.get(side))}")
    for bf in range(g.battlefields):
        piles = olympus or [[], [], [], []]
        lines.append(f"olympus {bf}: " + " | ".join(note(p) for p in piles))
    lines.append("legends: " + " | ".join(note(p) for p in (legends or [[], [], [], []])))
    lines.append(f"market: {note(market)}")
    if stock is None:
        stock = [
            g.table.token[u]
            for box in range(g.battlefields)
            for u in g.uids("stock", box)
            if u not in placed
        ]
    lines.append(f"stock: {_cards(stock)}")
    lines.append("resolving: -")
    lines.append(f"reinforcements: {note(reinforcements)}")
    lines.append("assault: - / - / -")
    lines.append(f"rally left: {_cards(rally_left)}")
    lines.append(f"solo: cycles {cycles}, fled {fled}")
    lines.append(f"stack: {stack}")
    state = read_position(g, "\n".join(lines) + "\n", steps_on_top=True)
    if run:
        advance(state, idle)
    return state


def uid(state: BellumState, number: int, box: int = 0) -> int:
    return state.game.table.uid(number, box)


def texts(state: BellumState) -> list[str]:
    """The legal actions in their plain words ("Choose Satyr (016)"): the rules tests look at
    which choices there are; test_bellum_words checks the words of what each concerns."""
    plain = state.game.actions
    return [plain[a.index].text for a in state.legal_actions()]


def find(state: BellumState, text: str) -> Action:
    """The legal action whose text, in its own or its plain words, is `text` (or starts with
    it, when only one does)."""
    legal = state.legal_actions()
    plain = state.game.actions
    words = [(a, (str(a), plain[a.index].text)) for a in legal]
    exact = [a for a, said in words if text in said]
    if exact:
        return exact[0]
    starts = [a for a, said in words if any(s.startswith(text) for s in said)]
    if len(starts) == 1:
        return starts[0]
    raise AssertionError(f"no single legal action {text!r}; legal: {[str(a) for a in legal]}")


def do(state: BellumState, *moves: str) -> BellumState:
    for text in moves:
        state.apply(find(state, text))
    return state


def power(state: BellumState, number: int, box: int = 0) -> int:
    return state.power(uid(state, number, box))


def tokens(state: BellumState, uids: list[int]) -> list[str]:
    return [state.game.table.token[u] for u in uids]


def zone(state: BellumState, name: str, side: int) -> list[str]:
    """The tokens in one side's zone (deck, hand, discard or play), in zone order."""
    return tokens(state, getattr(state, name)[side])


def my_turn(**zones: Any) -> BellumState:
    """Side 1 ends its turn with nothing to do, so side 0's turn starts (Rally phase)."""
    state = position(team=1, phase="deploy", **zones)
    if "End the Deployment phase" in texts(state):
        do(state, "End the Deployment phase")
    assert state.active == 0
    return state
