"""The safety pass over tile layers: their data read as CSV or Base64 (zlib and gzip
decompressed with a bound, so a small file cannot unpack to gigabytes), the right number of
tiles, and every tile found in a tileset.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import zlib
from xml.etree.ElementTree import Element

from game.maps.base import GID_MASK, _q, _Tileset
from game.maps.safety import MAX_LAYERS, MAX_OBJECTS, _SafetyPass


class _LayerData(_SafetyPass):
    """Step 1 for tile layers, which needs the tilesets the safety pass has read."""

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
