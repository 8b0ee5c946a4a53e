"""Each card copy's story in one game, side by side: in the opening hand, drawn, bought, played,
in play at the end, or never seen (the lab's per-card rows, from the game's events)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bellica.core.events import Event

if TYPE_CHECKING:
    from bellica.core.cards.card_game import CardGame

CARD_FACT = "card_steps"  # an event's fact: ((side, token, step), ...)
DRAWN, BOUGHT, PLAYED = "drawn", "bought", "played"
STEPS = (DRAWN, BOUGHT, PLAYED)  # what events tell; the opening hand and the end come from zones

CardStep = tuple[int, str, str]  # side, card token, step


def card_fact(side: int, tokens: Iterable[str], step: str) -> tuple[str, tuple[CardStep, ...]]:
    """The fact an event carries when `side`'s cards took a step: drawn (into its hand from a
    deck), bought (gained from a market, recruited, taken), played (put to use from its hand
    or from where it was gained)."""
    if step not in STEPS:
        raise ValueError(f"unknown card step {step!r}: one of {', '.join(STEPS)}")
    return CARD_FACT, tuple((side, token, step) for token in tokens)


def card_steps(events: Iterable[Event]) -> Iterator[CardStep]:
    """Every card step the events tell, in order."""
    for event in events:
        for name, value in event.facts:
            if name == CARD_FACT:
                yield from value


@dataclass(frozen=True, slots=True)
class CardUse:
    """One copy in one game, from the point of view of the seat playing one side. A copy the
    side never held, gained or played is `never_seen`; the opening hand is the hand once the
    set-up is over."""

    seat: int
    token: str
    name: str
    opening: bool
    drawn: bool
    bought: bool
    played: bool
    at_end: bool

    @property
    def never_seen(self) -> bool:
        return not (self.opening or self.drawn or self.bought or self.played or self.at_end)


class CardLog:
    """Follows one game from its first state: `after(state)` once after every action, then
    `uses(state)` at the end. The copies each side gets a row for are its own and the shared
    ones in the game's `card_pool` families at the start, any copy an event names for it,
    and any it has in play at the end."""

    def __init__(self, state: Any) -> None:
        game: CardGame = state.game
        self.game = game
        table = game.table
        self.sides = [
            side for side in range(_sides(state)) if side not in getattr(game, "scripted", ())
        ]
        self.steps: dict[tuple[int, int], set[str]] = {}
        self.pool: dict[int, set[int]] = {side: set() for side in self.sides}
        for name in game.card_pool:
            owned = _owned(state, name)
            for index, zone in enumerate(state.zones.family(name)):
                for side in [index] if owned else self.sides:
                    if side in self.pool:
                        self.pool[side].update(zone)
        self.uid_of = table.uid_by_token
        self.opening: dict[int, set[int]] | None = None
        self._take_opening(state)

    def _take_opening(self, state: Any) -> None:
        if self.opening is None and self.game.opening_done(state):
            hands = state.zones.family(self.game.hand_family) if self.game.hand_family else None
            self.opening = {
                side: set(hands[side]) if hands is not None else set() for side in self.sides
            }
            for side, held in self.opening.items():
                self.pool[side].update(held)

    def after(self, state: Any) -> None:
        """Note the card steps the last action's events tell, and the opening hands once the
        set-up is over (steps before then are the set-up's: the opening hand holds them)."""
        opened = self.opening is not None
        for side, token, step in card_steps(state.events()):
            uid = self.uid_of.get(token)
            if uid is None or side not in self.pool or (step == DRAWN and not opened):
                continue
            self.pool[side].add(uid)
            self.steps.setdefault((side, uid), set()).add(step)
        self._take_opening(state)

    def uses(self, state: Any) -> list[CardUse]:
        """Every side's row for every copy in its pool, in side then uid order."""
        table, game = self.game.table, self.game
        at_end: dict[int, set[int]] = {side: set() for side in self.sides}
        for name in game.in_play_families:
            for side, zone in enumerate(state.zones.family(name)):
                if side in at_end:
                    at_end[side].update(zone)
        opening = self.opening or {}
        rows = []
        for side in self.sides:
            held = opening.get(side, set())
            for uid in sorted(self.pool[side] | at_end[side]):
                steps = self.steps.get((side, uid), ())
                rows.append(
                    CardUse(
                        seat=state.seat_of(side),
                        token=table.token[uid],
                        name=table.copies[uid].name,
                        opening=uid in held,
                        drawn=DRAWN in steps,
                        bought=BOUGHT in steps,
                        played=PLAYED in steps,
                        at_end=uid in at_end[side],
                    )
                )
        return rows


def _sides(state: Any) -> int:
    seating = getattr(state.game, "seating", None)
    if seating is not None:
        return len(seating.seat_of_side)
    return int(state.game.players)


def _owned(state: Any, family: str) -> bool:
    for fam in state.zones.layout.families:
        if fam.name == family:
            return bool(fam.owned)
    raise KeyError(f"no zone family {family!r}")
