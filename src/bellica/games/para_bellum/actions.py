"""The action space: decisions about one card, a card placed on a cell of the army, and the
decisions about dice, banners, payments and basic actions."""

from __future__ import annotations

from typing import Any

from bellica.core import Action, IllegalAction
from bellica.core.cards import CardActionSpace, CardTable
from bellica.core.options import shown
from bellica.games.para_bellum.cards import BANNERS, COLOURS
from bellica.games.para_bellum.state import CELLS, JUNCTIONS, cell_words

MAX_CARDS = 200  # physical cards per card file (ours holds 60 Army + 47 Command + 30 more)
MAX_COINS = 6  # coins one payment may use

# Slots: a grey die on a cell (g0..g35), a red die on a junction (r0..r26), the General die.
SLOTS = (
    tuple(f"g{c}" for c in range(CELLS)) + tuple(f"r{j}" for j in range(JUNCTIONS)) + ("general",)
)
SLOT_INDEX = {name: i for i, name in enumerate(SLOTS)}


def slot_words(slot: str) -> str:
    """ "the grey die on row 1, column -2", "the red die above row 0, column 0"."""
    if slot == "general":
        return "the General die"
    if slot.startswith("g"):
        return f"the grey die on {cell_words(int(slot[1:]))}"
    return f"the red die above {cell_words(int(slot[1:]))}"


CARD_KINDS = (
    ("start", "Take {} as your Starting card"),
    ("return", "Return the objective {} to the bottom of its deck"),
    ("take", "Take {} from the Battle Line"),
    ("play", "Play {}"),
    ("use", "Use the action of {}"),
    ("requisition", "Requisition: put {} at the bottom of the Army deck, gain a coin"),
    ("discard", "Discard {}"),
    ("disable", "Disable {}"),
    ("eliminate", "Eliminate {}"),
    ("free", "Play {} without paying its cost"),
)
PLAIN_KINDS: tuple[tuple[str, str], ...] = (
    ("muster", "Muster: draw an Army card"),
    ("empower", "Empower: raise a grey die"),
    ("consult", "Consult: take a Command card from the Battle Line"),
    ("motivate", "Motivate: spend a red die to re-roll the grey dice beside it"),
    ("end_actions", "End the Action phase"),
    ("option_1", "Choose the first option"),
    ("option_2", "Choose the second option"),
    ("alliance", "Use the Alliance action"),
    ("runner", "Move your Runner one space"),
    ("both", "Re-roll both grey dice"),
    ("skip", "Do without it"),
    *((f"bonus_{c}", f"Take the {c} Battle Bonus") for c in COLOURS),
    *((f"die_{s}", f"Choose {slot_words(s)}") for s in SLOTS),
    *(
        (f"banner_{b}_{s}", f"Add the {b.replace('_', ' ')} banner to {slot_words(s)}")
        for b in BANNERS
        for s in SLOTS
    ),
    *(
        (
            f"pay_{s}_{c}",
            f"Pay with {slot_words(s)}" + (f" and {c} coin{'s' if c > 1 else ''}" if c else ""),
        )
        for s in SLOTS
        for c in range(MAX_COINS + 1)
    ),
    *(
        (f"pay_coins_{c}", f"Pay with {c} coin{'s' if c > 1 else ''}")
        for c in range(1, MAX_COINS + 1)
    ),
)
PLACE = "place"


class ParaActions(CardActionSpace):
    """Card and plain actions as in every card game, then one index per card and army cell:
    `{"kind": "place", "card": "012", "cell": 13}` places a card there."""

    def __init__(self, table: CardTable[Any]) -> None:
        super().__init__(table, CARD_KINDS, PLAIN_KINDS, MAX_CARDS)
        self.place_base = self.size
        self.size = self.place_base + MAX_CARDS * CELLS
        index = self.plain_index
        self._die = {s: index[f"die_{s}"] for s in SLOTS}
        self._banner = {(b, s): index[f"banner_{b}_{s}"] for b in BANNERS for s in SLOTS}
        self._pay = {(s, c): index[f"pay_{s}_{c}"] for s in SLOTS for c in range(MAX_COINS + 1)}
        self._pay.update({("", c): index[f"pay_coins_{c}"] for c in range(1, MAX_COINS + 1)})
        self._way = {i: way for way, i in self._pay.items()}
        # The Action phase's basic actions, read at every one of its decisions.
        self.basic = {k: self.plain(k) for k in ("muster", "empower", "consult", "motivate")}
        self.end_actions = self.plain("end_actions")

    def dice(self, slots: list[str]) -> list[Action]:
        """Choose each die (or empty slot) of `slots`."""
        index = self._die
        return [self[index[slot]] for slot in slots]

    def banners(self, pairs: list[tuple[str, str]]) -> list[Action]:
        """Add each (banner, slot) pair's banner to the die in its slot."""
        index = self._banner
        return [self[index[pair]] for pair in pairs]

    def way(self, payment: Action) -> tuple[str, int]:
        """A payment's (slot, coins): the die it pays with ("": coins alone) and the coins."""
        return self._way[payment.index]

    def payments(self, ways: list[tuple[str, int]]) -> list[Action]:
        """Pay each (slot, coins) way: the die in the slot ("": coins alone) and the coins."""
        index = self._pay
        return [self[index[way]] for way in ways]

    def __missing__(self, index: int) -> Action:
        if isinstance(index, int) and not isinstance(index, bool) and self.place_base <= index:
            if index >= self.size:
                raise IllegalAction(f"action index must be in 0..{self.size - 1}, not {index}")
            uid, cell = divmod(index - self.place_base, CELLS)
            if uid >= self.table.size:
                raise IllegalAction(f"action index {index} names no card of this game")
            text = f"Place {self.table.label[uid]} on {cell_words(cell)}"
            action = Action(PLACE, {"card": self.table.token[uid], "cell": cell}, index, text)
            self[index] = action
            return action
        return super().__missing__(index)

    def place(self, uid: int, cell: int) -> Action:
        return self[self.place_base + uid * CELLS + cell]

    def places(self, uid: int, cells: list[int]) -> list[Action]:
        """Card `uid` placed on each of `cells`."""
        first = self.place_base + uid * CELLS
        return [self[first + cell] for cell in cells]

    def cards(self, kind: str, uids: list[int]) -> list[Action]:
        """The action `kind` about each of `uids`."""
        base = self.card_base[kind]
        return [self[base + uid] for uid in uids]

    def placed(self, action: Action) -> tuple[int, int]:
        """A place action's card and cell."""
        return divmod(action.index - self.place_base, CELLS)

    def uid(self, action: Action) -> int:
        """The card an action names (-1 for a plain action): CardActionSpace.uid's, and a
        placed card's."""
        index = action.index
        if index >= self.place_base:
            return (index - self.place_base) // CELLS
        return -1 if index >= self.plain_base else index % self.max_cards

    def from_json(self, data: Any) -> Action:
        if isinstance(data, dict) and data.get("kind") == PLACE:
            token, cell = data.get("card"), data.get("cell")
            uid = self.table.uid_by_token.get(token) if isinstance(token, str) else None
            if set(data) != {"kind", "card", "cell"} or uid is None:
                raise IllegalAction(
                    'a place names its card and its cell: {"card": "012", "cell": 13}'
                )
            if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < CELLS:
                raise IllegalAction(
                    f"a cell is a whole number from 0 to {CELLS - 1}, not {shown(cell)}"
                )
            return self.place(uid, cell)
        return super().from_json(data)


SIZE = len(CARD_KINDS) * MAX_CARDS + len(PLAIN_KINDS) + MAX_CARDS * CELLS
