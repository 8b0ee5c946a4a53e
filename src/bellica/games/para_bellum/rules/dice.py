"""Dice: adding and losing them, banners, the costs named by their source, and the ways to pay
a cost with dice and coins."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress

from bellica.core import Action
from bellica.core.stack import Count, Decision, Side, Word
from bellica.games.para_bellum.cards import GREY_BANNERS, RED_BANNERS, Cost
from bellica.games.para_bellum.rules import TASKS
from bellica.games.para_bellum.rules.grid import completed_legions
from bellica.games.para_bellum.rules.modifiers import changes, modifier
from bellica.games.para_bellum.state import (
    CELLS,
    EMPTY,
    JUNCTIONS,
    MAX_GREY,
    MAX_RED,
    START_CELL,
    ParaState,
)

GENERAL = "general"


SLOT_NUMBERS = range(CELLS)  # every grey slot's number, and the red slots' among them
GREY_SLOTS = tuple(f"g{c}" for c in range(CELLS))
RED_SLOTS = tuple(f"r{j}" for j in range(JUNCTIONS))
SLOT_DIE = {
    GENERAL: (GENERAL, -1),
    **{slot: ("grey", c) for c, slot in enumerate(GREY_SLOTS)},
    **{slot: ("red", j) for j, slot in enumerate(RED_SLOTS)},
}


def slot_die(slot: str) -> tuple[str, int]:
    """ "g13" -> ("grey", 13), "r4" -> ("red", 4), "general" -> ("general", -1)."""
    found = SLOT_DIE.get(slot)
    if found is not None:
        return found
    return ("grey" if slot[0] == "g" else "red"), int(slot[1:])


def value(state: ParaState, side: int, slot: str) -> int:
    kind, at = slot_die(slot)
    if kind == GENERAL:
        return state.general[side]
    return (state.grey if kind == "grey" else state.red)[side][at]


def dice(state: ParaState, side: int, kind: str) -> list[str]:
    """The slots holding a die of that colour ("grey", "red", "general")."""
    if kind == GENERAL:
        return [GENERAL]
    if kind == "grey":
        values, names = state.grey[side], GREY_SLOTS
    else:
        values, names = state.red[side], RED_SLOTS
    return list(compress(names, values))


def count(state: ParaState, side: int, kind: str) -> int:
    """How many dice of that colour ("grey" or "red") the army holds."""
    return (state.grey_count if kind == "grey" else state.red_count)[side]


# -- each army's dice, tallied where a die changes ------------------------------------------
def put_face(state: ParaState, side: int, kind: str, at: int, face: int) -> None:
    """A red or grey die in slot `at` now shows `face` (0: the slot is empty); the army's
    tally of that colour follows: how many dice, their pips, and the best face (forgotten,
    to be worked out again by best_face, when the die that showed it falls)."""
    if kind == "grey":
        values, dice_held, pips, best = (
            state.grey[side],
            state.grey_count,
            state.grey_pips,
            state.grey_best,
        )
    else:
        values, dice_held, pips, best = (
            state.red[side],
            state.red_count,
            state.red_pips,
            state.red_best,
        )
    old = values[at]
    values[at] = face
    state.recount = True
    dice_held[side] += (face > 0) - (old > 0)
    pips[side] += face - old
    if face > best[side] >= 0:
        best[side] = face
    elif face < old == best[side]:
        best[side] = -1


def best_face(state: ParaState, side: int, kind: str) -> int:
    """The highest face among the army's dice of that colour (0 when it holds none)."""
    best = state.grey_best if kind == "grey" else state.red_best
    face = best[side]
    if face < 0:
        face = best[side] = max(state.grey[side] if kind == "grey" else state.red[side])
    return face


def tally_dice(state: ParaState) -> None:
    """Every army's tally worked out from its dice (a state read from a position)."""
    for side, (grey, red) in enumerate(zip(state.grey, state.red, strict=True)):
        state.grey_count[side] = len(grey) - grey.count(0)
        state.grey_pips[side] = sum(grey)
        state.grey_best[side] = max(grey)
        state.red_count[side] = len(red) - red.count(0)
        state.red_pips[side] = sum(red)
        state.red_best[side] = max(red)


