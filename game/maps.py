"""Tiled `.tmx` maps -> Flank scenarios.  Headless: never imports pygame.

    scenario = load_map("maps/duel.tmx")          # a Scenario; scenario.setup is a BattleSetup
    problems = validate_paths(["maps/"])           # ["PATH: problem", ...] for every bad file

A map is a hexagonal Tiled map (either stagger axis, either stagger index).  Tile properties
give each hex its terrain; an object layer called `units` places the figures; map properties
name the ruleset, the title, the scale and the players' side.  docs/MAPS.md is the authors'
guide; this module is the reader.

Maps come from strangers, so reading one goes in three steps:

1. **A safety pass of our own.**  The map and every tileset it names are read with a size
   cap and parsed with `defusedxml` (no entity declarations, no external references: no
   billion laughs, no `file:///etc/passwd`).  Every `source=` path must resolve (symlinks
   too) inside the map's folder or Flank's `assets/` folder.  Sizes, numbers, property types
   and the layer data (its encoding, its compression -- decompressed with a bound -- and its
   tile count) are checked, so the Tiled reader below is only ever handed a sane tree.
2. **pytmx reads the checked tree** (`TiledMap.parse_xml` on the tree we parsed; its image
   loader only records paths, so no image is opened and pygame is never needed).  Anything
   it still objects to becomes a `MapError`.
3. **Flank builds the scenario**: terrain from tile properties, units from the `units`
   layer, checked against the ruleset, then handed to the ruleset's `initial_state` so a
   scenario that loads is one the engine will start.

Every problem is one `MapError` whose `str()` is one line: ``"PATH: where: what is wrong"``.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import io
import logging
import math
import re
import sys
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree.ElementTree import Element, ParseError

import defusedxml
import defusedxml.ElementTree as SafeET
from pydantic import ValidationError

from rules.engine import (
    BattleSetup,
    BoardSpec,
    SideSpec,
    TerrainSpec,
    UnitSpec,
    initial_state,
    ruleset_of,
)
from rules.hexgrid import Hex, direction_name, hex_to_offset, offset_to_hex

__all__ = [
    "ASSETS_DIR", "MAX_FILE_BYTES", "MAX_MAP_SIDE", "HexTiling", "MapError", "Scenario",
    "TileArt", "load_map", "validate_paths",
]

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"

MAX_FILE_BYTES = 8 * 1024 * 1024  # a map or a tileset file
MAX_MAP_SIDE = 256  # hexes across and down
MAX_ELEMENTS = 300_000  # XML elements in one file
MAX_TILE_PIXELS = 1024  # a tile's width or height
MAX_TILESETS = 64
MAX_TILES_PER_TILESET = 65_536
MAX_LAYERS = 64
MAX_OBJECTS = 10_000
MAX_ID_LENGTH = 40  # unit and side ids (rules.engine.UnitSpec / SideSpec)

# Tiled's flags in the top bits of a gid: flipped horizontally, vertically, diagonally
# (on hexagonal maps: rotated 60 degrees) and rotated 120 degrees (hexagonal maps only).
FLIP_X, FLIP_Y, FLIP_DIAGONAL, ROTATE_120 = 0x80000000, 0x40000000, 0x20000000, 0x10000000
GID_MASK = 0x0FFFFFFF

_INT = re.compile(r"[+-]?[0-9]+")
_IDENT = re.compile(r"[a-z][a-z0-9_]*")
_TRUE = frozenset({"true", "1", "yes"})
_FALSE = frozenset({"false", "0", "no"})
_PROPERTY_TYPES = frozenset({"string", "int", "float", "bool", "color", "file", "object", "enum"})


class MapError(Exception):
    """A map that cannot be played.  `str()` is one line: ``"{path}: {problem}"``."""

    def __init__(self, path: str | Path, problem: str) -> None:
        self.path = str(path)
        self.problem = " ".join(str(problem).split("\n"))
        super().__init__(f"{self.path}: {self.problem}")


# --- Tiled's hexagonal pixel geometry --------------------------------------------------------


@dataclass(frozen=True)
class HexTiling:
    """Where Tiled draws the tiles of a hexagonal map, in map pixels (y down).

    This follows Tiled's hexagonal renderer: the tile size is rounded down to even numbers;
    with ``stagger_axis == "y"`` (pointy-top hexes) rows are ``(tile_height + side) / 2``
    apart and the staggered rows (odd or even, by ``stagger_index``) are shifted right by half
    a tile; with ``"x"`` (flat-top hexes) columns are ``(tile_width + side) / 2`` apart and the
    staggered columns are shifted down by half a tile.  A tile's image is drawn with its
    bottom-left corner at the bottom-left of the tile's box.
    """

    tile_width: int
    tile_height: int
    hexside_length: int
    stagger_axis: str = "y"
    stagger_index: str = "odd"

    @property
    def _tw(self) -> int:
        return self.tile_width & ~1

    @property
    def _th(self) -> int:
        return self.tile_height & ~1

    @property
    def column_width(self) -> int:
        """Horizontal distance between neighbouring columns' boxes (x-staggered maps)."""
        side = self.hexside_length if self.stagger_axis == "x" else 0
        return (self._tw - side) // 2 + side

    @property
    def row_height(self) -> int:
        """Vertical distance between neighbouring rows' boxes (y-staggered maps)."""
        side = self.hexside_length if self.stagger_axis == "y" else 0
        return (self._th - side) // 2 + side

    def _staggered(self, n: int) -> bool:
        return bool((n & 1) ^ (self.stagger_index == "even"))

    def tile_origin(self, col: int, row: int) -> tuple[int, int]:
        """Top-left pixel of tile ``(col, row)``'s box."""
        if self.stagger_axis == "x":
            y = row * self._th + (self.row_height if self._staggered(col) else 0)
            return col * self.column_width, y
        x = col * self._tw + (self.column_width if self._staggered(row) else 0)
        return x, row * self.row_height

    def tile_center(self, col: int, row: int) -> tuple[float, float]:
        """Centre pixel of tile ``(col, row)``."""
        x, y = self.tile_origin(col, row)
        return x + self._tw / 2, y + self._th / 2

    def tile_at(self, x: float, y: float) -> tuple[int, int]:
        """The tile ``(col, row)`` under pixel ``(x, y)``: the one whose centre is nearest.

        As in Tiled, nearness is plain distance to the tile centres.  A point exactly as far
        from two centres goes to the upper one on a pointy-top map (then the left one) and to
        the left one on a flat-top map (then the upper one).  The answer may lie outside the
        map; the caller checks.
        """
        tw, th = self._tw, self._th
        candidates: list[tuple[float, int, int, int, int]] = []
        if self.stagger_axis == "x":
            c0 = math.floor((x - tw / 2) / self.column_width + 0.5)
            for col in (c0 - 1, c0, c0 + 1):
                shift = self.row_height if self._staggered(col) else 0
                r0 = math.floor((y - th / 2 - shift) / th + 0.5)
                for row in (r0 - 1, r0, r0 + 1):
                    cx, cy = self.tile_center(col, row)
                    candidates.append(((cx - x) ** 2 + (cy - y) ** 2, col, row, col, row))
        else:
            r0 = math.floor((y - th / 2) / self.row_height + 0.5)
            for row in (r0 - 1, r0, r0 + 1):
                shift = self.column_width if self._staggered(row) else 0
                c0 = math.floor((x - tw / 2 - shift) / tw + 0.5)
                for col in (c0 - 1, c0, c0 + 1):
                    cx, cy = self.tile_center(col, row)
                    candidates.append(((cx - x) ** 2 + (cy - y) ** 2, row, col, col, row))
        best = min(candidates)
        return best[3], best[4]

    def pixel_size(self, cols: int, rows: int) -> tuple[int, int]:
        """Width and height in pixels of a whole ``cols`` x ``rows`` map."""
        if self.stagger_axis == "x":
            side_offset_x = (self._tw - self.hexside_length) // 2
            return (cols * self.column_width + side_offset_x,
                    rows * self._th + (self.row_height if cols > 1 else 0))
        side_offset_y = (self._th - self.hexside_length) // 2
        return (cols * self._tw + (self.column_width if rows > 1 else 0),
                rows * self.row_height + side_offset_y)


