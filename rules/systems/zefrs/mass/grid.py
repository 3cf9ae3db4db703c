"""The mass-combat battlefield: a 5 × 7 grid of 100-ft squares (ZEF-61), one unit a square.

Why a module: the text's positioning in mass combat is the grid's geometry alone (facing,
orthogonal adjacency, the square behind), and every part of the mode (orders, the round, the
computer commander, the screen) asks it the same questions.

Squares are `Hex(x, y)` values used as plain (column, row) pairs: the battle state's `pos`
is a Hex, and a square grid needs no more than a pair.  Column 0 is the west edge, row 0
the north.  Side A (the first side, the players', ZEF-58) draws up at the south and faces
north; side B at the north, facing south.  Facings are 0 north, 1 east, 2 south, 3 west.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.hexgrid import Hex

__all__ = ["COLUMNS", "FACINGS", "FACING_WORDS", "ROWS", "SLOTS", "adjacent", "ahead",
           "behind", "distance", "facing_towards", "front_rows", "on_grid", "orthogonal",
           "slot_square", "squares", "step"]

COLUMNS = 5
ROWS = 7
FACINGS = (0, 1, 2, 3)
FACING_WORDS = ("north", "east", "south", "west")
_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
SLOTS = ("left", "centre", "right")
"""ZEF-58: each side's three line units."""


def on_grid(sq: Hex) -> bool:
    return 0 <= sq.q < COLUMNS and 0 <= sq.r < ROWS


def squares() -> Iterator[Hex]:
    for y in range(ROWS):
        for x in range(COLUMNS):
            yield Hex(x, y)


def step(sq: Hex, facing: int) -> Hex:
    dx, dy = _STEP[facing]
    return Hex(sq.q + dx, sq.r + dy)


def ahead(sq: Hex, facing: int) -> Hex:
    """The square a unit faces (ZEF-64: the only one it may attack)."""
    return step(sq, facing)


def behind(sq: Hex, facing: int) -> Hex:
    return step(sq, (facing + 2) % 4)


def orthogonal(sq: Hex) -> list[Hex]:
    """The four squares along the grid's axes (ZEF-62: a unit moves to one of these)."""
    return [n for n in (step(sq, f) for f in FACINGS) if on_grid(n)]


def adjacent(a: Hex, b: Hex) -> bool:
    """Orthogonally next to each other: the only contact the text allows (ZEF-64)."""
    return abs(a.q - b.q) + abs(a.r - b.r) == 1


def distance(a: Hex, b: Hex) -> int:
    """Squares between them counting diagonal steps (the commander's step, ZEF-63)."""
    return max(abs(a.q - b.q), abs(a.r - b.r))


def facing_towards(a: Hex, b: Hex) -> int | None:
    """The facing from `a` straight at an orthogonal neighbour `b`, else None."""
    for f in FACINGS:
        if step(a, f) == b:
            return f
    return None


def front_rows(gap: int) -> tuple[int, int]:
    """(A's front row, B's front row) with `gap` empty rows between them (ZEF-61,
    R-ZEF-MASS-DISTANCE), the reserves' rows behind each still on the grid."""
    if not 0 <= gap <= ROWS - 4:
        raise ValueError(f"the lines can stand 0 to {ROWS - 4} squares apart, not {gap}")
    b_row = (ROWS - 2 - gap) // 2
    return b_row + gap + 1, b_row


def slot_square(first_side: bool, slot: str, gap: int) -> Hex:
    """Where a line unit stands (ZEF-60): A's left faces B's right, A's right B's left,
    the centres each other.  Side A faces north, so its left is the west; side B faces
    south, so its right is the west too."""
    a_row, b_row = front_rows(gap)
    i = SLOTS.index(slot)
    if first_side:
        return Hex(1 + i, a_row)
    return Hex(3 - i, b_row)
