"""To the Hells and back with Hercules: keep Hercules alive while the Hells' deck runs out twice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bellica.core import Action
from bellica.core.cards import CardChoice
from bellica.core.cards.zones import reshuffle
from bellica.core.stack import Cards, Side
from bellica.games.bellum.cards import Effect
from bellica.games.bellum.rules import TASKS
from bellica.games.bellum.rules.effects import heal, worded
from bellica.games.bellum.rules.turn import Blocks, block, end_game
from bellica.games.bellum.scripts import bound
from bellica.games.bellum.scripts.solo import (
    LABYRINTH,
    PLAYER,
    SCRIPTED,
    SoloScript,
    hand_to_play,
    strongest,
)
from bellica.games.bellum.state import BLOCKING, BellumState

CYCLES_TO_WIN = 2


class Hells(SoloScript):
    """The Hells attack with everything; Hercules blocks whatever you leave unblocked; Hells
    damage always goes to Hercules; a Labyrinth in hand heals him."""

    id = "solo-hercules"
    objective = (
        "Keep Hercules alive while the Hells' deck runs out twice: the second time, you win. "
        "If Hercules is destroyed, you lose."
    )

    def scripted_rules(self) -> list[str]:
        heal = self.scenario.labyrinth_heal
        return [
            "At the start of your turn Hercules loses a damage token.",
            "If Hercules attacks, the strongest Hells creature blocks him; the Hells' other "
            "blocks are yours to make.",
            "On the Hells' turn all their creatures attack; after your blocks, Hercules blocks "
            "every attacker still unblocked.",
            "Any damage the Hells deal goes to Hercules.",
            self.reveals(),
            "In your Rally or Deployment you may discard a Labyrinth from your hand to remove "
            f"{heal} damage token{'' if heal == 1 else 's'} from Hercules.",
        ]

    def left_play(self, state: BellumState, uid: int) -> None:
        if uid == self.hero and state.winners is None:
            end_game(state, (), "Hercules was destroyed")

    def rally_start(self, state: BellumState, side: int) -> None:
        """At the start of your turn Hercules loses a damage token."""
        hero = self.hero
        if side == PLAYER and self.hero_in_play(state) and state.damage[hero] > 0:
            heal(state, hero, 1)

    def hand_uses(self, state: BellumState, side: int) -> list[int]:
        """A Labyrinth in hand can be discarded to heal Hercules."""
        if side != PLAYER or not self.hero_in_play(state) or state.damage[self.hero] == 0:
            return []
        return [u for u in state.hand[side] if state.face_of(u).kind == LABYRINTH]

    def use_from_hand(self, state: BellumState, side: int, uid: int) -> None:
        hero = self.hero
        state.hand[side].remove(uid)
        state.discard[side].append(uid)
        state.caused.append(("discard", uid, side))
        heal(state, hero, self.scenario.labyrinth_heal)

    def pick(
        self, state: BellumState, side: int, src: int, effect: Effect, cands: list[int]
    ) -> list[int]:
        """Hells damage always goes to Hercules."""
        if effect.verb == "damage" and self.hero in cands:
            return [self.hero]
        return cands

    def forced_blocks(self, state: BellumState) -> bool:
        """When Hercules attacks, the strongest Hells creature blocks him (a tie: you pick)."""
        hero = self.hero
        if state.active != PLAYER:
            return False
        if hero not in state.attackers or any(a == hero for a, _ in state.blocks):
            return False
        blockers = [
            u
            for u in state.living(SCRIPTED)
            if state.cover[u] < 0 and not state.status[u] & BLOCKING
        ]
        if not blockers:
            return False
        tied = strongest(state, blockers)
        if len(tied) == 1:
            block(state, hero, tied[0])
            return False
        state.stack.append(Blocks(0))
        state.stack.append(HerculesBlocker(PLAYER, tuple(tied)))
        return True

    def after_blocks(self, state: BellumState) -> None:
        """After your blocks, Hercules blocks every Hells attacker still unblocked."""
        hero = self.hero
        if state.active != SCRIPTED or not self.hero_in_play(state) or state.cover[hero] >= 0:
            return
        blocked = {a for a, _ in state.blocks}
        for attacker in state.attackers:
            if attacker not in blocked:
                state.blocks.append((attacker, hero))
                state.status[hero] |= BLOCKING
                state.caused.append(("block", hero, attacker))

    def on_unblocked(self, state: BellumState, free: list[int]) -> bool:
        return True  # nobody in the Hells has a city

    def reveal(self, state: BellumState, count: int) -> None:
        """The second time the Hells' deck runs out, you win; the first time it is shuffled
        again at once."""
        deck = state.deck[SCRIPTED]
        if not deck:
            state.cycles += 1
            state.caused.append(("cycle", SCRIPTED, state.cycles))
            if state.cycles >= CYCLES_TO_WIN:
                end_game(state, (PLAYER,), "Hercules went through the Hells and came back out")
                return
            reshuffle(state.discard[SCRIPTED], deck, state.rng)
        super().reveal(state, count)

    def counters(self, state: BellumState) -> list[dict[str, Any]]:
        hero = self.hero
        damage = state.damage[hero] if self.hero_in_play(state) else 0
        health = state.power(hero) if self.hero_in_play(state) else 0
        return [
            self.counter(
                "Hells' deck run out", state.cycles, CYCLES_TO_WIN, "you win when it reaches 2"
            ),
            self.counter(
                "cards left in the Hells' deck",
                len(state.deck[SCRIPTED]),
                None,
                "when none is left, the deck has run out once more",
            ),
            self.counter(
                "damage on Hercules",
                damage,
                damage + health,
                "Hercules is destroyed when his power falls to 0",
            ),
        ]

    def outlook(self, state: BellumState) -> float:
        """Hercules' health, what will reach him next time, Labyrinths and cards in hand."""
        hero = self.hero
        hand = hand_to_play(state)
        health = state.power(hero) if hero in state.play[PLAYER] else 0
        labyrinths = sum(1 for u in state.hand[PLAYER] if state.face_of(u).kind == LABYRINTH)
        threat = sum(max(0, state.power(u)) for u in state.living(SCRIPTED))
        guard = sum(max(0, state.power(u)) for u in state.living(PLAYER) if u != hero)
        return 3.0 * health + 1.5 * labyrinths + hand - 1.5 * max(0, threat - guard)


@TASKS.kind("hercules_blocker")
@dataclass(slots=True)
class HerculesBlocker(CardChoice):
    """Several Hells creatures are the strongest: `side` picks the one that blocks Hercules."""

    side: Side
    cards: Cards
    verb = "target"

    def options(self, state: BellumState) -> tuple[int, ...]:
        return self.cards

    def choices(self, state: BellumState) -> list[Action]:
        return worded(state, self, "Choose {card} to block {other}", bound(state, Hells).hero)

    def picked(self, state: BellumState, uid: int) -> None:
        block(state, bound(state, Hells).hero, uid)
