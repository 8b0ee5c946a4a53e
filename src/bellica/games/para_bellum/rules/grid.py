"""The army grid: where a card may go, Legions along open edges, Centurions at junctions."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import TYPE_CHECKING

from bellica.games.para_bellum.cards import COLOURS, Army
from bellica.games.para_bellum.state import CELLS, EMPTY, EVERY_SHAPE, WIDTH, ParaState

if TYPE_CHECKING:
    from bellica.games.para_bellum.game import ParaBellum


def neighbour(cell: int, step: int) -> int:
    """The cell left (-1), right (+1), below (-WIDTH) or above (+WIDTH), or -1 off the grid."""
    if step in (-1, 1):
        column = cell % WIDTH + step
        return cell + step if 0 <= column < WIDTH else -1
    other = cell + step
    return other if 0 <= other < CELLS else -1


# Each cell's neighbours (left, right, below, above: -1 off the grid), and those on the grid.
SIDES = tuple(tuple(neighbour(c, s) for s in (-1, 1, -WIDTH, WIDTH)) for c in range(CELLS))
AROUND = tuple(
    tuple(n for n in (neighbour(c, s) for s in (-1, 1, -WIDTH, WIDTH)) if n >= 0)
    for c in range(CELLS)
)


# An Army card's shape: its colour, and whether its left and its right edge are open.
SHAPES = tuple(product(COLOURS, (False, True), (False, True)))
assert len(SHAPES) == EVERY_SHAPE.bit_length()  # state.EVERY_SHAPE names them all


def shape_bit(card: Army) -> int:
    """The bit of a card's shape."""
    return 1 << SHAPES.index((card.colour, card.left == "open", card.right == "open"))


def fits_beside(card: Army, side: str) -> int:
    """The shapes that may lie on that side of `card` ("left" or "right"): its colour, with the
    facing edge as open as its own."""
    if side == "right":
        return sum(
            1 << i
            for i, (colour, left, _) in enumerate(SHAPES)
            if colour == card.colour and left == (card.right == "open")
        )
    return sum(
        1 << i
        for i, (colour, _, right) in enumerate(SHAPES)
        if colour == card.colour and right == (card.left == "open")
    )


def occupied(grid: list[int], cell: int) -> bool:
    return cell >= 0 and grid[cell] != EMPTY


def can_place(state: ParaState, side: int, uid: int, cell: int) -> bool:
    """Whether card `uid` (an Army card or a Special Unit) may go on `cell` of `side`'s army:
    an empty cell touching the army; an Army card matching the colour and the touching edge
    of each card beside it, and never above a Special Unit; a Special Unit with only Special
    Units beside it and no Army card above it."""
    game = state.game
    grid = state.grid[side]
    if grid[cell] != EMPTY:
        return False
    left, right, below, above = SIDES[cell]
    if not any(grid[n] != EMPTY for n in AROUND[cell]):
        return False
    special = game.is_special
    if special[uid]:
        for n in (left, right):
            if occupied(grid, n) and not special[grid[n]]:
                return False
        return not (occupied(grid, above) and not special[grid[above]])
    colour = game.colour[uid]
    if occupied(grid, below) and special[grid[below]]:
        return False
    if occupied(grid, left):
        other = grid[left]
        if (
            special[other]
            or game.colour[other] != colour
            or game.right_open[other] != game.left_open[uid]
        ):
            return False
    if occupied(grid, right):
        other = grid[right]
        if (
            special[other]
            or game.colour[other] != colour
            or game.left_open[other] != game.right_open[uid]
        ):
            return False
    return True


