"""Tests for rules.hexgrid: exact hex maths, Tiled offsets, pixel layouts, pathing, arcs."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.hexgrid import (
    DIRECTIONS,
    FLAT,
    POINTY,
    Hex,
    Layout,
    arc_of,
    direction_name,
    disk,
    find_path,
    hex_round,
    hex_to_offset,
    hexes_in_rect_offset,
    line,
    movement_range,
    movement_range_with_paths,
    offset_to_hex,
    path_cost,
    path_to,
    ring,
    sextant_direction,
    spiral,
)

coords = st.integers(-60, 60)
hexes = st.builds(Hex, coords, coords)
directions = st.integers(0, 5)
VARIANTS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]
ORIGIN = Hex(0, 0)


# --- Hex basics ------------------------------------------------------------------------------

def test_directions_are_unit_and_counter_clockwise_named():
    assert [(d.q, d.r) for d in DIRECTIONS] == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert all(d.length() == 1 and d.q + d.r + d.s == 0 for d in DIRECTIONS)
    assert [direction_name(d) for d in range(6)] == ["E", "NE", "NW", "W", "SW", "SE"]
    assert [direction_name(d, flat=True) for d in range(6)] == ["SE", "NE", "N", "NW", "SW", "S"]


@pytest.mark.parametrize("orientation, flat", [(POINTY, False), (FLAT, True)])
def test_direction_names_match_screen_geometry(orientation, flat):
    # Screen y grows downwards, so negative dy is north.
    layout = Layout(orientation, (10.0, 10.0))
    for d in range(6):
        dx, dy = layout.hex_to_pixel(DIRECTIONS[d])
        ns = "N" if dy < -1e-9 else "S" if dy > 1e-9 else ""
        ew = "E" if dx > 1e-9 else "W" if dx < -1e-9 else ""
        assert ns + ew == direction_name(d, flat)


def test_neighbors_and_direction_to():
    h = Hex(3, -2)
    assert h.neighbors() == tuple(h.neighbor(d) for d in range(6))
    assert h.neighbor(7) == h.neighbor(1) and h.neighbor(-1) == h.neighbor(5)
    for d in range(6):
        assert h.direction_to(h.neighbor(d)) == d
    assert h.direction_to(h) is None
    assert h.direction_to(h + Hex(2, -1)) is None


def test_arithmetic_and_ordering():
    assert Hex(1, 2) + Hex(3, -5) == Hex(4, -3)
    assert Hex(1, 2) - Hex(3, -5) == Hex(-2, 7)
    assert Hex(1, -2).scale(3) == Hex(3, -6)
    assert Hex(2, -5).s == 3
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]


@given(hexes, hexes)
def test_distance_symmetric_and_equals_length(a, b):
    assert a.distance(b) == b.distance(a) == (a - b).length() >= 0
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a, b, c):
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes, hexes, st.integers(-20, 20))
def test_rotation(h, center, k):
    assert h.rotate(center, 6) == h
    assert h.rotate(center, k).rotate(center, -k) == h
    assert h.rotate(center, k).distance(center) == h.distance(center)
    assert h.rotate(center, k) == h.rotate(center, k % 6)


@given(directions, st.integers(-20, 20))
def test_rotation_maps_direction_d_to_d_plus_k(d, k):
    assert DIRECTIONS[d].rotate(ORIGIN, k) == DIRECTIONS[(d + k) % 6]


# --- rounding, lines, areas ------------------------------------------------------------------

@given(hexes)
def test_hex_round_of_exact_hex(h):
    assert hex_round(float(h.q), float(h.r)) == h
    assert hex_round(h.q + 0.3, h.r - 0.2) == h


@given(hexes, hexes)
def test_line_properties(a, b):
    ln = line(a, b)
    assert ln[0] == a and ln[-1] == b
    assert len(ln) == a.distance(b) + 1
    assert all(x.distance(y) == 1 for x, y in pairwise(ln))
    # With both endpoints nudged the same way, the line is symmetric (checked exhaustively for
    # coordinates up to +-500 while writing this module) and therefore deterministic.
    assert ln == list(reversed(line(b, a)))
    assert ln == line(a, b)


def test_line_along_edge_is_deterministic():
    # Hex(2, -1) lies exactly between directions 0 and 1: the middle sample is a tie that the
    # nudge resolves, the same way in both directions.
    assert line(ORIGIN, Hex(2, -1)) == [ORIGIN, Hex(1, 0), Hex(2, -1)]
    assert line(Hex(2, -1), ORIGIN) == [Hex(2, -1), Hex(1, 0), ORIGIN]
    assert line(ORIGIN, ORIGIN) == [ORIGIN]


@given(hexes, st.integers(0, 12))
def test_ring_disk_spiral(center, radius):
    rg = ring(center, radius)
    assert len(rg) == (6 * radius if radius else 1)
    assert len(set(rg)) == len(rg)
    assert all(h.distance(center) == radius for h in rg)
    assert all(x.distance(y) == 1 for x, y in pairwise(rg))  # walks around the ring
    dk = disk(center, radius)
    assert len(dk) == 3 * radius * (radius + 1) + 1 == len(set(dk))
    assert dk == sorted(dk)
    assert all(h.distance(center) <= radius for h in dk)
    sp = spiral(center, radius)
    assert sorted(sp) == dk
    assert [h.distance(center) for h in sp] == sorted(h.distance(center) for h in sp)
    assert sp == [center] + [h for k in range(1, radius + 1) for h in ring(center, k)]


def test_ring_starts_east_and_turns_counter_clockwise():
    assert ring(ORIGIN, 1) == [DIRECTIONS[d] for d in (0, 1, 2, 3, 4, 5)]
    assert ring(ORIGIN, 0) == [ORIGIN]
    with pytest.raises(ValueError):
        ring(ORIGIN, -1)


# --- Tiled offsets ---------------------------------------------------------------------------

@pytest.mark.parametrize("axis, index", VARIANTS)
@given(hexes)
def test_offset_round_trip_from_hex(axis, index, h):
    col, row = hex_to_offset(h, axis, index)
    assert offset_to_hex(col, row, axis, index) == h


@pytest.mark.parametrize("axis, index", VARIANTS)
@given(coords, coords)
def test_offset_round_trip_from_offset(axis, index, col, row):
    assert hex_to_offset(offset_to_hex(col, row, axis, index), axis, index) == (col, row)


def offset_neighbours(col, row, axis, index):
    h = offset_to_hex(col, row, axis, index)
    return {hex_to_offset(n, axis, index) for n in h.neighbors()}


def test_known_neighbours_y_odd():
    # staggeraxis=y, staggerindex=odd: odd rows are pushed right by half a hex, so tile (0, 1)
    # sits between (0, 0) and (1, 0) above it and between (0, 2) and (1, 2) below it.
    assert offset_neighbours(0, 1, "y", "odd") == {(0, 0), (1, 0), (-1, 1), (1, 1), (0, 2), (1, 2)}
    # Even row 2 is unshifted: tile (1, 2) touches (0, 1) and (1, 1) above.
    assert offset_neighbours(1, 2, "y", "odd") == {(0, 1), (1, 1), (0, 2), (2, 2), (0, 3), (1, 3)}


def test_known_neighbours_y_even():
    # staggeraxis=y, staggerindex=even: row 0 is pushed right, row 1 is not, so tile (0, 0)
    # sits above (0, 1) and (1, 1), and tile (0, 1) sits below (-1, 0) and (0, 0).
    assert offset_neighbours(0, 0, "y", "even") == {
        (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1), (1, 1)}
    assert offset_neighbours(0, 1, "y", "even") == {
        (-1, 0), (0, 0), (-1, 1), (1, 1), (-1, 2), (0, 2)}


def test_known_neighbours_x_odd():
    # staggeraxis=x, staggerindex=odd: odd columns are pushed down by half a hex, so tile
    # (1, 0) sits between rows 0 and 1 of its neighbouring columns 0 and 2.
    assert offset_neighbours(1, 0, "x", "odd") == {(1, -1), (1, 1), (0, 0), (0, 1), (2, 0), (2, 1)}
    assert offset_neighbours(0, 1, "x", "odd") == {
        (0, 0), (0, 2), (-1, 0), (-1, 1), (1, 0), (1, 1)}


def test_known_neighbours_x_even():
    # staggeraxis=x, staggerindex=even: column 0 is pushed down, so tile (0, 0) sits between
    # rows 0 and 1 of columns -1 and 1.
    assert offset_neighbours(0, 0, "x", "even") == {
        (0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)}


@pytest.mark.parametrize("axis, index", VARIANTS)
def test_offsets_match_tiled_renderer_positions(axis, index):
    """Tiled's renderer shifts tile (col, row) by half a hex when (n & 1) ^ stagger_even,
    where n is the staggered coordinate.  In half-hex units along the staggered direction the
    Tiled centre is 2n_other + shifted; in our layout (POINTY for y, FLAT for x) it is
    2q + r (pointy x) or q + 2r (flat y).  The two must differ by a constant."""
    even = index == "even"
    diffs = set()
    for col, row in [(c, r) for r in range(-5, 6) for c in range(-5, 6)]:
        h = offset_to_hex(col, row, axis, index)
        if axis == "y":
            tiled_half_x = 2 * col + ((row & 1) ^ even)
            diffs.add((2 * h.q + h.r - tiled_half_x, h.r - row))
        else:
            tiled_half_y = 2 * row + ((col & 1) ^ even)
            diffs.add((h.q + 2 * h.r - tiled_half_y, h.q - col))
    assert len(diffs) == 1


@pytest.mark.parametrize("axis, index", VARIANTS)
def test_hexes_in_rect_offset_row_major(axis, index):
    hs = hexes_in_rect_offset(4, 3, axis, index)
    assert [hex_to_offset(h, axis, index) for h in hs] == [
        (c, r) for r in range(3) for c in range(4)]
    assert hs[0] == ORIGIN


def test_offset_rejects_bad_stagger():
    with pytest.raises(ValueError):
        offset_to_hex(0, 0, "z", "odd")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        hex_to_offset(ORIGIN, "y", "both")  # type: ignore[arg-type]


# --- pixel layouts ---------------------------------------------------------------------------

LAYOUTS = [
    Layout(o, size, origin)
    for o in (POINTY, FLAT)
    for size, origin in [((10.0, 10.0), (0.0, 0.0)), ((32.0, 28.5), (400.0, -120.0)),
                         ((1.0, 1.0), (3.3, 4.4)), ((7.3, 11.1), (-50.0, 900.0))]
]


@pytest.mark.parametrize("layout", LAYOUTS)
@given(hexes)
def test_pixel_round_trip(layout, h):
    x, y = layout.hex_to_pixel(h)
    assert layout.pixel_to_hex(x, y) == h
    fq, fr = layout.pixel_to_fractional(x, y)
    assert math.isclose(fq, h.q, abs_tol=1e-9) and math.isclose(fr, h.r, abs_tol=1e-9)
    # A point well inside the hex (40% of the inner radius towards a corner) picks it too.
    cx, cy = layout.corner_offset(2)
    assert layout.pixel_to_hex(x + 0.4 * cx, y + 0.4 * cy) == h


def test_origin_and_regular_corners():
    layout = Layout(POINTY, (10.0, 10.0), (5.0, 7.0))
    assert layout.hex_to_pixel(ORIGIN) == (5.0, 7.0)
    corners = layout.polygon_corners(ORIGIN)
    assert len(corners) == 6
    assert all(math.isclose(math.dist(c, (5.0, 7.0)), 10.0) for c in corners)
    # Pointy-top: a corner straight above the centre (y down, so smaller y).
    assert any(math.isclose(x, 5.0, abs_tol=1e-9) and math.isclose(y, -3.0) for x, y in corners)
    flat_corners = Layout(FLAT, (10.0, 10.0)).polygon_corners(ORIGIN)
    assert any(math.isclose(x, 10.0) and math.isclose(y, 0.0, abs_tol=1e-9)
               for x, y in flat_corners)


@pytest.mark.parametrize("layout", LAYOUTS)
@given(st.builds(Hex, st.integers(-20, 20), st.integers(-20, 20)), directions)
def test_edge_midpoint(layout, h, d):
    mx, my = layout.edge_midpoint(h, d)
    (ax, ay), (bx, by) = layout.hex_to_pixel(h), layout.hex_to_pixel(h.neighbor(d))
    assert math.isclose(mx, (ax + bx) / 2) and math.isclose(my, (ay + by) / 2)
    # It is also the midpoint of the two corners the hexes share.
    tol = 1e-6 * max(layout.size)
    mine, theirs = layout.polygon_corners(h), layout.polygon_corners(h.neighbor(d))
    shared = [c for c in mine if any(math.dist(c, o) < tol for o in theirs)]
    assert len(shared) == 2
    assert math.dist(((shared[0][0] + shared[1][0]) / 2, (shared[0][1] + shared[1][1]) / 2),
                     (mx, my)) < tol


# --- pathing ---------------------------------------------------------------------------------

AREA = disk(ORIGIN, 5)
terrain_costs = st.lists(st.sampled_from([None, 1, 1, 1, 2, 3]), min_size=len(AREA),
                         max_size=len(AREA))
stop_flags = st.lists(st.booleans(), min_size=len(AREA), max_size=len(AREA))
area_hexes = st.sampled_from(AREA)


def make_cost(terrain):
    table = dict(zip(AREA, terrain, strict=True))
    return lambda a, b: table.get(b)


def bfs(start, passable, stops, budget):
    """Brute-force layered BFS for uniform step cost 1."""
    dist, layer = {start: 0}, [start]
    for depth in range(1, budget + 1):
        nxt = []
        for h in layer:
            if h != start and h in stops:
                continue
            for n in h.neighbors():
                if n in passable and n not in dist:
                    dist[n] = depth
                    nxt.append(n)
        layer = nxt
    return dist


@given(stop_flags, stop_flags, area_hexes, st.integers(0, 12))
def test_dijkstra_matches_bfs_on_uniform_costs(open_flags, stop_flag_list, start, budget):
    passable = {h for h, ok in zip(AREA, open_flags, strict=True) if ok}
    stops = {h for h, s in zip(AREA, stop_flag_list, strict=True) if s}
    result = movement_range(start, budget, lambda a, b: 1 if b in passable else None,
                            lambda h: h in stops)
    assert result == bfs(start, passable, stops, budget)
    assert list(result) == sorted(result)  # deterministic iteration order


@given(terrain_costs, stop_flags, area_hexes, area_hexes)
def test_astar_cost_equals_dijkstra(terrain, stop_flag_list, start, goal):
    cost = make_cost(terrain)
    stops = {h for h, s in zip(AREA, stop_flag_list, strict=True) if s}
    dist, pred = movement_range_with_paths(start, 10_000, cost, lambda h: h in stops)
    path = find_path(start, goal, cost, lambda h: h in stops)
    if goal not in dist:
        assert path is None and path_to(pred, start, goal) is None
        return
    assert path is not None and path[0] == start and path[-1] == goal
    assert path_cost(path, cost) == dist[goal]
    assert not any(h in stops for h in path[1:-1])
    assert path == find_path(start, goal, cost, lambda h: h in stops)
    cheapest = path_to(pred, start, goal)
    assert cheapest is not None and path_cost(cheapest, cost) == dist[goal]
    assert not any(h in stops for h in cheapest[1:-1])


@given(terrain_costs, area_hexes, area_hexes, st.integers(0, 8))
def test_astar_budget(terrain, start, goal, budget):
    cost = make_cost(terrain)
    reach = movement_range(start, budget, cost)
    path = find_path(start, goal, cost, budget=budget)
    assert (path is not None) == (goal in reach)
    if path is not None:
        assert path_cost(path, cost) == reach[goal] <= budget


def test_stops_may_be_entered_not_left():
    corridor = {Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)}
    cost = lambda a, b: 1 if b in corridor else None  # noqa: E731
    in_zoc = lambda h: h == Hex(1, 0)  # noqa: E731
    assert movement_range(ORIGIN, 10, cost, in_zoc) == {Hex(0, 0): 0, Hex(1, 0): 1}
    assert find_path(ORIGIN, Hex(3, 0), cost, in_zoc) is None
    assert find_path(ORIGIN, Hex(1, 0), cost, in_zoc) == [Hex(0, 0), Hex(1, 0)]
    # The start hex is never a stop, even if stops() says so.
    assert movement_range(ORIGIN, 10, cost, lambda h: True) == {Hex(0, 0): 0, Hex(1, 0): 1}
    assert len(movement_range(ORIGIN, 10, cost, lambda h: h == ORIGIN)) == 4


def test_pathing_edge_cases():
    def cost(a, b):
        return 1

    assert find_path(ORIGIN, ORIGIN, cost) == [ORIGIN]
    assert movement_range(ORIGIN, 0, cost) == {ORIGIN: 0}
    assert path_cost([ORIGIN], cost) == 0
    assert path_cost([ORIGIN, Hex(1, 0)], lambda a, b: None) is None
    with pytest.raises(ValueError):
        path_cost([ORIGIN, Hex(2, 0)], cost)
    with pytest.raises(ValueError):
        movement_range(ORIGIN, 5, lambda a, b: -1)
    assert len(movement_range(ORIGIN, 3, cost)) == 37
    assert len(find_path(ORIGIN, Hex(4, -2), cost)) == 5


# --- facing arcs -----------------------------------------------------------------------------

ADJACENT_ARC = {0: "front", 1: "front", 5: "front", 2: "flank", 4: "flank", 3: "rear"}


@pytest.mark.parametrize("facing", range(6))
@pytest.mark.parametrize("direction", range(6))
def test_arc_table_adjacent_and_along_directions(facing, direction):
    expected = ADJACENT_ARC[(direction - facing) % 6]
    origin = Hex(2, -7)
    for k in (1, 2, 3, 7):
        assert arc_of(facing, origin, origin + DIRECTIONS[direction].scale(k)) == expected


def test_arc_at_range_and_boundaries():
    assert arc_of(0, ORIGIN, Hex(3, 0)) == "front"
    assert arc_of(0, ORIGIN, Hex(-3, 0)) == "rear"
    assert arc_of(2, Hex(5, 5), Hex(5, 2)) == "front"
    # Hex(1, -2) and Hex(-1, 2) are exactly 90 degrees from east: front.
    assert arc_of(0, ORIGIN, Hex(1, -2)) == "front"
    assert arc_of(0, ORIGIN, Hex(-1, 2)) == "front"
    # Hex(-1, -1) and Hex(-2, 1) are exactly 150 degrees from east: flank.
    assert arc_of(0, ORIGIN, Hex(-1, -1)) == "flank"
    assert arc_of(0, ORIGIN, Hex(-2, 1)) == "flank"
    assert arc_of(0, ORIGIN, Hex(-3, 1)) == "rear"  # about 161 degrees
    with pytest.raises(ValueError):
        arc_of(0, ORIGIN, ORIGIN)


def plane_angle(a: Hex, b: Hex) -> float:
    """Float reference: angle in degrees between hex vectors in the true-shape plane."""
    ax, ay = math.sqrt(3) * (a.q + a.r / 2), 1.5 * a.r
    bx, by = math.sqrt(3) * (b.q + b.r / 2), 1.5 * b.r
    cos = (ax * bx + ay * by) / (math.hypot(ax, ay) * math.hypot(bx, by))
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))


@given(directions, hexes, hexes)
def test_arc_matches_float_angle(facing, origin, target):
    if target == origin:
        return
    angle = plane_angle(DIRECTIONS[facing], target - origin)
    if abs(angle - 90) < 1e-7 or abs(angle - 150) < 1e-7:
        return  # boundaries are pinned by test_arc_at_range_and_boundaries
    expected = "front" if angle < 90 else "flank" if angle < 150 else "rear"
    assert arc_of(facing, origin, target) == expected


@given(directions, hexes, hexes, hexes, st.integers(-6, 6))
def test_arc_invariant_under_rotation(facing, origin, target, center, k):
    if target == origin:
        return
    rotated = arc_of(facing + k, origin.rotate(center, k), target.rotate(center, k))
    assert rotated == arc_of(facing, origin, target)


def test_sextant_direction_known_values():
    for d in range(6):
        for k in (1, 4):
            assert sextant_direction(Hex(1, 1), Hex(1, 1) + DIRECTIONS[d].scale(k)) == d
    assert sextant_direction(ORIGIN, Hex(2, -1)) == 0  # boundary of 0 and 1 -> 0
    assert sextant_direction(ORIGIN, Hex(1, -2)) == 1  # boundary of 1 and 2 -> 1
    assert sextant_direction(ORIGIN, Hex(1, 1)) == 0  # boundary of 5 and 0 -> 0
    assert sextant_direction(ORIGIN, Hex(3, -1)) == 0
    with pytest.raises(ValueError):
        sextant_direction(ORIGIN, ORIGIN)


@given(hexes, hexes)
def test_sextant_direction_faces_target(origin, target):
    if target == origin:
        return
    d = sextant_direction(origin, target)
    assert plane_angle(DIRECTIONS[d], target - origin) <= 30 + 1e-9
    assert arc_of(d, origin, target) == "front"
