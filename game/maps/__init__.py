"""Tiled `.tmx` maps -> Flank scenarios.  Headless: never imports pygame.

    scenario = load_map("maps/duel.tmx")          # a Scenario; scenario.setup is a BattleSetup
    problems = validate_paths(["maps/"])           # ["PATH: problem", ...] for every bad file
    problems, warnings = check_paths(["maps/"], strict=True)   # flank validate --strict

A map is a hexagonal Tiled map (either stagger axis, either stagger index).  Tile properties
give each hex its terrain; an object layer called `units` places the figures; map properties
name the ruleset, the title, the scale and the players' side.  docs/MAPS.md is the authors'
guide; this package is the reader.

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

Anyone's hexagonal Tiled map opens, even one made without Flank's properties: a tile whose
class or a property such as ``terrain_type`` names a kind of ground ("Ocean", "Forest") is
that terrain (`game.maps.terrain_names`, `Scenario.named_ground`); a hex where no
tile names a terrain is open ground (`OPEN_GROUND`; which tiles, counted, are
`Scenario.open_ground`, said in one line of `Scenario.warnings`); no `units` layer is a board
with nobody on it; map properties have defaults.  ``load_map(..., strict=True)`` (``flank
validate --strict``) refuses what is missing instead, for scenario authors.  Only missing
properties are forgiven: the safety pass is the same for every map.

One module a job:

    base       `MapError`, the reader's state and what every step shares
    safety     step 1: files, XML (defusedxml), paths, sizes and property types
    layers     step 1, tile layers: their data decoded with bounds, every tile in a tileset
    tiled      step 2: pytmx on the checked tree, without pygame
    tiling     Tiled's hexagonal pixel geometry (`HexTiling`) and tile art (`TileArt`)
    terrain    terrain from tile properties, per hex
    terrain_names  the ground of anyone's map by its tiles' names ("Ocean" is water), from
               an editable file (`terrain_names.toml`, overridden by the user's)
    options    values of Tiled properties and the map's ``option.<key>`` properties
    units      the `units` layer: figures placed and checked
    scenario   step 3: the `Scenario` and its `BattleSetup`
    reader     `load_map`: the three steps in order
    validate   `validate_paths` and ``python -m game.maps``
"""

from __future__ import annotations

from game.maps.base import (
    ASSETS_DIR,
    FLIP_DIAGONAL,
    FLIP_X,
    FLIP_Y,
    GID_MASK,
    MAX_ID_LENGTH,
    ROTATE_120,
    MapError,
    NamedTile,
    OpenGroundTile,
)
from game.maps.reader import load_map
from game.maps.safety import (
    MAX_ELEMENTS,
    MAX_FILE_BYTES,
    MAX_LAYERS,
    MAX_MAP_SIDE,
    MAX_OBJECTS,
    MAX_TILE_PIXELS,
    MAX_TILES_PER_TILESET,
    MAX_TILESETS,
)
from game.maps.scenario import Scenario
from game.maps.terrain import OPEN_GROUND
from game.maps.tiling import HexTiling, TileArt
from game.maps.validate import check_paths, main, validate_paths

__all__ = [
    "ASSETS_DIR", "FLIP_DIAGONAL", "FLIP_X", "FLIP_Y", "GID_MASK", "MAX_ELEMENTS",
    "MAX_FILE_BYTES", "MAX_ID_LENGTH", "MAX_LAYERS", "MAX_MAP_SIDE", "MAX_OBJECTS",
    "MAX_TILESETS", "MAX_TILES_PER_TILESET", "MAX_TILE_PIXELS", "OPEN_GROUND", "ROTATE_120",
    "HexTiling", "MapError", "NamedTile", "OpenGroundTile", "Scenario", "TileArt", "check_paths",
    "load_map", "main", "validate_paths",
]
