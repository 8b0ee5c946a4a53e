"""The 9×9 board: squares a1…i9, neighbours, straight and diagonal lines, setup zones."""

from __future__ import annotations

from functools import cache

SIZE = 9
SQUARES = range(SIZE * SIZE)
FILES = "abcdefghi"

# Sides. The attacker (red) sets up on ranks 1-2 and moves up; the defender (blue) on 8-9.
ATTACKER, DEFENDER = 0, 1
SIDE_NAMES = ("attacker", "defender")
FORWARD = (SIZE, -SIZE)  # square offset of one step forward, per side

DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))  # (file, rank)


def square(file: int, rank: int) -> int:
    """The square index of a 0-based file and rank."""
    return rank * SIZE + file


def file_of(sq: int) -> int:
    return sq % SIZE


def rank_of(sq: int) -> int:
    return sq // SIZE


SQUARE_NAMES = tuple(f"{FILES[sq % SIZE]}{sq // SIZE + 1}" for sq in range(SIZE * SIZE))


def name(sq: int) -> str:
    """The square's name, "a1" … "i9"."""
    return SQUARE_NAMES[sq]


def parse_square(text: str) -> int:
    """The square named `text`; raises ValueError."""
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in FILES or text[1] not in "123456789":
        raise ValueError(f"{text!r} is not a square (a1 … i9)")
    return square(FILES.index(text[0]), int(text[1]) - 1)


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < SIZE and 0 <= rank < SIZE


def _neighbours(sq: int) -> tuple[int, ...]:
    f, r = file_of(sq), rank_of(sq)
    return tuple(square(f + df, r + dr) for df, dr in DIRECTIONS if _on_board(f + df, r + dr))


def _lines(sq: int) -> tuple[tuple[int, ...], ...]:
    """The eight straight and diagonal rays from `sq`, nearest square first."""
    f, r = file_of(sq), rank_of(sq)
    rays = []
    for df, dr in DIRECTIONS:
        ray = []
        k = 1
        while _on_board(f + k * df, r + k * dr):
            ray.append(square(f + k * df, r + k * dr))
            k += 1
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


def distance(a: int, b: int) -> int:
    """King-move (Chebyshev) distance."""
    return max(abs(file_of(a) - file_of(b)), abs(rank_of(a) - rank_of(b)))


def step_toward(frm: int, to: int) -> int:
    """The neighbour of `frm` one king-step toward `to`."""
    df = (file_of(to) > file_of(frm)) - (file_of(to) < file_of(frm))
    dr = (rank_of(to) > rank_of(frm)) - (rank_of(to) < rank_of(frm))
    return square(file_of(frm) + df, rank_of(frm) + dr)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(sq) for sq in SQUARES)
NEIGHBOUR_SETS: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in NEIGHBOURS)
LINES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_lines(sq) for sq in SQUARES)


def _crosses(a: int, b: int, s: int) -> bool:
    """Whether the straight line from the centre of square `a` to the centre of square `b`
    passes through the inside of square `s`; touching a corner or running along an edge does
    not count. Coordinates are doubled, so centres are even and square edges odd."""
    ax, ay, bx, by = 2 * file_of(a), 2 * rank_of(a), 2 * file_of(b), 2 * rank_of(b)
    sx, sy = 2 * file_of(s), 2 * rank_of(s)
    if max(ax, bx) <= sx - 1 or min(ax, bx) >= sx + 1:
        return False
    if max(ay, by) <= sy - 1 or min(ay, by) >= sy + 1:
        return False
    dx, dy = bx - ax, by - ay
    sides = [dx * (cy - ay) - dy * (cx - ax) for cx in (sx - 1, sx + 1) for cy in (sy - 1, sy + 1)]
    return min(sides) < 0 < max(sides)


def _crossed(a: int, b: int) -> list[int]:
    """The squares strictly between `a` and `b` whose inside the line from one centre to the
    other passes through (the same as `_crosses`, found by walking the line): from square to
    square at each grid line it crosses, diagonally where it passes exactly through a corner
    (the two squares that corner touches are not crossed)."""
    ax, ay, bx, by = a % SIZE, a // SIZE, b % SIZE, b // SIZE
    nx, ny = abs(bx - ax), abs(by - ay)  # grid lines to cross, across and up
    sx, sy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
    x, y, i, j = ax, ay, 0, 0
    out = []
    while i < nx or j < ny:
        # the i-th vertical line is met at (2i+1)/(2nx) of the way, the j-th horizontal one
        # at (2j+1)/(2ny): compare them without fractions
        across = (2 * i + 1) * ny if i < nx else None
        up = (2 * j + 1) * nx if j < ny else None
        if up is None or (across is not None and across < up):
            x, i = x + sx, i + 1
        elif across is None or up < across:
            y, j = y + sy, j + 1
        else:  # through a corner
            x, y, i, j = x + sx, y + sy, i + 1, j + 1
        square_now = y * SIZE + x
        if square_now != b:
            out.append(square_now)
    return out


def _sight(a: int, b: int) -> int:
    """The squares `_crossed` names, as a bit mask (bit `sq` for square `sq`)."""
    return sum(1 << s for s in _crossed(a, b))


@cache
def behind(a: int) -> tuple[int, ...]:
    """behind(a)[s]: the squares whose line of sight from `a` passes through square `s`, as a
    bit mask; worked out, one walk per line, the first time `a` is asked for."""
    out = [0] * (SIZE * SIZE)
    for b in SQUARES:
        if b != a:
            for s in _crossed(a, b):
                out[s] |= 1 << b
    return tuple(out)


NEIGHBOUR_MASKS: tuple[int, ...] = tuple(sum(1 << n for n in NEIGHBOURS[sq]) for sq in SQUARES)


def _ahead(sq: int, side: int, steps: int) -> int:
    """The square `steps` forward of `sq` for `side`, or -1 off the board."""
    r = rank_of(sq) + (steps if side == ATTACKER else -steps)
    return square(file_of(sq), r) if 0 <= r < SIZE else -1


# One and two squares straight ahead, per side (-1 when off the board).
AHEAD = tuple(tuple(_ahead(sq, side, 1) for sq in SQUARES) for side in (ATTACKER, DEFENDER))
AHEAD2 = tuple(tuple(_ahead(sq, side, 2) for sq in SQUARES) for side in (ATTACKER, DEFENDER))

# Each side's 9×2 setup zone.
ZONES: tuple[frozenset[int], ...] = (
    frozenset(sq for sq in SQUARES if rank_of(sq) <= 1),
    frozenset(sq for sq in SQUARES if rank_of(sq) >= SIZE - 2),
)
ZONE_LISTS = tuple(tuple(sorted(z)) for z in ZONES)
