"""The observation tensor: where each card is as a seat knows it, each army's dice and
tokens seen from the seat round the table, and the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# Every task kind registers when its rules module is imported; these two import them all, so
# the one-hot of the pending task's kind has a fixed size and order in every process.
from bellica.games.para_bellum.rules import flow as _flow  # noqa: F401
from bellica.games.para_bellum.rules import setup as _setup  # noqa: F401
from bellica.games.para_bellum.state import CELLS, JUNCTIONS, PHASES, ParaState

if TYPE_CHECKING:
    from bellica.games.para_bellum.game import ParaBellum

SHARED = ("battle_line", "event", "events_done", "discard", "battle", "alliances", "box")
OWNED = ("hand", "objectives", "army", "permanents")
PLAYER_FEATURES = CELLS + JUNCTIONS + 24
GLOBALS = 15  # the turn's numbers before the one-hot of the pending task's kind


def tensor_shape(game: ParaBellum) -> tuple[int, ...]:
    places = len(SHARED) + len(OWNED) * game.players + 1
    tasks = len(game.tasks.names())
    return (game.table.size * places + game.players * PLAYER_FEATURES + GLOBALS + tasks,)


def observation_tensor(state: ParaState, seat: int, out: Any) -> None:
    """Per card a one-hot place (the shared zones; each player's hand, objectives, army and
    permanents numbered from the seat round the table; or "unknown": a deck, a hand or a
    face-down objective the seat may not look at); per player its grey and red dice, General
    die, coins, points, blazons, banners, hand size, runner; then the phase, the round, the
    action tokens, the decks, the Ending Player and whose decision it is."""
    game = state.game
    players = game.players
    side0 = max(seat, 0)
    places = len(SHARED) + len(OWNED) * players + 1
    unknown = places - 1
    zones = state.zones.family
    for i, name in enumerate(SHARED):
        for uid in zones(name)[0]:
            out[uid * places + i] = 1.0
    seeing = [seat >= 0 and game.seating.sees(seat, s) for s in range(players)]
    for offset in range(players):
        side = (side0 + offset) % players
        base = len(SHARED) + offset * len(OWNED)
        for j, name in enumerate(OWNED):
            for uid in zones(name)[side]:
                hidden = (name == "hand" and not seeing[side] and uid not in state.known[side]) or (
                    name == "objectives" and not seeing[side] and uid not in state.revealed
                )
                out[uid * places + (unknown if hidden else base + j)] = 1.0
    for name in ("army_deck", "command_deck", "event_deck", "objective_deck"):
        for uid in zones(name)[0]:
            out[uid * places + unknown] = 1.0
    at = game.table.size * places
    for offset in range(players):
        side = (side0 + offset) % players
        p = at + offset * PLAYER_FEATURES
        for c, v in enumerate(state.grey[side]):
            out[p + c] = v / 6
        for j, v in enumerate(state.red[side]):
            out[p + CELLS + j] = v / 6
        q = p + CELLS + JUNCTIONS
        out[q] = state.general[side] / 6
        out[q + 1] = min(state.coins[side], 20) / 20
        out[q + 2] = min(state.vp[side], 40) / 40
        for b in range(5):
            out[q + 3 + b] = float(state.blazons[side] >> b & 1)
        for b, slot in enumerate(state.banner[side].values()):
            out[q + 8 + b] = 1.0 if slot else 0.0
        out[q + 14] = min(len(state.hand[side]), 20) / 20
        out[q + 15] = min(state.runner[side], 6) / 6
        out[q + 16] = min(len(state.permanents[side]), 10) / 10
        out[q + 17] = 1.0 if side == state.active else 0.0
        out[q + 18] = 1.0 if side == state.first else 0.0
        out[q + 19] = 1.0 if side == state.ending else 0.0
    g = at + players * PLAYER_FEATURES
    out[g + PHASES.index(state.phase)] = 1.0
    out[g + 4] = min(state.round, 100) / 100
    out[g + 5] = min(state.actions_left, 6) / 6
    out[g + 6] = min(len(state.army_deck), 60) / 60
    out[g + 7] = min(len(state.command_deck), 60) / 60
    out[g + 8] = min(len(state.event_deck), 20) / 20
    out[g + 9] = 1.0 if state.legion_take else 0.0
    out[g + 10] = 1.0 if seat < 0 else 0.0
    current = state.current_player
    if current is not None:
        out[g + 11 + (current - side0) % players] = 1.0
    if state.stack and state.winners is None:
        names = game.tasks.names()
        out[g + GLOBALS + names.index(state.stack[-1].name)] = 1.0
