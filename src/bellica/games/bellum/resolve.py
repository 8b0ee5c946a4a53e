"""The effect stack: abilities resolve one effect at a time; deaths, answers and triggers."""

from __future__ import annotations

from typing import Any

from bellica.games.bellum import solo
from bellica.games.bellum.cards import Condition, Effect
from bellica.games.bellum.state import CANCELLED, DOOMED, DYING, BellumState
from bellica.games.bellum.zones import draw as draw_cards
from bellica.games.bellum.zones import leave_play, put, take_from_stock

# Stack tasks that wait for a decision; every other task runs as soon as it is on top.
CHOICES = frozenset(
    {
        "target",
        "use",
        "discard",
        "sacrifice",
        "remove",
        "look",
        "order",
        "answer",
        "pay",
        "block",
        "assign",
        "flee",
    }
)
SINGLE_TARGETS = frozenset({"creature", "enemy_creature", "own_creature", "other_own_creature"})

Frame = tuple[int, int, int, str, int, int]  # side, source, face, trigger, effect index, context


def active_side(state: BellumState) -> int:
    """The side deciding for the active team now (its member whose phase it is)."""
    return state.game.members[state.active][state.member]


# -- entering play and triggering ---------------------------------------------------------
def push_ability(state: BellumState, side: int, src: int, trigger: str, ctx: int = -1) -> None:
    if state.game.effects(src, state.face[src], trigger):
        state.stack.append(("ability", side, src, state.face[src], trigger, 0, ctx))


def enter_play(state: BellumState, uid: int, side: int) -> None:
    """Put a card into `side`'s play area; its Deployment ability triggers."""
    state.owner[uid] = side
    state.play[side].append(uid)
    state.caused.append(("enter", uid, side))
    if state.game.effects(uid, state.face[uid], "deployment"):
        push_ability(state, side, uid, "deployment")  # (its end checks deaths)
    elif state.is_creature(uid) and state.power(uid) <= 0:  # an ongoing malus: no power left
        state.stack.append(("deaths",))


def fire(state: BellumState, trigger: str, uid: int, ctx: int = -1) -> None:
    """Trigger one card's ability; a death ability first opens a window for answers."""
    side = state.owner[uid]
    if trigger == "death":
        state.died_this_turn = True
        push_ability(state, side, uid, "death")
        open_window(state, "death", uid)
    else:
        push_ability(state, side, uid, trigger, ctx)


def order_triggers(state: BellumState, trigger: str, uids: list[int]) -> None:
    """Simultaneous triggers: the active player picks the order when there are several."""
    if len(uids) >= 2:
        state.stack.append(("order", active_side(state), trigger, tuple(uids)))
    elif uids:
        fire(state, trigger, uids[0])


# -- spells and answers --------------------------------------------------------------------
def play_spell(state: BellumState, side: int, uid: int, trigger: str = "play", ctx: int = -1):
    """A spell leaves the hand, may be answered, resolves, then goes to the discard pile."""
    if uid in state.hand[side]:
        state.hand[side].remove(uid)
    state.owner[uid] = side
    state.resolving.append(uid)
    state.caused.append(("spell", uid, side))
    state.stack.append(("spell_done", uid))
    push_ability(state, side, uid, trigger, ctx)
    open_window(state, "spell", uid)


def answer_order(state: BellumState) -> tuple[int, ...]:
    """Sides that may answer, the active one first."""
    game = state.game
    first = active_side(state)
    order = [(s - first) % game.sides for s in range(game.sides)]
    return tuple(
        s for _, s in sorted(zip(order, range(game.sides), strict=True)) if s not in game.scripted
    )


def open_window(state: BellumState, event: str, ctx: int) -> None:
    answers = state.game.answer_uids
    if answers and any(
        u in answers
        for side in range(state.game.sides)
        for u in (*state.hand[side], *state.deck[side])
    ):
        state.stack.append(("window", event, ctx, answer_order(state)))


def may_answer(state: BellumState, side: int, event: str, ctx: int) -> bool:
    """Whether `side` is asked: it owns an answer to this event that is not in a public zone
    (so it may be in hand). Everyone can count that, so asking reveals nothing; a side is
    asked even when its answer is still in the deck, and may only decline."""
    return bool(answers_for(state, side, event, ctx, (*state.hand[side], *state.deck[side])))


def answers_for(
    state: BellumState, side: int, event: str, ctx: int, cards: tuple[int, ...] | None = None
) -> list[int]:
    """The answer cards `side` may play now (or, given `cards`, those among them)."""
    if event == "spell" and state.status[ctx] & CANCELLED:
        return []
    out = []
    for uid in state.hand[side] if cards is None else cards:
        if uid in state.game.answer_uids:
            answer = state.face_of(uid).answer
            if (
                answer is not None
                and answer.on == event
                and (answer.requires is None or holds(state, side, uid, answer.requires))
            ):
                out.append(uid)
    return out


