"""Flank's bundled terrain tileset (`assets/terrain_pointy.tsx`, `terrain_flat.tsx`) as data:
its tile size and picture, and which tile draws which terrain.  The Tiled export writes maps
with it; the picture export sizes its hexes by it when the position did not come from a map."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET

from game.maps import ASSETS_DIR
from rules.state import Terrain


@dataclass(frozen=True)
class BundledTileset:
    """A bundled .tsx: its files, tile and picture sizes, and the tile id of each terrain."""

    tsx: Path
    png: Path
    tile_width: int
    tile_height: int
    columns: int
    count: int
    image_width: int
    image_height: int
    terrains: dict[Terrain, int]  # terrain -> tile id
    kinds: dict[str, int]  # terrain kind -> tile id (for a custom terrain's picture)


def bundled_tileset(orientation: str) -> BundledTileset:
    """The bundled tileset for "pointy" or "flat" hexes, read from its .tsx."""
    tsx = ASSETS_DIR / f"terrain_{orientation}.tsx"
    root = SafeET.parse(tsx).getroot()
    image = root.find("image")
    assert image is not None
    terrains: dict[Terrain, int] = {}
    kinds: dict[str, int] = {}
    for tile in root.findall("tile"):
        tid = int(tile.get("id", "0"))
        props = {p.get("name"): p for p in tile.iter("property")}
        if "terrain" not in props:
            continue

        def value(name: str, default: str, props: dict[Any, Element] = props) -> str:
            p = props.get(name)
            return default if p is None else p.get("value", default)

        t = Terrain(kind=value("terrain", "grass"), move_cost=int(value("move_cost", "1")),
                    cover=value("cover", "false") == "true",
                    impassable=value("impassable", "false") == "true",
                    elevation=int(value("elevation", "0")))
        terrains.setdefault(t, tid)
        kinds.setdefault(t.kind, tid)
    return BundledTileset(tsx, tsx.parent / str(image.get("source")),
                          int(root.get("tilewidth", 0)), int(root.get("tileheight", 0)),
                          int(root.get("columns", 0)), int(root.get("tilecount", 0)),
                          int(image.get("width", 0)), int(image.get("height", 0)), terrains,
                          kinds)
