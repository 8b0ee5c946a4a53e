"""What the three solo scenarios share: their data, the set-up, and the scripted side's turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bellica.core.stack import Count, Step
from bellica.games.bellum.rules import TASKS
from bellica.games.bellum.rules.effects import enter_play, order_triggers, play_spell
from bellica.games.bellum.rules.setup import strategy_level
from bellica.games.bellum.rules.turn import (
    EndTurn,
    begin_declare,
    declare,
    rally_abilities,
    start_assault,
)
from bellica.games.bellum.scripts import Script, bound
from bellica.games.bellum.state import DEPLOY, DRAW, RALLY, BellumState

if TYPE_CHECKING:
    from bellica.games.bellum.scenarios import Scenario

PLAYER, SCRIPTED = 0, 1
HARMFUL = frozenset({"damage", "destroy", "petrify", "remove"})  # what a script aims at you
LABYRINTH = "labyrinth"  # the kind of card that is no creature, spell or relic to play


def in_words(number: int) -> str:
    """A small number in words ("three"), a larger one in digits."""
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    return words[number] if 0 <= number < len(words) else str(number)


def _count(cards: int) -> str:
    """ "two cards", "one card"."""
    return f"{in_words(cards)} card{'' if cards == 1 else 's'}"


class SoloScript(Script):
    """A scenario: you (side 0) against a side its script plays (side 1)."""

    def __init__(self, scenario: Scenario) -> None:
        super().__init__()
        self.scenario = scenario
        self.title = scenario.title
        self.opponent = scenario.opponent
        self.player_city = scenario.player_city or ""
        self.can_buy = scenario.can_buy
        self.can_attack = scenario.can_attack
        self.hero = scenario.hero
        self.overrides = scenario.overrides
        self.powers = scenario.powers
        self.texts = scenario.texts
        self.immune = frozenset(scenario.immune)
        self.out_of_play = frozenset(scenario.out_of_play)

    # -- setting up ----------------------------------------------------------------------
    def set_up(self, state: BellumState) -> None:
        """Each side's deck shuffled and cards in play; the market; the rest of the Stock.
        Cards put out now do not deploy: the game has not begun."""
        game, rng, scenario = state.game, state.rng, self.scenario
        state.cities = [self.player_city, ""]
        state.strategy = [strategy_level(game, self.player_city) if self.player_city else 0, 0]
        state.first = state.active = PLAYER
        placed: set[int] = set()
        for side, deck, play in (
            (PLAYER, scenario.player_deck, scenario.player_play),
            (SCRIPTED, scenario.opponent_deck, scenario.opponent_play),
        ):
            state.deck[side].extend(deck)
            rng.shuffle(state.deck[side])
            state.play[side].extend(play)
            for uid in (*deck, *play):
                state.owner[uid] = side
                placed.add(uid)
        for uid in scenario.opponent_back:
            state.face[uid] = 1
        for uid in scenario.shielded:
            state.shield[uid] = 1
        state.market.extend(scenario.market)
        placed.update(scenario.market)
        state.stock.extend(uid for uid in game.uids("stock") if uid not in placed)

    def counter(self, name: str, value: int, limit: int | None, means: str) -> dict[str, Any]:
        return {"name": name, "value": value, "limit": limit, "means": means}

    def for_sale(self, state: BellumState, side: int) -> list[int] | None:
        return list(state.market) if self.can_buy else []

    def rules(self) -> list[str]:
        """The scenario's own rules at this difficulty, a sentence each, as the player reads
        them beside the objective (a changed card says what it does on its own face)."""
        allowed = (("attack", self.can_attack), ("buy cards", self.can_buy))
        barred = [what for what, may in allowed if not may]
        cannot = [f"You cannot {' or '.join(barred)}."] if barred else []
        choices = f"You make every choice {self.opponent}' script leaves open and break every tie."
        return cannot + self.scripted_rules() + [choices]

    def scripted_rules(self) -> list[str]:
        """The rules by which this scenario plays its side (and yours, where it differs)."""
        return []

    def reveals(self) -> str:
        """How many cards the scripted side plays from its deck each turn, as a sentence."""
        first, *later = self.scenario.reveal
        side = self.opponent[:1].upper() + self.opponent[1:]
        text = f"{side} play the top {_count(first)} of their deck each turn"
        if later and later[-1] != first:
            text += f" ({_count(later[-1]).split()[0]} once it has been shuffled again)"
        return text + "."

    # -- helpers -----------------------------------------------------------------------------
    def hero_in_play(self, state: BellumState) -> bool:
        return state.in_play(self.hero)

    # -- the scripted side's turn ----------------------------------------------------------------
    def opponent_turn(self, state: BellumState) -> None:
        state.stack.extend(
            (EndTurn(), OpponentDraw(), OpponentDeploy(), OpponentAssault(), OpponentRally())
        )

    def rally(self, state: BellumState) -> None:
        """The scripted side's Rally: its rally abilities trigger together; you order them."""
        state.phase = RALLY
        order_triggers(state, "rally", self.rally_cards(state))

    def rally_cards(self, state: BellumState) -> list[int]:
        return rally_abilities(state, SCRIPTED)

    def deploy(self, state: BellumState) -> None:
        state.phase = DEPLOY

    def draw(self, state: BellumState) -> None:
        """The scripted side reveals the next cards of its deck into play."""
        state.phase = DRAW
        reveal = self.scenario.reveal
        state.stack.append(Reveal(reveal[min(state.cycles, len(reveal) - 1)]))

    def reveal(self, state: BellumState, count: int) -> None:
        deck = state.deck[SCRIPTED]
        if count <= 0 or not deck:
            return
        uid = deck.pop()
        state.stack.append(Reveal(count - 1))
        play_scripted(state, uid)


