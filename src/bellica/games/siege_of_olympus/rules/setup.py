"""The set-up: Commanders, the shared Deck, opening hands and mulligans, Tartarus and the Agora."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bellica.core import Action
from bellica.core.stack import Count, Decision, Side, Step, advance
from bellica.games.siege_of_olympus.rules import TASKS
from bellica.games.siege_of_olympus.rules.deck import draw, fill_agora, fill_tartarus, leave_hand
from bellica.games.siege_of_olympus.rules.turn import begin_turn
from bellica.games.siege_of_olympus.state import SiegeState

if TYPE_CHECKING:
    from bellica.games.siege_of_olympus.game import SiegeOfOlympus

OPENING_HAND = 6
MULLIGAN_MOST = 3  # cards a player may return to the Deck once, at the start


def new_game(game: SiegeOfOlympus, seed: int) -> SiegeState:
    """Deal a game: Olympus and the Artifact pile (by number) out, the Minions and Spells
    shuffled into one Deck, the first player by the option or a roll, then the Commanders,
    the opening hands, the mulligans, Tartarus and the Agora."""
    from bellica.games.siege_of_olympus.rules.flow import idle

    state = SiegeState(game, seed)
    state.olympus.append(game.olympus_uid)
    state.pile.extend(sorted(game.artifact_uids, key=lambda u: -game.table.card[u].piece))
    state.deck.extend(game.minion_uids + game.spell_uids)
    state.rng.shuffle(state.deck)
    state.unchosen.extend(game.commander_uids)
    first = game.options["first"]
    state.first = state.rng.below(2) if first == "roll" else int(first)
    second = 1 - state.first
    state.stack.append(Begin())
    state.stack.append(Mulligan(second, 0))
    state.stack.append(Mulligan(state.first, 0))
    state.stack.append(DealHands())
    chosen = game.options["commanders"]
    if chosen == "choose":
        state.stack.append(ChooseCommander(second))
        state.stack.append(ChooseCommander(state.first))
    else:
        if game.fixed_commanders is not None:
            picks = list(game.fixed_commanders)
        else:
            picks = list(game.commander_uids)
            state.rng.shuffle(picks)
        for side, uid in enumerate(picks[:2]):
            lead(state, side, uid)
    advance(state, idle)
    return state


def lead(state: SiegeState, side: int, uid: int) -> None:
    """`side` takes Commander `uid`, at its full health."""
    state.unchosen.remove(uid)
    state.commander[side].append(uid)
    state.health[side] = state.game.table.card[uid].health
    state.caused.append(("commander", side, uid))


@TASKS.kind("choose_commander")
@dataclass(frozen=True, slots=True)
class ChooseCommander(Decision):
    """`side` chooses its Commander among those left."""

    side: Side

    def choices(self, state: SiegeState) -> list[Action]:
        card = state.game.actions.card
        return [card("commander", u) for u in sorted(state.unchosen)]

    def choose(self, state: SiegeState, action: Action) -> None:
        lead(state, self.side, state.game.actions.uid(action))


@TASKS.kind("deal_hands")
@dataclass(frozen=True, slots=True)
class DealHands(Step):
    """Both players draw six cards, the first player first."""

    def run(self, state: SiegeState) -> None:
        for side in (state.first, 1 - state.first):
            draw(state, side, OPENING_HAND)


@TASKS.kind("mulligan")
@dataclass(frozen=True, slots=True)
class Mulligan(Decision):
    """`side` returns up to three cards to the Deck, one at a time, then keeps its hand and
    draws as many as it returned (the Deck shuffled first)."""

    side: Side
    returned: Count

    def choices(self, state: SiegeState) -> list[Action]:
        space = state.game.actions
        out = []
        if self.returned < MULLIGAN_MOST:
            out = [space.card("return", u) for u in sorted(state.hand[self.side])]
        return [*out, space.plain("keep")]

    def choose(self, state: SiegeState, action: Action) -> None:
        side = self.side
        if action.kind == "return":
            leave_hand(state, side, state.game.actions.uid(action), state.deck)
            state.stack.append(Mulligan(side, self.returned + 1))
            return
        if self.returned:
            state.rng.shuffle(state.deck)
            draw(state, side, self.returned)
        state.caused.append(("mulligan", side, self.returned))

    def automatic(self, action: Action) -> bool:
        return False

    @property
    def mid_move(self) -> bool:  # type: ignore[override]
        return self.returned > 0


@TASKS.kind("begin")
@dataclass(frozen=True, slots=True)
class Begin(Step):
    """Tartarus filled with six prisoners, the Agora with at least four cards; the first
    player's first turn begins (without a draw)."""

    def run(self, state: SiegeState) -> None:
        fill_tartarus(state)
        fill_agora(state)
        begin_turn(state, state.first)
