"""Tiled's hexagonal geometry: which tile is where, for all four stagger variants.

Tiled numbers hexagonal tiles by (col, row) with one axis staggered: `staggeraxis="y"` shifts
every other row right by half a tile (pointy-top hexes), `"x"` shifts every other column down
by half a tile (flat-top hexes); `staggerindex` says whether the odd or the even ones shift.
The expected numbers below are worked out by hand from Tiled's rules for the bundled tile sizes
(70 x 80 pointy, 80 x 70 flat, hex side 40), not computed by the code under test.
"""

from __future__ import annotations

import math

import pytest

from game.maps import HexTiling, load_map
from rules.hexgrid import offset_to_hex
from tests.maps.tmx import ASSETS, GRASS, Obj, map_xml, unit, write

VARIANTS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]


def tiling(axis: str, index: str) -> HexTiling:
    w, h = (70, 80) if axis == "y" else (80, 70)
    return HexTiling(w, h, 40, axis, index)


# Top-left pixel of tile boxes, by hand.  Pointy (y): rows are (80 + 40) / 2 = 60 apart and a
# staggered row starts 35 px right.  Flat (x): columns are (80 + 40) / 2 = 60 apart and a
# staggered column starts 35 px down.
ORIGINS = {
    ("y", "odd"): {(0, 0): (0, 0), (1, 0): (70, 0), (0, 1): (35, 60), (2, 3): (175, 180),
                   (3, 2): (210, 120)},
    ("y", "even"): {(0, 0): (35, 0), (1, 0): (105, 0), (0, 1): (0, 60), (2, 3): (140, 180),
                    (3, 2): (245, 120)},
    ("x", "odd"): {(0, 0): (0, 0), (0, 1): (0, 70), (1, 0): (60, 35), (3, 2): (180, 175),
                   (2, 3): (120, 210)},
    ("x", "even"): {(0, 0): (0, 35), (0, 1): (0, 105), (1, 0): (60, 0), (3, 2): (180, 140),
                    (2, 3): (120, 245)},
}

# The axial hex of some tiles, by hand: Tiled's (col, row) read as "odd-r", "even-r", "odd-q"
# and "even-q" offset coordinates.
AXIAL = {
    ("y", "odd"): {(0, 0): (0, 0), (1, 1): (1, 1), (2, 3): (1, 3), (3, 2): (2, 2),
                   (5, 4): (3, 4)},
    ("y", "even"): {(0, 0): (0, 0), (1, 1): (0, 1), (2, 3): (0, 3), (3, 2): (2, 2),
                    (5, 4): (3, 4)},
    ("x", "odd"): {(0, 0): (0, 0), (1, 1): (1, 1), (2, 3): (2, 2), (3, 2): (3, 1),
                   (5, 4): (5, 2)},
    ("x", "even"): {(0, 0): (0, 0), (1, 1): (1, 0), (2, 3): (2, 2), (3, 2): (3, 0),
                    (5, 4): (5, 1)},
}

# Whole-map sizes in pixels, by hand (Tiled's map bounding box) for a 7 x 5 map.
SIZES = {"y": (7 * 70 + 35, 5 * 60 + 20), "x": (7 * 60 + 20, 5 * 70 + 35)}


@pytest.mark.parametrize("variant", VARIANTS)
def test_tile_boxes_sit_where_tiled_draws_them(variant):
    t = tiling(*variant)
    for (col, row), origin in ORIGINS[variant].items():
        assert t.tile_origin(col, row) == origin, (col, row)
    assert t.pixel_size(7, 5) == SIZES[variant[0]]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_point_well_inside_a_hex_finds_that_tile(variant):
    t = tiling(*variant)
    inner = 34  # a bit less than the inner radius (35) of these hexes
    for row in range(-1, 9):
        for col in range(-1, 9):
            cx, cy = t.tile_center(col, row)
            for k in range(12):
                a = k * math.pi / 6 + 0.1
                for r in (0, inner * 0.5, inner * 0.95):
                    assert t.tile_at(cx + r * math.cos(a), cy + r * math.sin(a)) == (col, row)


@pytest.mark.parametrize("variant", VARIANTS)
def test_neighbouring_tiles_on_screen_are_neighbouring_hexes(variant):
    """The six tiles nearest a tile on screen are exactly its six axial neighbours."""
    t = tiling(*variant)
    tiles = [(c, r) for r in range(8) for c in range(8)]
    for col, row in [(c, r) for r in range(1, 7) for c in range(1, 7)]:
        cx, cy = t.tile_center(col, row)
        by_distance = sorted(tiles, key=lambda cr: math.dist(t.tile_center(*cr), (cx, cy)))
        nearest = {offset_to_hex(c, r, *variant) for c, r in by_distance[1:7]}
        assert nearest == set(offset_to_hex(col, row, *variant).neighbors()), (col, row)