def set_value(state: ParaState, side: int, slot: str, new: int) -> None:
    """Set a die; a red or grey die at 0 is lost with its banner; the General never below 1."""
    kind, at = slot_die(slot)
    if kind == GENERAL:
        state.general[side] = max(1, min(6, new))
        return
    new = max(0, min(6, new))
    put_face(state, side, kind, at, new)
    if new == 0:
        banners = state.banner[side]
        for name, where in banners.items():
            if where == slot:
                banners[name] = ""
        state.caused.append(("lost", side, slot))


def add_die(state: ParaState, side: int, slot: str) -> int:
    """Roll a new die into an empty slot (nothing when the army holds the most of that
    colour). Returns the face, or 0."""
    kind, at = slot_die(slot)
    limit = MAX_GREY if kind == "grey" else MAX_RED
    values = state.grey[side] if kind == "grey" else state.red[side]
    if values[at] or count(state, side, kind) >= limit:
        return 0
    face = state.rng.d6()
    put_face(state, side, kind, at, face)
    state.caused.append(("die", side, slot, face))
    return face


def empty_slots(state: ParaState, side: int, kind: str) -> list[str]:
    """Empty slots a new die of that colour may be rolled into: a grey slot on an Army card
    of a complete Legion, a red slot at a junction of two Army cards."""
    game = state.game
    grid = state.grid[side]
    if kind == "grey":
        cells = {c for run in completed_legions(state, side) for c in run}
        return [f"g{c}" for c in sorted(cells) if c != START_CELL and not state.grey[side][c]]
    out = []
    for j in range(JUNCTIONS):
        below, above = grid[j], grid[j + 9] if j + 9 < CELLS else EMPTY
        if (
            below != EMPTY
            and above != EMPTY
            and not game.is_special[below]
            and not game.is_special[above]
            and not state.red[side][j]
        ):
            out.append(f"r{j}")
    return out


def banner_choices(state: ParaState, side: int) -> list[tuple[str, str]]:
    """(banner, slot) pairs a Centurion's banner may go to: an unused red banner on a red die,
    an unused grey banner on a grey die, each die holding at most one banner."""
    banners = state.banner[side]
    carrying = set(banners.values())
    out = []
    for family, kind in ((RED_BANNERS, "red"), (GREY_BANNERS, "grey")):
        free = [b for b in family if not banners[b]]
        if not free:
            continue
        for slot in dice(state, side, kind):
            if slot not in carrying:
                out += [(b, slot) for b in free]
    return out


# -- paying ---------------------------------------------------------------------------------
def pay_options(
    state: ParaState,
    side: int,
    item: Cost,
    dice_values: dict[str, int] | None = None,
    coins: int | None = None,
) -> list[tuple[str, int]]:
    """The ways to pay one cost item, as (slot or "" for coins alone, coins used)."""
    held = state.coins[side] if coins is None else coins
    if item.coins:  # spent as they are, unless a rule forbids spending coins
        if held < item.coins or modifier(state, side, "no_coins") > 0:
            return []
        return [("", item.coins)]
    kind = item.die or "grey"
    pips = item.pips or 0
    if kind == GENERAL:  # never with coins; the General die keeps at least 1
        v = state.general[side]
        if dice_values:
            v = dice_values.get(GENERAL, v)
        return [(GENERAL, 0)] if 0 < pips <= v - 1 else []
    banner = item.banner
    if modifier(state, side, "no_coins") > 0:
        held = 0
    # The coins a die may be topped up with: all the pips but one (all of them for a banner's
    # item, whose die need only carry the banner), no more than held; the die gives the rest.
    most = min(pips if banner else pips - 1, held)
    out: list[tuple[str, int]] = []
    for slot, v in payers(state, side, kind, banner):
        if dice_values:
            v = dice_values.get(slot, v)
        for c in range(max(0, pips - v), most + 1):
            out.append((slot, c))
    if not banner and held >= pips:
        out.append(("", pips))
    return out


