"""Abilities: one effect at a time, with their choices, triggers, answers, damage and deaths.

An ability on the stack is an `Ability` task that runs one effect and puts its own next step
back; an effect that needs a choice puts a decision on top instead. Deaths are checked after
each ability: every creature at 0 power dies at once, their death abilities ordered by the
active player, the cards buried only afterwards. An Answer is a window above the event it
answers, so answers nest.
"""

from __future__ import annotations

from dataclasses import dataclass

from bellica.core import Action
from bellica.core.cards import CardChoice
from bellica.core.cards.zones import draw as draw_cards
from bellica.core.stack import (
    Card,
    Cards,
    Count,
    Decision,
    Flag,
    MaybeCard,
    Side,
    Sides,
    Step,
    Task,
    Window,
    Word,
)
from bellica.games.bellum.cards import Condition, Effect
from bellica.games.bellum.rules import TASKS
from bellica.games.bellum.state import CANCELLED, DOOMED, DYING, BellumState

SINGLE_TARGETS = frozenset({"creature", "enemy_creature", "own_creature", "other_own_creature"})
PETRIFIED = "petrified"  # the kind of the Stock cards that cover a petrified creature


def worded(state: BellumState, choice: CardChoice, template: str, other: int) -> list[Action]:
    """A card choice's actions in the words of what they concern: each pick as `template`
    ({card} the card picked, {other} card `other`); the ways to decline as they are."""
    word, verb = state.game.worded, choice.verb
    plain = CardChoice.choices(choice, state)
    return [word(a, template, other) if a.kind == verb else a for a in plain]


# How a choice names an ability by its trigger: "the Death ability of Nessus (019)"; a card's
# own ability when played is just "the ability of".
TRIGGER_WORDS = {
    "rally": "Rally ", "deployment": "Deployment ", "death": "Death ", "assault": "Assault ",
    "pillage": "Pillage ", "purchase": "Purchase ", "answer": "Answer ",
}  # fmt: skip


def deck_of(state: BellumState, side: int) -> str:
    """ "Sparta's deck", "the Monsters' deck": a side's deck as a choice names it."""
    game = state.game
    scripted = side in game.scripted
    name = game.script.opponent if scripted else game.seat_label(state.seat_of(side), state)
    return name + ("'" if name.endswith("s") else "'s") + " deck"


# -- the ability machine ------------------------------------------------------------------
@TASKS.kind("ability")
@dataclass(slots=True)
class Ability(Step):
    """`card`'s ability for `trigger`, shown on `face`, controlled by `side`: the effect at
    `step` is next; `context` is the card it concerns (the spell an answer answers)."""

    side: Side
    card: Card
    face: Count
    trigger: Word
    step: Count
    context: MaybeCard

    def run(self, state: BellumState) -> None:
        run_ability(state, self)

    def effect(self, state: BellumState) -> Effect:
        return state.game.effects(self.card, self.face, self.trigger)[self.step]


@TASKS.kind("deaths")
@dataclass(slots=True)
class Deaths(Step):
    """Check for creatures that must die now."""

    def run(self, state: BellumState) -> None:
        check_deaths(state)


@TASKS.kind("bury")
@dataclass(slots=True)
class Bury(Step):
    """The creatures that died together leave play, once their death abilities resolved;
    `faces` are the faces they died on (a flip during its death ability saves a card)."""

    cards: Cards
    faces: Cards

    def run(self, state: BellumState) -> None:
        bury(state, self.cards, self.faces)


@TASKS.kind("spell_done")
@dataclass(slots=True)
class SpellDone(Step):
    """A spell has resolved (or was cancelled): it goes to its owner's discard pile."""

    card: Card

    def run(self, state: BellumState) -> None:
        uid = self.card
        state.resolving.remove(uid)
        state.status[uid] = 0
        state.discard[state.owner[uid]].append(uid)


def push_ability(state: BellumState, side: int, src: int, trigger: str, ctx: int = -1) -> None:
    face = state.face[src]
    if state.game.effects(src, face, trigger):
        state.stack.append(Ability(side, src, face, trigger, 0, ctx))


