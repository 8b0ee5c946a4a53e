"""The Bellum Magia game: its pieces and table, zones, seating and the engine contract."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bellica.core import Action, InvalidCardData, InvalidConfig, Rng, State
from bellica.core.cards import CardCodec, CardGame, CardTable, Copy, Counters, Layout
from bellica.core.seating import Seating
from bellica.games.bellum_magia import INFO
from bellica.games.bellum_magia import actions as act
from bellica.games.bellum_magia.cards import (
    CHEST_KINDS,
    FACES,
    LEFT,
    RIGHT,
    CardSet,
    Castle,
    Chest,
    Creature,
    Place,
    load_cards,
)
from bellica.games.bellum_magia.heuristics import spoils_worth
from bellica.games.bellum_magia.length import day_decisions, setup_decisions
from bellica.games.bellum_magia.rules import TASKS
from bellica.games.bellum_magia.rules.recruit import COSTS
from bellica.games.bellum_magia.state import MagiaState, zone_families
from bellica.games.bellum_magia.texts import card_text

RULES_FILE = Path(__file__).parent / "rules.md"
# The kingdom by player count: Farms, Villages and Towns taken at random (5 players: all).
KINGDOM_SIZES = {2: (3, 3, 10), 3: (4, 4, 10), 4: (6, 6, 10)}
Lines = tuple[tuple[int, ...], ...]


def card_table(cards: CardSet) -> CardTable[Any]:
    """Every piece once: creatures, Places and castles by their three-digit numbers, then the
    chests as W01.., M01.., G01.. (their values are not part of the table)."""
    entries: list[Any] = [*cards.creature, *cards.place, *cards.castle]
    copies = [Copy(e, f"{e.number:03d}", e.name, (e,)) for e in entries]
    for kind in CHEST_KINDS:
        for i in range(len(getattr(cards.chests, kind))):
            chest = Chest(kind=kind, number=i + 1)
            copies.append(Copy(chest, f"{kind[0].upper()}{i + 1:02d}", chest.name, (chest,)))
    return CardTable(copies)


class BellumMagia(CardGame):
    """Two to five evil lords raid the human kingdom and each other for treasure chests."""

    info = INFO
    num_distinct_actions = act.SIZE
    tasks = TASKS
    actions: act.MagiaActions

    # The lab's per-card rows (`core.cards.card_log`); the default `opening_done` fits: the
    # set-up (castles, the Goblins' sides) is over once the first day begins.
    # No hand of cards: a lord's pieces lie openly under its castle and in its stock.
    hand_family = None
    # A creature keeps its rank (the pile it lies in) and a Place its kind when `bellica
    # cardvalue` gives it another card's contents.
    card_slot_fields = ("rank", "kind")
    # In play at the end: the castle, the creatures under its left and right, the chests held.
    in_play_families = ("castle", "left", "right", "stock")
    # May come to hold: a castle, its Goblins, the creatures of the piles and rows, the chests.
    card_pool = (
        "castle",
        "unchosen",
        "goblins",
        "evil_pile",
        "most_evil_pile",
        "evil_row",
        "most_evil_row",
        "wooden",
        "metal",
        "gold",
    )

    def prepare(self) -> None:
        cards = self.card_set = load_cards(self.cards)
        where = self.cards or "the card file"
        table = self.table = card_table(cards)
        if table.size > act.MAX_CARDS:
            raise InvalidCardData(
                f"{where}: {table.size} pieces; at most {act.MAX_CARDS} fit the action space"
            )
        lords = self.players
        self.sides = self.teams = lords
        self.seating = Seating.duel(lords)
        # Each day's turn order by its Captain: the Captain, then clockwise.
        self.turn_orders = tuple(
            tuple((captain + i) % lords for i in range(lords)) for captain in range(lords)
        )
        self.layout = Layout(zone_families(lords))
        self.counters = Counters(())
        self.codec = CardCodec(table, self.counters)
        cards_of = table.card
        self.creature_uids = {
            rank: [u for u, c in enumerate(cards_of) if isinstance(c, Creature) and c.rank == rank]
            for rank in ("goblin", "evil", "most_evil")
        }
        self.place_uids = {
            kind: [u for u, c in enumerate(cards_of) if isinstance(c, Place) and c.kind == kind]
            for kind in ("tavern", "farm", "village", "town")
        }
        self.tavern_uid = self.place_uids["tavern"][0]
        self.castle_uids = [u for u, c in enumerate(cards_of) if isinstance(c, Castle)]
        self.chest_uids = {
            kind: [u for u, c in enumerate(cards_of) if isinstance(c, Chest) and c.kind == kind]
            for kind in CHEST_KINDS
        }
        if len(self.castle_uids) < lords:
            raise InvalidCardData(f"{where}: {lords} lords need {lords} castles")
        if len(self.creature_uids["goblin"]) < 2 * lords:
            raise InvalidCardData(f"{where}: {lords} lords need {2 * lords} Goblins")
        self.rank = [c.rank if isinstance(c, Creature) else "" for c in cards_of]
        self.bonus = [c.bonus or "" if isinstance(c, Creature) else "" for c in cards_of]
        self.chest_kind = [c.kind if isinstance(c, Chest) else "" for c in cards_of]
        self.shield = [c.shield if isinstance(c, Castle | Place) else 0 for c in cards_of]
        self.magic_shield = [c.magic_shield if isinstance(c, Place) else 0 for c in cards_of]
        # What a creature adds under the left, under the right, and a castle's own lines:
        # six lines of (food, glyphs, maps, swords, magic, thieves).
        self.no_lines: Lines = tuple((0,) * 6 for _ in range(FACES))
        self.left_lines = [_lines(c, LEFT) for c in cards_of]
        self.right_lines = [_lines(c, RIGHT) for c in cards_of]
        self.castle_lines = [
            _add(_lines(c, LEFT), _lines(c, RIGHT)) if isinstance(c, Castle) else self.no_lines
            for c in cards_of
        ]
        values = [-1] * table.size
        for kind in CHEST_KINDS:
            for uid, value in zip(self.chest_uids[kind], getattr(cards.chests, kind), strict=True):
                values[uid] = value
        self.printed_values = tuple(values)
        self.spoils_worth = spoils_worth(cards, cards_of)
        self.reserve = (cards.reserve.food, cards.reserve.glyph, cards.reserve.barrel)
        self.kingdom_size = KINGDOM_SIZES.get(lords)  # None: every Place
        self.texts = [card_text(c) for c in cards_of]
        self.actions = act.MagiaActions(table, self.rank)
        # How each creature may be paid for, (by glyphs?, food, glyphs), and its recruits by
        # way of paying: for the left, then for the right.
        self.payments = [
            tuple((glyphs, *cost) for (rank, glyphs), cost in COSTS.items() if rank == r)
            for r in self.rank
        ]
        self.recruit_actions = [
            tuple(
                tuple(self.actions.recruit(uid, right, glyphs) for right in (False, True))
                if (self.rank[uid], glyphs) in COSTS
                else ()
                for glyphs in (False, True)
            )
            for uid in range(table.size)
        ]
        self.day_limit: int = self.options["day_limit"]

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        first = options["first"]
        if first != "roll" and int(first) >= self.players:
            raise InvalidConfig(
                f"option first: player {int(first) + 1} does not sit at a {self.players}-player "
                f"game (roll, or 0 to {self.players - 1})"
            )
        return options

    @property
    def max_setup_decisions(self) -> int:
        """The set-up's decisions at their longest (`length`)."""
        return setup_decisions(self)

    @property
    def max_round_decisions(self) -> int:
        """The most decisions one day can hold, every lord together (`length`)."""
        return day_decisions(self)

    # -- the contract --------------------------------------------------------------------
    def new_game(self, seed: int = 0) -> MagiaState:
        from bellica.games.bellum_magia.rules.setup import new_game

        return new_game(self, seed)

    def load_position(self, text: str) -> MagiaState:
        from bellica.games.bellum_magia.notation import read_position

        return read_position(self, text)

    def seat_label(self, seat: int, state: State | None = None) -> str:
        """A lord's name: its castle's once it has one ("Grimspire"), "lord 1" before."""
        if isinstance(state, MagiaState) and state.castle[seat]:
            return str(self.table.card[state.castle[seat][0]].name)
        return f"lord {seat + 1}"

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from bellica.games.bellum_magia.tensor import tensor_shape

        return tensor_shape(self)

    def heuristic(self, state: State, seat: int) -> float:
        from bellica.games.bellum_magia.heuristics import evaluate

        assert isinstance(state, MagiaState)
        return evaluate(state)[seat]

    def heuristics(self, state: State) -> list[float]:
        from bellica.games.bellum_magia.heuristics import evaluate

        assert isinstance(state, MagiaState)
        return evaluate(state)

    def playout_action(self, state: State, rng: Rng) -> Action:
        from bellica.games.bellum_magia.heuristics import playout_action

        assert isinstance(state, MagiaState)
        return playout_action(state, rng)

    def render(self, observation: dict[str, Any]) -> Any:
        from bellica.games.bellum_magia.terminal import render

        return render(observation)

    def rules_text(self) -> str:
        return RULES_FILE.read_text(encoding="utf-8")


def _lines(card: Any, values: tuple[str, ...]) -> Lines:
    """Six lines of (food, glyphs, maps, swords, magic, thieves) holding only `values` of a
    castle's or a creature's printed arrays (zeros for any other piece)."""
    if not isinstance(card, Castle | Creature):
        return tuple((0,) * 6 for _ in range(FACES))
    order = LEFT + RIGHT
    arrays = {v: card.line(v) for v in values}
    return tuple(
        tuple(arrays[v][face] if v in arrays else 0 for v in order) for face in range(FACES)
    )


def _add(a: Lines, b: Lines) -> Lines:
    return tuple(tuple(x + y for x, y in zip(p, q, strict=True)) for p, q in zip(a, b, strict=True))
