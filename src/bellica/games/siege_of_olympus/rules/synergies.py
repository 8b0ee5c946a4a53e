"""Synergies, artifacts and copies: what follows from the minions a player controls."""

from __future__ import annotations

from dataclasses import dataclass

from bellica.core import Action
from bellica.core.stack import Card, Decision, Side, Word
from bellica.games.siege_of_olympus.cards import BEATS, RACES
from bellica.games.siege_of_olympus.rules import TASKS
from bellica.games.siege_of_olympus.rules.combat import destroy, end, hurt
from bellica.games.siege_of_olympus.rules.deck import draw
from bellica.games.siege_of_olympus.state import DODGE, SiegeState

SYNERGY = 3  # minions of one class or race that make a synergy
RACE_STRIKE_COST = 3  # a race synergy destroys a minion costing at most this


def settle(state: SiegeState) -> None:
    """What the minions in play make happen once nothing else is pending: minions whose
    damage has reached a lowered health die, completed artifacts are taken (each with a
    card), race synergies strike, and a player holding enough Artifacts wins. All of it
    follows from which minions are in play, so nothing is done while they stay the same."""
    if state.settled == state.board:
        return
    state.settled = state.board
    damage = state.damage
    for side in (0, 1):
        dead = [u for u in state.minions[side] if damage[u] and damage[u] >= state.health_of(u)]
        for uid in dead:
            destroy(state, uid, -1)
    order = (state.active, 1 - state.active)
    for side in order:
        complete_artifacts(state, side)
        if state.winners is not None:
            return
    race_of = state.race_of
    for side in order:
        races = state.races[side]
        counted = [race_of(u) for u in state.minions[side]]
        for bit, race in enumerate(RACES):
            if counted.count(race) >= SYNERGY:
                if not races & (1 << bit):
                    races |= 1 << bit
                    state.caused.append(("synergy", side, race))
                    state.stack.append(RaceStrike(side, race))
            else:
                races &= ~(1 << bit)
        state.races[side] = races


def pieces(state: SiegeState, side: int) -> dict[int, int]:
    """Artifact number -> how many of `side`'s minions carry that piece."""
    count: dict[int, int] = {}
    for uid in state.minions[side]:
        for piece in state.pieces_of(uid):
            count[piece] = count.get(piece, 0) + 1
    return count


def complete_artifacts(state: SiegeState, side: int) -> None:
    """Take every Artifact still in the pile whose three pieces `side` controls, drawing a card
    for each; the Olympus card's number of Artifacts wins the game."""
    if len(state.minions[side]) < SYNERGY:
        return
    of_piece = state.game.artifact_of_piece
    for piece, count in sorted(pieces(state, side).items()):
        artifact = of_piece.get(piece, -1)
        if count >= SYNERGY and artifact in state.pile:
            state.pile.remove(artifact)
            state.artifacts[side].append(artifact)
            state.caused.append(("artifact", side, artifact, "complete"))
            draw(state, side)
    check_artifact_win(state, side)


def check_artifact_win(state: SiegeState, side: int) -> None:
    goal = state.game.goal
    if state.winners is None and len(state.artifacts[side]) >= goal:
        end(state, (side,), f"{state.seat_label(side)} holds {goal} Artifacts: Olympus falls")


def race_victims(state: SiegeState, side: int, race: str) -> list[int]:
    """The enemy minions and prisoners a race synergy may destroy."""
    beaten = BEATS[race]
    pool = [*state.minions[1 - side], *state.tartarus]
    return [
        u
        for u in pool
        if state.race_of(u) == beaten
        and state.game.cost[u] <= RACE_STRIKE_COST
        and not state.keyword(u, "resistant")
    ]


@TASKS.kind("race_strike")
@dataclass(frozen=True, slots=True)
class RaceStrike(Decision):
    """A race synergy: `side` destroys an enemy minion or a prisoner of the race `race`
    beats, costing 3 or less."""

    side: Side
    race: Word

    def choices(self, state: SiegeState) -> list[Action]:
        game = state.game
        template = "Destroy {card} (" + self.race.capitalize() + " synergy)"
        return [
            game.worded(game.actions.card("target", u), template, -1)
            for u in race_victims(state, self.side, self.race)
        ]

    def choose(self, state: SiegeState, action: Action) -> None:
        uid = state.game.actions.uid(action)
        state.caused.append(("race_strike", self.side, uid, self.race))
        destroy(state, uid, self.side)

    def check(self, state: SiegeState) -> str | None:
        return None if self.race in BEATS else f"{self.race} is not a race"


@TASKS.kind("copy")
@dataclass(frozen=True, slots=True)
class CopyFrom(Decision):
    """A Joker or a Copy and Replace minion just summoned chooses the minion in play whose
    piece (or whose attack, health, class or race) it takes over."""

    side: Side
    card: Card
    mid_move = True

    def choices(self, state: SiegeState) -> list[Action]:
        game = state.game
        what = game.copies[self.card]
        words = "piece" if what == "joker" else what
        template = "{other} copies the " + words + " of {card}"
        return [
            game.worded(game.actions.card("target", u), template, self.card)
            for side in (self.side, 1 - self.side)
            for u in state.minions[side]
            if u != self.card
        ]

    def choose(self, state: SiegeState, action: Action) -> None:
        uid = state.game.actions.uid(action)
        if self.card in state.minions[self.side]:
            state.copied[self.card] = uid
            state.board += 1
            state.caused.append(("copy", self.card, uid, state.game.copies[self.card]))

    def check(self, state: SiegeState) -> str | None:
        return None if state.game.copies[self.card] else "that card copies nothing"


def spellcaster_volley(state: SiegeState, side: int) -> None:
    """Spellcaster synergy, at the start of the Recruit phase: 1 damage to every enemy minion
    that is not Resistant."""
    if state.count_class(side, "spellcaster") < SYNERGY:
        return
    state.caused.append(("synergy", side, "spellcaster"))
    for uid in list(state.minions[1 - side]):
        if not state.keyword(uid, "resistant"):
            state.caused.append(("damage", uid, 1))
            hurt(state, uid, 1, side)


def trickster_dodges(state: SiegeState, side: int) -> None:
    """Trickster synergy, at the end of `side`'s turn: the dodges of the opponent's minions
    have lapsed, and with three or more Tricksters each of them gets one."""
    status = state.status
    for uid in state.minions[1 - side]:
        status[uid] &= ~DODGE
    if state.count_class(side, "trickster") >= SYNERGY:
        state.caused.append(("synergy", side, "trickster"))
        for uid in state.minions[side]:
            if state.class_of(uid) == "trickster":
                status[uid] |= DODGE