def payers(state: ParaState, side: int, kind: str, banner: str | None) -> list[tuple[str, int]]:
    """The dice of that colour that may pay, with their values: all of them, or the one
    carrying the banner."""
    if kind == GENERAL:
        return [(GENERAL, state.general[side])]
    values, names = (
        (state.grey[side], GREY_SLOTS) if kind == "grey" else (state.red[side], RED_SLOTS)
    )
    if banner:
        slot = state.banner[side][banner]
        found = SLOT_DIE.get(slot)
        if found is None or found[0] != kind or not values[found[1]]:
            return []
        return [(slot, values[found[1]])]
    return [(names[i], values[i]) for i in compress(SLOT_NUMBERS, values)]


# -- costs by their source ------------------------------------------------------------------
NO_COST: list[Cost] = []


def cost_of(state: ParaState, side: int, what: str) -> list[Cost]:
    """The cost a Pay task pays: a basic action ("muster"), an Order's option ("opt1-101"), a
    Permanent's action ("use-104"), the Alliance action ("alliance-140"). The game's own
    list: not to be changed."""
    game = state.game
    basic = game.basic_costs.get(what)
    if basic is not None:
        free = FREE_WITH.get(what)
        return NO_COST if free and modifier(state, side, free) > 0 else basic
    return game.named_costs.get(what, NO_COST)


FREE_WITH = {"muster": "muster_free", "consult": "consult_free"}  # the rule that waives it


def affordable(state: ParaState, side: int, items: list[Cost]) -> bool:
    """Whether every item of a cost can be paid, one after another."""
    return Purse(state, side).affords(items)


COINS = "coins"  # Purse.reach_of's name for a cost paid in coins alone


def plain_terms(name: str, items: list[Cost]) -> tuple[str, str, int]:
    """A basic action's cost as Purse.pays_for weighs it at once: the rule that waives it
    ("" if none), then one item without a banner as its die (COINS for coins alone) and
    pips, nothing to pay as (COINS, 0); any other cost as ("", 0), weighed item by item."""
    free = FREE_WITH.get(name, "")
    if not items:
        return free, COINS, 0
    if len(items) > 1 or items[0].banner:
        return free, "", 0
    item = items[0]
    if item.coins:
        return free, COINS, item.coins
    return free, item.die or "grey", item.pips or 0


def split_general(items: list[Cost]) -> tuple[int, list[Cost]]:
    """A cost as the General die's pips and the other items: the General die pays only General
    items, and those never with coins, so they are weighed apart."""
    general = sum(item.pips or 0 for item in items if item.die == GENERAL)
    return general, [item for item in items if item.die != GENERAL]


