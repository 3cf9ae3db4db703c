"""Hex-grid mathematics for Flank: coordinates, lines, areas, Tiled offsets, pixels, paths, arcs.

Kept whole, though long: it is one coordinate system and the functions over it, and its
conventions (axial directions, offset parity, the layout matrices) must be read together.

Why it is built this way:

* Game rules must be exact and reproducible (replays, lockstep, tests), so everything a rule
  uses works on integer axial coordinates.  Hex maths knows nothing about pixels: only
  :class:`Layout` converts between hexes and screen space, and it is the one place where
  floats carry meaning.  (:func:`line` samples a float interpolation internally, but its
  nudged result is a deterministic list of hexes.)
* Conventions follow Red Blob Games' hexagonal-grid guide: axial ``(q, r)`` with the implied
  cube coordinate ``s = -q - r``, the six axial direction vectors, cube rounding, and
  forward/backward layout matrices.  The code is written from that maths, not copied.
* Every search breaks ties by :class:`Hex` ordering (a heap keyed on ``(cost, Hex)``), never
  by set or dict iteration order, so identical inputs always give identical answers.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, NamedTuple

__all__ = [
    "DIRECTIONS", "FLAT", "POINTY", "Hex", "Layout", "Orientation", "StaggerAxis", "StaggerIndex",
    "arc_of", "direction_name", "disk", "find_path", "hex_round", "hex_to_offset",
    "hexes_in_rect_offset", "line", "movement_range", "movement_range_with_paths", "neighbours",
    "offset_to_hex", "path_cost", "path_to", "ring", "sextant_direction", "spiral",
]


class Hex(NamedTuple):
    """A hex (or a hex-space vector) in axial coordinates.

    Ordering is lexicographic on ``(q, r)``; it is the tie-breaker for every search here.
    A named tuple rather than a dataclass because hexes are hashed and compared millions of
    times in path-finding and AI search, and tuple hashing and comparison run in C.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """Third cube coordinate; ``q + r + s == 0`` always."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return Hex(self[0] + other[0], self[1] + other[1])

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self[0] - other[0], self[1] - other[1])

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` (taken mod 6, so facing arithmetic can overflow)."""
        return self + DIRECTIONS[direction % 6]

    def neighbors(self) -> tuple[Hex, ...]:
        """All six neighbours in direction-index order 0..5."""
        return tuple(self + d for d in DIRECTIONS)

    def length(self) -> int:
        """Distance from the origin: half the cube Manhattan length."""
        q, r = self
        return (abs(q) + abs(r) + abs(q + r)) // 2

    def distance(self, other: Hex) -> int:
        dq, dr = self[0] - other[0], self[1] - other[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def rotate(self, center: Hex, steps: int) -> Hex:
        """Rotate about ``center`` by ``steps`` x 60 degrees; direction ``d`` goes to ``d+steps``.

        One step maps cube ``(q, r, s)`` to ``(-s, -q, -r)``, i.e. E -> NE in pointy layout.
        """
        q, r = self.q - center.q, self.r - center.r
        for _ in range(steps % 6):
            q, r = q + r, -q
        return Hex(center.q + q, center.r + r)

    def direction_to(self, other: Hex) -> int | None:
        """Direction index of ``other`` if it is adjacent, else None."""
        try:
            return DIRECTIONS.index(other - self)
        except ValueError:
            return None


# Unit vectors indexed 0..5; a unit's facing is one of these indices.  With the pointy-top
# layout and screen y down they are E, NE, NW, W, SW, SE (flat-top: SE, NE, N, NW, SW, S);
# either way increasing index turns counter-clockwise on screen.
DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))

_POINTY_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
_FLAT_NAMES = ("SE", "NE", "N", "NW", "SW", "S")


def direction_name(d: int, flat: bool = False) -> str:
    """Compass name of direction ``d`` (mod 6) for a pointy-top (default) or flat-top map."""
    return (_FLAT_NAMES if flat else _POINTY_NAMES)[d % 6]


# --- rounding, lines and areas ---------------------------------------------------------------

