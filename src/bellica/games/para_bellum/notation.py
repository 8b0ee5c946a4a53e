"""Position notation: a Para Bellum state as keyed lines, read back with checks."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bellica.core import InvalidPosition
from bellica.core.position_lines import PositionLines, read_result, result_line
from bellica.core.stack import read_stack, write_stack
from bellica.games.para_bellum.cards import (
    BANNERS,
    COLOURS,
    GREY_BANNERS,
    Alliance,
    Army,
    Battle,
    Command,
    Event,
    Objective,
)
from bellica.games.para_bellum.rules import flow as _flow  # noqa: F401 (task kinds)
from bellica.games.para_bellum.rules import setup as _setup  # noqa: F401 (the set-up's)
from bellica.games.para_bellum.rules.dice import tally_dice
from bellica.games.para_bellum.rules.grid import completed_legions, room_left
from bellica.games.para_bellum.state import (
    CELLS,
    EMPTY,
    JUNCTIONS,
    MAX_GREY,
    MAX_RED,
    PHASES,
    SETUP,
    START_CELL,
    WIDTH,
    ParaState,
)

if TYPE_CHECKING:
    from bellica.games.para_bellum.game import ParaBellum

HEADER = "para-bellum"
TITLE = "Para Bellum"
_TURN = re.compile(
    r"^(\d{1,4}) turn (\d{1,5}) active (\d) first (\d) ending (-1|\d) phase ([a-z]+) "
    r"actions (\d{1,2}) legion_take (yes|no)$"
)
_PLAYER = re.compile(r"^colour=([a-z-]+) coins=(\d{1,3}) vp=(\d{1,3}) general=([0-6]) runner=(\d)$")
_PAIR = re.compile(r"^(\d{1,2})=([0-9a-z]{1,12})$")
PER_PLAYER = ("grid", "grey", "red", "banners", "met", "known", "tucked")
LISTS = ("used", "disabled", "revealed", "shared")


def write_position(state: ParaState) -> str:
    game = state.game
    token = game.table.token

    def tokens(uids: list[int]) -> str:
        return " ".join(token[u] for u in uids) or "-"

    lines = [
        HEADER,
        f"round {state.round} turn {state.turn} active {state.active} first {state.first} "
        f"ending {state.ending} phase {state.phase} actions {state.actions_left} "
        f"legion_take {'yes' if state.legion_take else 'no'}",
    ]
    for side in range(game.players):
        lines.append(
            f"player {side}: colour={state.colour[side] or '-'} coins={state.coins[side]} "
            f"vp={state.vp[side]} general={state.general[side]} runner={state.runner[side]}"
        )
        grid = state.grid[side]
        lines.append(
            f"grid {side}: "
            + (" ".join(f"{c}={token[u]}" for c, u in enumerate(grid) if u != EMPTY) or "-")
        )
        lines.append(
            f"grey {side}: "
            + (" ".join(f"{c}={v}" for c, v in enumerate(state.grey[side]) if v) or "-")
        )
        lines.append(
            f"red {side}: "
            + (" ".join(f"{j}={v}" for j, v in enumerate(state.red[side]) if v) or "-")
        )
        used = [f"{b}={s}" for b, s in state.banner[side].items() if s]
        lines.append(f"banners {side}: " + (" ".join(used) or "-"))
        lines.append(
            f"blazons {side}: "
            + (" ".join(c for i, c in enumerate(COLOURS) if state.blazons[side] >> i & 1) or "-")
        )
        for name in ("met", "known", "tucked"):
            lines.append(f"{name} {side}: {tokens(getattr(state, name)[side])}")
    for name, pile in zip(game.layout.names, state.zones.lists, strict=True):
        lines.append(f"{name}: {tokens(pile)}")
    for name in LISTS:
        lines.append(f"{name}: {tokens(getattr(state, name))}")
    lines.append("stack: " + write_stack(state.stack, game))
    if state.winners is not None:
        lines.append(result_line(state.winners, state.reason))
        lines.append("scores: " + " ".join(str(int(s)) for s in state.scores))
    return "\n".join(lines) + "\n"


def read_position(game: ParaBellum, text: str) -> ParaState:
    """The state a position describes; InvalidPosition naming the line and what is wrong."""
    lines = PositionLines(text, HEADER, TITLE)
    state = ParaState(game, 0)
    players = game.players
    match = _TURN.match(lines.take("round"))
    if not match:
        raise InvalidPosition(
            "round: 'round N turn N active S first S ending S|-1 phase P actions N "
            "legion_take yes|no'"
        )
    rnd, turn, active, first, ending, phase, actions, take = match.groups()
    if phase not in PHASES:
        raise InvalidPosition(f"round: phase is one of {', '.join(PHASES)}, not {phase!r}")
    if max(int(active), int(first), int(ending)) >= players:
        raise InvalidPosition(f"round: players are 0 to {players - 1}")
    state.round, state.turn, state.active, state.first = (
        int(rnd),
        int(turn),
        int(active),
        int(first),
    )
    state.ending, state.phase, state.actions_left = int(ending), phase, int(actions)
    state.legion_take = take == "yes"
    if (phase == SETUP) != (state.turn == 0):
        raise InvalidPosition("round: the set-up is turn 0, every later phase turn 1 or more")
    for side in range(players):
        _read_player(state, side, lines)
    placed: dict[int, str] = {}
    for name, pile in zip(game.layout.names, state.zones.lists, strict=True):
        pile.extend(_tokens(game, lines.take(name), name, placed))
    for name in LISTS:
        getattr(state, name).extend(_tokens(game, lines.take(name), name, None))
    missing = [game.token(u) for u in range(game.table.size) if u not in placed]
    if missing:
        raise InvalidPosition(f"card {missing[0]} is in no zone (every card is somewhere)")
    state.stack = read_stack(lines.take("stack"), game)
    result = lines.optional("result")
    if result is not None:
        state.winners, state.reason = read_result(result, players)
        scores = lines.take("scores").split()
        if len(scores) != players or not all(s.isdigit() and len(s) < 5 for s in scores):
            raise InvalidPosition(f"scores: {players} whole numbers")
        state.scores = tuple(float(s) for s in scores)
    lines.done()
    tally_dice(state)
    state.room = [room_left(game, grid) for grid in state.grid]
    for side in range(players):
        runs = completed_legions(state, side)
        state.legions[side] = len(runs)
        state.bigs[side] = sum(1 for run in runs if len(run) >= 3)
    _check(state)
    return state


def _read_player(state: ParaState, side: int, lines: PositionLines) -> None:
    game = state.game
    match = _PLAYER.match(lines.take(f"player {side}"))
    if not match:
        raise InvalidPosition(f"player {side}: 'colour=C coins=N vp=N general=1-6 runner=N'")
    colour, coins, vp, general, runner = match.groups()
    if colour != "-" and colour not in COLOURS:
        raise InvalidPosition(f"player {side}: colour is one of {', '.join(COLOURS)}")
    state.colour[side] = "" if colour == "-" else colour
    state.coins[side], state.vp[side], state.general[side] = int(coins), int(vp), int(general)
    state.runner[side] = int(runner)
    grid = state.grid[side]
    for cell, token in _pairs(lines.take(f"grid {side}"), f"grid {side}", CELLS):
        uid = game.uid(token)
        if uid is None or not (game.is_army[uid] or game.is_special[uid]):
            raise InvalidPosition(
                f"grid {side}: {token[:20]!r} is not an Army card or Special Unit"
            )
        grid[cell] = uid
        state.occupied[side] |= 1 << cell
    for name, values, size in (
        ("grey", state.grey[side], CELLS),
        ("red", state.red[side], JUNCTIONS),
    ):
        for at, text in _pairs(lines.take(f"{name} {side}"), f"{name} {side}", size):
            if not text.isdigit() or not 1 <= int(text) <= 6:
                raise InvalidPosition(f"{name} {side}: a die shows 1 to 6, not {text[:20]!r}")
            values[at] = int(text)
    for part in _words(lines.take(f"banners {side}")):
        name, _, slot = part.partition("=")
        if name not in BANNERS or state.banner[side][name]:
            raise InvalidPosition(
                f"banners {side}: {name[:20]!r} is not a banner, or is given twice"
            )
        state.banner[side][name] = slot
    bits = 0
    for word in _words(lines.take(f"blazons {side}")):
        if word not in COLOURS:
            raise InvalidPosition(f"blazons {side}: {word[:20]!r} is not a colour")
        bits |= 1 << COLOURS.index(word)
    state.blazons[side] = bits
    for name in ("met", "known", "tucked"):
        getattr(state, name)[side].extend(
            _tokens(game, lines.take(f"{name} {side}"), f"{name} {side}", None)
        )


def _words(text: str) -> list[str]:
    return [] if text == "-" else text.split()


def _pairs(text: str, key: str, size: int) -> list[tuple[int, str]]:
    out = []
    for part in _words(text):
        match = _PAIR.match(part)
        if not match or int(match[1]) >= size:
            raise InvalidPosition(
                f"{key}: 'place=value' with a place from 0 to {size - 1}, not {part[:20]!r}"
            )
        out.append((int(match[1]), match[2]))
    return out


def _tokens(game: ParaBellum, text: str, key: str, placed: dict[int, str] | None) -> list[int]:
    out = []
    for word in _words(text):
        uid = game.uid(word)
        if uid is None:
            raise InvalidPosition(f"{key}: {word[:20]!r} is not a card of this game")
        if placed is not None:
            if uid in placed:
                raise InvalidPosition(f"{key}: card {word} is also in {placed[uid]}")
            placed[uid] = key
        out.append(uid)
    return out


def _check(state: ParaState) -> None:
    """Refuse what could not happen in a game."""
    from bellica.games.para_bellum.rules.dice import count, dice

    game = state.game
    for side in range(game.players):
        where = f"grid {side}"
        grid = state.grid[side]
        on_grid = sorted(u for u in grid if u != EMPTY)
        if on_grid != sorted(state.army[side]):
            raise InvalidPosition(f"{where}: the grid holds exactly the cards of army {side}")
        start = grid[START_CELL]
        if state.phase != SETUP or start != EMPTY:
            card = game.table.card[start] if start != EMPTY else None
            if not isinstance(card, Army) or not card.start or card.colour != state.colour[side]:
                raise InvalidPosition(
                    f"{where}: the Starting card of the player's colour is at cell {START_CELL}"
                )
        for cell, uid in enumerate(grid):
            if (
                uid != EMPTY
                and cell != START_CELL
                and isinstance(game.table.card[uid], Army)
                and game.table.card[uid].start
            ):
                raise InvalidPosition(f"{where}: a Starting card lies only on cell {START_CELL}")
        for cell, v in enumerate(state.grey[side]):
            if v and (grid[cell] == EMPTY or cell == START_CELL or game.is_special[grid[cell]]):
                raise InvalidPosition(
                    f"grey {side}: a grey die lies on an Army card (not the Starting card)"
                )
        for j, v in enumerate(state.red[side]):
            above = j + WIDTH
            if v and (
                grid[j] == EMPTY
                or grid[above] == EMPTY
                or game.is_special[grid[j]]
                or game.is_special[grid[above]]
            ):
                raise InvalidPosition(f"red {side}: a red die lies between two Army cards")
        if count(state, side, "red") > MAX_RED or count(state, side, "grey") > MAX_GREY:
            raise InvalidPosition(f"player {side}: at most {MAX_RED} red and {MAX_GREY} grey dice")
        if state.phase != SETUP and not 1 <= state.general[side] <= 6:
            raise InvalidPosition(f"player {side}: the General die shows 1 to 6")
        carrying = set()
        for name, slot in state.banner[side].items():
            if not slot:
                continue
            kind = "grey" if name in GREY_BANNERS else "red"
            if slot not in dice(state, side, kind) or slot in carrying:
                raise InvalidPosition(
                    f"banners {side}: the {name} banner sits alone on a {kind} die"
                )
            carrying.add(slot)
        if len(state.hand[side]) > 20:
            raise InvalidPosition(f"hand {side}: at most 20 cards")
        for uid in state.known[side]:
            if uid not in state.hand[side]:
                raise InvalidPosition(f"known {side}: {game.token(uid)} is not in hand {side}")
        for uid in state.tucked[side]:
            if uid not in state.army_deck:
                raise InvalidPosition(f"tucked {side}: {game.token(uid)} is not in the Army deck")
    _check_lists(state)
    for task in state.stack:
        problem = task.check(state)
        if problem:
            raise InvalidPosition(f"stack: {task.name}: {problem}")
    if state.stack and not state.stack[-1].decides:
        raise InvalidPosition(
            f"stack: {state.stack[-1].name} is a step; a position waits for a decision on top"
        )
    if state.winners is not None:
        if state.stack or state.phase != "over":
            raise InvalidPosition("result: a finished game has phase over and an empty stack")
    elif state.phase == "over":
        raise InvalidPosition("round: phase over needs a result line")
    elif not state.stack:
        raise InvalidPosition("stack: a game under way waits for a decision")
    if state.winners is None and not state.legal_actions():
        raise InvalidPosition("nothing to decide in this position (and no result)")


def _check_lists(state: ParaState) -> None:
    """Objectives met, revealed and shared are objectives where they can be; used and
    disabled cards are Permanents or Special Units in play; runners stay on their track."""
    from bellica.games.para_bellum.rules.scoring import objectives_of

    game = state.game
    held = {u for pile in state.objectives for u in pile}
    for side in range(game.players):
        mine = set(objectives_of(state, side))
        for uid in state.met[side]:
            if uid not in mine:
                raise InvalidPosition(f"met {side}: {game.token(uid)} is not an objective it holds")
    for uid in state.revealed:
        if uid not in held:
            raise InvalidPosition(f"revealed: {game.token(uid)} is not a held objective")
    if len(state.shared) != (2 if game.teamed else 0) or not set(state.shared) <= held:
        raise InvalidPosition("shared: one held objective per team at four players, none else")
    kinds = {
        "army_deck": (Army,),
        "command_deck": (Command,),
        "battle_line": (Command,),
        "event_deck": (Event,),
        "event": (Event,),
        "events_done": (Event,),
        "objective_deck": (Objective,),
        "objectives": (Objective,),
        "battle": (Battle,),
        "alliances": (Alliance,),
        "hand": (Army, Command),
        "army": (Army, Command),
        "permanents": (Command,),
        "discard": (Command, Army),
    }
    for name, pile in zip(game.layout.names, state.zones.lists, strict=True):
        allowed = kinds.get(name.split(" ")[0])
        if allowed is None:
            continue
        for uid in pile:
            card = game.table.card[uid]
            if not isinstance(card, allowed) or (
                isinstance(card, Army) and card.start and name.split(" ")[0] != "army"
            ):
                raise InvalidPosition(f"{name}: {game.token(uid)} does not belong there")
    if len(state.battle) != 1 or len(state.alliances) != (2 if game.teamed else 0):
        raise InvalidPosition("battle, alliances: one Battle card; an Alliance per team at four")
    if len(state.event) > 1:
        raise InvalidPosition("event: one Event at a time")
    in_play = {u for pile in state.permanents for u in pile}
    in_play |= {u for grid in state.grid for u in grid if u != EMPTY and game.is_special[u]}
    for name in ("used", "disabled"):
        for uid in getattr(state, name):
            if uid not in in_play:
                raise InvalidPosition(f"{name}: {game.token(uid)} is not a Permanent in play")
    for side in range(game.players):
        if state.runner[side] and not game.teamed:
            raise InvalidPosition(f"player {side}: runners run at four players only")
        if game.teamed:
            track = game.table.card[state.alliances[game.team_of(side)]].track
            if state.runner[side] >= track:
                raise InvalidPosition(
                    f"player {side}: the runner is on its track (0 to {track - 1})"
                )
