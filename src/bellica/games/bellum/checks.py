"""Whether a state read from a position can be played: its parts agree, each pending task fits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bellica.core import InvalidPosition
from bellica.core.stack import Task
from bellica.games.bellum.rules.buying import Bought, Pay
from bellica.games.bellum.rules.effects import (
    Ability,
    Answer,
    AnswerWindow,
    Bury,
    ChooseTarget,
    Discard,
    Look,
    MayUse,
    OrderTriggers,
    Remove,
    Sacrifice,
    SpellDone,
)
from bellica.games.bellum.rules.turn import (
    Block,
    Blocks,
    Pillage,
    PillageMore,
    block_options,
    defender_of,
)
from bellica.games.bellum.scripts.hells import Hells, HerculesBlocker
from bellica.games.bellum.scripts.solo import Reveal, SoloScript
from bellica.games.bellum.scripts.troy import AchillesTarget, Flee, Reinforce, Troy
from bellica.games.bellum.state import CANCELLED, OVER, RALLY, BellumState

TRIGGERS = ("play", "rally", "deployment", "death", "assault", "answer", "pillage", "purchase")
EVENTS = ("spell", "death", "assault")
RINGS = ("any", "myth", "soldier", "oracle", "demon")
SCRIPT_TASKS = ("opponent_rally", "opponent_assault", "opponent_deploy", "opponent_draw")


def check_position(state: BellumState) -> None:
    """Raise InvalidPosition naming the first thing that cannot stand."""
    problem = _problem(state)
    if problem:
        raise InvalidPosition(f"this position cannot be played: {problem}")


def _problem(state: BellumState) -> str | None:
    for check in (_result, _cities, _tokens, _assault, _rally, _turn):
        found = check(state)
        if found:
            return found
    for number, task in enumerate(state.stack, start=1):
        found = _task_problem(state, task)
        if found:
            return f"stack task {number} ({task.name}): {found}"
    return None


def _result(state: BellumState) -> str | None:
    over = state.phase == OVER
    if over != (state.winners is not None):
        return "a game over needs a result line, and a result line needs phase over"
    if over and not state.reason:
        return "a result needs its reason"
    if over and state.stack:
        return "a finished game has nothing left on its stack"
    return None


def _cities(state: BellumState) -> str | None:
    game = state.game
    if game.solo:
        wanted = [game.script.player_city, ""]
        if state.cities != wanted:
            return f"this scenario's cities are {wanted[0] or 'none'} and none"
    else:
        cities = state.cities
        if any(city not in game.cities for city in cities) or cities[0] == cities[1]:
            return f"each team needs a different city of {', '.join(game.cities)}"
    for team in range(game.teams):
        if state.pillaged[team] >= 4 and state.winners is None:
            return f"team {team}'s city has lost all four districts, yet the game goes on"
        if state.strategy[team] > 9:
            return "a city holds at most 9 Strategy charges"
    return None


def _tokens(state: BellumState) -> str | None:
    """Tokens lie only on cards in play (a cancelled spell may be marked while it resolves);
    a Petrified card covers one creature in play and lies in no zone."""
    game = state.game
    table = game.table
    placed = state.zones.placement()
    in_play = {uid for side in range(game.sides) for uid in state.play[side]}
    covers: set[int] = set()
    for uid in range(table.size):
        token = table.token[uid]
        marked = state.damage[uid] or state.shield[uid] or state.charges[uid]
        if (marked or state.cover[uid] >= 0) and uid not in in_play:
            return f"card {token} carries tokens but is not in play"
        status = state.status[uid]
        if status and uid not in in_play and not (uid in state.resolving and status == CANCELLED):
            return f"card {token} is marked as fighting or dying but is not in play"
        if state.face[uid] and table.card[uid].back is None:
            return f"card {token} has no other face to show"
        cover = state.cover[uid]
        if cover >= 0:
            if table.card[cover].kind != "petrified" or cover in placed or cover in covers:
                return f"card {token} is covered by {table.token[cover]}, not a free Petrified"
            covers.add(cover)
    return None


def _assault(state: BellumState) -> str | None:
    game = state.game
    active = game.members[state.active]
    attackers = state.attackers
    if len(set(attackers)) != len(attackers):
        return "an attacker is declared twice"
    for uid in attackers:
        if not state.in_play(uid) or state.owner[uid] not in active:
            return f"attacker {game.table.token[uid]} is not in play for the active team"
        if not state.is_creature(uid):
            return f"attacker {game.table.token[uid]} is not a creature"
    blocked = [a for a, _ in state.blocks]  # (a blocker may hold several: Hercules does)
    if len(set(blocked)) != len(blocked):
        return "an attacker is blocked twice"
    if len(set(state.through)) != len(state.through):
        return "an unblocked attacker is named twice"
    return None


def _rally(state: BellumState) -> str | None:
    """Rally abilities left to resolve are in play (the active side's, in its own Rally
    phase; an optional one left unused stays listed until that side's next Rally phase)."""
    left = state.rally_left
    if len(set(left)) != len(left):
        return "a rally ability is left twice"
    side = state.active_side()
    own_rally = state.phase == RALLY and side not in state.game.scripted
    for uid in left:
        if not state.in_play(uid) or (own_rally and uid not in state.play[side]):
            return f"card {state.game.table.token[uid]} is not in play to rally"
    return None


def _turn(state: BellumState) -> str | None:
    """The scripted side's turn runs from the stack, and ends there: its last task, at the
    bottom, ends the turn."""
    game = state.game
    scripted_turn = state.active in game.scripted and state.winners is None
    if scripted_turn and (not state.stack or state.stack[0].name != "end_turn"):
        return "the scripted side's turn runs from the stack, which must end with end_turn"
    return None


# -- each kind of pending work -------------------------------------------------------------
def _task_problem(state: BellumState, task: Task) -> str | None:
    game = state.game
    scripted = task.name in SCRIPT_TASKS or isinstance(task, Reveal)
    if scripted and not isinstance(game.script, SoloScript):
        return "only a solo scenario's opponent has a scripted turn"
    if isinstance(task, HerculesBlocker) and not isinstance(game.script, Hells):
        return "only the Hells scenario asks this"
    if isinstance(task, Reinforce | AchillesTarget | Flee) and not isinstance(game.script, Troy):
        return "only the Siege of Troy asks this"
    check = _CHECKS.get(type(task))
    return check(state, task) if check is not None else None


def _ability(state: BellumState, task: Any, asked: bool = False) -> str | None:
    """An ability's card, face, trigger and step exist (`asked`: its effect is pending)."""
    if task.trigger not in TRIGGERS:
        return f"unknown trigger {task.trigger!r}"
    if task.face not in (0, 1) or (task.face and state.game.table.card[task.card].back is None):
        return "that card has no such face"
    effects = state.game.effects(task.card, task.face, task.trigger)
    if task.step > len(effects) or (asked and task.step >= len(effects)):
        return "that ability has no such step"
    return None


def _all(cards: tuple[int, ...], holds: Callable[[int], bool]) -> bool:
    return bool(cards) and all(holds(uid) for uid in cards)


def _target(state: BellumState, task: ChooseTarget) -> str | None:
    if not _all(task.candidates, state.in_play):
        return "its candidates must be creatures in play"
    return _ability(state, task, asked=True)


def _look(state: BellumState, task: Look) -> str | None:
    deck = state.deck[task.victim]
    shown = list(reversed(deck[-len(task.cards) :])) if task.cards else []
    if shown != list(task.cards):
        return "the cards looked at must be the top of that deck, top first"
    return None


def _order(state: BellumState, task: OrderTriggers) -> str | None:
    if task.trigger not in TRIGGERS:
        return f"unknown trigger {task.trigger!r}"
    if not _all(task.cards, lambda uid: state.owner[uid] >= 0):
        return "the triggered cards must belong to a side"
    return None


def _window(state: BellumState, task: AnswerWindow | Answer) -> str | None:
    if task.event not in EVENTS:
        return f"unknown event {task.event!r}"
    sides = task.order if isinstance(task, AnswerWindow) else (task.side, *task.rest)
    if len(set(sides)) != len(sides):
        return "a side is asked twice"
    return None


def _pay(state: BellumState, task: Pay) -> str | None:
    if task.card not in state.resolving or not task.rings:
        return "the card being paid for must be resolving, with rings left to pay"
    if any(ring not in RINGS for ring in task.rings):
        return f"rings are {', '.join(RINGS)}"
    return None


def _resolving(state: BellumState, task: Bought | SpellDone) -> str | None:
    return None if task.card in state.resolving else "its card must be resolving"


def _bury(state: BellumState, task: Bury) -> str | None:
    if len(task.cards) != len(task.faces) or any(f not in (0, 1) for f in task.faces):
        return "one face, 0 or 1, per card"
    return None


def _blocks(state: BellumState, task: Blocks | Block) -> str | None:
    if isinstance(task, Blocks):
        return None if task.next <= len(state.attackers) else "no such attacker"
    if task.attacker not in state.attackers:
        return "the attacker to block must be attacking"
    if task.side != defender_of(state, task.attacker):
        return "only the player the attacker faces blocks it"
    if not set(task.candidates) <= set(block_options(state, task.attacker)):
        return "its blockers must be creatures of that player free to block"
    return None


def _pillage(state: BellumState, task: Pillage | PillageMore) -> str | None:
    if not state.cities[task.team]:
        return "that team has no city to pillage"
    return None if task.count <= 4 else "at most four districts fall"


def _in_play(state: BellumState, task: HerculesBlocker | AchillesTarget | Flee) -> str | None:
    return None if _all(task.cards, state.in_play) else "its cards must be in play"


def _count(state: BellumState, task: Discard | Sacrifice) -> str | None:
    return None if 1 <= task.count <= 20 else "a count from 1 to 20"


def _reveal(state: BellumState, task: Reveal) -> str | None:
    return None if task.count <= 10 else "at most 10 cards are revealed"


def _remove(state: BellumState, task: Remove) -> str | None:
    return None if task.source >= -1 else "no such card"


_CHECKS: dict[type[Task], Callable[[BellumState, Any], str | None]] = {
    Ability: _ability,
    MayUse: lambda state, task: _ability(state, task, asked=True),
    ChooseTarget: _target,
    Look: _look,
    OrderTriggers: _order,
    AnswerWindow: _window,
    Answer: _window,
    Pay: _pay,
    Bought: _resolving,
    SpellDone: _resolving,
    Bury: _bury,
    Blocks: _blocks,
    Block: _blocks,
    Pillage: _pillage,
    PillageMore: _pillage,
    HerculesBlocker: _in_play,
    AchillesTarget: _in_play,
    Flee: _in_play,
    Discard: _count,
    Sacrifice: _count,
    Reveal: _reveal,
    Remove: _remove,
}
