"""The turn: Rally, Assault, Deployment and Draw phases, and the end of the game."""

from __future__ import annotations

from bellica.games.bellum import solo
from bellica.games.bellum.resolve import (
    active_side,
    deal_damage,
    enter_play,
    open_window,
    order_triggers,
    push_ability,
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
    state.pillage_bonus = (0, "")
    if state.active in state.game.scripted:
        solo.opponent_turn(state)
        return
    begin_rally(state)


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
    side = active_side(state)
    if state.game.scenario is not None:
        solo.rally_start(state, side)
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
    push_ability(state, active_side(state), uid, "rally")


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


def can_attack(state: BellumState, uid: int) -> bool:
    return not state.status[uid] & (ATTACKING | DYING) and state.cover[uid] < 0


def attack_options(state: BellumState, side: int) -> list[int]:
    scenario = state.game.scenario
    if scenario is not None and not scenario.can_attack:
        return []
    return [u for u in state.living(side) if can_attack(state, u)]


def declare(state: BellumState, uid: int) -> None:
    state.status[uid] |= ATTACKING
    state.attackers.append(uid)


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
    stack.append(("assault_end",))
    stack.append(("pillage_step",))
    stack.append(("combat",))
    stack.append(("blocks", 0))
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


def run_blocks(state: BellumState, index: int) -> None:
    """Each attacker in declaration order gets at most one blocker."""
    if index == 0 and state.game.scenario is not None and solo.forced_blocks(state):
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
            state.stack.append(("blocks", index))
            state.stack.append(("block", side, attacker, tuple(options)))
            return
    if state.game.scenario is not None:
        solo.after_blocks(state)


def block(state: BellumState, attacker: int, blocker: int) -> None:
    state.status[blocker] |= BLOCKING
    state.blocks.append((attacker, blocker))


def combat(state: BellumState) -> None:
    """The two creatures of each duel hurt each other by their power, at the same moment."""
    hits = []
    for attacker, blocker in state.blocks:
        if not state.status[attacker] & ATTACKING or not state.status[blocker] & BLOCKING:
            continue
        hits.append((blocker, state.power(attacker)))
        hits.append((attacker, state.power(blocker)))
    for uid, amount in hits:
        deal_damage(state, uid, amount)
    state.stack.append(("deaths",))


def unblocked(state: BellumState) -> list[int]:
    blocked = {a for a, _ in state.blocks}
    return [a for a in state.attackers if a not in blocked]


def pillage_step(state: BellumState) -> None:
    free = unblocked(state)
    if state.game.scenario is not None and solo.on_unblocked(state, free):
        return
    if not free:
        return
    count = 1
    bonus, clan = state.pillage_bonus
    if bonus > 1 and any(not clan or state.face_of(a).clan == clan for a in free):
        count = bonus
    defending = state.active ^ 1
    if state.cities[defending]:
        state.stack.append(("pillage", defending, count))


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
            seats = tuple(state.seat_of(s) for s in state.game.members[team ^ 1])
            end_game(state, seats, f"all four districts of {city} were pillaged")
        return
    state.stack.append(("pillage", team, count - 1))
    district = district_uid(state, team, number)
    for side in reversed(state.game.members[team]):
        push_ability(state, side, district, "pillage")


def district_uid(state: BellumState, team: int, number: int) -> int:
    table = state.game.table
    for uid, card in enumerate(table.card):
        if card.city == state.cities[team] and card.district == number:
            return uid
    raise ValueError(f"no district {number} for {state.cities[team]}")


def assault_end(state: BellumState) -> None:
    for uid in state.attackers:
        state.status[uid] &= ~ATTACKING
    for _, uid in state.blocks:
        state.status[uid] &= ~BLOCKING
    state.attackers = []
    state.blocks = []
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
    from bellica.games.bellum.resolve import play_spell

    if state.face_of(uid).kind == "spell":
        play_spell(state, side, uid)
    else:
        state.hand[side].remove(uid)
        enter_play(state, uid, side)


def rings_in_order(rings: list[str]) -> tuple[str, ...]:
    """Clan rings are paid before "any" rings, so a choice never strands a clan ring."""
    return tuple(sorted(rings, key=lambda r: r == "any"))


def can_pay(state: BellumState, hand: list[int], rings: tuple[str, ...]) -> bool:
    if len(rings) > len(hand):
        return False
    need: dict[str, int] = {}
    for ring in rings:
        if ring != "any":
            need[ring] = need.get(ring, 0) + 1
    if not need:
        return True
    have: dict[str, int] = {}
    for uid in hand:
        clan = state.face_of(uid).clan
        if clan is not None:
            have[clan] = have.get(clan, 0) + 1
    return all(have.get(clan, 0) >= n for clan, n in need.items())


def pay_options(state: BellumState, side: int, rings: tuple[str, ...]) -> list[int]:
    hand = state.hand[side]
    ring, rest = rings[0], rings[1:]
    out = []
    for uid in hand:
        if ring != "any" and state.face_of(uid).clan != ring:
            continue
        left = [u for u in hand if u != uid]
        if can_pay(state, left, rest):
            out.append(uid)
    return out


def for_sale(state: BellumState, side: int) -> list[int]:
    """The cards `side` could buy (payable or not): each Olympus stack's top card on its own
    battlefield, a Legend when the same-number Olympus stack there is empty, or the market."""
    scenario = state.game.scenario
    if scenario is not None:
        return list(state.market) if scenario.can_buy else []
    out = []
    stacks = state.stacks[state.game.battlefield_of[side]]
    for number in range(4):
        if stacks[number]:
            out.append(stacks[number][-1])
        elif state.legends[number]:
            out.append(state.legends[number][-1])
    return out


def buy_options(state: BellumState, side: int) -> list[int]:
    hand = state.hand[side]
    table = state.game.table
    return [
        uid
        for uid in for_sale(state, side)
        if can_pay(state, hand, rings_in_order(table.card[uid].cost))
    ]


def buy(state: BellumState, side: int, uid: int) -> None:
    for pile in (*state.stacks[state.game.battlefield_of[side]], *state.legends, state.market):
        if pile and uid in pile:
            pile.remove(uid)
            break
    state.owner[uid] = side
    state.resolving.append(uid)
    state.caused.append(("buy", uid, side))
    state.stack.append(("bought", side, uid))
    rings = rings_in_order(state.game.table.card[uid].cost)
    if rings:
        state.stack.append(("pay", side, uid, rings))


def bought(state: BellumState, side: int, uid: int) -> None:
    """A bought card goes to the discard pile, or into play if it has a Purchase ability."""
    state.resolving.remove(uid)
    if state.game.effects(uid, 0, "purchase"):
        enter_play(state, uid, side)
        push_ability(state, side, uid, "purchase")
    else:
        state.discard[side].append(uid)


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
    members = state.game.members[state.game.team_of[side]]
    state.strategy[state.game.team_of[side]] -= 1
    state.strategy_used = True
    for member in reversed(members):
        if state.hand[member] or state.discard[member]:
            state.stack.append(("remove", member, None, len(members) > 1))


def end_deploy(state: BellumState) -> None:
    if next_member(state):
        return
    state.phase = DRAW


# -- D. Draw --------------------------------------------------------------------------------------
def draw_options(state: BellumState, side: int) -> int:
    """The most cards the player can draw (three, fewer when deck and discard run short)."""
    return min(DRAW_COUNT, len(state.deck[side]) + len(state.discard[side]))


def after_draw(state: BellumState) -> None:
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


def settle_at_turn_limit(state: BellumState) -> None:
    """House rule: after the last round the city that lost fewer districts wins; equal is a
    draw. A solo scenario not won by then is lost."""
    limit = state.game.turn_limit
    if state.game.solo:
        end_game(state, (), f"the scenario was not won within {limit} rounds")
        return
    lost = state.pillaged
    if lost[0] == lost[1]:
        end_game(state, (), f"turn limit ({limit} rounds): both cities lost {lost[0]} districts")
        return
    team = 0 if lost[0] < lost[1] else 1
    seats = tuple(state.seat_of(s) for s in state.game.members[team])
    end_game(
        state,
        seats,
        f"turn limit ({limit} rounds): {state.cities[team]} lost fewer districts "
        f"({lost[team]} against {lost[team ^ 1]})",
    )
