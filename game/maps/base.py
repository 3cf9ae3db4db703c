"""What every step of reading a map shares: `MapError` (each problem one line), the quoting of
values from the file in messages, the limits and flags several steps use, and the state of one
map being read (`_ReaderBase`), which the steps' mixins build on.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from rules.engine import TerrainSpec

ASSETS_DIR = Path(__file__).resolve().parents[2] / "assets"

MAX_ID_LENGTH = 40  # unit and side ids (rules.engine.UnitSpec / SideSpec)

# Tiled's flags in the top bits of a gid: flipped horizontally, vertically, diagonally
# (on hexagonal maps: rotated 60 degrees) and rotated 120 degrees (hexagonal maps only).
FLIP_X, FLIP_Y, FLIP_DIAGONAL, ROTATE_120 = 0x80000000, 0x40000000, 0x20000000, 0x10000000
GID_MASK = 0x0FFFFFFF


class MapError(Exception):
    """A map that cannot be played.  `str()` is one line: ``"{path}: {problem}"``."""

    def __init__(self, path: str | Path, problem: str) -> None:
        self.path = str(path)
        self.problem = " ".join(str(problem).split("\n"))
        super().__init__(f"{self.path}: {self.problem}")


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
class OpenGroundTile:
    """A tile that names no terrain and is the ground of some hexes, which are therefore read as
    open ground (a map made without Flank's properties).  `gid` is Tiled's number for it in
    the map (its tileset's firstgid + `tile_id`), so a writer can give it a terrain."""

    tileset: str  # as messages name it: "tileset 'hexes.tsx'"
    tile_id: int
    gid: int
    hexes: int  # how many hexes it is the ground of
    # The tile's own name for its kind (its class, or a property such as `terrain_type`),
    # which no terrain in the names of the ground (`terrain_names`) matched; "" if none.
    name: str = ""
    named_by: str = ""  # "class", or the property's name


@dataclass(frozen=True)
class NamedTile:
    """A tile that names no terrain of Flank's own but whose class or property names one
    that the names of the ground know ("Ocean" is water), and the hexes it gives it to."""

    tileset: str
    tile_id: int
    gid: int
    hexes: int
    name: str  # as the map writes it: "Deep Ocean"
    named_by: str  # "class", or the property's name
    terrain: TerrainSpec


@dataclass(frozen=True)
class _TileInfo:
    tileset: _Tileset
    tile_id: int
    props: dict[str, Any]
    terrain: TerrainSpec | None  # from Flank's own `terrain` property
    named: TerrainSpec | None = None  # from the tile's name (only when `terrain` is None)
    name: str = ""  # the tile's class or naming property, known or not
    named_by: str = ""


class _ReaderBase:
    """One map being read: its path as given (for messages), the file, the folders its paths
    may lead into, its size in hexes, and what the steps have learnt of its tilesets.  With
    `strict`, a map missing Flank's properties is refused; without, what is missing is
    filled in (tiles naming no terrain are open ground) and said in `Scenario.warnings`.
    The safety pass is the same either way."""

    def __init__(self, path: str | Path, strict: bool = False) -> None:
        self.shown = str(path)
        self.strict = strict  # a tile naming no terrain is an error, not open ground
        self.file = Path(path)
        self.tilesets: list[_Tileset] = []
        self.firstgids: list[int] = []
        self.info: dict[int, _TileInfo] = {}
        self.open_ground: tuple[OpenGroundTile, ...] = ()
        self.named_ground: tuple[NamedTile, ...] = ()
        self.names: Any = None  # the names of the ground (`terrain_names`), read when needed
        self.roots: list[Path] = []
        self.width = self.height = 0

    def fail(self, problem: str) -> MapError:
        return MapError(self.shown, problem)