def run_ability(state: BellumState, ability: Ability) -> None:
    side, src, face, trigger, index = (
        ability.side,
        ability.card,
        ability.face,
        ability.trigger,
        ability.step,
    )
    if trigger in ("play", "answer") and state.status[src] & CANCELLED:
        return
    effects = state.game.effects(src, face, trigger)
    if index >= len(effects):
        state.stack.append(Deaths())
        return
    state.stack.append(Ability(side, src, face, trigger, index + 1, ability.context))
    effect = effects[index]
    if effect.requires is not None and not holds(state, side, src, effect.requires):
        return
    perform(state, ability, effect)


# -- entering play and triggering ---------------------------------------------------------
def enter_play(state: BellumState, uid: int, side: int, played: bool = False) -> None:
    """Put a card into `side`'s play area; its Deployment ability triggers. `played`: the
    player put it there, from hand or as it was bought (not a Summon or a script's card)."""
    state.owner[uid] = side
    state.play[side].append(uid)
    state.caused.append(("enter", uid, side, played))
    if state.game.effects(uid, state.face[uid], "deployment"):
        push_ability(state, side, uid, "deployment")  # (its end checks deaths)
    elif state.is_creature(uid) and state.power(uid) <= 0:  # an ongoing malus: no power left
        state.stack.append(Deaths())


def fire(state: BellumState, trigger: str, uid: int, ctx: int = -1) -> None:
    """Trigger one card's ability; a death ability first opens a window for answers."""
    side = state.owner[uid]
    if trigger == "death":
        state.died_this_turn = True
        push_ability(state, side, uid, "death")
        open_window(state, "death", uid)
    else:
        push_ability(state, side, uid, trigger, ctx)


@TASKS.kind("order")
@dataclass(slots=True)
class OrderTriggers(CardChoice):
    """Abilities that triggered together: the active player picks which resolves next."""

    side: Side
    trigger: Word
    cards: Cards
    mid_move = True
    verb = "resolve"

    def options(self, state: BellumState) -> tuple[int, ...]:
        return self.cards

    def picked(self, state: BellumState, uid: int) -> None:
        rest = tuple(u for u in self.cards if u != uid)
        if rest:
            state.stack.append(OrderTriggers(self.side, self.trigger, rest))
        fire(state, self.trigger, uid)


def order_triggers(state: BellumState, trigger: str, uids: list[int]) -> None:
    """Simultaneous triggers: the active player picks the order when there are several."""
    if len(uids) >= 2:
        state.stack.append(OrderTriggers(state.active_side(), trigger, tuple(uids)))
    elif uids:
        fire(state, trigger, uids[0])


# -- spells and answers --------------------------------------------------------------------
def play_spell(
    state: BellumState, side: int, uid: int, trigger: str = "play", ctx: int = -1
) -> None:
    """A spell leaves the hand (a script's comes from its deck), may be answered, resolves,
    then goes to the discard pile."""
    held = uid in state.hand[side]
    if held:
        state.hand[side].remove(uid)
    state.owner[uid] = side
    state.resolving.append(uid)
    state.caused.append(("spell", uid, side, ctx, held))
    state.stack.append(SpellDone(uid))
    push_ability(state, side, uid, trigger, ctx)
    open_window(state, "spell", uid)


@TASKS.kind("window")
@dataclass(slots=True)
class AnswerWindow(Window):
    """The sides in `order` may, in turn, answer `event` (about card `context`)."""

    event: Word
    context: Card
    order: Sides

    def may_respond(self, state: BellumState, side: int) -> bool:
        """A side is asked when it owns an answer to this event that is not in a public zone
        (so it may be in hand). Everyone can count that, so asking reveals nothing; a side
        is asked even when its answer is still in its deck, and may only decline."""
        cards = (*state.hand[side], *state.deck[side])
        return bool(answers_for(state, side, self.event, self.context, cards))

    def ask(self, side: int, rest: tuple[int, ...]) -> Task:
        return Answer(side, self.event, self.context, rest)


