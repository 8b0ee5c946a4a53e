"""Effects one at a time: their targets and choices, Pick, and the Disrupt response window."""

from __future__ import annotations

from dataclasses import dataclass

from bellica.core import Action
from bellica.core.stack import Card, Count, Decision, MaybeCard, Number, Side, Step, Word
from bellica.games.siege_of_olympus.cards import Effect, describe
from bellica.games.siege_of_olympus.rules import TASKS
from bellica.games.siege_of_olympus.rules.combat import destroy, hit_commander, hurt
from bellica.games.siege_of_olympus.rules.deck import draw, leave_hand, to_hand
from bellica.games.siege_of_olympus.rules.synergies import check_artifact_win
from bellica.games.siege_of_olympus.state import SiegeState

PICKS = ("pick_1", "pick_2", "pick_3")
CHOOSING = frozenset({"damage", "destroy", "cripple", "paralyze", "reborn", "free", "search"})
CHOOSING_ARTIFACT = "explore"
NEGATES = ("spell", "effect", "attack")


_VERBS: dict[int, tuple[Effect, str]] = {}


def verb(effect: Effect) -> str:
    """An effect's verb, looked up once per effect (a pydantic private attribute is slow to
    read, and the rules read verbs in every playout)."""
    found = _VERBS.get(id(effect))
    if found is None or found[0] is not effect:
        found = _VERBS[id(effect)] = (effect, effect.verb)
    return found[1]


def effect_at(state: SiegeState, card: int, index: int, option: int, sub: int) -> Effect | None:
    """The effect a resolution has reached (None past the end)."""
    effects = state.game.effects(card)
    if index >= len(effects):
        return None
    if option < 0:
        return effects[index]
    options = effects[index].pick or []
    if option >= len(options):  # (a position may name an option the card does not have)
        return None
    chosen = options[option]
    return chosen[sub] if sub < len(chosen) else None


# -- who and what an effect may choose -------------------------------------------------------
def _fits(state: SiegeState, uid: int, effect: Effect) -> bool:
    if effect.max_cost is not None and state.game.cost[uid] > effect.max_cost:
        return False
    if effect.race is not None and state.race_of(uid) != effect.race:
        return False
    return effect.class_ is None or state.class_of(uid) == effect.class_


def _open(state: SiegeState, uid: int, effect: Effect) -> bool:
    """A minion the opponent's effect may choose: not Resistant, and fitting its filters."""
    return not state.keyword(uid, "resistant") and _fits(state, uid, effect)


def targets(state: SiegeState, side: int, effect: Effect, source: int) -> list[int]:
    """What `effect` (of `side`, from card `source`) may choose, in a fixed order: minion
    uids, Commander card uids, cards of the Underworld, the Deck or the Artifact pile."""
    kind = verb(effect)
    enemy = 1 - side
    if kind == "reborn":
        return sorted(u for u in state.underworld if state.game.is_minion[u])
    if kind == "free":
        return sorted(u for u in state.tartarus if not state.keyword(u, "resistant"))
    if kind == "search":
        return sorted(u for u in state.deck if search_matches(state, u, effect))
    if kind == CHOOSING_ARTIFACT:
        return explorable(state)
    target = effect.target
    out: list[int] = []
    if target in ("own_minion", "any_minion"):
        out += [u for u in state.minions[side] if _fits(state, u, effect)]
    if target in ("enemy_minion", "any_minion", "enemy"):
        out += [u for u in state.minions[enemy] if _open(state, u, effect)]
    if target == "prisoner":
        out += [
            u
            for u in state.tartarus
            if not state.keyword(u, "resistant") and _fits(state, u, effect)
        ]
    if target in ("enemy", "enemy_commander"):
        out += state.commander[enemy]
    return out


def search_matches(state: SiegeState, uid: int, effect: Effect) -> bool:
    """Whether card `uid` is one a Search by `effect` may take (its kind and filters)."""
    game = state.game
    kind = effect.search
    if kind == "spell":
        return game.is_spell[uid]
    if kind == "minion" and not game.is_minion[uid]:
        return False
    if game.is_minion[uid]:
        return _fits(state, uid, effect)
    return effect.race is None and effect.class_ is None and effect.max_cost is None


