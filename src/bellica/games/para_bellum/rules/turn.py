"""A turn: the Event, the Army phase (placing a card and what it completes), the Action phase
(basic actions, permanents, the Alliance), the Draw phase, and passing the turn on."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import compress

from bellica.core import Action
from bellica.core.stack import Card, Count, Decision, Number, Side, Step, Task, Word
from bellica.games.para_bellum.cards import COLOURS, Alliance
from bellica.games.para_bellum.rules import TASKS, task
from bellica.games.para_bellum.rules.dice import (
    GREY_SLOTS,
    RED_SLOTS,
    SLOT_NUMBERS,
    Purse,
    add_die,
    affordable,
    cost_of,
    count,
    dice,
    set_value,
)
from bellica.games.para_bellum.rules.effects import (
    ChooseBanner,
    ChooseDie,
    TakeCommand,
    push_effects,
    push_payment,
)
from bellica.games.para_bellum.rules.grid import (
    is_complete,
    junctions_made,
    legion,
    occupy,
    open_cells,
    special_cells,
)
from bellica.games.para_bellum.rules.modifiers import (
    event_changed,
    modifier,
    rules_changed,
    with_actions,
)
from bellica.games.para_bellum.rules.scoring import finish
from bellica.games.para_bellum.state import (
    ACTIONS,
    ARMY,
    CELLS,
    FIVE_COLOURS_VP,
    HAND_LIMIT,
    START_CELL,
    WIDTH,
    ParaState,
)

ALL_COLOURS = (1 << len(COLOURS)) - 1
ROUND_LIMIT = "the round limit"  # how an ending by the round_limit house rule begins


# -- drawing and taking ------------------------------------------------------------------------
def draw_army(state: ParaState, side: int) -> None:
    """`side` draws an Army card; drawing the last one triggers the end of the game."""
    deck = state.army_deck
    if not deck:
        return
    uid = deck.pop()
    state.hand[side].append(uid)
    for tucked in state.tucked:
        if uid in tucked:
            tucked.remove(uid)
    state.caused.append(("draw", side, uid))
    if not deck:
        trigger_end(state, side, "drew the last Army card")


def leave_hand(state: ParaState, side: int, uid: int) -> None:
    """A card leaves `side`'s hand (it is no longer a card everybody knows is there)."""
    state.hand[side].remove(uid)
    if uid in state.known[side]:
        state.known[side].remove(uid)


def line_takes(state: ParaState) -> list[Action]:
    """Taking each Battle Line card: the choices of a take, in play or at the set-up."""
    card = state.game.actions.card
    return [card("take", u) for u in state.battle_line]


def take_from_line(state: ParaState, side: int, uid: int, refill: bool = True) -> None:
    """`side` takes a Battle Line card into its hand; the line is refilled from the deck
    (not during the set-up's takes)."""
    state.battle_line.remove(uid)
    state.hand[side].append(uid)
    state.known[side].append(uid)
    state.caused.append(("take", side, uid))
    if refill:
        refill_line(state)


def refill_line(state: ParaState) -> None:
    while len(state.battle_line) < 4 and state.command_deck:
        uid = state.command_deck.pop()
        state.battle_line.append(uid)
        state.caused.append(("line", uid))


def trigger_end(state: ParaState, side: int, why: str) -> None:
    """The first trigger makes `side` the Ending Player: the game ends when the turn would
    next pass to them."""
    if state.ending < 0:
        state.ending = side
        state.caused.append(("ending", side, why))


# -- the turn -----------------------------------------------------------------------------------
def next_player(state: ParaState, side: int) -> int:
    return (side + 1) % state.game.players


def begin_turn(state: ParaState, side: int) -> None:
    """`side`'s turn: the first player reveals the round's Event; then the Army phase, the
    Action phase and the end of the turn wait on the stack."""
    state.active = side
    state.turn += 1
    state.phase = ARMY
    state.used = []
    state.legion_take = False
    state.caused.append(("turn", side, state.turn))
    state.stack += turn_phases(side)
    if side == state.first:  # the Event's reveal effects go above the turn: they come first
        state.round += 1
        reveal_event(state)
    state.actions_left = state.game.tokens_per_turn + modifier(state, side, "actions")


