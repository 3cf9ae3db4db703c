"""Step 1 of reading a map: the safety pass over the map and its tilesets.

Maps come from strangers.  Every file is read with a size cap and parsed with `defusedxml`
(no entity declarations, no external references: no billion laughs, no
``file:///etc/passwd``); every ``source=`` path must resolve (symlinks too) inside the map's
folder or Flank's `assets/` folder; sizes, numbers and property types are checked, so pytmx is
only ever handed a sane tree.  The layer data (encoding, bounded decompression, tile count)
is checked by `game.maps.layers`.
"""

from __future__ import annotations

import io
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

import defusedxml
import defusedxml.ElementTree as SafeET

from game.maps.base import GID_MASK, _q, _ReaderBase, _Tileset
from game.maps.options import _FALSE, _INT, _TRUE, _finite
from game.maps.tiled import _pytmx
from game.maps.tiling import HexTiling

MAX_FILE_BYTES = 8 * 1024 * 1024  # a map or a tileset file
MAX_MAP_SIDE = 256  # hexes across and down
MAX_ELEMENTS = 300_000  # XML elements in one file
MAX_TILE_PIXELS = 1024  # a tile's width or height
MAX_TILESETS = 64
MAX_TILES_PER_TILESET = 65_536
MAX_LAYERS = 64
MAX_OBJECTS = 10_000

_PROPERTY_TYPES = frozenset({"string", "int", "float", "bool", "color", "file", "object", "enum"})


class _SafetyPass(_ReaderBase):
    """Step 1: every file read with a cap and parsed safely, every path kept inside the allowed
    folders, every typed attribute and property checked before pytmx converts it."""

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