def explorable(state: SiegeState) -> list[int]:
    """Artifacts still in the pile whose three pieces minions in play carry, both sides'."""
    count: dict[int, int] = {}
    for side in (0, 1):
        for uid in state.minions[side]:
            for piece in state.pieces_of(uid):
                count[piece] = count.get(piece, 0) + 1
    of_piece = state.game.artifact_of_piece
    return sorted(of_piece[p] for p, n in count.items() if n >= 3 and of_piece[p] in state.pile)


# -- carrying an effect out -----------------------------------------------------------------
def carry_out(state: SiegeState, side: int, source: int, effect: Effect, uid: int) -> None:
    """What `effect` does to the chosen `uid` (-1 when it chooses nothing)."""
    what = verb(effect)
    game = state.game
    if what == "draw":
        draw(state, side, effect.amount)
    elif what == "heal":
        most = game.table.card[state.commander[side][0]].health
        gained = min(effect.amount, most - state.health[side])
        state.health[side] += gained
        state.caused.append(("heal", side, gained))
    elif what == "exchange":
        if state.hand[side] and state.agora:
            state.stack.append(Leave(side))
    elif what == "ambush":
        state.stack.append(Ambush(side, source))
    elif what == "damage":
        if game.is_commander[uid]:
            hit_commander(state, 1 - side, effect.amount)
        else:
            state.caused.append(("damage", uid, effect.amount))
            hurt(state, uid, effect.amount, side)
    elif what == "destroy":
        destroy(state, uid, side)
    elif what in ("cripple", "paralyze"):
        owner = state.controller(uid)
        # until the end of its controller's next turn
        until = state.turn + (2 if owner == state.active else 1)
        counter = state.crippled if what == "cripple" else state.paralyzed
        counter[uid] = until
        state.caused.append((what + "d" if what == "paralyze" else "crippled", uid))
    elif what in ("reborn", "free", "search"):
        zone = {"reborn": state.underworld, "free": state.tartarus, "search": state.deck}[what]
        searched = what == "search"
        to_hand(state, side, uid, zone, fresh=not searched, seen=not searched)
        state.caused.append(("to_hand", side, uid, what))
        if what == "search":
            state.rng.shuffle(state.deck)
    elif what == CHOOSING_ARTIFACT:
        state.pile.remove(uid)
        state.artifacts[side].append(uid)
        state.caused.append(("artifact", side, uid, "explore"))
        check_artifact_win(state, side)


@TASKS.kind("resolve")
@dataclass(frozen=True, slots=True)
class Resolve(Step):
    """The effects of `card` for `side`, from effect `index` on (inside a Pick: the chosen
    `option`'s effect `sub` on)."""

    side: Side
    card: Card
    index: Count
    option: Number = -1
    sub: Count = 0

    def run(self, state: SiegeState) -> None:
        side, card, index, option, sub = self.side, self.card, self.index, self.option, self.sub
        effects = state.game.effects(card)
        if index >= len(effects):
            return
        if option >= 0:
            chosen = (effects[index].pick or [])[option]
            if sub >= len(chosen):
                state.stack.append(Resolve(side, card, index + 1))
                return
            effect = chosen[sub]
            state.stack.append(Resolve(side, card, index, option, sub + 1))
        else:
            effect = effects[index]
            if verb(effect) == "pick":
                state.stack.append(PickOption(side, card, index))
                return
            state.stack.append(Resolve(side, card, index + 1))
        what = verb(effect)
        if what == "search" and not effect.optional:
            # A lone match is taken at once: as a choice taken for the player, the log would
            # name the searched card to everyone.
            found = targets(state, side, effect, card)
            if len(found) <= 1:
                if found:
                    carry_out(state, side, card, effect, found[0])
                return
        if what in CHOOSING or what == CHOOSING_ARTIFACT:
            state.stack.append(ChooseTarget(side, card, index, option, sub))
        else:
            carry_out(state, side, card, effect, -1)

    def check(self, state: SiegeState) -> str | None:
        effects = state.game.effects(self.card) if _has_effects(state, self.card) else []
        if self.index > len(effects):
            return "the effect index is past the card's effects"
        if self.option >= 0 and (
            self.index >= len(effects)
            or effects[self.index].pick is None
            or self.option >= len(effects[self.index].pick or [])
        ):
            return "the option is not one of the card's Pick options"
        return None


