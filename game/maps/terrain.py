"""Terrain from tile properties: each tile's `terrain`, `move_cost`, `elevation`, `cover` and
`impassable`; the terrain of each hex (its topmost tile that has a terrain); and the art of
every tile on it.  A hex where no tile names a terrain is refused when reading strictly.
Otherwise (someone else's map) the topmost tile whose class or naming property is a kind of
ground the names of the ground know ("Ocean" is water, `terrain_names`) gives the hex that
terrain (`NamedTile`), and a hex with none is read as open ground (`OpenGroundTile`), said in
one line for the tiles with a name nobody knew (`unknown_names_warning`) and one for those
with none (`open_ground_warning`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from game.maps.base import (
    FLIP_DIAGONAL,
    FLIP_X,
    FLIP_Y,
    GID_MASK,
    MAX_ID_LENGTH,
    ROTATE_120,
    NamedTile,
    OpenGroundTile,
    _q,
    _TileInfo,
)
from game.maps.layers import _LayerData
from game.maps.options import _as_bool, _as_int, _typed
from game.maps.terrain_names import file_to_edit, names_for
from game.maps.tiled import _pytmx
from game.maps.tiling import HexTiling, TileArt
from rules.engine import TerrainSpec
from rules.hexgrid import Hex, offset_to_hex

# What a hex is when no tile on it names a terrain (someone else's map, read leniently):
# the rules' plain ground, as the bundled `grass` tile is.
OPEN_GROUND = TerrainSpec()
MAX_NAME = 200  # the most of a tile's class or property read as a name


def open_ground_warning(tiles: tuple[OpenGroundTile, ...], most: int = 6) -> str:
    """One line saying which tiles name no terrain (by tileset and tile id, with how many hexes
    each is the ground of) and how to give them one in Tiled."""
    hexes = sum(t.hexes for t in tiles)
    by_tileset: dict[str, list[str]] = {}
    for t in tiles[:most]:
        by_tileset.setdefault(t.tileset, []).append(
            f"{t.tile_id} ({t.hexes} {'hex' if t.hexes == 1 else 'hexes'})")
    parts = [f"{label} {'tile' if len(ids) == 1 else 'tiles'} {', '.join(ids)}"
             for label, ids in by_tileset.items()]
    if len(tiles) > most:
        rest = len(tiles) - most
        parts.append(f"and {rest} more {'tile' if rest == 1 else 'tiles'}")
    return (f"{hexes} {'hex is' if hexes == 1 else 'hexes are'} read as open ground, because "
            f"no tile on {'it' if hexes == 1 else 'them'} names a terrain: {'; '.join(parts)}. "
            "To give a tile a terrain, select it in Tiled's tileset editor and add a string "
            "property 'terrain' (see docs/MAPS.md, 'Your own terrain tiles')")


def unknown_names_warning(tiles: tuple[OpenGroundTile, ...], edit: str | Path,
                          most: int = 6) -> str:
    """One line naming the kinds of tile (by their class or property) that no terrain of the
    names of the ground matched, with how many hexes each is the ground of, and the file to
    add them to."""
    hexes: dict[tuple[str, str], int] = {}
    for t in tiles:
        hexes[(t.named_by, t.name)] = hexes.get((t.named_by, t.name), 0) + t.hexes
    order = sorted(hexes.items(), key=lambda kv: (-kv[1], kv[0]))
    parts = [f"tile {by} {_q(name)} ({n} {'hex' if n == 1 else 'hexes'})"
             for (by, name), n in order[:most]]
    if len(order) > most:
        parts.append(f"and {len(order) - most} more")
    one = len(order) == 1
    return (f"{', '.join(parts)} {'is' if one else 'are'} read as open ground: add "
            f"{'it' if one else 'them'} to {edit} to give {'it' if one else 'them'} a terrain "
            "(see docs/MAPS.md, 'Someone else's map')")


def ground_warnings(open_ground: tuple[OpenGroundTile, ...], shown: str) -> tuple[str, ...]:
    """The lines saying what ground was filled in: the tiles whose own name for their kind
    is unknown (to add to the names of the ground), then the tiles with no name at all."""
    named = tuple(t for t in open_ground if t.name)
    unnamed = tuple(t for t in open_ground if not t.name)
    return (((unknown_names_warning(named, file_to_edit(shown)),) if named else ())
            + ((open_ground_warning(unnamed),) if unnamed else ()))


class _Terrain(_LayerData):
    """Terrain and art from the tiles, looked up through the tilesets the layers were checked
    against."""

    def hexes(self, root: Element, tm: Any, tiling: HexTiling) -> tuple[
            dict[Hex, TerrainSpec], dict[Hex, TileArt], dict[Hex, tuple[TileArt, ...]]]:
        """Per hex: its terrain (from its topmost tile that has one), the art of that tile, and
        the art of every tile on it, bottom first.  Hexes with no tile are not on the board."""
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
        untyped: dict[int, int] = {}  # gid -> hexes it is the ground of, read as open ground
        by_name: dict[int, int] = {}  # gid -> hexes it gives the terrain its name names
        for row in range(height):
            for col in range(width):
                stack: list[TileArt] = []
                top: tuple[_TileInfo, int] | None = None
                named: tuple[_TileInfo, int] | None = None  # the topmost tile named, if any
                ground: tuple[_TileInfo, int] | None = None  # the lowest tile
                first: tuple[str, _TileInfo] | None = None
                for layer, xml in layers:
                    gid = layer.data[row][col]
                    if not gid:
                        continue
                    raw = back.get(gid, 0)
                    info = self.tile_info(raw & GID_MASK)
                    stack.append(self.art(info, raw))
                    if ground is None:
                        ground = (info, raw)
                    if info.terrain is not None:
                        top = (info, raw)
                    else:
                        if info.named is not None:
                            named = (info, raw)
                        if first is None:
                            first = (xml.get("name", ""), info)
                if not stack:
                    continue
                h = offset_to_hex(col, row, axis, index)  # type: ignore[arg-type]
                if top is None and named is not None:
                    # Someone else's map whose tile names its kind ("Ocean"): that terrain.
                    gid = named[1] & GID_MASK
                    by_name[gid] = by_name.get(gid, 0) + 1
                    terrain_at[h] = named[0].named  # type: ignore[assignment]
                    tiles[h] = self.art(*named)
                elif top is None:
                    assert first is not None and ground is not None
                    name, info = first
                    if self.strict:
                        raise self.fail(f"layer {_q(name)} row {row} col {col}: "
                                        f"{info.tileset.label} tile {info.tile_id} has no "
                                        "'terrain' property, and no other layer gives this hex "
                                        "a terrain")
                    # Someone else's map: its ground tile (the lowest) is open ground.
                    gid = ground[1] & GID_MASK
                    untyped[gid] = untyped.get(gid, 0) + 1
                    terrain_at[h] = OPEN_GROUND
                    tiles[h] = self.art(*ground)
                else:
                    terrain_at[h] = top[0].terrain  # type: ignore[assignment]
                    tiles[h] = self.art(*top)
                art[h] = tuple(stack)
        if not terrain_at:
            raise self.fail("the map has no tiles: every hex is empty")
        self.open_ground = tuple(
            OpenGroundTile(self.info[gid].tileset.label, self.info[gid].tile_id, gid, n,
                           self.info[gid].name, self.info[gid].named_by)
            for gid, n in sorted(untyped.items(), key=lambda kv: (-kv[1], kv[0])))
        self.named_ground = tuple(
            NamedTile(self.info[gid].tileset.label, self.info[gid].tile_id, gid, n,
                      self.info[gid].name, self.info[gid].named_by,
                      self.info[gid].named)  # type: ignore[arg-type]
            for gid, n in sorted(by_name.items(), key=lambda kv: (-kv[1], kv[0])))
        return terrain_at, tiles, art

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
        name, named_by, named = "", "", None
        if terrain is None and not self.strict:  # read strictly, only `terrain` counts
            name, named_by, named = self.tile_name(elem, props)
        info = _TileInfo(ts, tid, props, terrain, named, name, named_by)
        self.info[gid] = info
        return info

    def tile_name(self, elem: Element | None, props: dict[str, Any]
                  ) -> tuple[str, str, TerrainSpec | None]:
        """(name, what holds it, terrain) of a tile with no `terrain` property of Flank's:
        its class (Tiled's `type` attribute, or `class` as Tiled 1.9 wrote it), then each
        string property the names of the ground read (`terrain_type`, `biome`, ...); the
        first naming a known terrain gives it.  None known: the first name, terrain None."""
        if self.names is None:
            self.names = names_for(self.shown)
        found: list[tuple[str, str]] = []
        if elem is not None:
            for attr in ("type", "class"):
                value = elem.get(attr, "").strip()
                if value:
                    found.append((value[:MAX_NAME], "class"))
        for key, value in props.items():
            if isinstance(value, str) and value.strip() and self.names.reads_property(key):
                found.append((value.strip()[:MAX_NAME], key))
        for value, by in found:
            spec = self.names.terrain_of(value)
            if spec is not None:
                return value, by, spec
        return (*found[0], None) if found else ("", "", None)

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