def weakest(state: BellumState, uids: list[int]) -> list[int]:
    """The creatures tied for the lowest power (the player picks among a tie)."""
    low = min(state.power(u) for u in uids)
    return [u for u in uids if state.power(u) == low]


def your_weakest(state: BellumState, cands: list[int]) -> list[int]:
    """Where a harmful effect of the scripted side lands: your weakest creature among
    `cands` (a tie is yours to settle), and nobody when you have none."""
    yours = [u for u in cands if state.owner[u] == PLAYER]
    return weakest(state, yours) if yours else []


def hand_to_play(state: BellumState) -> int:
    """Cards in your hand that can be played (Labyrinths cannot), for the heuristics."""
    return sum(1 for u in state.hand[PLAYER] if state.face_of(u).kind != LABYRINTH)


def strongest(state: BellumState, uids: list[int]) -> list[int]:
    high = max(state.power(u) for u in uids)
    return [u for u in uids if state.power(u) == high]


def play_scripted(state: BellumState, uid: int) -> None:
    """A revealed card comes into play (a creature or relic) or resolves (a spell)."""
    state.owner[uid] = SCRIPTED
    face = state.face_of(uid)
    if face.kind in ("creature", "relic"):
        enter_play(state, uid, SCRIPTED)
    elif face.kind == "spell" and face.play:
        play_spell(state, SCRIPTED, uid)
    else:
        state.discard[SCRIPTED].append(uid)


@TASKS.kind("opponent_rally")
@dataclass(slots=True)
class OpponentRally(Step):
    """The scripted side's Rally phase."""

    def run(self, state: BellumState) -> None:
        bound(state, SoloScript).rally(state)


@TASKS.kind("opponent_assault")
@dataclass(slots=True)
class OpponentAssault(Step):
    """The scripted side attacks with every creature that can."""

    def run(self, state: BellumState) -> None:
        begin_declare(state)
        for uid in state.living(SCRIPTED):
            if state.cover[uid] < 0:
                declare(state, uid)
        if state.attackers:
            start_assault(state)


@TASKS.kind("opponent_deploy")
@dataclass(slots=True)
class OpponentDeploy(Step):
    """The scripted side's Deployment phase."""

    def run(self, state: BellumState) -> None:
        bound(state, SoloScript).deploy(state)


@TASKS.kind("opponent_draw")
@dataclass(slots=True)
class OpponentDraw(Step):
    """The scripted side's Draw phase."""

    def run(self, state: BellumState) -> None:
        bound(state, SoloScript).draw(state)


@TASKS.kind("reveal")
@dataclass(slots=True)
class Reveal(Step):
    """The scripted side reveals `count` more cards from its deck."""

    count: Count

    def run(self, state: BellumState) -> None:
        bound(state, SoloScript).reveal(state, self.count)