# -- conditions and targets ----------------------------------------------------------------
def holds(state: BellumState, side: int, src: int, cond: Condition) -> bool:
    if state.game.scenario is not None and solo.waived(state, src):
        return True
    if cond.other is not None:
        clan = cond.other
        if not any(
            u != src and (clan == "any" or state.face_of(u).clan == clan)
            for u in state.creatures(side)
        ):
            return False
    if cond.own is not None:
        clan = cond.own
        hidden = state.game.scenario_out_of_play
        if not any(
            (clan == "any" or state.face_of(u).clan == clan) and u not in hidden
            for u in state.play[side]
        ):
            return False
    if cond.charges is not None and state.charges[src] < cond.charges:
        return False
    return not (cond.died_this_turn and not state.died_this_turn)


def candidates(state: BellumState, side: int, src: int, target: str, clan: str | None) -> list[int]:
    """The creatures a target word names, in a fixed order (sides in order, then play order)."""
    game = state.game
    if target in ("creature", "all_creatures"):
        sides: list[int] = list(range(game.sides))
    elif target in ("enemy_creature", "enemy_creatures"):
        sides = game.enemies[side]
    else:
        sides = [side]
    other = target in ("other_own_creature", "other_own_creatures")
    out = []
    for s in sides:
        for u in state.living(s):
            if (not other or u != src) and (clan is None or state.face_of(u).clan == clan):
                out.append(u)
    return out


def who_sides(state: BellumState, side: int, who: str) -> list[int]:
    game = state.game
    if who == "self":
        return [side]
    if who == "opponent":
        return game.opponents[side]
    if who == "each_opponent":
        return game.enemies[side]
    return list(range(game.sides))


# -- damage and death ----------------------------------------------------------------------
def deal_damage(state: BellumState, uid: int, amount: int) -> None:
    """Damage tokens, unless the creature is immune or a shield cancels this instance."""
    if amount <= 0 or state.has_ongoing(uid, "immune"):
        return
    if state.shield[uid]:
        state.shield[uid] = 0
        state.caused.append(("shielded", uid))
        return
    state.damage[uid] += amount
    state.caused.append(("damage", uid, amount))


def check_deaths(state: BellumState) -> None:
    """Every creature at 0 power or destroyed dies now, together; it stays in play until its
    death ability (ordered by the active player) has resolved, then goes to the discard pile."""
    game = state.game
    status = state.status
    dying = []
    for side in range(game.sides):
        for uid in state.creatures(side):
            if status[uid] & DYING:
                continue
            if status[uid] & DOOMED or state.power(uid) <= 0:
                if uid in game.scenario_immune:
                    status[uid] &= ~DOOMED
                    continue
                dying.append(uid)
    if not dying:
        return
    for uid in dying:
        status[uid] = (status[uid] & ~DOOMED) | DYING
        state.caused.append(("dies", uid))
    state.stack.append(("bury", tuple(dying), tuple(state.face[u] for u in dying)))
    with_death = [
        u for u in dying if state.cover[u] < 0 and game.effects(u, state.face[u], "death")
    ]
    order_triggers(state, "death", with_death)


def bury(state: BellumState, uids: tuple[int, ...], faces: tuple[int, ...]) -> None:
    for uid, face in zip(uids, faces, strict=True):
        owner = state.owner[uid]
        if owner < 0 or uid not in state.play[owner] or not state.status[uid] & DYING:
            continue
        if state.face[uid] != face:  # its death ability flipped it: it stays in play,
            state.status[uid] &= ~DYING  # unless its other face cannot live there either
            if not state.is_creature(uid) or state.power(uid) > 0:
                continue
        leave_play(state, uid)
        if state.game.scenario is not None:
            solo.left_play(state, uid)
    if state.winners is None:
        state.stack.append(("deaths",))  # an ongoing bonus may have left with them


# -- the effects -----------------------------------------------------------------------------
def run_ability(state: BellumState, task: tuple[Any, ...]) -> None:
    _, side, src, face, trigger, index, ctx = task
    if trigger in ("play", "answer") and state.status[src] & CANCELLED:
        return
    effects = state.game.effects(src, face, trigger)
    if index >= len(effects):
        state.stack.append(("deaths",))
        return
    state.stack.append(("ability", side, src, face, trigger, index + 1, ctx))
    effect = effects[index]
    if effect.requires is not None and not holds(state, side, src, effect.requires):
        return
    perform(state, (side, src, face, trigger, index, ctx), effect)


def effect_of(state: BellumState, frame: Frame) -> Effect:
    _side, src, face, trigger, index, _ctx = frame
    return state.game.effects(src, face, trigger)[index]