# --- what a map becomes ----------------------------------------------------------------------


@dataclass(frozen=True)
class TileArt:
    """How to draw one tile: the part `rect` (x, y, w, h) of the picture `image`.

    Draw it as Tiled does: flip/rotate as flagged, then put the image's bottom-left corner at
    the bottom-left of the tile's box (`HexTiling.tile_origin` + tile height), moved by the
    tileset's `offset`.
    """

    image: str  # absolute path of the picture
    rect: tuple[int, int, int, int]
    offset: tuple[int, int] = (0, 0)
    flip_x: bool = False
    flip_y: bool = False
    flip_diagonal: bool = False  # on a hexagonal map Tiled means: rotated 60 degrees
    rotate_120: bool = False
    tileset: str = ""
    tile_id: int = 0


@dataclass(frozen=True, eq=False)
class Scenario:
    """A map read from a .tmx file.  A map with units is a scenario: `setup` starts it."""

    path: str
    title: str
    description: str
    ruleset: str
    feet_per_hex: int
    victory: str
    sides: tuple[str, ...]  # side ids in order of first appearance in the units layer
    pc_side: str | None
    setup: BattleSetup
    orientation: str  # "pointy" (stagger axis y) or "flat" (stagger axis x)
    stagger_axis: str
    stagger_index: str
    tile_width: int
    tile_height: int
    hexside_length: int
    width: int  # in hexes, as in Tiled
    height: int
    tiles: dict[Hex, TileArt]  # per hex, the art of the tile that gives it its terrain
    art: dict[Hex, tuple[TileArt, ...]] = field(default_factory=dict)  # every tile, bottom first
    properties: dict[str, Any] = field(default_factory=dict)  # all map properties, as read

    @property
    def tiling(self) -> HexTiling:
        return HexTiling(self.tile_width, self.tile_height, self.hexside_length,
                         self.stagger_axis, self.stagger_index)

    @property
    def is_scenario(self) -> bool:
        return bool(self.setup.units)

    def hex_at(self, col: int, row: int) -> Hex:
        return offset_to_hex(col, row, self.stagger_axis, self.stagger_index)  # type: ignore[arg-type]

    def offset_of(self, h: Hex) -> tuple[int, int]:
        return hex_to_offset(h, self.stagger_axis, self.stagger_index)  # type: ignore[arg-type]


# --- pytmx without pygame --------------------------------------------------------------------


def _pytmx() -> ModuleType:
    """Import pytmx without letting it import pygame.

    pytmx's package `__init__` tries `pytmx.util_pygame` and its core module tries `pygame`
    (for type hints only).  Both are wrapped in `try/except ImportError`, so hiding pygame
    while pytmx is first imported keeps this module headless.  If the window has already
    imported pygame, nothing is hidden.
    """
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    hide = "pygame" not in sys.modules
    quiet = logging.getLogger("pytmx.util_pygame")  # it logs an error when pygame is missing
    was_disabled = quiet.disabled
    if hide:
        sys.modules["pygame"] = None  # type: ignore[assignment]  # `import pygame` fails
        quiet.disabled = True
    try:
        import pytmx
    finally:
        quiet.disabled = was_disabled
        if hide and sys.modules.get("pygame", 0) is None:
            del sys.modules["pygame"]
    return pytmx


# --- reading ---------------------------------------------------------------------------------


def _q(value: Any, limit: int = 40) -> str:
    """A value from the file, quoted and cut short, safe to put in a one-line message."""
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = text[:limit] + "…"
    return repr(text)


@dataclass
class _Tileset:
    label: str  # "tileset 'terrain_pointy.tsx'", the start of every message about it
    firstgid: int
    count: int  # how many gids it covers, from firstgid
    tile_width: int
    tile_height: int
    columns: int
    margin: int
    spacing: int
    offset: tuple[int, int]
    image: Path | None  # the tilesheet (None for a collection of images)
    tiles: dict[int, Element]  # <tile> elements by id
    tile_images: dict[int, tuple[Path, int, int]]  # a collection's own pictures
    name: str


