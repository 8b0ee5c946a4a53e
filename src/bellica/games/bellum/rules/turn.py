"""The turn: Rally, Assault, Deployment and Draw phases, and the end of the game."""

from __future__ import annotations

from dataclasses import dataclass

from bellica.core import Action
from bellica.core.cards import CardChoice
from bellica.core.stack import Card, Cards, Count, Decision, Side, Step, Team
from bellica.games.bellum.rules import TASKS
from bellica.games.bellum.rules.effects import (
    Deaths,
    Remove,
    deal_damage,
    draw,
    enter_play,
    open_window,
    order_triggers,
    play_spell,
    push_ability,
    worded,
)
from bellica.games.bellum.state import (
    ATTACKING,
    BLOCKING,
    DECLARE,
    DEPLOY,
    DRAW,
    DYING,
    KEEP,
    OVER,
    RALLY,
    BellumState,
)

HAND_SIZE = 5
DRAW_COUNT = 3


# -- turns ------------------------------------------------------------------------------------
def start_turn(state: BellumState) -> None:
    state.member = 0
    state.strategy_used = False
    state.died_this_turn = False
    state.pillage_bonus = (0, "", -1)
    if state.active in state.game.scripted:
        state.game.script.opponent_turn(state)
        return
    begin_rally(state)


@TASKS.kind("end_turn")
@dataclass(slots=True)
class EndTurn(Step):
    """The active team's turn is over."""

    def run(self, state: BellumState) -> None:
        end_turn(state)


def end_turn(state: BellumState) -> None:
    state.active ^= 1
    if state.active == state.first:
        state.round += 1
        limit = state.game.turn_limit
        if limit and state.round > limit:
            settle_at_turn_limit(state)
            return
    start_turn(state)


def next_member(state: BellumState) -> bool:
    """Move to the active team's next member; False when every member has had the phase."""
    if state.member + 1 < len(state.game.members[state.active]):
        state.member += 1
        return True
    state.member = 0
    return False


# -- A. Rally -------------------------------------------------------------------------------
def begin_rally(state: BellumState) -> None:
    state.phase = RALLY
    side = state.active_side()
    rally_start = state.game.rally_start
    if rally_start is not None:
        rally_start(state, side)
    state.rally_left = rally_abilities(state, side)


def rally_abilities(state: BellumState, side: int) -> list[int]:
    game = state.game
    return [
        uid
        for uid in state.play[side]
        if state.cover[uid] < 0 and game.effects(uid, state.face[uid], "rally")
    ]


def resolve_rally(state: BellumState, uid: int) -> None:
    state.rally_left.remove(uid)
    push_ability(state, state.active_side(), uid, "rally")


def end_rally(state: BellumState) -> None:
    if next_member(state):
        begin_rally(state)
    else:
        begin_declare(state)


# -- B. Assault -------------------------------------------------------------------------------
def begin_declare(state: BellumState) -> None:
    state.phase = DECLARE
    state.attackers = []
    state.blocks = []
    state.through = []


def can_attack(state: BellumState, uid: int) -> bool:
    return not state.status[uid] & (ATTACKING | DYING) and state.cover[uid] < 0


def attack_options(state: BellumState, side: int) -> list[int]:
    if not state.game.script.can_attack:
        return []
    return [u for u in state.living(side) if can_attack(state, u)]


def declare(state: BellumState, uid: int) -> None:
    state.status[uid] |= ATTACKING
    state.attackers.append(uid)
    state.caused.append(("attack", uid, state.active ^ 1))


def end_declare(state: BellumState) -> None:
    if next_member(state):
        return
    if not state.attackers:
        begin_deploy(state)
        return
    start_assault(state)


def start_assault(state: BellumState) -> None:
    """Attackers are declared: their Assault abilities trigger, then blocks, damage, pillage."""
    stack = state.stack
    stack.append(AssaultEnd())
    stack.append(PillageStep())
    stack.append(Combat())
    stack.append(Blocks(0))
    with_assault = [
        u
        for u in state.attackers
        if state.game.effects(u, state.face[u], "assault") and state.cover[u] < 0
    ]
    order_triggers(state, "assault", with_assault)
    open_window(state, "assault", state.attackers[0])


def defender_of(state: BellumState, attacker: int) -> int:
    """The enemy player facing the attacker on its battlefield."""
    return state.game.opponents[state.owner[attacker]][0]


def block_options(state: BellumState, attacker: int) -> list[int]:
    if state.has_ongoing(attacker, "unblockable"):
        return []
    defender = defender_of(state, attacker)
    return [
        u for u in state.living(defender) if state.cover[u] < 0 and not state.status[u] & BLOCKING
    ]


@TASKS.kind("blocks")
@dataclass(slots=True)
class Blocks(Step):
    """The defenders choose blockers, attacker by attacker from the `next`-th declared."""

    next: Count

    def run(self, state: BellumState) -> None:
        run_blocks(state, self.next)