def perform(state: BellumState, frame: Frame, effect: Effect, confirmed: bool = False) -> None:
    """Apply one effect, or push the decision it needs first."""
    side, src = frame[0], frame[1]
    scripted = side in state.game.scripted
    verb, target = effect.verb, effect.target
    if target in SINGLE_TARGETS:
        cands = candidates(state, side, src, target, effect.clan)
        if not cands:
            return
        if scripted:
            cands = solo.pick(state, side, src, effect, cands)
            if not cands:
                return
            if len(cands) == 1:
                apply_to(state, frame, effect, cands)
            else:
                state.stack.append(("target", side, frame, tuple(cands), False))
            return
        if len(cands) == 1 and not effect.optional:
            apply_to(state, frame, effect, cands)
        else:
            state.stack.append(("target", side, frame, tuple(cands), effect.optional))
        return
    if effect.optional and not confirmed and not scripted and target != "hand_or_discard":
        state.stack.append(("use", side, frame))  # (a Remove choice offers its own decline)
        return
    if target is not None and target != "hand_or_discard":
        if target == "self":
            owner = state.owner[src]
            uids = [src] if owner >= 0 and src in state.play[owner] else []
        else:
            uids = candidates(state, side, src, target, effect.clan)
        apply_to(state, frame, effect, uids)
        return
    amount = effect.amount
    if verb == "draw":
        for p in who_sides(state, side, effect.who):
            draw_cards(state, p, amount)
    elif verb == "discard":
        for p in reversed(who_sides(state, side, effect.who)):
            start_discard(state, p, amount)
    elif verb == "sacrifice":
        own = state.living(side)
        if len(own) <= amount:
            for uid in own:
                state.status[uid] |= DOOMED
        else:
            state.stack.append(("sacrifice", side, amount))
    elif verb == "summon":
        for _ in range(effect.count):
            uid = take_from_stock(state, effect.summon or "")
            if uid < 0:
                break
            enter_play(state, uid, side)
    elif verb == "take":
        for p in who_sides(state, side, effect.who):
            for _ in range(effect.count):
                uid = take_from_stock(state, effect.take or "")
                if uid >= 0:
                    put(state, uid, p, "discard")
    elif verb == "remove":  # from hand or discard pile
        if not scripted and (state.hand[side] or state.discard[side]):
            state.stack.append(("remove", side, frame, effect.optional))
    elif verb == "charge":
        state.charges[src] += amount
    elif verb == "spend":
        state.charges[src] = max(0, state.charges[src] - amount)
    elif verb == "flip":
        flip(state, src)
    elif verb == "pillage":
        state.pillage_bonus = (amount, effect.clan or "")
    elif verb == "cancel":
        ctx = frame[5]
        if ctx >= 0:
            state.status[ctx] |= CANCELLED
    elif verb == "look":
        for p in who_sides(state, side, effect.who):
            seen = state.deck[p][-amount:]
            if seen:
                state.stack.append(("look", side, p, tuple(reversed(seen))))


def start_discard(state: BellumState, side: int, amount: int) -> None:
    if side in state.game.scripted:
        solo.discard(state, side, amount)
        return
    hand = state.hand[side]
    if len(hand) <= amount:
        for uid in list(hand):
            hand.remove(uid)
            state.discard[side].append(uid)
    else:
        state.stack.append(("discard", side, amount))


def apply_to(state: BellumState, frame: Frame, effect: Effect, uids: list[int]) -> None:
    """A targeted verb applied to each chosen creature in turn."""
    verb = effect.verb
    amount = effect.amount
    for uid in uids:
        if verb == "damage":
            deal_damage(state, uid, amount)
        elif verb == "heal":
            state.damage[uid] = max(0, state.damage[uid] - amount)
        elif verb == "destroy":
            state.status[uid] |= DOOMED
        elif verb == "shield":
            state.shield[uid] = 1
        elif verb == "petrify":
            petrify(state, uid)
        elif verb == "remove":
            owner = state.owner[uid]
            if owner >= 0 and uid in state.play[owner]:
                leave_play(state, uid, "stock")
                if state.game.scenario is not None:
                    solo.left_play(state, uid)


def petrify(state: BellumState, uid: int) -> None:
    """A Petrified card taken from the Stock covers the creature; only three exist."""
    if state.cover[uid] >= 0:
        return
    stone = take_from_stock(state, "Petrified")
    if stone >= 0:
        state.cover[uid] = stone
        if uid in state.rally_left:  # a statue has no abilities left to resolve
            state.rally_left.remove(uid)


def flip(state: BellumState, uid: int) -> None:
    """All tokens come off, then the card shows its other face."""
    if state.game.table.card[uid].back is None:
        return
    state.damage[uid] = state.charges[uid] = state.shield[uid] = 0
    state.face[uid] ^= 1