def hex_round(fq: float, fr: float) -> Hex:
    """Nearest hex to fractional axial ``(fq, fr)``: round all three cube coordinates, then
    recompute the one that moved most so that ``q + r + s == 0`` still holds."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


_NUDGE_Q, _NUDGE_R = 1e-6, 2e-6  # cube nudge (1e-6, 2e-6, -3e-6); s follows from q and r


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from ``a`` to ``b`` inclusive (``distance + 1`` of them).

    Samples the segment at ``distance + 1`` evenly spaced points and rounds each.  Both ends
    are nudged by the same tiny cube offset so a line running exactly along hex edges always
    falls to the same side instead of hitting rounding ties.
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    aq, ar = a.q + _NUDGE_Q, a.r + _NUDGE_R
    dq, dr = b.q - a.q, b.r - a.r
    return [hex_round(aq + dq * (i / n), ar + dr * (i / n)) for i in range(n + 1)]


def ring(center: Hex, radius: int) -> list[Hex]:
    """The ``6 * radius`` hexes at exactly ``radius`` from ``center`` (``[center]`` for 0).

    Starts at the hex ``radius`` steps east (direction 0) and walks counter-clockwise.
    """
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [center]
    hexes: list[Hex] = []
    h = center + DIRECTIONS[0].scale(radius)
    for side in range(6):
        step = DIRECTIONS[(side + 2) % 6]  # walking from corner d to corner d+1
        for _ in range(radius):
            hexes.append(h)
            h = h + step
    return hexes


def disk(center: Hex, radius: int) -> list[Hex]:
    """All ``3r(r+1)+1`` hexes within ``radius`` of ``center``, in sorted Hex order."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    return [
        Hex(center.q + dq, center.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
    ]


def spiral(center: Hex, radius: int) -> list[Hex]:
    """``center``, then ring 1, ring 2, ... up to ``radius`` (nearest first)."""
    hexes = [center]
    for k in range(1, radius + 1):
        hexes.extend(ring(center, k))
    return hexes


# --- Tiled offset coordinates ----------------------------------------------------------------

StaggerAxis = Literal["x", "y"]
StaggerIndex = Literal["odd", "even"]


def _shift(n: int, stagger_index: str) -> int:
    """How many axial units row/column ``n`` is displaced by the staggering (floor-exact)."""
    if stagger_index == "odd":
        return (n - (n & 1)) // 2
    if stagger_index == "even":
        return (n + (n & 1)) // 2
    raise ValueError(f"stagger_index must be 'odd' or 'even', not {stagger_index!r}")


def offset_to_hex(col: int, row: int, stagger_axis: StaggerAxis,
                  stagger_index: StaggerIndex) -> Hex:
    """Convert a Tiled hexagonal-map tile ``(col, row)`` (0-based x, y) to axial.

    Tiled's convention: ``staggeraxis="y"`` staggers rows (pointy-top hexes; use
    :data:`POINTY`) and ``staggerindex`` says whether the odd or the even rows are shifted right
    by half a hex.  ``staggeraxis="x"`` staggers columns (flat-top; use :data:`FLAT`) and the
    odd or even columns are shifted down by half a hex.  Tile (0, 0) is always Hex(0, 0).
    """
    if stagger_axis == "y":
        return Hex(col - _shift(row, stagger_index), row)
    if stagger_axis == "x":
        return Hex(col, row - _shift(col, stagger_index))
    raise ValueError(f"stagger_axis must be 'x' or 'y', not {stagger_axis!r}")


def hex_to_offset(h: Hex, stagger_axis: StaggerAxis,
                  stagger_index: StaggerIndex) -> tuple[int, int]:
    """Inverse of :func:`offset_to_hex`: the Tiled ``(col, row)`` of ``h``."""
    if stagger_axis == "y":
        return (h.q + _shift(h.r, stagger_index), h.r)
    if stagger_axis == "x":
        return (h.q, h.r + _shift(h.q, stagger_index))
    raise ValueError(f"stagger_axis must be 'x' or 'y', not {stagger_axis!r}")