FULL = (1 << CELLS) - 1
FIRST_COLUMN = sum(1 << (row * WIDTH) for row in range(CELLS // WIDTH))
LAST_COLUMN = FIRST_COLUMN << (WIDTH - 1)


def open_cells(state: ParaState, side: int) -> list[int]:
    """The empty cells touching `side`'s army (where any card might go), from its bit set of
    occupied cells shifted one step each way."""
    occupied = state.occupied[side]
    around = (
        ((occupied << 1) & ~FIRST_COLUMN)
        | ((occupied >> 1) & ~LAST_COLUMN)
        | (occupied << WIDTH)
        | (occupied >> WIDTH)
    )
    free = around & ~occupied & FULL
    out: list[int] = []
    for start, cells_of in ROW_CELLS:
        row = free >> start & ROW_BITS
        if row:
            out += cells_of[row]
    return out


ROW_BITS = (1 << WIDTH) - 1
# Per row of the grid, its first cell and, for each set of its cells as bits, those cells.
ROW_CELLS = tuple(
    (
        start,
        tuple(
            tuple(start + c for c in range(WIDTH) if bits >> c & 1) for bits in range(1 << WIDTH)
        ),
    )
    for start in range(0, CELLS, WIDTH)
)


def special_cells(state: ParaState, side: int) -> list[int]:
    """The cells a Special Unit may go on (can_place): the open cells with no Army card to
    their left, to their right or above them."""
    grid = state.grid[side]
    special = state.game.is_special
    army = state.occupied[side]
    for uid in state.army[side]:
        if special[uid]:
            army &= ~(1 << grid.index(uid))
    barred = ((army << 1) & ~FIRST_COLUMN) | ((army >> 1) & ~LAST_COLUMN) | (army >> WIDTH)
    return [cell for cell in open_cells(state, side) if not barred >> cell & 1]


def occupy(state: ParaState, side: int, cell: int, uid: int) -> None:
    """A card lies on `cell` (EMPTY: the cell is cleared). The army's grid and room are
    replaced, not changed in place: copies of the state share them."""
    grid = state.grid[side] = state.grid[side][:]
    grid[cell] = uid
    state.open_troops[side] = None
    state.recount = True
    if uid == EMPTY:
        state.occupied[side] &= ~(1 << cell)
        state.room[side] = room_left(state.game, grid)  # a card leaves: seldom
    else:
        state.occupied[side] |= 1 << cell
        state.room[side] = narrowed(state.game, state.room[side], cell, uid)


def narrowed(game: ParaBellum, room: list[int], cell: int, uid: int) -> list[int]:
    """The shapes each cell has room for once card `uid` lies on `cell`: beside it, those
    whose facing edge matches its own, of its colour (none beside a Special Unit); above a
    Special Unit, none."""
    room = room[:]
    left, right, _, above = SIDES[cell]
    if left >= 0:
        room[left] &= game.fits_left_of[uid]
    if right >= 0:
        room[right] &= game.fits_right_of[uid]
    if above >= 0 and game.is_special[uid]:
        room[above] = 0
    return room


def room_left(game: ParaBellum, grid: list[int]) -> list[int]:
    """The shapes each cell of an army's grid has room for (see narrowed), from its cards."""
    room = [EVERY_SHAPE] * CELLS
    for cell, uid in enumerate(grid):
        if uid != EMPTY:
            room = narrowed(game, room, cell, uid)
    return room


def legion(state: ParaState, side: int, cell: int) -> list[int]:
    """The cells of the troop through `cell`: the run of cards joined by open edges."""
    game = state.game
    grid = state.grid[side]
    run = [cell]
    here = cell
    while game.left_open[grid[here]]:
        left = SIDES[here][0]
        if not occupied(grid, left):
            break
        run.insert(0, left)
        here = left
    here = cell
    while game.right_open[grid[here]]:
        right = SIDES[here][1]
        if not occupied(grid, right):
            break
        run.append(right)
        here = right
    return run


def is_complete(state: ParaState, side: int, run: list[int]) -> bool:
    """A troop is a complete Legion when both its ends are closed edges."""
    game = state.game
    grid = state.grid[side]
    return not game.left_open[grid[run[0]]] and not game.right_open[grid[run[-1]]]


def junctions_made(state: ParaState, side: int, cell: int) -> list[int]:
    """The junctions (red slots) a card just placed on `cell` made with an Army card above or
    below it: each completes a Centurion (none for a Special Unit)."""
    game = state.game
    grid = state.grid[side]
    if game.is_special[grid[cell]]:
        return []
    out = []
    _, _, below, above = SIDES[cell]
    if occupied(grid, below) and not game.is_special[grid[below]]:
        out.append(below)  # the junction above the cell below
    if occupied(grid, above) and not game.is_special[grid[above]]:
        out.append(cell)
    return out


def troops(state: ParaState, side: int) -> Iterator[list[int]]:
    """Every troop of `side`'s army (Army cards joined by open edges, complete or not), each
    once as its cells left to right, the lowest cell's first."""
    grid = state.grid[side]
    special = state.game.is_special
    seen = 0
    occupied = state.occupied[side]
    while occupied:
        low = occupied & -occupied
        occupied ^= low
        cell = low.bit_length() - 1
        if seen & low or special[grid[cell]]:
            continue
        run = legion(state, side, cell)
        for c in run:
            seen |= 1 << c
        yield run


def completed_legions(state: ParaState, side: int) -> list[list[int]]:
    """Every complete Legion of `side`'s army, each as its cells left to right."""
    return [run for run in troops(state, side) if is_complete(state, side, run)]