@TASKS.kind("answer")
@dataclass(slots=True)
class Answer(CardChoice):
    """`side` may answer `event` with a card from hand; `rest` are asked after it."""

    side: Side
    event: Word
    context: Card
    rest: Sides
    verb = "answer"

    def options(self, state: BellumState) -> list[int]:
        return answers_for(state, self.side, self.event, self.context)

    def extra(self, state: BellumState) -> list[Action]:
        return [state.game.actions.plain("pass")]

    def automatic(self, action: Action) -> bool:
        return False  # declining is a choice of its own

    def picked(self, state: BellumState, uid: int) -> None:
        order = (self.side, *self.rest)
        state.stack.append(AnswerWindow(self.event, self.context, order))
        play_spell(state, self.side, uid, "answer", self.context)

    def declined(self, state: BellumState, action: Action) -> None:
        state.stack.append(AnswerWindow(self.event, self.context, self.rest))


def answer_order(state: BellumState) -> tuple[int, ...]:
    """Sides that may answer, the active one first (the scripted side never answers)."""
    game = state.game
    order = game.seating.order(state.active_side())
    return tuple(s for s in order if s not in game.scripted)


def open_window(state: BellumState, event: str, ctx: int) -> None:
    answers = state.game.answer_uids
    if answers and any(
        u in answers
        for side in range(state.game.sides)
        for u in (*state.hand[side], *state.deck[side])
    ):
        state.stack.append(AnswerWindow(event, ctx, answer_order(state)))


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
    waived = state.game.condition_waived
    if waived is not None and waived(state, src):
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
        hidden = state.game.out_of_play
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
        sides: list[int] | tuple[int, ...] = range(game.sides)  # type: ignore[assignment]
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
        return list(game.enemies[side])
    return list(range(game.sides))


# -- choices an effect asks for --------------------------------------------------------------
@TASKS.kind("target")
@dataclass(slots=True)
class ChooseTarget(CardChoice):
    """`side` chooses the creature the effect at `step` of `card`'s ability hits; with
    `optional`, it may decline."""

    side: Side
    card: Card
    face: Count
    trigger: Word
    step: Count
    context: MaybeCard
    candidates: Cards
    optional: Flag
    mid_move = True
    verb = "target"

    def options(self, state: BellumState) -> tuple[int, ...]:
        return self.candidates

    def extra(self, state: BellumState) -> list[Action]:
        return [state.game.actions.card("decline", self.card)] if self.optional else []

    def choices(self, state: BellumState) -> list[Action]:
        out = worded(state, self, "Choose {card} as the target of {other}", self.card)
        if self.optional:
            out[-1] = state.game.worded(out[-1], "Choose no target for {card}", self.card)
        return out

    def picked(self, state: BellumState, uid: int) -> None:
        ability = Ability(self.side, self.card, self.face, self.trigger, self.step, -1)
        state.caused.append(("target", uid, self.card))
        apply_to(state, ability.effect(state), [uid])


@TASKS.kind("use")
@dataclass(slots=True)
class MayUse(Decision):
    """`side` says whether it uses the optional effect at `step` of `card`'s ability."""

    side: Side
    card: Card
    face: Count
    trigger: Word
    step: Count
    context: MaybeCard
    mid_move = True

    def ability(self) -> Ability:
        return Ability(self.side, self.card, self.face, self.trigger, self.step, self.context)

    def choices(self, state: BellumState) -> list[Action]:
        card, word = state.game.actions.card, state.game.worded
        ability = f"the {TRIGGER_WORDS.get(self.trigger, '')}ability of {{card}}"
        use = word(card("use", self.card), "Use " + ability, self.card)
        no = word(card("decline", self.card), "Decline " + ability, self.card)
        return [use, no]

    def choose(self, state: BellumState, action: Action) -> None:
        if action.kind == "use":
            ability = self.ability()
            perform(state, ability, ability.effect(state), confirmed=True)


@TASKS.kind("discard")
@dataclass(slots=True)
class Discard(CardChoice):
    """`side` discards `count` more cards of its choice from hand."""

    side: Side
    count: Count
    verb = "discard"

    def options(self, state: BellumState) -> list[int]:
        return sorted(state.hand[self.side])

    def picked(self, state: BellumState, uid: int) -> None:
        side = self.side
        state.hand[side].remove(uid)
        state.discard[side].append(uid)
        state.caused.append(("discard", uid, side))
        if self.count > 1 and state.hand[side]:
            state.stack.append(Discard(side, self.count - 1))