@cache
def turn_phases(side: int) -> tuple[Task, ...]:
    """The end of `side`'s turn, its Action phase and its Army phase, bottom first: the same
    tasks serve every turn (a task never changes)."""
    return EndTurn(side), ActionPhase(side), ArmyPhase(side)


def reveal_event(state: ParaState) -> None:
    """The old Event is put away and the next one turned up; its reveal effects apply to every
    player, the first player first."""
    if state.event:
        state.events_done.append(state.event.pop())
        event_changed(state)
    if not state.event_deck:
        return
    uid = state.event_deck.pop()
    state.event.append(uid)
    if state.game.rules[uid]:
        event_changed(state)
    state.caused.append(("event", uid))
    game = state.game
    order = [(state.first + i) % game.players for i in range(game.players)]
    for side in reversed(order):
        push_effects(state, side, uid, "reveal")


@dataclass(frozen=True, slots=True)
class ArmyPhase(Decision):
    """`side` plays one Army card from its hand onto its army (passed over when none fits)."""

    side: Side

    def choices(self, state: ParaState) -> list[Action]:
        return placements(state, self.side)

    def choose(self, state: ParaState, action: Action) -> None:
        uid, cell = state.game.actions.placed(action)
        leave_hand(state, self.side, uid)
        place(state, self.side, uid, cell)


TASKS.add("army_phase", ArmyPhase)


def placements(state: ParaState, side: int) -> list[Action]:
    """Every Army card of the hand on every cell it fits (rules.grid.can_place), worked out
    once per cell: the shapes (colour and edges) its neighbours leave room for (the army's
    room, rules.grid.narrowed), among the hand's; and once per shape: the cells it fits."""
    game = state.game
    places = game.actions.places
    is_army = game.is_army
    army_cards = sorted([u for u in state.hand[side] if is_army[u]])
    if not army_cards:
        return []
    shape_bit = game.shape_bit
    in_hand = 0
    for uid in army_cards:
        in_hand |= shape_bit[uid]
    room = state.room[side]
    wanted = []
    for cell in open_cells(state, side):
        shapes = in_hand & room[cell]
        if shapes:
            wanted.append((cell, shapes))
    out: list[Action] = []
    if not wanted:
        return out
    cells_of: dict[int, list[int]] = {}
    for uid in army_cards:
        bit = shape_bit[uid]
        cells = cells_of.get(bit)
        if cells is None:
            cells = cells_of[bit] = [cell for cell, shapes in wanted if shapes & bit]
        if cells:
            out += places(uid, cells)
    return out


def place(state: ParaState, side: int, uid: int, cell: int) -> None:
    """A card joins the army: the Legion it completes gets its grey dice (a 1 or 2 takes a
    Command card, once a turn), its colour's first Legion a Blazon, a Big Legion its Battle
    Bonus and Morale tests for the opponents; then each Centurion it completes gets a red die
    and a banner."""
    game = state.game
    occupy(state, side, cell, uid)
    state.army[side].append(uid)
    if game.rules[uid] or game.is_special[uid]:
        rules_changed(state)
    state.caused.append(("place", side, uid, cell))
    junctions = junctions_made(state, side, cell)
    if junctions:
        state.stack.append(task(Centurions, side, cell))
    if game.is_special[uid]:
        return
    run = legion(state, side, cell)
    if not is_complete(state, side, run):
        return
    colour = game.colour[uid]
    state.legions[side] += 1
    state.bigs[side] += len(run) >= 3
    state.caused.append(("legion", side, tuple(run), colour))
    low = False
    for c in run:
        if c != START_CELL and not state.grey[side][c]:
            low |= 0 < add_die(state, side, f"g{c}") <= 2
    state.coins[side] += modifier(state, side, "legion_coins")
    bit = 1 << COLOURS.index(colour)
    if not state.blazons[side] & bit:
        state.blazons[side] |= bit
        state.caused.append(("blazon", side, colour))
        if state.blazons[side] == ALL_COLOURS and state.ending < 0:
            state.vp[side] += FIVE_COLOURS_VP
            trigger_end(state, side, "completed Legions of all five colours")
    if len(run) >= 3:
        full = sum(1 for c in run if game.full[state.grid[side][c]])
        for other in reversed(game.opponents(side)):
            state.stack.append(task(MoraleTest, other, full))
        battle = state.battle[0]
        if colour == state.colour[side]:
            state.stack.append(ChooseBonus(side, battle))
        else:
            push_effects(state, side, battle, colour)
    if low and not state.legion_take:
        state.legion_take = True
        state.stack.append(task(TakeCommand, side))