def run_blocks(state: BellumState, index: int) -> None:
    """Each attacker in declaration order gets at most one blocker."""
    forced_blocks = state.game.forced_blocks
    if index == 0 and forced_blocks is not None and forced_blocks(state):
        return
    attackers = state.attackers
    while index < len(attackers):
        attacker = attackers[index]
        index += 1
        if state.status[attacker] & DYING or any(a == attacker for a, _ in state.blocks):
            continue
        options = block_options(state, attacker)
        if options:
            side = defender_of(state, attacker)
            state.stack.append(Blocks(index))
            state.stack.append(Block(side, attacker, tuple(options)))
            return
    after_blocks = state.game.after_blocks
    if after_blocks is not None:
        after_blocks(state)
    # Whether the assault succeeds is settled now: an attacker left unblocked pillages even
    # if it dies before the pillage step (ruling 28).
    state.through = unblocked(state)


@TASKS.kind("block")
@dataclass(slots=True)
class Block(CardChoice):
    """`side` may block `attacker` with one of `candidates`."""

    side: Side
    attacker: Card
    candidates: Cards
    verb = "block"

    def options(self, state: BellumState) -> tuple[int, ...]:
        return self.candidates

    def extra(self, state: BellumState) -> list[Action]:
        return [state.game.actions.plain("no_block")]

    def choices(self, state: BellumState) -> list[Action]:
        return worded(state, self, "Block with {card} against {other}", self.attacker)

    def automatic(self, action: Action) -> bool:
        return False

    def picked(self, state: BellumState, uid: int) -> None:
        block(state, self.attacker, uid)

    def declined(self, state: BellumState, action: Action) -> None:
        state.caused.append(("unblocked", self.attacker, self.side))


def block(state: BellumState, attacker: int, blocker: int) -> None:
    state.status[blocker] |= BLOCKING
    state.blocks.append((attacker, blocker))
    state.caused.append(("block", blocker, attacker))


@TASKS.kind("combat")
@dataclass(slots=True)
class Combat(Step):
    """The two creatures of each duel hurt each other by their power, at the same moment."""

    def run(self, state: BellumState) -> None:
        hits = []
        for attacker, blocker in state.blocks:
            if not state.status[attacker] & ATTACKING or not state.status[blocker] & BLOCKING:
                continue
            hits.append((blocker, state.power(attacker)))
            hits.append((attacker, state.power(blocker)))
        for uid, amount in hits:
            deal_damage(state, uid, amount)
        state.stack.append(Deaths())


def unblocked(state: BellumState) -> list[int]:
    blocked = {a for a, _ in state.blocks}
    return [a for a in state.attackers if a not in blocked]


@TASKS.kind("pillage_step")
@dataclass(slots=True)
class PillageStep(Step):
    """If an attacker was left unblocked, the defending city loses a district (two, when a
    card says so and its owner wants)."""

    def run(self, state: BellumState) -> None:
        free = state.through
        on_unblocked = state.game.on_unblocked
        if on_unblocked is not None and on_unblocked(state, free):
            return
        defending = state.active ^ 1
        if not state.cities[defending]:
            return
        if not free:
            state.caused.append(("held", defending))
            return
        state.caused.append(("through", tuple(free), defending))
        bonus, clan, source = state.pillage_bonus
        if bonus > 1 and any(not clan or state.face_of(a).clan == clan for a in free):
            if source >= 0:  # "may": asked now that the blocks are known
                owner = state.owner[source]
                side = owner if owner >= 0 else state.active_side()
                state.stack.append(PillageMore(side, source, defending, bonus))
                return
            state.stack.append(Pillage(defending, bonus))
            return
        state.stack.append(Pillage(defending, 1))


@TASKS.kind("pillage_more")
@dataclass(slots=True)
class PillageMore(Decision):
    """`side` may have `count` districts of `team`'s city pillaged instead of one, as `card`
    allows."""

    side: Side
    card: Card
    team: Team
    count: Count

    def choices(self, state: BellumState) -> list[Action]:
        card, word = state.game.actions.card, state.game.worded
        city = state.cities[self.team]
        more = f"Pillage {self.count} districts of {city} with {{card}}"
        one = f"Pillage only one district of {city} (decline {{card}})"
        return [
            word(card("use", self.card), more, self.card),
            word(card("decline", self.card), one, self.card),
        ]

    def choose(self, state: BellumState, action: Action) -> None:
        count = self.count if action.kind == "use" else 1
        state.stack.append(Pillage(self.team, count))


@TASKS.kind("pillage")
@dataclass(slots=True)
class Pillage(Step):
    """`count` more districts of `team`'s city fall."""

    team: Team
    count: Count

    def run(self, state: BellumState) -> None:
        pillage(state, self.team, self.count)