@TASKS.kind("sacrifice")
@dataclass(slots=True)
class Sacrifice(CardChoice):
    """`side` destroys `count` more of its own creatures, of its choice."""

    side: Side
    count: Count
    verb = "sacrifice"

    def options(self, state: BellumState) -> list[int]:
        return state.living(self.side)

    def picked(self, state: BellumState, uid: int) -> None:
        side = self.side
        state.status[uid] |= DOOMED
        state.caused.append(("sacrifice", uid, side))
        left = [u for u in state.living(side) if u != uid and not state.status[u] & DOOMED]
        if self.count > 1 and left:
            state.stack.append(Sacrifice(side, self.count - 1))


@TASKS.kind("remove")
@dataclass(slots=True)
class Remove(CardChoice):
    """`side` Removes a card from its hand or discard pile into the Stock; with `optional`
    it may decline (naming `source`, the card whose ability this is, if any)."""

    side: Side
    source: MaybeCard
    optional: Flag
    mid_move = True
    verb = "remove"

    def options(self, state: BellumState) -> list[int]:
        return sorted(state.hand[self.side] + state.discard[self.side])

    def extra(self, state: BellumState) -> list[Action]:
        if not self.optional:
            return []
        space = state.game.actions
        if self.source < 0:
            return [space.plain("skip")]
        decline = space.card("decline", self.source)
        return [state.game.worded(decline, "Remove nothing for {card}", self.source)]

    def choices(self, state: BellumState) -> list[Action]:
        if self.source < 0:
            return worded(state, self, "Remove {card} into the Stock", -1)
        return worded(state, self, "Remove {card} into the Stock for {other}", self.source)

    def picked(self, state: BellumState, uid: int) -> None:
        side = self.side
        pile = state.hand[side] if uid in state.hand[side] else state.discard[side]
        pile.remove(uid)
        put(state, uid, side, "stock")
        state.caused.append(("removed", uid, side))


@TASKS.kind("look")
@dataclass(slots=True)
class Look(CardChoice):
    """`side` looks at the top `cards` of `victim`'s deck (top first) and discards one."""

    side: Side
    victim: Side
    cards: Cards
    verb = "discard"

    def options(self, state: BellumState) -> tuple[int, ...]:
        return self.cards

    def choices(self, state: BellumState) -> list[Action]:
        return worded(
            state, self, f"Discard {{card}} from the top of {deck_of(state, self.victim)}", -1
        )

    def picked(self, state: BellumState, uid: int) -> None:
        deck = state.deck[self.victim]
        deck.remove(uid)
        state.discard[self.victim].append(uid)
        state.caused.append(("milled", uid, self.victim))
        # The other cards go back and the deck is shuffled (ruling): nobody tracks its order.
        if any(u != uid for u in self.cards):
            state.rng.shuffle(deck)


