"""The Siege of Troy: three of your creatures must flee before Troy's four districts fall."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bellica.core import Action
from bellica.core.cards import CardChoice
from bellica.core.cards.zones import reshuffle
from bellica.core.stack import Cards, Side, Step
from bellica.games.bellum.cards import Effect
from bellica.games.bellum.rules import TASKS
from bellica.games.bellum.rules.effects import enter_play, leave_play, put, worded
from bellica.games.bellum.rules.turn import Blocks, block, end_game
from bellica.games.bellum.scripts import bound
from bellica.games.bellum.scripts.solo import (
    HARMFUL,
    LABYRINTH,
    PLAYER,
    SCRIPTED,
    SoloScript,
    hand_to_play,
    in_words,
    play_scripted,
    strongest,
    your_weakest,
)
from bellica.games.bellum.state import BLOCKING, DRAW, BellumState

ASSASSIN = "Assassin"
SOLDIER = "soldier"
REINFORCEMENTS = 3  # cards the Greeks reveal each Draw phase
FLED_TO_WIN = 3


class Troy(SoloScript):
    """The Greeks reveal Reinforcements and play them; Achilles brings in a Soldier at their
    Rally and blocks your strongest attacker; one unblocked Trojan may flee each assault."""

    id = "solo-troy"
    objective = (
        "Get three of your creatures out of Troy: an attacker left unblocked may flee. "
        "If the Greeks pillage all four districts of Troy first, you lose."
    )

    def scripted_rules(self) -> list[str]:
        return [
            "Achilles blocks your strongest attacker; the Greeks' other blocks are yours to make.",
            "One of your attackers left unblocked may flee Troy: it leaves the game and counts "
            "toward your three.",
            f"In their Draw phase the Greeks reveal {in_words(REINFORCEMENTS)} Reinforcements "
            "from their deck (a Labyrinth among them is removed from the game).",
            "At the Greeks' Rally Achilles brings the first Soldier among the Reinforcements "
            "into play; their Deployment plays the rest in order.",
            "When the Greeks must discard, they discard the first Reinforcement.",
        ]

    def set_up(self, state: BellumState) -> None:
        super().set_up(state)
        self.draw(state)  # the first three Reinforcements

    def pick(
        self, state: BellumState, side: int, src: int, effect: Effect, cands: list[int]
    ) -> list[int]:
        """Greek Assassins hit your weakest creature, and nobody when you have none."""
        if effect.verb not in HARMFUL or state.game.table.card[src].name != ASSASSIN:
            return cands
        return your_weakest(state, cands)

    def discard(self, state: BellumState, side: int, amount: int) -> None:
        """The Greeks discard the first Reinforcements card."""
        for _ in range(amount):
            if state.reinforcements:
                uid = state.reinforcements.pop(0)
                state.discard[side].append(uid)
                state.caused.append(("discard", uid, side))

    def forced_blocks(self, state: BellumState) -> bool:
        """Achilles blocks your strongest attacker (a tie: you pick)."""
        hero = self.hero
        if state.active != PLAYER:
            return False
        if not self.hero_in_play(state) or state.status[hero] & BLOCKING or state.cover[hero] >= 0:
            return False
        if not state.attackers:
            return False
        blockable = [a for a in state.attackers if not state.has_ongoing(a, "unblockable")]
        if not blockable:
            return False
        tied = strongest(state, blockable)
        if len(tied) == 1:
            block(state, tied[0], hero)
            return False
        state.stack.append(Blocks(0))
        state.stack.append(AchillesTarget(PLAYER, tuple(tied)))
        return True

    def on_unblocked(self, state: BellumState, free: list[int]) -> bool:
        """An unblocked Trojan may flee (the Greeks have no city to pillage)."""
        if state.active == PLAYER:
            alive = [uid for uid in free if state.in_play(uid)]  # a dead one cannot flee
            if alive:
                state.stack.append(Flee(PLAYER, tuple(alive)))
            return True
        return False

    def rally(self, state: BellumState) -> None:
        """Achilles brings the first Soldier among the Reinforcements into play."""
        super().rally(state)
        hero = self.hero
        if self.hero_in_play(state) and state.cover[hero] < 0:
            soldiers = [
                u
                for u in state.reinforcements
                if state.face_of(u).kind == "creature" and state.face_of(u).clan == SOLDIER
            ]
            if soldiers:
                state.reinforcements.remove(soldiers[0])
                enter_play(state, soldiers[0], SCRIPTED)

    def deploy(self, state: BellumState) -> None:
        """The Greeks play their Reinforcements in order."""
        super().deploy(state)
        if state.reinforcements:
            state.stack.append(Reinforce())

    def draw(self, state: BellumState) -> None:
        """Three Reinforcements are revealed; a Labyrinth among them is Removed."""
        state.phase = DRAW
        deck = state.deck[SCRIPTED]
        for _ in range(REINFORCEMENTS):
            if not deck:
                if not reshuffle(state.discard[SCRIPTED], deck, state.rng):
                    break
                state.caused.append(("reshuffle", SCRIPTED))
            uid = deck.pop()
            if state.face_of(uid).kind == LABYRINTH:
                put(state, uid, SCRIPTED, "stock")  # Removed: one Reinforcement fewer
                state.caused.append(("removed", uid, SCRIPTED))
            else:
                state.reinforcements.append(uid)
                state.caused.append(("reinforcement", uid, SCRIPTED))

    def counters(self, state: BellumState) -> list[dict[str, Any]]:
        return [
            self.counter("creatures fled", state.fled, FLED_TO_WIN, "you win when three have fled"),
            self.counter(
                "districts of Troy pillaged",
                state.pillaged[PLAYER],
                4,
                "you lose when all four are pillaged",
            ),
        ]

    def outlook(self, state: BellumState) -> float:
        """Cards in hand: the Trojans cannot buy, so their hand is all they have."""
        return float(hand_to_play(state))

    def flee(self, state: BellumState, uid: int) -> None:
        leave_play(state, uid, "stock")
        state.caused.append(("fled", uid))
        state.fled += 1
        if state.fled >= FLED_TO_WIN:
            end_game(state, (PLAYER,), "three Trojan creatures fled the city")


@TASKS.kind("reinforce")
@dataclass(slots=True)
class Reinforce(Step):
    """The Greeks play their first Reinforcement."""

    def run(self, state: BellumState) -> None:
        if not state.reinforcements:  # a Greek discard may have taken the last one
            return
        uid = state.reinforcements.pop(0)
        if state.reinforcements:
            state.stack.append(Reinforce())
        play_scripted(state, uid)


@TASKS.kind("achilles_target")
@dataclass(slots=True)
class AchillesTarget(CardChoice):
    """Several of your attackers are the strongest: `side` picks the one Achilles blocks."""

    side: Side
    cards: Cards
    verb = "target"

    def options(self, state: BellumState) -> tuple[int, ...]:
        return self.cards

    def choices(self, state: BellumState) -> list[Action]:
        return worded(state, self, "Choose {card} for {other} to block", bound(state, Troy).hero)

    def picked(self, state: BellumState, uid: int) -> None:
        block(state, uid, bound(state, Troy).hero)


@TASKS.kind("flee")
@dataclass(slots=True)
class Flee(CardChoice):
    """One of your unblocked attackers (`cards`) may flee the city."""

    side: Side
    cards: Cards
    verb = "flee"

    def options(self, state: BellumState) -> tuple[int, ...]:
        return self.cards

    def extra(self, state: BellumState) -> list[Action]:
        return [state.game.actions.plain("no_flee")]

    def automatic(self, action: Action) -> bool:
        return False

    def picked(self, state: BellumState, uid: int) -> None:
        bound(state, Troy).flee(state, uid)