@dataclass(frozen=True)
class _TileInfo:
    tileset: _Tileset
    tile_id: int
    props: dict[str, Any]
    terrain: TerrainSpec | None


class _Reader:
    def __init__(self, path: str | Path) -> None:
        self.shown = str(path)
        self.file = Path(path)
        self.tilesets: list[_Tileset] = []
        self.firstgids: list[int] = []
        self.info: dict[int, _TileInfo] = {}
        self.roots: list[Path] = []
        self.width = self.height = 0

    def _option_value(self, key: str, value: Any) -> Any:
        """An `option.<key>` value: lists are written as JSON text, e.g. "[5, 6]"."""
        if isinstance(value, str) and value.strip().startswith("["):
            parsed = _json_list(value)
            if parsed is None:
                raise self.fail(f"map property {_q(key)}: {_q(value)} is not a list like [5, 6]")
            return parsed
        return value

    def fail(self, problem: str) -> MapError:
        return MapError(self.shown, problem)

    # --- files and XML ---------------------------------------------------------------------

    def read_bytes(self, file: Path, place: str) -> bytes:
        try:
            if not file.exists():
                raise self.fail(f"{place}file not found")
            if file.is_dir():
                raise self.fail(f"{place}is a folder, not a map file")
            if not file.is_file():
                raise self.fail(f"{place}is not a regular file")
            with open(file, "rb") as handle:
                data = handle.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise self.fail(f"{place}cannot be read ({exc.strerror or exc})") from None
        if len(data) > MAX_FILE_BYTES:
            raise self.fail(f"{place}file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
        return data

    def parse(self, data: bytes, place: str) -> Element:
        root: Element | None = None
        count = 0
        try:
            for _event, elem in SafeET.iterparse(io.BytesIO(data), events=("start",),
                                                 forbid_dtd=False, forbid_entities=True,
                                                 forbid_external=True):
                if root is None:
                    root = elem
                count += 1
                if count > MAX_ELEMENTS:
                    raise self.fail(f"{place}more than {MAX_ELEMENTS} XML elements")
        except defusedxml.EntitiesForbidden as exc:
            raise self.fail(f"{place}XML entity declarations are not allowed "
                            f"(entity {_q(exc.name)})") from None
        except defusedxml.ExternalReferenceForbidden:
            raise self.fail(f"{place}external XML references are not allowed") from None
        except defusedxml.DefusedXmlException as exc:
            raise self.fail(f"{place}unsafe XML refused ({type(exc).__name__})") from None
        except ParseError as exc:
            raise self.fail(f"{place}not valid XML: {exc}") from None
        except (LookupError, ValueError) as exc:  # an unknown or wrong encoding, say
            raise self.fail(f"{place}not valid XML: {exc}") from None
        if root is None:  # pragma: no cover - expat reports an empty document itself
            raise self.fail(f"{place}not valid XML: no element found")
        return root

    def inside(self, base: Path, source: str, place: str) -> Path:
        """`source` (relative to `base`) resolved, if it stays inside an allowed folder."""
        try:
            if "\x00" in source:
                raise ValueError("NUL in path")
            target = (base / source).resolve()
        except (OSError, RuntimeError, ValueError):
            raise self.fail(f"{place}{_q(source)} is not a usable path") from None
        if any(target.is_relative_to(root) for root in self.roots):
            return target
        raise self.fail(f"{place}{_q(source)} is outside the map's folder and Flank's "
                        "assets folder")

    # --- the safety pass -------------------------------------------------------------------

    def where(self, elem: Element) -> str:
        tag = elem.tag
        if tag == "map":
            return "map"
        if tag in ("layer", "objectgroup", "imagelayer", "group"):
            return f"layer {_q(elem.get('name', ''))}"
        if tag == "object":
            return (f"object {_q(elem.get('name'))}" if elem.get("name")
                    else f"object #{elem.get('id', '?')}")
        if tag == "tileset":
            return f"tileset {_q(elem.get('source') or elem.get('name', ''))}"
        if tag == "tile":
            return f"tile {elem.get('id', '?')}"
        return f"<{tag}>"

    def sweep(self, root: Element, prefix: str) -> None:
        """Check what pytmx would convert blindly: typed attributes and typed properties."""
        casts = _pytmx().pytmx.types
        to_bool = _pytmx().pytmx.convert_to_bool
        for elem in root.iter():
            for key, value in elem.items():
                cast = casts.get(key)
                if cast is int and not _INT.fullmatch(value.strip()):
                    raise self.fail(f"{prefix}{self.where(elem)}: {key} is {_q(value)}, "
                                    "not a whole number")
                if cast is float and not _finite(value):
                    raise self.fail(f"{prefix}{self.where(elem)}: {key} is {_q(value)}, "
                                    "not a number")
                if cast is to_bool and value.strip().lower() not in _TRUE | _FALSE:
                    raise self.fail(f"{prefix}{self.where(elem)}: {key} is {_q(value)}, "
                                    "not true or false")
            if elem.tag == "property":
                self.check_property(elem, prefix)

    def check_property(self, prop: Element, prefix: str) -> None:
        name = prop.get("name")
        if not name:
            raise self.fail(f"{prefix}a property has no name")
        kind = prop.get("type", "string")
        place = f"{prefix}property {_q(name)}"
        if kind == "class":
            raise self.fail(f"{place} is a class property, which Flank does not read")
        if kind not in _PROPERTY_TYPES:
            raise self.fail(f"{place} has unknown type {_q(kind)}")
        value = prop.get("value")
        if kind in ("int", "object") and (value is None or not _INT.fullmatch(value.strip())):
            raise self.fail(f"{place} is {_q(value or '')}, not a whole number")
        if kind == "float" and (value is None or not _finite(value)):
            raise self.fail(f"{place} is {_q(value or '')}, not a number")
        if kind == "bool" and (value is None or value.strip().lower() not in _TRUE | _FALSE):
            raise self.fail(f"{place} is {_q(value or '')}, not true or false")

    def attr_int(self, elem: Element, key: str, place: str, default: int | None = None,
                 lo: int = 0, hi: int = 2**31 - 1) -> int:
        raw = elem.get(key)
        if raw is None:
            if default is None:
                raise self.fail(f"{place}: {key} is missing")
            return default
        if not _INT.fullmatch(raw.strip()):
            raise self.fail(f"{place}: {key} is {_q(raw)}, not a whole number")
        value = int(raw)
        if not lo <= value <= hi:
            raise self.fail(f"{place}: {key} is {value}; it must be from {lo} to {hi}")
        return value

    def check_map(self, root: Element) -> tuple[int, int, HexTiling]:
        if root.tag != "map":
            raise self.fail(f"not a Tiled map: the root element is <{_q(root.tag, 20)[1:-1]}>,"
                            " not <map>")
        orientation = root.get("orientation", "orthogonal")
        if orientation != "hexagonal":
            raise self.fail(f"orientation is {_q(orientation)}; Flank reads only hexagonal maps")
        if root.get("infinite", "0").strip() not in ("0", "false", ""):
            raise self.fail("infinite maps are not supported; turn off 'Infinite' in Tiled's "
                            "map properties")
        width = self.attr_int(root, "width", "map", lo=1)
        height = self.attr_int(root, "height", "map", lo=1)
        if width > MAX_MAP_SIDE or height > MAX_MAP_SIDE:
            raise self.fail(f"map is {width}×{height} hexes; the most Flank reads is "
                            f"{MAX_MAP_SIDE}×{MAX_MAP_SIDE}")
        tw = self.attr_int(root, "tilewidth", "map", lo=2, hi=MAX_TILE_PIXELS)
        th = self.attr_int(root, "tileheight", "map", lo=2, hi=MAX_TILE_PIXELS)
        axis = root.get("staggeraxis", "y")
        index = root.get("staggerindex", "odd")
        if axis not in ("x", "y"):
            raise self.fail(f"map: staggeraxis is {_q(axis)}, not 'x' or 'y'")
        if index not in ("odd", "even"):
            raise self.fail(f"map: staggerindex is {_q(index)}, not 'odd' or 'even'")
        along = (th if axis == "y" else tw) & ~1
        side = self.attr_int(root, "hexsidelength", "map", default=0, lo=0, hi=along - 1)
        return width, height, HexTiling(tw, th, side, axis, index)

    def load_tilesets(self, root: Element) -> list[tuple[Element, str]]:
        """Read every tileset (the map's own and each .tsx); returns the trees to sweep."""
        trees: list[tuple[Element, str]] = []
        elems = list(root.iter("tileset"))
        if not elems:
            raise self.fail("the map has no tileset")
        if len(elems) > MAX_TILESETS:
            raise self.fail(f"more than {MAX_TILESETS} tilesets")
        map_dir = self.file.parent
        for elem in elems:
            source = elem.get("source")
            label = self.where(elem)
            firstgid = self.attr_int(elem, "firstgid", label, lo=1, hi=GID_MASK)
            if source is not None:
                tsx = self.inside(map_dir, source, "tileset ")
                if not source.lower().endswith(".tsx"):
                    raise self.fail(f"{label}: only .tsx tilesets can be read")
                data = self.read_bytes(tsx, f"{label}: ")
                ts_root = self.parse(data, f"{label}: ")
                if ts_root.tag != "tileset":
                    raise self.fail(f"{label}: not a Tiled tileset (the root element is "
                                    f"<{_q(ts_root.tag, 20)[1:-1]}>)")
                trees.append((ts_root, f"{label}: "))
                self.tilesets.append(self.read_tileset(ts_root, label, firstgid, tsx.parent))
            else:
                self.tilesets.append(self.read_tileset(elem, label, firstgid, map_dir))
        self.tilesets.sort(key=lambda t: t.firstgid)
        self.firstgids = [t.firstgid for t in self.tilesets]
        return trees

    def read_tileset(self, elem: Element, label: str, firstgid: int, base: Path) -> _Tileset:
        tw = self.attr_int(elem, "tilewidth", label, lo=1, hi=MAX_TILE_PIXELS)
        th = self.attr_int(elem, "tileheight", label, lo=1, hi=MAX_TILE_PIXELS)
        margin = self.attr_int(elem, "margin", label, default=0, hi=MAX_TILE_PIXELS)
        spacing = self.attr_int(elem, "spacing", label, default=0, hi=MAX_TILE_PIXELS)
        offset = (0, 0)
        off = elem.find("tileoffset")
        if off is not None:
            offset = (self.attr_int(off, "x", label, default=0, lo=-4096, hi=4096),
                      self.attr_int(off, "y", label, default=0, lo=-4096, hi=4096))
        tiles: dict[int, Element] = {}
        tile_images: dict[int, tuple[Path, int, int]] = {}
        for tile in elem.findall("tile"):
            tid = self.attr_int(tile, "id", f"{label}: tile", hi=MAX_TILES_PER_TILESET - 1)
            if tid in tiles:
                raise self.fail(f"{label}: tile {tid} is described twice")
            tiles[tid] = tile
            image = tile.find("image")
            if image is not None:
                path = self.image(image, base, f"{label}: tile {tid}: ")
                tile_images[tid] = (path, self.attr_int(image, "width", label, default=0),
                                    self.attr_int(image, "height", label, default=0))
        image_elem = elem.find("image")
        image: Path | None = None
        columns = 0
        if image_elem is not None:
            image = self.image(image_elem, base, f"{label}: ")
            iw = self.attr_int(image_elem, "width", f"{label}: image", lo=1, hi=1 << 16)
            ih = self.attr_int(image_elem, "height", f"{label}: image", lo=1, hi=1 << 16)
            fit_x = max(0, (iw - 2 * margin + spacing) // (tw + spacing))
            fit_y = max(0, (ih - 2 * margin + spacing) // (th + spacing))
            columns = self.attr_int(elem, "columns", label, default=fit_x,
                                    hi=MAX_TILES_PER_TILESET)
            count = self.attr_int(elem, "tilecount", label, default=fit_x * fit_y,
                                  hi=MAX_TILES_PER_TILESET)
            if count and not columns:
                raise self.fail(f"{label}: columns is 0 but the tileset has {count} tiles")
            if count > fit_x * fit_y:
                raise self.fail(f"{label}: {count} tiles do not fit in its {iw}×{ih} image")
            for tid in tiles:
                if tid >= count:
                    raise self.fail(f"{label}: tile {tid} is past the end of the tileset "
                                    f"({count} tiles)")
        else:
            count = max(tiles, default=-1) + 1
            for tid in tiles:
                if tid not in tile_images:
                    raise self.fail(f"{label}: tile {tid} has no image")
        return _Tileset(label=label, firstgid=firstgid, count=count, tile_width=tw,
                        tile_height=th, columns=columns, margin=margin, spacing=spacing,
                        offset=offset, image=image, tiles=tiles, tile_images=tile_images,
                        name=elem.get("name", ""))

    def image(self, elem: Element, base: Path, place: str) -> Path:
        source = elem.get("source")
        if not source:
            raise self.fail(f"{place}an image has no source")
        path = self.inside(base, source, f"{place}image ")
        if not path.is_file():
            raise self.fail(f"{place}image {_q(source)} not found")
        return path

    def check_sources(self, root: Element, base: Path, prefix: str) -> None:
        """Every other path a file names (image layers, object templates) stays inside."""
        for elem in root.iter():
            if elem.tag == "imagelayer":
                image = elem.find("image")
                if image is not None and image.get("source"):
                    self.image(image, base, f"{prefix}{self.where(elem)}: ")
            template = elem.get("template")
            if elem.tag == "object" and template:
                self.inside(base, template, f"{prefix}{self.where(elem)}: template ")

    def tile_of(self, gid: int) -> tuple[_Tileset, int] | None:
        i = bisect.bisect_right(self.firstgids, gid) - 1
        if i < 0:
            return None
        ts = self.tilesets[i]
        tid = gid - ts.firstgid
        if tid >= ts.count or (ts.image is None and tid not in ts.tile_images):
            return None
        return ts, tid

    def check_layers(self, root: Element, width: int, height: int) -> None:
        layers = list(root.iter("layer"))
        groups = [e for e in root.iter() if e.tag in ("objectgroup", "imagelayer", "group")]
        if len(layers) + len(groups) > MAX_LAYERS:
            raise self.fail(f"more than {MAX_LAYERS} layers")
        if not layers:
            raise self.fail("the map has no tile layer")
        for layer in layers:
            place = self.where(layer)
            lw = self.attr_int(layer, "width", place, default=width, lo=1)
            lh = self.attr_int(layer, "height", place, default=height, lo=1)
            if (lw, lh) != (width, height):
                raise self.fail(f"{place} is {lw}×{lh} but the map is {width}×{height}")
            for n, gid in enumerate(self.layer_gids(layer, place, width * height)):
                if gid and self.tile_of(gid & GID_MASK) is None:
                    raise self.fail(f"{place} row {n // width} col {n % width}: tile "
                                    f"{gid & GID_MASK} is in no tileset")
        if sum(1 for _ in root.iter("object")) > MAX_OBJECTS:
            raise self.fail(f"more than {MAX_OBJECTS} objects")

    def layer_gids(self, layer: Element, place: str, expected: int) -> list[int]:
        data = layer.find("data")
        if data is None:
            raise self.fail(f"{place} has no <data>")
        if data.find("chunk") is not None:
            raise self.fail("infinite maps are not supported; turn off 'Infinite' in Tiled's "
                            "map properties")
        encoding = data.get("encoding")
        compression = data.get("compression")
        text = data.text or ""
        if encoding is None:
            raise self.fail(f"{place}: tile data written as XML is not supported; set the "
                            "layer format to CSV or Base64 in Tiled's map properties")
        if encoding == "csv":
            if compression:
                raise self.fail(f"{place}: CSV data cannot be compressed")
            items = text.strip().split(",") if text.strip() else []
            gids = []
            for n, item in enumerate(items):
                item = item.strip()
                if not item.isascii() or not item.isdigit() or int(item) > 0xFFFFFFFF:
                    raise self.fail(f"{place} row {n // max(1, self.width)} col "
                                    f"{n % max(1, self.width)}: {_q(item)} is not a tile number")
                gids.append(int(item))
        elif encoding == "base64":
            try:
                raw = base64.b64decode("".join(text.split()), validate=True)
            except (binascii.Error, ValueError):
                raise self.fail(f"{place}: the Base64 data is corrupt") from None
            raw = self.decompress(raw, compression, place, expected * 4)
            if len(raw) % 4:
                raise self.fail(f"{place}: the Base64 data is not a whole number of tiles")
            gids = [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]
        else:
            raise self.fail(f"{place}: layer encoding {_q(encoding)} is not supported")
        if len(gids) != expected:
            raise self.fail(f"{place}: {len(gids)} tiles, expected {expected} "
                            f"({self.width}×{self.height})")
        return gids

    def decompress(self, raw: bytes, compression: str | None, place: str, limit: int) -> bytes:
        if not compression:
            return raw
        if compression not in ("zlib", "gzip"):
            raise self.fail(f"{place}: {_q(compression)} compression is not supported; use "
                            "zlib, gzip or none")
        wbits = zlib.MAX_WBITS if compression == "zlib" else 16 + zlib.MAX_WBITS
        unpacker = zlib.decompressobj(wbits)
        try:
            out = unpacker.decompress(raw, limit + 1)
            if len(out) > limit or unpacker.unconsumed_tail:
                raise self.fail(f"{place}: the compressed data unpacks to more than the map's "
                                f"{limit // 4} tiles")
            out += unpacker.flush()
        except zlib.error:
            raise self.fail(f"{place}: the {compression} data is corrupt") from None
        if not unpacker.eof:
            raise self.fail(f"{place}: the {compression} data is cut short")
        if len(out) > limit:
            raise self.fail(f"{place}: the compressed data unpacks to more than the map's "
                            f"{limit // 4} tiles")
        return out

    # --- pytmx -----------------------------------------------------------------------------

    def pytmx_map(self, root: Element) -> Any:
        pytmx = _pytmx()
        reader = self

        def image_loader(filename: str, colorkey: Any = None, **_: Any) -> Any:
            target = Path(filename).resolve()
            if not any(target.is_relative_to(r) for r in reader.roots):
                raise reader.fail(f"image {_q(filename)} is outside the map's folder and "
                                  "Flank's assets folder")

            def load(rect: Any = None, flags: Any = None) -> tuple[str, Any, Any]:
                return str(target), rect, flags

            return load

        try:
            tm = pytmx.TiledMap(image_loader=image_loader, allow_duplicate_names=True)
            tm.filename = str(self.file)
            tm.parse_xml(root)
        except MapError:
            raise
        except Exception as exc:  # pytmx raises bare Exception, KeyError, ValueError ...
            raise self.fail(f"the Tiled reader could not read it "
                            f"({type(exc).__name__}: {exc})") from None
        return tm

    # --- building the scenario -------------------------------------------------------------

    def props(self, elem: Element) -> dict[str, Any]:
        """An element's own <properties>, typed (they were checked by `sweep`)."""
        out: dict[str, Any] = {}
        for block in elem.findall("properties"):
            for prop in block.findall("property"):
                out[prop.get("name", "")] = _typed(prop)
        return out

    def tile_info(self, gid: int) -> _TileInfo:
        if gid in self.info:
            return self.info[gid]
        found = self.tile_of(gid)
        if found is None:  # pragma: no cover - check_layers saw every gid
            raise self.fail(f"tile {gid} is in no tileset")
        ts, tid = found
        elem = ts.tiles.get(tid)
        props = self.props(elem) if elem is not None else {}
        place = f"{ts.label} tile {tid}"
        terrain = self.terrain(props, place) if "terrain" in props else None
        info = _TileInfo(ts, tid, props, terrain)
        self.info[gid] = info
        return info

    def terrain(self, props: dict[str, Any], place: str) -> TerrainSpec:
        kind = props["terrain"]
        if not isinstance(kind, str) or not kind.strip() or len(kind) > MAX_ID_LENGTH:
            raise self.fail(f"{place}: terrain must be a name of 1 to {MAX_ID_LENGTH} letters, "
                            f"not {_q(kind)}")
        move = _as_int(props.get("move_cost", 1))
        if move is None or not 1 <= move <= 100:
            raise self.fail(f"{place}: move_cost must be a whole number from 1 to 100, not "
                            f"{_q(props.get('move_cost'))}")
        elevation = _as_int(props.get("elevation", 0))
        if elevation is None or not -1000 <= elevation <= 1000:
            raise self.fail(f"{place}: elevation must be a whole number from -1000 to 1000, "
                            f"not {_q(props.get('elevation'))}")
        flags = {}
        for key in ("cover", "impassable"):
            value = _as_bool(props.get(key, False))
            if value is None:
                raise self.fail(f"{place}: {key} must be true or false, not "
                                f"{_q(props.get(key))}")
            flags[key] = value
        return TerrainSpec(kind=kind.strip(), move_cost=move, elevation=elevation, **flags)

    def art(self, info: _TileInfo, raw_gid: int) -> TileArt:
        ts, tid = info.tileset, info.tile_id
        if ts.image is not None:
            x = ts.margin + (tid % ts.columns) * (ts.tile_width + ts.spacing)
            y = ts.margin + (tid // ts.columns) * (ts.tile_height + ts.spacing)
            image, rect = ts.image, (x, y, ts.tile_width, ts.tile_height)
        else:
            image, w, h = ts.tile_images[tid]
            rect = (0, 0, w, h)
        return TileArt(image=str(image), rect=rect, offset=ts.offset,
                       flip_x=bool(raw_gid & FLIP_X), flip_y=bool(raw_gid & FLIP_Y),
                       flip_diagonal=bool(raw_gid & FLIP_DIAGONAL),
                       rotate_120=bool(raw_gid & ROTATE_120), tileset=ts.name or ts.label,
                       tile_id=tid)

    def read(self, ruleset: str | None, seed: int) -> Scenario:
        if not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise self.fail(f"seed {_q(seed)} must be a whole number from 0 to 2**63-1")
        data = self.read_bytes(self.file, "")
        try:
            self.file = self.file.resolve()
        except (OSError, RuntimeError):  # pragma: no cover - it was just read
            raise self.fail("cannot be read") from None
        self.roots = [self.file.parent] + ([ASSETS_DIR] if ASSETS_DIR.is_dir() else [])
        root = self.parse(data, "")
        self.width, self.height, tiling = self.check_map(root)
        self.sweep(root, "")
        trees = self.load_tilesets(root)
        for tree, prefix in trees:
            self.sweep(tree, prefix)
        self.check_sources(root, self.file.parent, "")
        self.check_layers(root, self.width, self.height)
        tm = self.pytmx_map(root)
        return self.build(root, tm, tiling, ruleset, seed)

    def build(self, root: Element, tm: Any, tiling: HexTiling, ruleset: str | None,
              seed: int) -> Scenario:
        pytmx = _pytmx()
        width, height = self.width, self.height
        axis, index = tiling.stagger_axis, tiling.stagger_index
        # pytmx renumbers gids; map its numbers back to Tiled's gid with the flag bits.
        back: dict[int, int] = {}
        for tiled_gid, entries in tm.gidmap.items():
            for gid, flags in entries:
                raw = tiled_gid
                if flags:
                    raw |= ((FLIP_X if flags.flipped_horizontally else 0)
                            | (FLIP_Y if flags.flipped_vertically else 0)
                            | (FLIP_DIAGONAL if flags.flipped_diagonally else 0))
                back[gid] = raw
        tile_layers = [lay for lay in tm.layers if isinstance(lay, pytmx.TiledTileLayer)]
        layers = list(zip(tile_layers, list(root.iter("layer")), strict=True))

        terrain_at: dict[Hex, TerrainSpec] = {}
        tiles: dict[Hex, TileArt] = {}
        art: dict[Hex, tuple[TileArt, ...]] = {}
        for row in range(height):
            for col in range(width):
                stack: list[TileArt] = []
                top: tuple[_TileInfo, int] | None = None
                first: tuple[str, _TileInfo] | None = None
                for layer, xml in layers:
                    gid = layer.data[row][col]
                    if not gid:
                        continue
                    raw = back.get(gid, 0)
                    info = self.tile_info(raw & GID_MASK)
                    stack.append(self.art(info, raw))
                    if info.terrain is not None:
                        top = (info, raw)
                    elif first is None:
                        first = (xml.get("name", ""), info)
                if not stack:
                    continue
                h = offset_to_hex(col, row, axis, index)  # type: ignore[arg-type]
                if top is None:
                    assert first is not None
                    name, info = first
                    raise self.fail(f"layer {_q(name)} row {row} col {col}: "
                                    f"{info.tileset.label} tile {info.tile_id} has no 'terrain'"
                                    " property, and no other layer gives this hex a terrain")
                terrain_at[h] = top[0].terrain  # type: ignore[assignment]
                tiles[h] = self.art(*top)
                art[h] = tuple(stack)
        if not terrain_at:
            raise self.fail("the map has no tiles: every hex is empty")

        props = dict(tm.properties)
        rules_id = ruleset if ruleset is not None else props.get("ruleset", "fallen_empire")
        if not isinstance(rules_id, str):
            raise self.fail(f"map property 'ruleset' is {_q(rules_id)}, not a name")
        try:
            rules = ruleset_of(rules_id)
        except KeyError:
            where = "" if ruleset is not None else "map property 'ruleset': "
            raise self.fail(f"{where}unknown ruleset {_q(rules_id)} (`flank rulesets` lists "
                            "them)") from None
        feet = _as_int(props.get("feet_per_hex", 5))
        if feet is None or not 1 <= feet <= 1000:
            raise self.fail(f"map property 'feet_per_hex' must be a whole number from 1 to "
                            f"1000, not {_q(props.get('feet_per_hex'))}")
        victory = props.get("victory", "last_side_standing")
        if not isinstance(victory, str) or not _IDENT.fullmatch(victory):
            raise self.fail(f"map property 'victory' must be a name like "
                            f"'last_side_standing', not {_q(victory)}")
        title = props.get("title", self.file.stem)
        description = props.get("description", "")
        for key, value in (("title", title), ("description", description)):
            if not isinstance(value, str):
                raise self.fail(f"map property {key!r} must be text, not {_q(value)}")

        units, sides = self.units(root, tm, tiling, terrain_at, rules.templates(), rules_id)
        pc_side = props.get("pc_side")
        if pc_side is not None and (not isinstance(pc_side, str) or pc_side not in sides):
            raise self.fail(f"map property 'pc_side' names side {_q(pc_side)}, which has no "
                            "units")
        side_specs = []
        for side in sides:
            name = props.get(f"side.{side}", side)
            side_specs.append(SideSpec(id=side, name=str(name)[:80],
                                       player_characters=side == pc_side))
        options = {}
        for key, value in props.items():
            if key.startswith("option."):
                options[key[len("option."):]] = self._option_value(key, value)

        palette: dict[str, TerrainSpec] = {}
        keys: dict[TerrainSpec, str] = {}
        cells = []
        for h, spec in sorted(terrain_at.items()):
            if spec not in keys:
                key, n = spec.kind, 1
                while key in palette:  # the same kind with other properties
                    n += 1
                    key = f"{spec.kind}~{n}"
                keys[spec] = key
                palette[key] = spec
            cells.append((h.q, h.r, keys[spec]))
        try:
            board = BoardSpec(width=width, height=height, feet_per_hex=feet, stagger_axis=axis,
                              stagger_index=index, palette=palette, cells=tuple(cells))
            setup = BattleSetup(ruleset=rules_id, seed=seed, title=title[:200], board=board,
                                sides=tuple(side_specs), units=tuple(units), options=options)
        except ValidationError as exc:
            first_error = exc.errors()[0]
            where = ".".join(str(p) for p in first_error.get("loc", ()))
            raise self.fail(f"the scenario is not valid: {where}: {first_error['msg']}") from None
        if units:
            try:
                initial_state(setup)
            except (ValueError, KeyError, TypeError) as exc:
                raise self.fail(f"the {rules_id} rules refuse this scenario: "
                                f"{exc.args[0] if exc.args else exc}") from None

        return Scenario(
            path=self.shown, title=title, description=description, ruleset=rules_id,
            feet_per_hex=feet, victory=victory, sides=tuple(sides), pc_side=pc_side,
            setup=setup, orientation="flat" if axis == "x" else "pointy", stagger_axis=axis,
            stagger_index=index, tile_width=tiling.tile_width, tile_height=tiling.tile_height,
            hexside_length=tiling.hexside_length, width=width, height=height, tiles=tiles,
            art=art, properties=props)

    def units(self, root: Element, tm: Any, tiling: HexTiling,
              terrain_at: dict[Hex, TerrainSpec], templates: list[str],
              rules_id: str) -> tuple[list[UnitSpec], list[str]]:
        pytmx = _pytmx()
        parents = {child: parent for parent in root.iter() for child in parent}
        groups = list(zip([g for g in tm.layers if isinstance(g, pytmx.TiledObjectGroup)],
                          list(root.iter("objectgroup")), strict=True))
        known = set(templates)
        flat = tiling.stagger_axis == "x"
        units: list[UnitSpec] = []
        sides: list[str] = []
        ids: set[str] = set()
        taken: dict[Hex, str] = {}
        for group, xml in groups:
            if (group.name or "").strip().casefold() != "units":
                continue
            dx = dy = 0.0
            node: Element | None = xml
            while node is not None and node is not root:
                dx += float(node.get("offsetx", 0))
                dy += float(node.get("offsety", 0))
                node = parents.get(node)
            for obj, obj_xml in zip(group, xml.findall("object"), strict=True):
                label = self.where(obj_xml)
                p = obj.properties
                for key in ("side", "template"):
                    if key not in p or not isinstance(p[key], str) or not p[key].strip():
                        raise self.fail(f"{label}: the property {key!r} is missing or empty")
                if obj_xml.get("template"):
                    raise self.fail(f"{label}: object templates (.tx) are not supported")
                side, template = p["side"].strip(), p["template"].strip()
                if len(side) > MAX_ID_LENGTH:
                    raise self.fail(f"{label}: side {_q(side)} is longer than {MAX_ID_LENGTH} "
                                    "letters")
                if known and template not in known:
                    raise self.fail(f"{label}: template {_q(template)} is not a unit of the "
                                    f"{rules_id} rules")
                facing = _facing(p.get("facing", 0), flat)
                if facing is None:
                    raise self.fail(f"{label}: facing must be 0 to 5 (or "
                                    f"{', '.join(direction_name(d, flat) for d in range(6))}), "
                                    f"not {_q(p.get('facing'))}")
                col, row = self.unit_tile(obj, obj_xml, p, label, tiling, dx, dy)
                if not (0 <= col < self.width and 0 <= row < self.height):
                    raise self.fail(f"{label} is off the map at col {col}, row {row} (the map "
                                    f"is {self.width}×{self.height})")
                h = offset_to_hex(col, row, tiling.stagger_axis,  # type: ignore[arg-type]
                                  tiling.stagger_index)  # type: ignore[arg-type]
                terrain = terrain_at.get(h)
                if terrain is None:
                    raise self.fail(f"{label} is off the map at col {col}, row {row}: that "
                                    "hex has no tile")
                if terrain.impassable:
                    raise self.fail(f"{label} stands on impassable {terrain.kind} at col {col}, "
                                    f"row {row}")
                uid = (obj.name or "").strip() or f"{template}_{obj_xml.get('id', len(units))}"
                if len(uid) > MAX_ID_LENGTH:
                    raise self.fail(f"{label}: the name is longer than {MAX_ID_LENGTH} letters")
                if uid in ids:
                    raise self.fail(f"{label}: another unit is already called {_q(uid)}")
                if h in taken:
                    raise self.fail(f"{label} and {taken[h]} both stand at col {col}, row {row}")
                name = p.get("name") or obj.name or ""
                ids.add(uid)
                taken[h] = label
                if side not in sides:
                    sides.append(side)
                units.append(UnitSpec(id=uid, side=side, template=template,
                                      name=str(name)[:80], pos=(h.q, h.r), facing=facing))
        return units, sides

    def unit_tile(self, obj: Any, xml: Element, p: dict[str, Any], label: str,
                  tiling: HexTiling, dx: float, dy: float) -> tuple[int, int]:
        """The tile an object stands on: its `col`/`row` properties, else its position."""
        if "col" in p or "row" in p:
            if "col" not in p or "row" not in p:
                missing = "row" if "col" in p else "col"
                raise self.fail(f"{label}: it has {'col' if missing == 'row' else 'row'} but "
                                f"no {missing}")
            col, row = _as_int(p["col"]), _as_int(p["row"])
            if col is None or row is None:
                raise self.fail(f"{label}: col and row must be whole numbers, not "
                                f"{_q(p['col'])} and {_q(p['row'])}")
            return col, row
        # Tiled stores a rectangle, ellipse or text by its top-left corner and a tile object
        # by its bottom-left (pytmx has already moved that to the top-left); either way the
        # unit stands where the middle of its box is.  Points and polygons stand at their
        # position.  Rotation turns the box about Tiled's stored corner.
        x, y = float(obj.x), float(obj.y)
        w, h = float(obj.width or 0), float(obj.height or 0)
        if "points" in vars(obj) or xml.find("point") is not None:
            w = h = 0.0
        if obj.gid:
            ox, oy, cx, cy = x, y + h, w / 2, -h / 2
        else:
            ox, oy, cx, cy = x, y, w / 2, h / 2
        turn = math.radians(float(obj.rotation or 0))
        px = ox + cx * math.cos(turn) - cy * math.sin(turn) + dx
        py = oy + cx * math.sin(turn) + cy * math.cos(turn) + dy
        if not (math.isfinite(px) and math.isfinite(py)):
            raise self.fail(f"{label}: its position is not a number")
        return tiling.tile_at(px, py)


def _json_list(text: str) -> list[Any] | None:
    """A list written as JSON text ("[5, 6]"), for options Tiled has no list type for."""
    import json

    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, list) and len(value) <= 64 else None


def _finite(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


def _typed(prop: Element) -> Any:
    value = prop.get("value")
    if value is None:
        value = prop.text or ""
    kind = prop.get("type", "string")
    if kind in ("int", "object"):
        return int(value)
    if kind == "float":
        return float(value)
    if kind == "bool":
        return value.strip().lower() in _TRUE
    return value


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and _INT.fullmatch(value.strip()):
        return int(value)
    return None


def _as_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    return None


def _facing(value: Any, flat: bool) -> int | None:
    number = _as_int(value)
    if number is not None:
        return number if 0 <= number <= 5 else None
    if isinstance(value, str):
        names = [direction_name(d, flat) for d in range(6)]
        if value.strip().upper() in names:
            return names.index(value.strip().upper())
    return None


# --- the public entry points -----------------------------------------------------------------


def load_map(path: str | Path, ruleset: str | None = None, seed: int = 0) -> Scenario:
    """Read a hexagonal Tiled map.  `ruleset` overrides the map's `ruleset` property.

    Raises `MapError` (one line naming the file, the place and the problem) for anything a
    map may get wrong: bad XML, unsafe XML, paths leaving the map's folder, sizes, terrain
    properties, units.
    """
    return _Reader(path).read(ruleset, seed)


def validate_paths(paths: Iterable[str | Path]) -> list[str]:
    """One ``"PATH: problem"`` line per bad map; folders are searched for .tmx files."""
    problems: list[str] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = sorted(path.rglob("*.tmx"))
            if not found:
                problems.append(f"{given}: no .tmx maps in this folder")
            files: list[str | Path] = list(found)
        else:
            files = [given]
        for file in files:
            try:
                load_map(file)
            except MapError as exc:
                problems.append(str(exc))
    return problems


def main(argv: list[str] | None = None) -> int:
    """`python -m game.maps PATH...`: check maps; exit status 1 if any is bad."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m game.maps MAP.tmx|FOLDER ...", file=sys.stderr)
        return 2
    problems = validate_paths(args)
    for line in problems:
        print(line)
    if not problems:
        print("all maps are good")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