class Purse:
    """What `side` can pay with now, read once to weigh many costs: its coins (those it may
    spend, on a cost or topping up a die, are none under a no-coins rule), and the most pips
    one item without a banner can pay from each kind of die (`reach_of`)."""

    __slots__ = ("changes", "coins", "reach", "side", "state", "terms", "topping")

    def __init__(self, state: ParaState, side: int) -> None:
        self.state, self.side = state, side
        self.changes = rules = changes(state, side)
        self.coins = coins = state.coins[side]
        self.topping = topping = 0 if rules.get("no_coins", 0) > 0 else coins
        # reach_of's answers: the General die's and the coins' now, the dice's when asked.
        self.reach = {GENERAL: state.general[side] - 1, COINS: topping}
        self.terms = state.game.basic_terms

    def reach_of(self, die: str) -> int:
        """The most pips one item of a die without a banner can pay: the General die's keeping
        at least 1; a red or grey die's best face topped up with the coins that may be spent
        (the coins alone when no die is held); COINS: the coins alone."""
        found = self.reach.get(die)
        if found is None:
            found = self.reach[die] = best_face(self.state, self.side, die) + self.topping
        return found

    def pays_for(self, name: str) -> bool:
        """Whether a basic action's cost (cost_of's: none when a rule waives it) can be paid."""
        free, die, pips = self.terms[name]
        if free and self.changes.get(free, 0) > 0:
            return True
        reach = self.reach.get(die)  # the General die's and the coins' are known
        if reach is None:
            if not die:
                return self.affords(self.state.game.basic_costs[name])
            reach = self.reach_of(die)
        return reach >= pips

    def affords(self, items: list[Cost]) -> bool:
        """Whether every item of a cost can be paid, one after another."""
        if len(items) == 1:  # the common case, without building the options
            return self.covers(items[0])
        if not items:  # a cost of nothing (a card file may give one)
            return True
        return self.meets(*split_general(items))

    def meets(self, general: int, rest: list[Cost]) -> bool:
        """Whether a cost split by split_general can be paid: the General die's pips, then
        the other items."""
        if general and self.reach[GENERAL] < general:
            return False
        if len(rest) == 1:
            return self.covers(rest[0])
        return not rest or _payable(self.state, self.side, rest, {}, self.coins)

    def covers(self, item: Cost) -> bool:
        """Whether one cost item can be paid: coins, or a die topped up with coins (a banner's
        item from the die carrying it; the General die keeps at least 1)."""
        if item.coins:
            return self.topping >= item.coins
        pips = item.pips or 0
        if item.banner:  # never on the General die
            state, side = self.state, self.side
            slot = state.banner[side][item.banner]
            return bool(slot) and value(state, side, slot) >= pips - self.topping
        return self.reach_of(item.die or "grey") >= pips


def _payable(
    state: ParaState, side: int, items: list[Cost], spent: dict[str, int], coins: int
) -> bool:
    if not items:
        return True
    item, rest = items[0], items[1:]
    for slot, c in pay_options(state, side, item, spent, coins):
        after = dict(spent)
        if slot:
            current = spent.get(slot, value(state, side, slot))
            after[slot] = current - ((item.pips or 0) - c)
        if _payable(state, side, rest, after, coins - c):
            return True
    return False


def _leaves_enough(
    state: ParaState, side: int, item: Cost, rest: list[Cost], slot: str, coins: int
) -> bool:
    """Whether, paid this way, the item leaves enough for the rest of its cost."""
    spent = {}
    if slot:
        spent[slot] = value(state, side, slot) - ((item.pips or 0) - coins)
    return _payable(state, side, rest, spent, state.coins[side] - coins)


def pay(state: ParaState, side: int, item: Cost, slot: str, coins: int) -> None:
    """Pay one cost item: `coins` coins, the rest of the pips from the die in `slot`."""
    state.coins[side] -= coins
    state.recount = True
    if slot:
        set_value(state, side, slot, value(state, side, slot) - ((item.pips or 0) - coins))
    state.caused.append(("paid", side, slot, (item.pips or 0) - coins if slot else 0, coins))


@dataclass(frozen=True, slots=True)
class Pay(Decision):
    """`side` pays the cost item `index` of `what` (a cost named by its source: see
    cost_of): which die, and how many coins."""

    side: Side
    what: Word
    index: Count

    def item(self, state: ParaState) -> Cost:
        return cost_of(state, self.side, self.what)[self.index]

    def choices(self, state: ParaState) -> list[Action]:
        items = cost_of(state, self.side, self.what)
        item = items[self.index]
        rest = items[self.index + 1 :]
        options = pay_options(state, self.side, item)
        if rest:  # only the ways that leave enough for the rest of the cost
            options = [o for o in options if _leaves_enough(state, self.side, item, rest, *o)]
        return state.game.actions.payments(options)

    def choose(self, state: ParaState, action: Action) -> None:
        slot, coins = state.game.actions.way(action)
        pay(state, self.side, self.item(state), slot, coins)


TASKS.add("pay", Pay)
Pay.mid_move = True
