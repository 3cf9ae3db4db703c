"""Write `hex_world.tmx`: a small hexagonal map as someone else made it in Tiled, for another
game, with none of Flank's properties.  Its tiles say what they are the ways Tiled lets a map
maker say it: a class written as Tiled 1.10 does (`type="Forest"`), as Tiled 1.9 did
(`class="Ocean"`), names with more words in them ("Deep Ocean", "forest_2"), and one tile with
no class but a string property (`terrain_type` = "Swamp").

    python3 tests/maps/hex_world/make_hex_world.py            # (re)write the three files
    python3 tests/maps/hex_world/make_hex_world.py --check    # exit 1 if any file differs

The picture is drawn here pixel by pixel (no drawing library) and encoded with a fixed zlib
level, so running the script twice gives the same bytes.  The map: a forest in the west, a
strait of sea (two columns, top to bottom) in the middle, a swamp and mountains in the east.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
TW, TH, SIDE = 32, 36, 18  # pointy-top tiles (stagger axis Y), as many small public maps use
WIDTH, HEIGHT = 10, 7

# (how the tile names itself, as an attribute or property string, colour, motif)
TILES = (
    ('type="Grassland"', (118, 160, 84), ""),
    ('type="Forest"', (52, 100, 56), "trees"),
    ('class="Ocean"', (48, 96, 168), "waves"),
    ('type="Mountain"', (132, 120, 108), "peak"),
    ("terrain_type=Swamp", (92, 116, 84), "reeds"),
    ('type="forest_2"', (60, 110, 58), "trees"),
    ('type="Deep Ocean"', (30, 64, 132), "waves"),
)
GRASS, FOREST, OCEAN, MOUNTAIN, SWAMP, FOREST_2, DEEP = range(len(TILES))


def tile_at(col: int, row: int) -> int:
    """The tile painted at a column and row: the layout the module's docstring tells."""
    if col <= 1:
        return FOREST_2 if (col + row) % 3 == 0 else FOREST
    if col in (4, 5):
        return DEEP if col == 5 and 2 <= row <= 4 else OCEAN
    if col >= 8 and row <= 3:
        return MOUNTAIN
    if col == 7 and row >= 4:
        return SWAMP
    return GRASS


def inside(x: int, y: int) -> bool:
    """Is pixel (x, y) of a tile inside its hexagon (pointy top, corners as Tiled draws)?"""
    dx = abs(x + 0.5 - TW / 2) / (TW / 2)
    cap = (TH - SIDE) / 2
    return dx <= 1 and cap * dx <= y + 0.5 <= TH - cap * dx


def pixel(kind: int, x: int, y: int) -> tuple[int, int, int, int]:
    if not inside(x, y):
        return (0, 0, 0, 0)
    r, g, b = TILES[kind][1]
    motif = TILES[kind][2]
    edge = not (inside(x - 1, y) and inside(x + 1, y) and inside(x, y - 1) and inside(x, y + 1))
    if edge:
        return (r * 3 // 4, g * 3 // 4, b * 3 // 4, 255)
    shade = 0
    if motif == "trees" and ((x - 4) % 9, (y - 6) % 10) in {(2, 1), (1, 2), (2, 2), (3, 2),
                                                             (2, 3), (2, 4)}:
        shade = -28
    elif motif == "waves" and (y % 7 == 3) and ((x + y) % 8) < 5:
        shade = 34
    elif motif == "peak" and 12 <= y <= 26 and abs(x - 16) <= (y - 12) * 0.8:
        shade = 40 if y < 17 else 18
    elif motif == "reeds" and (x % 5 == 2) and (y % 9) in (3, 4, 5):
        shade = -30
    return (max(0, min(255, r + shade)), max(0, min(255, g + shade)),
            max(0, min(255, b + shade)), 255)


def png() -> bytes:
    width = TW * len(TILES)
    rows = []
    for y in range(TH):
        line = bytearray(b"\x00")
        for x in range(width):
            line += bytes(pixel(x // TW, x % TW, y))
        rows.append(bytes(line))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, TH, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def tsx() -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tileset version="1.10" tiledversion="1.10.2" name="world" tilewidth="{TW}" '
             f'tileheight="{TH}" tilecount="{len(TILES)}" columns="{len(TILES)}">',
             f' <image source="hex_world.png" width="{TW * len(TILES)}" height="{TH}"/>']
    for tid, (named, _, _) in enumerate(TILES):
        if "=" in named and '"' not in named:  # a property, not an attribute
            key, value = named.split("=")
            lines += [f' <tile id="{tid}">', "  <properties>",
                      f'   <property name="{key}" value="{value}"/>', "  </properties>",
                      " </tile>"]
        else:
            lines.append(f' <tile id="{tid}" {named}/>')
    return "\n".join([*lines, "</tileset>", ""])


def tmx() -> str:
    rows = ",\n".join(",".join(str(1 + tile_at(c, r)) for c in range(WIDTH))
                      for r in range(HEIGHT))
    return f"""\
<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" \
width="{WIDTH}" height="{HEIGHT}" tilewidth="{TW}" tileheight="{TH}" infinite="0" \
hexsidelength="{SIDE}" staggeraxis="y" staggerindex="odd" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="hex_world.tsx"/>
 <layer id="1" name="Ground" width="{WIDTH}" height="{HEIGHT}">
  <data encoding="csv">
{rows}
</data>
 </layer>
</map>
"""


def main(argv: list[str]) -> int:
    files = {"hex_world.png": png(), "hex_world.tsx": tsx().encode(),
             "hex_world.tmx": tmx().encode()}
    if "--check" in argv:
        stale = [n for n, data in files.items()
                 if not (HERE / n).is_file() or (HERE / n).read_bytes() != data]
        for name in stale:
            print(f"{HERE / name} differs from what make_hex_world.py writes")
        return 1 if stale else 0
    for name, data in files.items():
        (HERE / name).write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
