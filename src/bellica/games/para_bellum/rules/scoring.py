"""Objectives and the score: what a player has met, the final count, the winners."""

from __future__ import annotations

from collections.abc import Callable

from bellica.games.para_bellum.rules.grid import completed_legions
from bellica.games.para_bellum.state import CELLS, EMPTY, OVER, START_CELL, WIDTH, ParaState


def measure(state: ParaState, side: int, kind: str) -> int:
    """How much of an objective's kind `side` has now."""
    found = MEASURES.get(kind)
    return found(state, side) if found is not None else 0


# -- what each kind of objective counts --------------------------------------------------------
def _legions(state: ParaState, side: int) -> int:
    return state.legions[side]


def _big_legions(state: ParaState, side: int) -> int:
    return state.bigs[side]


def _blazons(state: ParaState, side: int) -> int:
    return state.blazons[side].bit_count()


def _red_dice(state: ParaState, side: int) -> int:
    return state.red_count[side]


def _grey_dice(state: ParaState, side: int) -> int:
    return state.grey_count[side]


def _grey_total(state: ParaState, side: int) -> int:
    return state.grey_pips[side]


def _permanents(state: ParaState, side: int) -> int:
    """Permanents and Special Units in play."""
    return len(state.permanents[side]) + len(state.game.special_uids.intersection(state.army[side]))


def _coins(state: ParaState, side: int) -> int:
    return state.coins[side]


def _columns(state: ParaState, side: int) -> int:
    """The columns the army spans: its occupied cells' rows folded onto one."""
    occupied = state.occupied[side]  # four rows (state.ROWS)
    folded = occupied | occupied >> WIDTH | occupied >> 2 * WIDTH | occupied >> 3 * WIDTH
    return (folded & COLUMN_BITS).bit_count()


def _banners(state: ParaState, side: int) -> int:
    banners = state.banner[side]
    return len(banners) - list(banners.values()).count("")


COLUMN_BITS = (1 << WIDTH) - 1
assert CELLS == 4 * WIDTH  # _columns folds four rows
MEASURES: dict[str, Callable[[ParaState, int], int]] = {
    "legions": _legions,
    "big_legions": _big_legions,
    "blazons": _blazons,
    "red_dice": _red_dice,
    "grey_dice": _grey_dice,
    "grey_total": _grey_total,
    "permanents": _permanents,
    "coins": _coins,
    "columns": _columns,
    "banners": _banners,
}


def objectives_of(state: ParaState, side: int) -> list[int]:
    """The objectives `side` may fulfil: its own (the zone itself, not a copy), and at four
    players its team's Shared one."""
    game = state.game
    mine = state.objectives[side]
    if not game.teamed:
        return mine
    mine = list(mine)
    for other in game.teammates[side]:
        mine += [u for u in state.objectives[other] if u in state.shared]
    return mine


def check_objectives(state: ParaState) -> None:
    """Every objective met now is fulfilled (turned face up if it was secret), for good. None
    can be newly met while the objectives held and what they count stay as they were."""
    unmet = state.unmet
    if unmet is None:
        unmet = state.unmet = unmet_objectives(state)
    elif not state.recount:
        return
    state.recount = False
    for side, uid, reached, at_least in unmet:
        if reached(state, side) >= at_least:
            state.met[side].append(uid)
            state.unmet = None
            if uid not in state.revealed:
                state.revealed.append(uid)
            state.caused.append(("objective", side, uid))


Unmet = tuple[int, int, Callable[[ParaState, int], int], int]  # side, objective, its count, goal


def unmet_objectives(state: ParaState) -> list[Unmet]:
    """Each side's objectives not met yet, with what counts for them and how much fulfils
    them, in the order check_objectives weighs them."""
    goal = state.game.goal
    out = []
    for side, met in enumerate(state.met):
        for uid in objectives_of(state, side):
            if uid not in met:
                kind, at_least = goal[uid]
                out.append((side, uid, MEASURES[kind], at_least))
    return out


def final_grey(state: ParaState, side: int) -> list[int]:
    """The grey dice after the Cornicines: each linked pair takes the higher value."""
    cornicine = state.game.cornicine
    grey = state.grey[side][:]
    for cell, uid in enumerate(state.grid[side]):
        if uid == EMPTY or not cornicine[uid]:
            continue
        other = cell + (-1 if cornicine[uid] == "left" else 1)
        if cell % WIDTH + (other - cell) not in range(WIDTH) or not grey[cell] or not grey[other]:
            continue
        grey[cell] = grey[other] = max(grey[cell], grey[other])
    return grey


def mounted_points(state: ParaState, side: int) -> int:
    """Red dice at junctions with a Mounted Commander, joined to a complete Legion."""
    mounted = state.game.mounted
    in_legion: set[int] | None = None  # the cells of complete Legions, once one is asked
    junctions: set[int] = set()
    for cell, uid in enumerate(state.grid[side]):
        if uid == EMPTY or not mounted[uid]:
            continue
        if in_legion is None:
            in_legion = {c for run in completed_legions(state, side) for c in run}
        junction = cell if mounted[uid] == "top" else cell - WIDTH
        joined = junction in in_legion or junction + WIDTH in in_legion
        if 0 <= junction < len(state.red[side]) and state.red[side][junction] and joined:
            junctions.add(junction)
    return sum(state.red[side][j] for j in junctions)


def score(state: ParaState, side: int) -> tuple[int, int]:
    """(points, grey total): the grey dice after Cornicines, Mounted Commanders' red dice,
    the objectives met, the victory-point tokens."""
    game = state.game
    final = final_grey(state, side)
    grey = sum(final) - final[START_CELL]
    objectives = sum(game.table.card[u].points for u in state.met[side])
    return grey + mounted_points(state, side) + objectives + state.vp[side], grey


def finish(state: ParaState, why: str) -> None:
    """Face-down objectives met now count; the highest score wins (teams add theirs); a tie
    goes to the highest grey total; still tied, the victory is shared."""
    game = state.game
    check_objectives(state)
    scores = [score(state, side) for side in range(game.players)]
    if game.teamed:
        teams = [
            tuple(sum(scores[s][i] for s in range(4) if game.team_of(s) == t) for i in (0, 1))
            for t in (0, 1)
        ]
        best = max(teams)
        state.winners = tuple(s for s in range(4) if teams[game.team_of(s)] == best)
    else:
        best = max(scores)
        state.winners = tuple(s for s in range(game.players) if scores[s] == best)
    state.scores = tuple(float(points) for points, _ in scores)
    state.phase = OVER
    state.stack.clear()
    names = " and ".join(state.seat_label(s) for s in state.winners)
    points, grey = best
    verb = "win" if len(state.winners) > 1 else "wins"
    state.reason = f"{names} {verb} with {points} points"
    ties = [s for s in range(game.players) if scores[s][0] == points and s not in state.winners]
    if ties and not game.teamed:
        state.reason += f" (the grey dice, {grey}, break the tie)"
    if why:
        state.reason += f"; {why}"
    state.caused.append(("over", state.winners))