def _has_effects(state: SiegeState, uid: int) -> bool:
    game = state.game
    return game.is_minion[uid] or game.is_spell[uid] or game.is_commander[uid]


@TASKS.kind("choose_target")
@dataclass(frozen=True, slots=True)
class ChooseTarget(Decision):
    """`side` chooses what an effect of `card` acts on (or skips it, if it is optional)."""

    side: Side
    card: Card
    index: Count
    option: Number = -1
    sub: Count = 0
    mid_move = True

    def effect(self, state: SiegeState) -> Effect | None:
        return effect_at(state, self.card, self.index, self.option, self.sub)

    def choices(self, state: SiegeState) -> list[Action]:
        effect = self.effect(state)
        if effect is None:
            return []
        game = state.game
        word = _WORDS.get(verb(effect), "Choose {card}").replace("{amount}", str(effect.amount))
        out = [
            game.worded(game.actions.card("target", u), word, self.card)
            for u in targets(state, self.side, effect, self.card)
        ]
        if out and effect.optional:
            out.append(game.actions.plain("skip"))
        return out

    def choose(self, state: SiegeState, action: Action) -> None:
        effect = self.effect(state)
        if effect is None or action.kind == "skip":
            return
        uid = state.game.actions.uid(action)
        if verb(effect) in ("damage", "destroy", "cripple", "paralyze"):
            state.caused.append(("target", uid, self.card))
        carry_out(state, self.side, self.card, effect, uid)

    def automatic(self, action: Action) -> bool:
        return action.kind != "skip"

    def check(self, state: SiegeState) -> str | None:
        if not _has_effects(state, self.card) or self.effect(state) is None:
            return "no such effect on the card"
        return None


# A target choice in the words of what it does: "Chimera (043): 1 damage to Kronos (082)".
_WORDS = {
    "damage": "{other}: {amount} damage to {card}",
    "destroy": "{other}: destroy {card}",
    "cripple": "{other}: cripple {card}",
    "paralyze": "{other}: paralyze {card}",
    "reborn": "{other}: take {card} back from the Underworld",
    "free": "{other}: free {card} from Tartarus",
    "search": "{other}: take {card} from the Deck",
    "explore": "{other}: take the Artifact {card}",
}


@TASKS.kind("pick")
@dataclass(frozen=True, slots=True)
class PickOption(Decision):
    """`side` picks one option of a Pick effect."""

    side: Side
    card: Card
    index: Count
    mid_move = True

    def choices(self, state: SiegeState) -> list[Action]:
        effects = state.game.effects(self.card)
        options = effects[self.index].pick or []
        plain = state.game.actions.plain
        game = state.game
        out = []
        spell = not game.is_minion[self.card]
        for i, option in enumerate(options):
            words = describe(option, spell=spell).rstrip(".")
            text = f"{game.table.label[self.card]}: {words}"
            out.append(_retitled(game, plain(PICKS[i]), text))
        return out

    def choose(self, state: SiegeState, action: Action) -> None:
        state.stack.append(Resolve(self.side, self.card, self.index, PICKS.index(action.kind), 0))

    def check(self, state: SiegeState) -> str | None:
        if not _has_effects(state, self.card):
            return "the card has no effects"
        effects = state.game.effects(self.card)
        if self.index >= len(effects) or effects[self.index].pick is None:
            return "that effect is not a Pick"
        return None


def _retitled(game: object, action: Action, text: str) -> Action:
    """A plain action with its own words (equal to the plain one), kept per text."""
    cache: dict[str, Action] = game.retitled  # type: ignore[attr-defined]
    key = f"{action.index}:{text}"
    found = cache.get(key)
    if found is None:
        found = cache[key] = Action(action.kind, dict(action.params), action.index, text)
    return found


# -- the Agora exchange -----------------------------------------------------------------------
@TASKS.kind("leave")
@dataclass(frozen=True, slots=True)
class Leave(Decision):
    """An Exchange effect: `side` leaves a card of its hand in the Agora."""

    side: Side
    mid_move = True

    def choices(self, state: SiegeState) -> list[Action]:
        if not state.agora:
            return []
        card = state.game.actions.card
        return [card("leave", u) for u in sorted(state.hand[self.side])]

    def choose(self, state: SiegeState, action: Action) -> None:
        leave(state, self.side, state.game.actions.uid(action))