# -- the effects -----------------------------------------------------------------------------
def perform(state: BellumState, ability: Ability, effect: Effect, confirmed: bool = False) -> None:
    """Apply one effect, or push the decision it needs first."""
    side, src = ability.side, ability.card
    scripted = side in state.game.scripted
    verb, target = effect.verb, effect.target
    if target in SINGLE_TARGETS:
        cands = candidates(state, side, src, target, effect.clan)
        if not cands:
            return
        if scripted:
            cands = state.game.script.pick(state, side, src, effect, cands)
            if not cands:
                return
            if len(cands) == 1:
                state.caused.append(("target", cands[0], src))
                apply_to(state, effect, cands)
            else:
                state.stack.append(_choose_target(ability, tuple(cands), False))
            return
        if len(cands) == 1 and not effect.optional:
            state.caused.append(("target", cands[0], src))
            apply_to(state, effect, cands)
        else:
            state.stack.append(_choose_target(ability, tuple(cands), effect.optional))
        return
    if (
        effect.optional
        and not confirmed
        and not scripted
        and target != "hand_or_discard"  # (a Remove choice offers its own way to decline)
        and verb != "pillage"  # (asked once the blocks are known: see PillageStep)
    ):
        a = ability
        state.stack.append(MayUse(a.side, a.card, a.face, a.trigger, a.step, a.context))
        return
    if target is not None and target != "hand_or_discard":
        if target == "self":
            uids = [src] if state.in_play(src) else []
        else:
            uids = candidates(state, side, src, target, effect.clan)
        apply_to(state, effect, uids)
        return
    amount = effect.amount
    if verb == "draw":
        for p in who_sides(state, side, effect.who):
            draw(state, p, amount)
    elif verb == "discard":
        for p in reversed(who_sides(state, side, effect.who)):
            start_discard(state, p, amount)
    elif verb == "sacrifice":
        own = state.living(side)
        if len(own) <= amount:
            for uid in own:
                state.status[uid] |= DOOMED
                state.caused.append(("sacrifice", uid, side))
        else:
            state.stack.append(Sacrifice(side, amount))
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
                    state.caused.append(("take", uid, p))
    elif verb == "remove":  # from hand or discard pile
        if not scripted and (state.hand[side] or state.discard[side]):
            state.stack.append(Remove(side, src, effect.optional))
    elif verb == "charge":
        state.charges[src] += amount
        state.caused.append(("charged", src, amount))
    elif verb == "spend":
        spent = min(amount, state.charges[src])
        state.charges[src] -= spent
        state.caused.append(("spent", src, spent))
    elif verb == "flip":
        flip(state, src)
    elif verb == "pillage":
        asked = effect.optional and not scripted  # (a script takes what a card allows)
        state.pillage_bonus = (amount, effect.clan or "", src if asked else -1)
    elif verb == "cancel":
        ctx = ability.context
        if ctx >= 0:
            state.status[ctx] |= CANCELLED
    elif verb == "look":
        for p in who_sides(state, side, effect.who):
            seen = state.deck[p][-amount:]
            if seen:
                state.caused.append(("look", side, p, tuple(reversed(seen))))
                state.stack.append(Look(side, p, tuple(reversed(seen))))


def _choose_target(ability: Ability, cands: tuple[int, ...], optional: bool) -> ChooseTarget:
    a = ability
    return ChooseTarget(a.side, a.card, a.face, a.trigger, a.step, a.context, cands, optional)


def start_discard(state: BellumState, side: int, amount: int) -> None:
    if side in state.game.scripted:
        state.game.script.discard(state, side, amount)
        return
    hand = state.hand[side]
    if len(hand) <= amount:  # the whole hand goes, without a choice
        for uid in list(hand):
            hand.remove(uid)
            state.discard[side].append(uid)
            state.caused.append(("discard", uid, side))
    else:
        state.stack.append(Discard(side, amount))


def apply_to(state: BellumState, effect: Effect, uids: list[int]) -> None:
    """A targeted verb applied to each chosen creature in turn."""
    verb = effect.verb
    amount = effect.amount
    for uid in uids:
        if verb == "damage":
            deal_damage(state, uid, amount)
        elif verb == "heal":
            heal(state, uid, amount)
        elif verb == "destroy":
            state.status[uid] |= DOOMED
        elif verb == "shield":
            state.shield[uid] = 1
            state.caused.append(("shield", uid))
        elif verb == "petrify":
            petrify(state, uid)
        elif verb == "remove" and state.in_play(uid):
            owner = state.owner[uid]
            leave_play(state, uid, "stock")
            state.caused.append(("removed", uid, owner))
            left_play = state.game.left_play
            if left_play is not None:
                left_play(state, uid)


def heal(state: BellumState, uid: int, amount: int) -> None:
    """Up to `amount` damage tokens come off."""
    healed = min(amount, state.damage[uid])
    if healed:
        state.damage[uid] -= healed
        state.caused.append(("healed", uid, healed))


def petrify(state: BellumState, uid: int) -> None:
    """A Petrified card taken from the Stock covers the creature; only three exist."""
    if state.cover[uid] >= 0:
        return
    stone = take_kind_from_stock(state, PETRIFIED)
    if stone >= 0:
        state.cover[uid] = stone
        state.caused.append(("petrified", uid))
        if uid in state.rally_left:  # a statue has no abilities left to resolve
            state.rally_left.remove(uid)