@dataclass(frozen=True, slots=True)
class Centurions(Step):
    """The Centurions a card on `cell` completed: a red die in each new junction, and a
    banner for each."""

    side: Side
    cell: Count

    def run(self, state: ParaState) -> None:
        side = self.side
        for junction in junctions_made(state, side, self.cell):
            add_die(state, side, f"r{junction}")
            state.vp[side] += modifier(state, side, "centurion_vp")
            state.caused.append(("centurion", side, junction))
            state.stack.append(task(ChooseBanner, side))


TASKS.add("centurions", Centurions)


@dataclass(frozen=True, slots=True)
class ChooseBonus(Decision):
    """A Big Legion of `side`'s starting colour: any of the Battle card's five bonuses."""

    side: Side
    battle: Card

    def choices(self, state: ParaState) -> list[Action]:
        plain = state.game.actions.plain
        return [plain(f"bonus_{c}") for c in COLOURS]

    def choose(self, state: ParaState, action: Action) -> None:
        push_effects(state, self.side, self.battle, action.kind[len("bonus_") :])


TASKS.add("choose_bonus", ChooseBonus)
ChooseBonus.mid_move = True  # a choice inside the action, card or Legion that asked for it


@dataclass(frozen=True, slots=True)
class MoraleTest(Step):
    """`side` rolls a die plus `bonus` (full-colour cards, a card's amount) and its own
    modifier; it passes with no more than its red and grey dice, else loses a grey die."""

    side: Side
    bonus: Count

    def run(self, state: ParaState) -> None:
        side = self.side
        roll = state.rng.d6()
        total = roll + self.bonus + modifier(state, side, "morale_bonus")
        dice_held = count(state, side, "red") + count(state, side, "grey")
        passed = total <= dice_held
        state.caused.append(("morale", side, roll, total, dice_held, passed))
        if not passed and dice(state, side, "grey"):
            state.stack.append(task(ChooseDie, side, "lose", 0))


TASKS.add("morale_test", MoraleTest)


# -- the Action phase ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ActionPhase(Decision):
    """`side` spends its action tokens, one action at a time, or ends the phase."""

    side: Side

    def choices(self, state: ParaState) -> list[Action]:
        state.phase = ACTIONS
        if state.actions_left <= 0:
            return [state.game.actions.end_actions]
        out = action_choices(state, self.side)
        out.append(state.game.actions.end_actions)  # a new list: it may grow
        return out

    def choose(self, state: ParaState, action: Action) -> None:
        if action.kind == "end_actions":
            return
        state.stack.append(self)  # the phase goes on (a task never changes: the same one)
        state.actions_left -= 1
        take_action(state, self.side, action)


TASKS.add("action_phase", ActionPhase)