def leave(state: SiegeState, side: int, uid: int) -> None:
    """The first half of an exchange: the card goes to the Agora, then a card is taken."""
    leave_hand(state, side, uid, state.agora)
    state.left.append(uid)
    state.stack.append(Take(side, uid))


@TASKS.kind("take")
@dataclass(frozen=True, slots=True)
class Take(Decision):
    """The second half of an exchange: `side` takes an Agora card (not one it left this
    turn)."""

    side: Side
    left: Card
    mid_move = True

    def choices(self, state: SiegeState) -> list[Action]:
        card = state.game.actions.card
        return [card("take", u) for u in sorted(state.agora) if u not in state.left]

    def choose(self, state: SiegeState, action: Action) -> None:
        uid = state.game.actions.uid(action)
        to_hand(state, self.side, uid, state.agora, fresh=False)
        state.caused.append(("exchange", self.side, self.left, uid))


# -- Ambush -------------------------------------------------------------------------------------
@TASKS.kind("ambush")
@dataclass(frozen=True, slots=True)
class Ambush(Decision):
    """An Ambush: the minion (for a spell: one of `side`'s minions that has not attacked)
    attacks an enemy minion now; it is its attack this turn and sets the turn's target."""

    side: Side
    card: Card
    mid_move = True

    def choices(self, state: SiegeState) -> list[Action]:
        from bellica.games.siege_of_olympus.rules.turn import minion_targets, ready

        side = self.side
        if state.game.is_minion[self.card]:
            attackers = [self.card] if self.card in ready(state, side) else []
        else:
            attackers = ready(state, side)
        attack = state.game.actions.attack
        victims = minion_targets(state, side)
        return [attack(a, t) for a in attackers for t in victims]

    def choose(self, state: SiegeState, action: Action) -> None:
        from bellica.games.siege_of_olympus.rules.turn import declare

        attacker, target = state.game.actions.fight(action)
        declare(state, self.side, attacker, target)


# -- Disrupt -------------------------------------------------------------------------------------
def can_disrupt(state: SiegeState, side: int, event: str) -> list[int]:
    """The Disrupt spells in `side`'s hand that negate `event`."""
    disrupts = state.game.disrupts
    return [u for u in sorted(state.hand[side]) if event in disrupts[u]]


def guard(state: SiegeState, event: str, source: int) -> None:
    """Open a Disrupt window over the task just pushed (a resolution or an attack) when the
    opponent of the active player holds a Disrupt spell that can negate it."""
    responder = 1 - state.active
    if can_disrupt(state, responder, event):
        state.stack.append(DisruptWindow(responder, event, source))


@TASKS.kind("disrupt_window")
@dataclass(frozen=True, slots=True)
class DisruptWindow(Decision):
    """`side` may cast a Disrupt spell to negate `event` ("spell", "effect", "attack") of card
    `card`: the task below this one is what it negates."""

    side: Side
    event: Word
    card: MaybeCard

    def choices(self, state: SiegeState) -> list[Action]:
        game = state.game
        template = "Disrupt with {card}, negating {other}"
        out = [
            game.worded(game.actions.card("disrupt", u), template, self.card)
            for u in can_disrupt(state, self.side, self.event)
        ]
        return [*out, game.actions.plain("no_disrupt")] if out else []

    def choose(self, state: SiegeState, action: Action) -> None:
        if action.kind == "no_disrupt":
            return
        uid = state.game.actions.uid(action)
        state.stack.pop()  # the resolution or the attack it negates (a spell still goes
        # to the Underworld: the step below that does it is untouched)
        leave_hand(state, self.side, uid, state.underworld)
        state.caused.append(("disrupt", self.side, uid, self.card, self.event))
        if state.game.effects(uid):
            state.stack.append(Resolve(self.side, uid, 0))

    def automatic(self, action: Action) -> bool:
        return False

    def check(self, state: SiegeState) -> str | None:
        if self.event not in NEGATES:
            return f"a Disrupt negates {', '.join(NEGATES)}, not {self.event}"
        return None