def _map(tmp_path, axis, index, units, **kw):
    return write(tmp_path / f"m_{axis}_{index}.tmx",
                 map_xml(width=7, height=6, axis=axis, index=index, units=units,
                         assets=str(ASSETS), **kw))


@pytest.mark.parametrize("variant", VARIANTS)
def test_units_placed_by_col_and_row(tmp_path, variant):
    spots = list(AXIAL[variant])
    units = [unit(f"u{i}", "men" if i % 2 else "orcs", "orc", col, row, 0)
             for i, (col, row) in enumerate(spots)]
    sc = load_map(_map(tmp_path, *variant, units))
    got = {u.id: u.pos for u in sc.setup.units}
    for i, spot in enumerate(spots):
        assert got[f"u{i}"] == AXIAL[variant][spot], spot
    assert (sc.stagger_axis, sc.stagger_index) == variant
    assert sc.orientation == ("pointy" if variant[0] == "y" else "flat")


@pytest.mark.parametrize("variant", VARIANTS)
def test_units_placed_by_pixel_position(tmp_path, variant):
    """Points at a hex centre; rectangles and tile objects by the middle of their box."""
    t = tiling(*variant)
    tw, th = (70, 80) if variant[0] == "y" else (80, 70)
    spots = list(AXIAL[variant])
    units = []
    for i, (col, row) in enumerate(spots):
        ox, oy = ORIGINS[variant].get((col, row), t.tile_origin(col, row))
        cx, cy = ox + tw / 2, oy + th / 2
        side = "men" if i % 2 else "orcs"
        if i % 3 == 0:  # a point near the centre
            units.append(unit(f"u{i}", side, "orc", x=cx + 5, y=cy - 7))
        elif i % 3 == 1:  # a 30 x 20 rectangle around the centre (stored by its top-left)
            units.append(unit(f"u{i}", side, "orc", x=cx - 15, y=cy - 10, width=30,
                              height=20, shape=""))
        else:  # a tile object the size of a tile, stored by its bottom-left corner
            units.append(unit(f"u{i}", side, "orc", x=ox, y=oy + th, width=tw, height=th,
                              gid=GRASS, shape=""))
    sc = load_map(_map(tmp_path, *variant, units))
    got = {u.id: u.pos for u in sc.setup.units}
    for i, spot in enumerate(spots):
        assert got[f"u{i}"] == AXIAL[variant][spot], (i, spot)


def test_rotation_turns_the_box_about_its_stored_corner(tmp_path):
    """Tiled rotates a rectangle about its top-left corner (clockwise, in degrees): a box
    drawn down-right of a hex centre and turned 180 degrees lies up-left of it."""
    t = tiling("y", "odd")
    ox, oy = t.tile_center(3, 3)
    box = dict(width=60, height=70, shape="")
    units = [unit("plain", "men", "orc", x=ox, y=oy, **box),
             unit("turned", "orcs", "orc", x=ox, y=oy, rotation=180, **box)]
    sc = load_map(_map(tmp_path, "y", "odd", units))
    got = {u.id: u.pos for u in sc.setup.units}
    assert got["plain"] == tuple(offset_to_hex(*t.tile_at(ox + 30, oy + 35), "y", "odd"))
    assert got["turned"] == tuple(offset_to_hex(*t.tile_at(ox - 30, oy - 35), "y", "odd"))
    assert got["plain"] != got["turned"]


def test_layer_offset_moves_the_units(tmp_path):
    t = tiling("y", "odd")
    cx, cy = t.tile_center(2, 2)
    text = map_xml(width=7, height=6, assets=str(ASSETS),
                   units=[unit("a", "men", "orc", x=cx, y=cy)])
    text = text.replace('name="units">', 'name="units" offsetx="70" offsety="0">')
    sc = load_map(write(tmp_path / "offset.tmx", text))
    assert sc.setup.units[0].pos == tuple(offset_to_hex(3, 2, "y", "odd"))


def test_facing_by_compass_name(tmp_path):
    units = [unit("a", "men", "orc", 1, 1, "W"), unit("b", "orcs", "orc", 3, 3, "se")]
    sc = load_map(_map(tmp_path, "y", "odd", units))
    assert {u.id: u.facing for u in sc.setup.units} == {"a": 3, "b": 5}
    units = [unit("a", "men", "orc", 1, 1, "N"), unit("b", "orcs", "orc", 3, 3, "S")]
    sc = load_map(_map(tmp_path, "x", "odd", units))
    assert {u.id: u.facing for u in sc.setup.units} == {"a": 2, "b": 5}


def test_col_row_properties_win_over_the_position(tmp_path):
    units = [Obj("a", {"side": "men", "template": "orc", "col": 4, "row": 1}, x=0, y=0)]
    sc = load_map(_map(tmp_path, "x", "even", units))
    assert sc.setup.units[0].pos == (4, -1)  # even-q: r = row - (col + col % 2) / 2
