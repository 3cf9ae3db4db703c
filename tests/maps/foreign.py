"""A hexagonal map as someone else made it in Tiled, with none of Flank's properties: a
tileset of plain pictures (no tile properties) in a `.tsx` of its own, one tile layer painted
with it, no object layer, no map properties.  Written by hand the way Tiled 1.10 saves, for
the tests of opening anyone's map (not bundled in maps/).

Not a test module: helpers only.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

# Four hex pictures side by side, each a flat colour (meadow, moss, sand, slate).
COLOURS = ((110, 170, 80), (70, 120, 60), (210, 190, 120), (120, 120, 130))

# The two ways a hexagonal map can be laid out in Tiled: pointy tops (stagger axis Y) with odd
# rows pushed right, and flat tops (stagger axis X) with even columns pushed down.
LAYOUTS = {
    "pointy": {"tile": (64, 74), "side": 37, "axis": "y", "index": "odd"},
    "flat": {"tile": (74, 64), "side": 37, "axis": "x", "index": "even"},
}
WIDTH, HEIGHT = 7, 5


def png(width: int, height: int, columns: list[tuple[int, int, int]]) -> bytes:
    """An RGBA picture of equal vertical stripes, one per colour (no drawing library)."""
    stripe = width // len(columns)
    row = b"".join(bytes((*columns[min(x // stripe, len(columns) - 1)], 255))
                   for x in range(width))
    raw = b"".join(b"\x00" + row for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


def ground(col: int, row: int) -> int:
    """The gid painted at a tile: meadow mostly, moss, sand and slate here and there."""
    return 1 + (0 if (col + 2 * row) % 5 else 1 + (col + row) % 3)


def write_foreign_map(folder: Path, layout: str = "pointy", name: str = "found") -> Path:
    """The map `name`.tmx, its tileset `hexes.tsx` and picture `hexes.png` in `folder`."""
    spec = LAYOUTS[layout]
    tw, th = spec["tile"]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "hexes.png").write_bytes(png(tw * len(COLOURS), th, list(COLOURS)))
    (folder / "hexes.tsx").write_text(f"""\
<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="hexes" tilewidth="{tw}" tileheight="{th}" tilecount="{len(COLOURS)}" columns="{len(COLOURS)}">
 <image source="hexes.png" width="{tw * len(COLOURS)}" height="{th}"/>
</tileset>
""", encoding="utf-8")  # noqa: E501 - Tiled writes its attributes on one line
    rows = ",\n".join(",".join(str(ground(c, r)) for c in range(WIDTH)) for r in range(HEIGHT))
    path = folder / f"{name}.tmx"
    path.write_text(f"""\
<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" width="{WIDTH}" height="{HEIGHT}" tilewidth="{tw}" tileheight="{th}" infinite="0" hexsidelength="{spec['side']}" staggeraxis="{spec['axis']}" staggerindex="{spec['index']}" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="hexes.tsx"/>
 <layer id="1" name="Tile Layer 1" width="{WIDTH}" height="{HEIGHT}">
  <data encoding="csv">
{rows}
</data>
 </layer>
</map>
""", encoding="utf-8")  # noqa: E501 - as Tiled writes it
    return path


def tile_counts() -> dict[int, int]:
    """How many hexes each tile id of `hexes.tsx` is painted on."""
    counts: dict[int, int] = {}
    for r in range(HEIGHT):
        for c in range(WIDTH):
            counts[ground(c, r) - 1] = counts.get(ground(c, r) - 1, 0) + 1
    return counts