def action_choices(state: ParaState, side: int) -> list[Action]:
    """The actions `side` can pay for now, in a fixed order: Command cards from the hand
    (Orders, Permanents, Special Units on each cell they fit), the basic actions, Requisition
    of each Army card, the Permanents' actions, and at four players the Alliance and Runner."""
    game = state.game
    space = game.actions
    basic = space.basic
    purse = Purse(state, side)
    pays_for = purse.pays_for
    hand = sorted(state.hand[side])
    is_army = game.is_army
    army_cards = [uid for uid in hand if is_army[uid]]  # to requisition, below
    out = command_choices(state, side, hand, purse) if len(army_cards) < len(hand) else []
    if state.army_deck and pays_for("muster"):
        out.append(basic["muster"])
    if _empower_room(state, side) and pays_for("empower"):
        out.append(basic["empower"])
    if state.battle_line and pays_for("consult"):
        out.append(basic["consult"])
    red_and_grey = state.red_count[side] and state.grey_count[side]
    if red_and_grey and pays_for("motivate") and can_motivate(state, side):
        out.append(basic["motivate"])  # a red die spent (and the rest of its cost, if any)
    if army_cards and pays_for("requisition"):
        out += space.cards("requisition", army_cards)
    acting = with_actions(state, side)
    if acting:
        affords = purse.affords
        use, card_costs, used = space.card_base["use"], game.card_costs, state.used
        for uid in acting:
            if uid not in used and affords(card_costs[uid]["use"]):  # cost_of's use-…
                out.append(space[use + uid])
    if game.teamed:
        alliance = state.alliances[game.team_of(side)]
        if purse.affords(cost_of(state, side, f"alliance-{game.token(alliance)}")):
            out.append(space.plain("alliance"))
        out.append(space.plain("runner"))
    return out


def command_choices(state: ParaState, side: int, hand: list[int], purse: Purse) -> list[Action]:
    """The Command cards of the sorted `hand` that `side` can play now: each Order with an
    option it can pay for (and the Command action's cost), each Permanent, each Special Unit
    on each cell it fits (with the Deploy action's cost)."""
    game = state.game
    space = game.actions
    command_type = game.command_type
    out: list[Action] = []
    # Whether the Command and Deploy actions' costs can be paid: asked once, if at all.
    command: bool | None = None
    deploy: bool | None = None
    play = space.card_base["play"]
    for uid in hand:
        kind = command_type[uid]
        if not kind:
            continue
        if kind == "order":
            if command is None:
                command = purse.pays_for("command")
            if command:  # and one of its options can be paid
                for general, rest in game.order_costs[uid]:
                    if purse.meets(general, rest):
                        out.append(space[play + uid])
                        break
        else:
            if deploy is None:
                deploy = purse.pays_for("deploy")
            if not deploy:
                continue
            if kind == "permanent":
                out.append(space[play + uid])
            else:
                out += space.places(uid, special_cells(state, side))
    return out


def _empower_room(state: ParaState, side: int) -> bool:
    """Whether a grey die is below 6: their pips fall short of six for each."""
    return state.grey_pips[side] < 6 * state.grey_count[side]


def can_motivate(state: ParaState, side: int) -> bool:
    """Whether a red die may pay a Motivate (motivators'), looking no further than the first."""
    game = state.game
    if game.motivate_banner:  # only the die carrying the banner
        return bool(motivators(state, side))
    pips = game.motivate_pips
    grey, red = state.grey[side], state.red[side]
    for j in compress(SLOT_NUMBERS, red):  # each red die held
        if red[j] >= pips and (grey[j] or grey[j + WIDTH]):
            break
    else:
        return False
    return True


def motivators(state: ParaState, side: int) -> list[str]:
    """The red dice that may pay a Motivate: showing at least its pips (and carrying its
    banner, if the cost names one), with a grey die on a card their junction joins."""
    game = state.game
    pips, banner = game.motivate_pips, game.motivate_banner
    grey, red = state.grey[side], state.red[side]
    out = [
        RED_SLOTS[j]
        for j in compress(SLOT_NUMBERS, red)
        if red[j] >= pips and (grey[j] or grey[j + WIDTH])
    ]
    return [s for s in out if s == state.banner[side][banner]] if banner else out