def pillage(state: BellumState, team: int, count: int) -> None:
    """One district falls, in order 1 to 4; its Pillage ability helps each defending player.
    The fourth one falling ends the game."""
    if count <= 0 or state.winners is not None:
        return
    state.pillaged[team] += 1
    number = state.pillaged[team]
    state.caused.append(("pillage", team, number))
    if number >= 4:
        city = state.cities[team]
        if state.game.solo:
            end_game(state, (), f"all four districts of {city} were pillaged")
        else:
            seats = state.game.seating.winners(team ^ 1)
            end_game(state, seats, f"all four districts of {city} were pillaged")
        return
    state.stack.append(Pillage(team, count - 1))
    district = district_uid(state, team, number)
    for side in reversed(state.game.members[team]):
        push_ability(state, side, district, "pillage")


def district_uid(state: BellumState, team: int, number: int) -> int:
    table = state.game.table
    for uid, card in enumerate(table.card):
        if card.city == state.cities[team] and card.district == number:
            return uid
    raise ValueError(f"no district {number} for {state.cities[team]}")


@TASKS.kind("assault_end")
@dataclass(slots=True)
class AssaultEnd(Step):
    """The assault is over: attackers and blockers stand down."""

    def run(self, state: BellumState) -> None:
        for uid in state.attackers:
            state.status[uid] &= ~ATTACKING
        for _, uid in state.blocks:
            state.status[uid] &= ~BLOCKING
        state.attackers = []
        state.blocks = []
        state.through = []
        if state.active not in state.game.scripted:
            begin_deploy(state)


# -- C. Deployment ------------------------------------------------------------------------------
def begin_deploy(state: BellumState) -> None:
    state.phase = DEPLOY
    state.member = 0


def playable(state: BellumState, side: int, phase: str) -> list[int]:
    """Cards `side` may play from hand now: spells in the Rally phase; creatures, relics and
    spells in the Deployment phase. Answers are played only in answer windows."""
    out = []
    for uid in state.hand[side]:
        face = state.face_of(uid)
        kind = face.kind
        if kind == "spell":
            if face.play:
                out.append(uid)
        elif phase == DEPLOY and kind in ("creature", "relic"):
            out.append(uid)
    return out


def play_card(state: BellumState, side: int, uid: int) -> None:
    if state.face_of(uid).kind == "spell":
        play_spell(state, side, uid)
    else:
        state.hand[side].remove(uid)
        enter_play(state, uid, side, played=True)


def can_strategy(state: BellumState, side: int) -> bool:
    team = state.game.team_of[side]
    return (
        not state.strategy_used
        and state.strategy[team] > 0
        and bool(state.hand[side] or state.discard[side])
    )


def strategy(state: BellumState, side: int) -> None:
    """Spend a charge of the fourth district: the player Removes a card from hand or discard
    pile; in the team game every member of the team may (and may decline)."""
    team = state.game.team_of[side]
    members = state.game.members[team]
    state.strategy[team] -= 1
    state.strategy_used = True
    for member in reversed(members):
        if state.hand[member] or state.discard[member]:
            state.stack.append(Remove(member, -1, len(members) > 1))


def end_deploy(state: BellumState) -> None:
    if next_member(state):
        return
    state.phase = DRAW


# -- D. Draw --------------------------------------------------------------------------------------
def draw_options(state: BellumState, side: int) -> int:
    """The most cards the player can draw (three, fewer when deck and discard run short)."""
    return min(DRAW_COUNT, len(state.deck[side]) + len(state.discard[side]))


def draw_phase(state: BellumState, side: int, count: int) -> None:
    """The player draws `count` cards (ruling 3: none to three); when the deck is empty, the
    discard pile is shuffled into a new deck and the drawing goes on. Then they keep."""
    draw(state, side, count, reshuffle=True)
    state.phase = KEEP


def keep(state: BellumState) -> None:
    if next_member(state):
        state.phase = DRAW
        return
    end_turn(state)


# -- the end ----------------------------------------------------------------------------------
def end_game(state: BellumState, winners: tuple[int, ...], reason: str) -> None:
    state.winners = winners
    state.reason = reason
    state.phase = OVER
    state.stack.clear()


HOUSE_RULE = "decided by the house turn limit"


def settle_at_turn_limit(state: BellumState) -> None:
    """House rule: after the last round the city that lost fewer districts wins; equal is a
    draw. A solo scenario not won by then is lost. The reason says it was the house rule."""
    limit = state.game.turn_limit
    house = f"{HOUSE_RULE} of {limit} rounds"
    if state.game.solo:
        end_game(state, (), f"{house}: the scenario was not won in time")
        return
    lost = state.pillaged
    districts = "district" if lost[0] == 1 else "districts"
    if lost[0] == lost[1]:
        end_game(state, (), f"{house}: both cities lost {lost[0]} {districts}")
        return
    team = 0 if lost[0] < lost[1] else 1
    end_game(
        state,
        state.game.seating.winners(team),
        f"{house}: {state.cities[team]} lost fewer districts "
        f"({lost[team]} against {lost[team ^ 1]})",
    )