def hexes_in_rect_offset(cols: int, rows: int, stagger_axis: StaggerAxis,
                         stagger_index: StaggerIndex) -> list[Hex]:
    """Hexes of a ``cols`` x ``rows`` Tiled map in Tiled's row-major tile order."""
    return [offset_to_hex(c, r, stagger_axis, stagger_index)
            for r in range(rows) for c in range(cols)]


# --- pixel layouts (the only float code) -----------------------------------------------------

@dataclass(frozen=True)
class Orientation:
    """Hex-to-pixel matrix ``forward``, its inverse ``backward`` (both row-major 2x2, in units
    of hex size) and the first corner's angle in multiples of 60 degrees."""

    forward: tuple[float, float, float, float]
    backward: tuple[float, float, float, float]
    start_angle: float


_SQRT3 = math.sqrt(3.0)
POINTY = Orientation((_SQRT3, _SQRT3 / 2, 0.0, 1.5), (_SQRT3 / 3, -1 / 3, 0.0, 2 / 3), 0.5)
FLAT = Orientation((1.5, 0.0, _SQRT3 / 2, _SQRT3), (2 / 3, 0.0, -1 / 3, _SQRT3 / 3), 0.0)


@dataclass(frozen=True)
class Layout:
    """Maps hexes to screen pixels (y down).  ``size`` is the centre-to-corner radius per axis;
    ``origin`` is the pixel centre of Hex(0, 0)."""

    orientation: Orientation
    size: tuple[float, float]
    origin: tuple[float, float] = (0.0, 0.0)

    def hex_to_pixel(self, h: Hex) -> tuple[float, float]:
        """Pixel centre of ``h``."""
        f0, f1, f2, f3 = self.orientation.forward
        x = (f0 * h.q + f1 * h.r) * self.size[0]
        y = (f2 * h.q + f3 * h.r) * self.size[1]
        return (x + self.origin[0], y + self.origin[1])

    def pixel_to_fractional(self, x: float, y: float) -> tuple[float, float]:
        """Fractional axial ``(q, r)`` under the pixel (for smooth effects)."""
        b0, b1, b2, b3 = self.orientation.backward
        px = (x - self.origin[0]) / self.size[0]
        py = (y - self.origin[1]) / self.size[1]
        return (b0 * px + b1 * py, b2 * px + b3 * py)

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        """The hex containing pixel ``(x, y)``, for mouse picking."""
        return hex_round(*self.pixel_to_fractional(x, y))

    def corner_offset(self, i: int) -> tuple[float, float]:
        """Offset of corner ``i`` from a hex centre; corners run clockwise on a y-down screen."""
        angle = 2.0 * math.pi * (self.orientation.start_angle + i) / 6.0
        return (self.size[0] * math.cos(angle), self.size[1] * math.sin(angle))

    def polygon_corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corner pixels of ``h``, for drawing its outline."""
        cx, cy = self.hex_to_pixel(h)
        return [(cx + dx, cy + dy) for dx, dy in (self.corner_offset(i) for i in range(6))]

    def edge_midpoint(self, h: Hex, direction: int) -> tuple[float, float]:
        """Midpoint of the hexside ``h`` shares with its neighbour in ``direction``.

        The layout is linear, so this is exactly halfway between the two hex centres; used to
        point a facing wedge at a hexside.
        """
        ax, ay = self.hex_to_pixel(h)
        bx, by = self.hex_to_pixel(h.neighbor(direction))
        return ((ax + bx) / 2, (ay + by) / 2)


# --- pathing ---------------------------------------------------------------------------------

CostFn = Callable[[Hex, Hex], int | None]
StopFn = Callable[[Hex], bool]


def _never_stops(h: Hex) -> bool:
    return False


def _step(cost: CostFn, a: Hex, b: Hex) -> int | None:
    c = cost(a, b)
    if c is not None and c < 0:
        raise ValueError(f"negative step cost {c} from {a} to {b}")
    return c


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """``h.neighbors()``, kept per hex: a search asks for the same hexes' neighbours again
    and again, and building six Hexes through ``__add__`` costs more than the rest of a
    search step.  The table only grows with the hexes searched (a 128x128 map is 16k)."""
    found = _NEIGHBOURS.get(h)
    if found is None:
        q, r = h
        found = _NEIGHBOURS[h] = (Hex(q + 1, r), Hex(q + 1, r - 1), Hex(q, r - 1),
                                  Hex(q - 1, r), Hex(q - 1, r + 1), Hex(q, r + 1))
    return found


_NEIGHBOURS: dict[Hex, tuple[Hex, ...]] = {}


def movement_range_with_paths(
    start: Hex, budget: int, cost: CostFn, stops: StopFn = _never_stops,
) -> tuple[dict[Hex, int], dict[Hex, Hex]]:
    """Dijkstra over hexes reachable from ``start`` for at most ``budget``.

    ``cost(a, b)`` is the cost of entering ``b`` from adjacent ``a`` (None = impassable,
    negative costs are an error).  A hex with ``stops(h)`` may be entered but not left (e.g. an
    enemy zone of control); ``start`` is never treated as a stop.  Returns ``(dist, pred)``:
    minimal cost per reachable hex (start -> 0) and each hex's predecessor on one cheapest
    path (see :func:`path_to`).  The heap is keyed on ``(cost, Hex)`` so equal-cost
    alternatives resolve identically every run; both dicts iterate in Hex order.

    The loop is written flat (the neighbour table, the step check and the heap calls
    inlined) because a whole 128x128 map makes it run 80k times.
    """
    dist: dict[Hex, int] = {start: 0}
    pred: dict[Hex, Hex] = {}
    frontier: list[tuple[int, Hex]] = [(0, start)]
    pop, push, get = heapq.heappop, heapq.heappush, dist.get
    table = _NEIGHBOURS
    check_stops = stops is not _never_stops
    while frontier:
        spent, here = pop(frontier)
        if spent > dist[here] or (check_stops and here != start and stops(here)):
            continue
        around = table.get(here) or neighbours(here)
        for nxt in around:
            step = cost(here, nxt)
            if step is None:
                continue
            if step < 0:
                raise ValueError(f"negative step cost {step} from {here} to {nxt}")
            new = spent + step
            if new > budget:
                continue
            old = get(nxt)
            if old is None or new < old:
                dist[nxt] = new
                pred[nxt] = here
                push(frontier, (new, nxt))
    order = sorted(dist)
    return {h: dist[h] for h in order}, {h: pred[h] for h in order if h != start}


def movement_range(start: Hex, budget: int, cost: CostFn,
                   stops: StopFn = _never_stops) -> dict[Hex, int]:
    """Reachable hex -> minimal cost; see :func:`movement_range_with_paths`."""
    return movement_range_with_paths(start, budget, cost, stops)[0]


def path_to(pred: dict[Hex, Hex], start: Hex, goal: Hex) -> list[Hex] | None:
    """Walk a predecessor map back from ``goal``; the path from ``start`` or None."""
    path = [goal]
    while path[-1] != start:
        prev = pred.get(path[-1])
        if prev is None:
            return None
        path.append(prev)
    path.reverse()
    return path


def find_path(
    start: Hex, goal: Hex, cost: CostFn, stops: StopFn = _never_stops,
    heuristic_scale: int = 1, budget: int | None = None,
) -> list[Hex] | None:
    """Cheapest path ``[start, ..., goal]`` by A*, or None if unreachable (within ``budget``).

    ``cost`` and ``stops`` mean the same as in :func:`movement_range_with_paths`; a stop may
    be the goal but never an intermediate hex.  The heuristic is ``distance * heuristic_scale``,
    which is admissible (and consistent) only if no step costs less than ``heuristic_scale``;
    pass 0 to get plain Dijkstra.  Ties go to the lower ``(f, h, Hex)``.
    """
    if heuristic_scale < 0:
        raise ValueError("heuristic_scale must be >= 0")
    dist: dict[Hex, int] = {start: 0}
    pred: dict[Hex, Hex] = {}
    closed: set[Hex] = set()  # membership only, never iterated
    guess = start.distance(goal) * heuristic_scale
    frontier: list[tuple[int, int, Hex]] = [(guess, guess, start)]
    pop, push, get = heapq.heappop, heapq.heappush, dist.get
    table = _NEIGHBOURS
    gq, gr = goal
    limit = budget
    check_stops = stops is not _never_stops
    while frontier:
        _, _, here = pop(frontier)
        if here == goal:
            return path_to(pred, start, goal)
        if here in closed:
            continue
        closed.add(here)
        if check_stops and here != start and stops(here):
            continue
        spent = dist[here]
        for nxt in table.get(here) or neighbours(here):
            step = cost(here, nxt)
            if step is None:
                continue
            if step < 0:
                raise ValueError(f"negative step cost {step} from {here} to {nxt}")
            new = spent + step
            if limit is not None and new > limit:
                continue
            old = get(nxt)
            if old is None or new < old:
                dist[nxt] = new
                pred[nxt] = here
                dq, dr = nxt[0] - gq, nxt[1] - gr  # Hex.distance, inlined
                guess = (abs(dq) + abs(dr) + abs(dq + dr)) // 2 * heuristic_scale
                push(frontier, (new + guess, guess, nxt))
    return None


def path_cost(path: list[Hex], cost: CostFn) -> int | None:
    """Total cost of walking ``path`` (0 for one hex), None if any step is impassable.

    Raises ValueError if two consecutive hexes are not adjacent.  Stops are not checked.
    """
    total = 0
    for a, b in itertools.pairwise(path):
        if a.distance(b) != 1:
            raise ValueError(f"{a} and {b} are not adjacent")
        step = _step(cost, a, b)
        if step is None:
            return None
        total += step
    return total


# --- facing geometry (integers only) ---------------------------------------------------------
# In the isotropic (true-shape) hex plane, hex vector (q, r) is proportional to
# (sqrt3 * X, 3 * Y) with X = 2q + r, Y = r; dot products and squared norms are then integers.

def _plane_dot(a: Hex, b: Hex) -> int:
    return 3 * (2 * a.q + a.r) * (2 * b.q + b.r) + 9 * a.r * b.r


def arc_of(facing: int, origin: Hex, target: Hex) -> str:
    """Arc ("front", "flank" or "rear") of ``target`` seen by a unit at ``origin`` facing
    direction ``facing``.

    By the true angle between the facing vector and the target vector: front below 90
    degrees, flank between 90 and 150, rear above 150.  Boundaries go to the arc nearer the
    front: exactly 90 degrees is front, exactly 150 is flank.  For adjacent targets this gives
    facing-1, facing, facing+1 -> front; facing+-2 -> flank; facing+3 -> rear.
    Computed exactly: rear iff dot < 0 and cos^2 > 3/4, i.e. 4 dot^2 > 3 |a|^2 |b|^2.
    """
    if target == origin:
        raise ValueError("arc_of needs a target different from the origin")
    a, b = DIRECTIONS[facing % 6], target - origin
    dot = _plane_dot(a, b)
    if dot >= 0:
        return "front"
    if 4 * dot * dot > 3 * _plane_dot(a, a) * _plane_dot(b, b):
        return "rear"
    return "flank"


def sextant_direction(origin: Hex, target: Hex) -> int:
    """Direction whose 60-degree sector (within 30 degrees of it) contains ``target``.

    Used to auto-face toward a target.  A target exactly on a sector boundary (30 degrees from
    two directions, e.g. Hex(2, -1) between 0 and 1) goes to the lower index; between 5 and 0
    that is 0.  All direction vectors have equal length, so the largest dot product wins.
    """
    if target == origin:
        raise ValueError("sextant_direction needs a target different from the origin")
    b = target - origin
    best, best_dot = 0, _plane_dot(DIRECTIONS[0], b)
    for d in range(1, 6):
        dot = _plane_dot(DIRECTIONS[d], b)
        if dot > best_dot:
            best, best_dot = d, dot
    return best
