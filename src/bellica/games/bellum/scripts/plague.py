"""Plague in Athens: hold off the Monsters until their deck is spent and none is left."""

from __future__ import annotations

from typing import Any

from bellica.games.bellum.cards import Effect
from bellica.games.bellum.rules.turn import end_game, rally_abilities
from bellica.games.bellum.scripts.solo import (
    HARMFUL,
    PLAYER,
    SCRIPTED,
    SoloScript,
    hand_to_play,
    your_weakest,
)
from bellica.games.bellum.state import BellumState

MYTH = "myth"


class Plague(SoloScript):
    """You cannot attack or buy; Charon's Rally works without another Oracle and may be left
    unused; an unblocked Monster destroys Charon; the Monsters hurt your weakest creature."""

    id = "solo-plague"
    objective = (
        "Hold off the Monsters until their deck is empty and none of them is left in play. "
        "If a Monster attacks and nobody blocks it, it destroys Charon and you lose."
    )

    def scripted_rules(self) -> list[str]:
        return [
            "Of the Monsters' creatures, only Myths use their Rally abilities.",
            "On the Monsters' turn all their creatures attack.",
            self.reveals(),
            "When the Monsters hurt a creature of yours, they pick your weakest (a tie: you "
            "choose); with no creature in play you are not hurt.",
        ]

    def optional_rally(self, state: BellumState, uid: int) -> bool:
        return uid == self.hero

    def condition_waived(self, state: BellumState, src: int) -> bool:
        return src == self.hero

    def pick(
        self, state: BellumState, side: int, src: int, effect: Effect, cands: list[int]
    ) -> list[int]:
        """The Monsters hurt your weakest creature, and nobody when you have none."""
        if effect.verb not in HARMFUL:
            return cands
        return your_weakest(state, cands)

    def rally_cards(self, state: BellumState) -> list[int]:
        """Only Myth creatures' rally abilities (and relics') trigger for the Monsters."""
        return [
            u
            for u in rally_abilities(state, SCRIPTED)
            if not state.is_creature(u) or state.face_of(u).clan == MYTH
        ]

    def on_unblocked(self, state: BellumState, free: list[int]) -> bool:
        if free and state.active == SCRIPTED:
            end_game(state, (), "a Monster got through unblocked and destroyed Charon")
        return True

    def check_end(self, state: BellumState) -> bool:
        """Won once the Monsters' deck is empty and none of their creatures is left."""
        if not state.deck[SCRIPTED] and not state.creatures(SCRIPTED):
            end_game(state, (PLAYER,), "the Monsters' deck is empty and no Monster is left")
            return True
        return False

    def counters(self, state: BellumState) -> list[dict[str, Any]]:
        return [
            self.counter(
                "cards left in the Monsters' deck",
                len(state.deck[SCRIPTED]),
                0,
                "you win once it is empty and no Monster is left",
            ),
            self.counter(
                "Monsters in play",
                len(state.creatures(SCRIPTED)),
                0,
                "each attacks every turn: block them all",
            ),
        ]

    def outlook(self, state: BellumState) -> float:
        """One blocker for every Monster, and cards in hand."""
        hand = hand_to_play(state)
        blockers = sum(1 for u in state.living(PLAYER) if state.cover[u] < 0)
        attackers = sum(1 for u in state.living(SCRIPTED) if state.cover[u] < 0)
        return 1.0 * hand - 15.0 * max(0, attackers - blockers) - 2.0 * attackers