def take_action(state: ParaState, side: int, action: Action) -> None:
    """Carry out an action of the Action phase: its payment first, then what it does."""
    game = state.game
    space = game.actions
    kind = action.kind
    state.caused.append(("action", side, kind))
    if kind == "place":  # Deploy a Special Unit on a cell
        uid, cell = space.placed(action)
        state.stack.append(task(Deploy, side, uid, cell))
        push_payment(state, side, "deploy")
        return
    uid = space.uid(action)
    if kind == "play":
        entry = game.table.card[uid]
        if entry.type == "order":
            state.stack.append(task(OrderOption, side, uid))
            push_payment(state, side, "command")
        else:
            state.stack.append(task(Deploy, side, uid, -1))
            push_payment(state, side, "deploy")
    elif kind == "requisition":
        state.stack.append(task(Requisition, side, uid))
        push_payment(state, side, "requisition")
    elif kind == "use":
        state.used.append(uid)
        state.stack.append(task(Effects, side, uid, "use"))
        push_payment(state, side, f"use-{game.token(uid)}")
    elif kind == "muster":
        state.stack.append(task(Muster, side))
        push_payment(state, side, "muster")
    elif kind == "empower":
        state.stack.append(task(ChooseDie, side, "empower", game.basic.empower_amount))
        push_payment(state, side, "empower")
    elif kind == "consult":
        state.stack.append(task(TakeCommand, side))
        push_payment(state, side, "consult")
    elif kind == "motivate":
        state.stack.append(Motivate(side, "-"))
        push_payment(state, side, "motivate")  # General pips or coins: the dice stay as they are
    elif kind == "alliance":
        alliance = state.alliances[game.team_of(side)]
        state.stack.append(task(Effects, side, alliance, "alliance"))
        push_payment(state, side, f"alliance-{game.token(alliance)}")
    elif kind == "runner":
        run_runner(state, side)


def run_runner(state: ParaState, side: int) -> None:
    """The Runner moves a space toward the teammate; at the far end its bonus, then home."""
    game = state.game
    alliance = state.alliances[game.team_of(side)]
    card = game.table.card[alliance]
    assert isinstance(card, Alliance)
    state.runner[side] += 1
    state.caused.append(("runner", side, state.runner[side], card.track))
    if state.runner[side] >= card.track:
        state.runner[side] = 0
        push_effects(state, side, alliance, "runner")


@dataclass(frozen=True, slots=True)
class Effects(Step):
    """Once paid for, a source's effects go on the stack."""

    side: Side
    card: Card
    where: Word

    def run(self, state: ParaState) -> None:
        push_effects(state, self.side, self.card, self.where)


TASKS.add("effects", Effects)


@dataclass(frozen=True, slots=True)
class Muster(Step):
    side: Side

    def run(self, state: ParaState) -> None:
        draw_army(state, self.side)


TASKS.add("muster", Muster)


@dataclass(frozen=True, slots=True)
class Requisition(Step):
    """Once its cost (none in our card file) is paid, the Army card goes under the Army deck
    and `side` gains a coin."""

    side: Side
    card: Card

    def run(self, state: ParaState) -> None:
        side, uid = self.side, self.card
        leave_hand(state, side, uid)
        state.army_deck.insert(0, uid)
        state.tucked[side].append(uid)
        state.coins[side] += 1 + modifier(state, side, "requisition_coins")
        state.recount = True


TASKS.add("requisition", Requisition)


@dataclass(frozen=True, slots=True)
class OrderOption(Decision):
    """`side` plays the Order `card` (its Command cost paid): one of its options it can pay."""

    side: Side
    card: Card

    def choices(self, state: ParaState) -> list[Action]:
        game = state.game
        token = game.token(self.card)
        options = game.table.card[self.card].options
        return [
            game.actions.plain(f"option_{i + 1}")
            for i in range(len(options))
            if affordable(state, self.side, cost_of(state, self.side, f"opt{i + 1}-{token}"))
        ]

    def choose(self, state: ParaState, action: Action) -> None:
        game = state.game
        where = f"opt{action.kind[-1]}"
        leave_hand(state, self.side, self.card)
        state.discard.append(self.card)
        state.caused.append(("order", self.side, self.card, where))
        state.stack.append(task(Effects, self.side, self.card, where))
        push_payment(state, self.side, f"{where}-{game.token(self.card)}")


TASKS.add("order_option", OrderOption)
OrderOption.mid_move = True