def flip(state: BellumState, uid: int) -> None:
    """All tokens come off, then the card shows its other face."""
    if state.game.table.card[uid].back is None:
        return
    state.damage[uid] = state.charges[uid] = state.shield[uid] = 0
    state.face[uid] ^= 1
    state.caused.append(("flipped", uid))


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
    immune = game.immune
    dying = []
    for side in range(game.sides):
        for uid in state.creatures(side):
            if status[uid] & DYING:
                continue
            if status[uid] & DOOMED or state.power(uid) <= 0:
                if uid in immune:
                    status[uid] &= ~DOOMED
                    continue
                dying.append(uid)
    if not dying:
        return
    for uid in dying:
        status[uid] = (status[uid] & ~DOOMED) | DYING
        state.caused.append(("dies", uid))
    state.stack.append(Bury(tuple(dying), tuple(state.face[u] for u in dying)))
    with_death = [
        u for u in dying if state.cover[u] < 0 and game.effects(u, state.face[u], "death")
    ]
    order_triggers(state, "death", with_death)


def bury(state: BellumState, uids: tuple[int, ...], faces: tuple[int, ...]) -> None:
    left_play = state.game.left_play
    for uid, face in zip(uids, faces, strict=True):
        owner = state.owner[uid]
        if owner < 0 or uid not in state.play[owner] or not state.status[uid] & DYING:
            continue
        if state.face[uid] != face:  # its death ability flipped it: it stays in play,
            state.status[uid] &= ~DYING  # unless its other face cannot live there either
            if not state.is_creature(uid) or state.power(uid) > 0:
                continue
        leave_play(state, uid)
        if left_play is not None:
            left_play(state, uid)
    if state.winners is None:
        state.stack.append(Deaths())  # an ongoing bonus may have left with them


# -- cards moving ----------------------------------------------------------------------------
def draw(state: BellumState, side: int, count: int, reshuffle: bool = False) -> int:
    """Draw up to `count` cards from the top of the deck; returns how many were drawn (the
    drawer alone learns which). Only the Draw phase passes `reshuffle`: its draws shuffle the
    discard pile into a new deck when the deck is empty. Any other draw (a card's effect, the
    first hands) takes what the deck holds and leaves the discard pile alone (ruling 32)."""
    hand, deck = state.hand[side], state.deck[side]
    pile = state.discard[side] if reshuffle else None
    if pile and len(deck) < count:
        state.caused.append(("reshuffle", side))  # the discard pile becomes the new deck
    drawn = draw_cards(deck, hand, count, state.rng, pile)
    if drawn:
        state.caused.append(("draw", side, tuple(hand[-drawn:])))
    return drawn


def clear_tokens(state: BellumState, uid: int) -> None:
    cover = state.cover[uid]
    state.game.counters.clear(state.counters, uid)
    if cover >= 0:  # the Petrified card goes back to the Stock
        state.owner[cover] = -1
        state.stock.append(cover)
        state.stock.sort()


def leave_play(state: BellumState, uid: int, to: str = "discard") -> None:
    """Take a card out of play (to its owner's discard pile, or to the Stock)."""
    owner = state.owner[uid]
    state.play[owner].remove(uid)
    if uid in state.attackers:  # an attacker gone before the blocks no longer attacks;
        state.attackers.remove(uid)  # a duel already set stays set (its attacker is blocked)
    if uid in state.rally_left:
        state.rally_left.remove(uid)
    clear_tokens(state, uid)
    put(state, uid, owner, to)


def put(state: BellumState, uid: int, side: int, to: str) -> None:
    """Put a card that is in no zone into `side`'s discard pile or hand, or into the Stock."""
    if to == "stock":
        state.owner[uid] = -1
        state.stock.append(uid)
        state.stock.sort()
    else:
        state.owner[uid] = side
        (state.discard if to == "discard" else state.hand)[side].append(uid)


def take_from_stock(state: BellumState, name: str) -> int:
    """A Stock card of that name still available to summon (a Stock card, not a Removed one),
    taken out of the Stock; -1 when none is left."""
    card = state.game.table.card
    for uid in state.stock:
        if card[uid].deck == "stock" and card[uid].name == name:
            state.stock.remove(uid)
            return uid
    return -1


def take_kind_from_stock(state: BellumState, kind: str) -> int:
    """Like `take_from_stock`, for the first Stock card of a kind (a Petrified card)."""
    card = state.game.table.card
    for uid in state.stock:
        if card[uid].deck == "stock" and card[uid].kind == kind:
            state.stock.remove(uid)
            return uid
    return -1