@dataclass(frozen=True, slots=True)
class Deploy(Step):
    """A paid Deploy: the Permanent goes below the army, the Special Unit on its cell."""

    side: Side
    card: Card
    cell: Number  # -1 for a Permanent

    def run(self, state: ParaState) -> None:
        side, uid = self.side, self.card
        leave_hand(state, side, uid)
        state.caused.append(("deploy", side, uid))
        if self.cell >= 0 and state.game.is_special[uid]:
            place(state, side, uid, self.cell)
        else:
            state.permanents[side].append(uid)
            state.recount = True
            rules_changed(state)


TASKS.add("deploy", Deploy)


@dataclass(frozen=True, slots=True)
class Motivate(Decision):
    """`side` spends a red die (`slot` "" until chosen), then re-rolls one or both grey dice
    of the two cards its junction joins."""

    side: Side
    slot: Word  # "-" until the red die is chosen

    def choices(self, state: ParaState) -> list[Action]:
        space = state.game.actions
        if self.slot == "-":
            return space.dice(motivators(state, self.side))
        j = int(self.slot[1:])
        grey = state.grey[self.side]
        out = space.dice([GREY_SLOTS[c] for c in (j, j + WIDTH) if c < CELLS and grey[c]])
        return [*out, space.plain("both")] if len(out) == 2 else out

    def choose(self, state: ParaState, action: Action) -> None:
        side = self.side
        if self.slot == "-":
            slot = action.kind[4:]
            pips = state.game.motivate_pips
            j = int(slot[1:])
            set_value(state, side, slot, state.red[side][j] - pips)
            state.stack.append(Motivate(side, slot))
            return
        j = int(self.slot[1:])
        cells = (j, j + WIDTH) if action.kind == "both" else (int(action.kind[len("die_g") :]),)
        for c in cells:
            if state.grey[side][c]:
                set_value(state, side, f"g{c}", state.rng.d6())


TASKS.add("motivate", Motivate)
Motivate.mid_move = True


# -- the end of the turn ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class EndTurn(Step):
    """The Draw phase (an Army card; unspent tokens lost; down to the hand limit), disabled
    cards of this player turn face up, and the turn passes (or the game ends)."""

    side: Side

    def run(self, state: ParaState) -> None:
        side = self.side
        state.actions_left = 0
        draw_army(state, side)
        state.stack.append(task(PassTurn, side))
        if len(state.hand[side]) > hand_limit(state, side):
            state.stack.append(Discard(side))


TASKS.add("end_turn", EndTurn)


def hand_limit(state: ParaState, side: int) -> int:
    return HAND_LIMIT + modifier(state, side, "hand_limit")


@dataclass(frozen=True, slots=True)
class Discard(Decision):
    """`side` discards down to its hand limit, one card at a time."""

    side: Side

    def choices(self, state: ParaState) -> list[Action]:
        card = state.game.actions.card
        return [card("discard", u) for u in sorted(state.hand[self.side])]

    def choose(self, state: ParaState, action: Action) -> None:
        uid = state.game.actions.uid(action)
        leave_hand(state, self.side, uid)
        state.discard.append(uid)
        state.caused.append(("discarded", self.side, uid))
        if len(state.hand[self.side]) > hand_limit(state, self.side):
            state.stack.append(Discard(self.side))


TASKS.add("discard", Discard)
Discard.mid_move = True


@dataclass(frozen=True, slots=True)
class PassTurn(Step):
    """This player's disabled cards turn face up; the next player's turn, unless the turn
    would pass to the Ending Player, or the round limit is reached."""

    side: Side

    def run(self, state: ParaState) -> None:
        game = state.game
        if state.disabled:  # seldom: nothing to look through without a disabled card
            mine = {*state.permanents[self.side], *state.army[self.side]}
            if any(u in mine for u in state.disabled):
                state.disabled = [u for u in state.disabled if u not in mine]
                rules_changed(state)
        after = next_player(state, self.side)
        if state.ending >= 0 and after == (state.first if game.equal_turns else state.ending):
            finish(state, "")
            return
        limit = game.round_limit
        if limit and after == state.first and state.round >= limit:
            finish(state, f"{ROUND_LIMIT} ({limit} rounds, a house rule) is reached")
            return
        begin_turn(state, after)


TASKS.add("pass_turn", PassTurn)
