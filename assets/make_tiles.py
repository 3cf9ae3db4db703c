"""Draw Flank's terrain tilesets: the tilesheets and the Tiled tilesets that describe them.

    SDL_VIDEODRIVER=dummy python3 assets/make_tiles.py           # (re)write them
    SDL_VIDEODRIVER=dummy python3 assets/make_tiles.py --check   # exit 1 if any file differs

Writes, beside this script:

    terrain_pointy.png / .tsx   70 x 80 tiles for pointy-top maps (Tiled staggeraxis "y")
    terrain_flat.png / .tsx     80 x 70 tiles for flat-top maps (Tiled staggeraxis "x")

Both hold the same ten terrains in the same order, so a map can change orientation and keep
its tile numbers.  Each tile is a hexagon whose corners sit where Tiled's hexagonal renderer
puts them for a hex side of 40 pixels; the rest of the tile is transparent.  Every tile in a
.tsx carries the properties Flank reads (terrain, move_cost, cover, impassable, elevation).

The drawing is plain integer pygame drawing with a fixed random seed per tile, and the PNG
is encoded here (no timestamps, fixed zlib level), so running the script twice gives the
same bytes.  pygame is imported by this script only, never by the game's headless code.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
HEX_SIDE = 40
LONG, SHORT = 80, 70  # the hexagon's corner-to-corner and side-to-side sizes in pixels
COLUMNS = 5
TILED_VERSION = ("1.10", "1.10.2")  # the TMX format version and the Tiled that reads it


@dataclass(frozen=True)
class Terrain:
    name: str
    move_cost: int = 1
    cover: bool = False
    impassable: bool = False
    elevation: int = 0


# The tile ids of the bundled tilesets, in order (tile id = index; gid = firstgid + index).
TERRAINS: tuple[Terrain, ...] = (
    Terrain("grass"),
    Terrain("field"),
    Terrain("forest", move_cost=2, cover=True),
    Terrain("hills", move_cost=2, elevation=1),
    Terrain("road"),
    Terrain("water", impassable=True),
    Terrain("ford", move_cost=2),
    Terrain("bridge"),
    Terrain("wall", cover=True, impassable=True),
    Terrain("building", move_cost=2, cover=True),
)
TILE_ID = {t.name: i for i, t in enumerate(TERRAINS)}

ORIENTATIONS = {
    # name: (tile width, tile height, Tiled stagger axis)
    "pointy": (SHORT, LONG, "y"),
    "flat": (LONG, SHORT, "x"),
}

Colour = tuple[int, int, int]


def _shade(c: Colour, k: float) -> Colour:
    """`c` darker (k < 1) or lighter (k > 1), in integers."""
    if k <= 1:
        return (int(c[0] * k), int(c[1] * k), int(c[2] * k))
    return tuple(int(v + (255 - v) * (k - 1)) for v in c)  # type: ignore[return-value]


class Hexagon:
    """The hexagon of one tile: Tiled's corners for a hex side of HEX_SIDE pixels."""

    def __init__(self, orientation: str) -> None:
        self.w, self.h, axis = ORIENTATIONS[orientation]
        self.flat = axis == "x"
        self.cx, self.cy = self.w / 2, self.h / 2

    def corners(self, k: float = 1.0) -> list[tuple[float, float]]:
        """The six corners, scaled by `k` about the centre."""
        hw, hh, s2 = self.w / 2, self.h / 2, HEX_SIDE / 2
        if self.flat:
            pts = [(-hw, 0), (-s2, -hh), (s2, -hh), (hw, 0), (s2, hh), (-s2, hh)]
        else:
            pts = [(0, -hh), (hw, -s2), (hw, s2), (0, hh), (-hw, s2), (-hw, -s2)]
        return [(self.cx + x * k, self.cy + y * k) for x, y in pts]

    def inside(self, x: float, y: float, k: float = 1.0) -> bool:
        """Is (x, y) inside the hexagon scaled by `k`?"""
        dx, dy = abs(x - self.cx), abs(y - self.cy)
        hw, hh, s2 = self.w / 2 * k, self.h / 2 * k, HEX_SIDE / 2 * k
        if self.flat:
            return dy <= hh and dx <= hw - (hw - s2) * dy / hh
        return dx <= hw and dy <= hh - (hh - s2) * dx / hw

    def scatter(self, rng: random.Random, n: int, k: float) -> list[tuple[int, int]]:
        """`n` points spread over the hexagon: one per cell of a jittered grid, kept if inside."""
        side = max(1, int(math.sqrt(n)))
        points = []
        for gy in range(side + 2):
            for gx in range(side + 2):
                x = (gx + rng.random()) * self.w / (side + 2)
                y = (gy + rng.random()) * self.h / (side + 2)
                if self.inside(x, y, k):
                    points.append((int(x), int(y)))
        rng.shuffle(points)
        return sorted(points[:n], key=lambda p: (p[1], p[0]))


Painter = Callable[[Any, Hexagon, random.Random], None]


def _grass(s: Any, hx: Hexagon, rng: random.Random) -> None:
    import pygame

    s.fill((98, 152, 62))
    for x, y in hx.scatter(rng, 30, 0.85):
        c = (72, 122, 46) if rng.random() < 0.6 else (136, 184, 84)
        pygame.draw.line(s, c, (x, y), (x - 2, y - 4))
        pygame.draw.line(s, c, (x, y), (x + 2, y - 4))


def _field(s: Any, hx: Hexagon, rng: random.Random) -> None:
    import pygame

    s.fill((214, 188, 98))
    for i in range(-hx.h, hx.w + hx.h, 6):
        pygame.draw.line(s, (176, 146, 66), (i, 0), (i - hx.h // 2, hx.h), 2)
    for x, y in hx.scatter(rng, 26, 0.85):
        pygame.draw.circle(s, (240, 218, 132), (x, y), 1)


def _forest(s: Any, hx: Hexagon, rng: random.Random) -> None:
    import pygame

    s.fill((50, 96, 46))
    for x, y in hx.scatter(rng, 11, 0.7):
        r = rng.randint(7, 9)
        leaf = (rng.randint(38, 62), rng.randint(112, 140), rng.randint(40, 58))
        pygame.draw.rect(s, (92, 64, 36), (x - 1, y + r - 3, 3, 5))
        pygame.draw.circle(s, (26, 58, 28), (x, y), r + 1)
        pygame.draw.circle(s, leaf, (x, y), r)
        pygame.draw.circle(s, _shade(leaf, 1.35), (x - r // 3, y - r // 3), max(2, r // 3))


def _hills(s: Any, hx: Hexagon, rng: random.Random) -> None:
    import pygame

    s.fill((164, 146, 92))
    for cx, cy, size in ((hx.cx + 12, hx.cy - 8, 22), (hx.cx - 10, hx.cy + 8, 26)):
        mound = pygame.Rect(int(cx - size), int(cy - size // 2 - 4), 2 * size, size + 14)
        pygame.draw.ellipse(s, (142, 124, 72), mound.move(3, 2))
        pygame.draw.ellipse(s, (184, 166, 108), mound)
        for ring in range(3):
            w, h = size - ring * 7, (size - ring * 7) // 2 + 4
            rect = pygame.Rect(int(cx - w), int(cy - h), 2 * w, 2 * h)
            pygame.draw.arc(s, (118, 100, 56), rect, 0.15, math.pi - 0.15, 2)
        pygame.draw.arc(s, (204, 188, 132), pygame.Rect(int(cx - size + 12), int(cy - 8),
                                                         2 * size - 24, 14),
                        math.pi * 0.55, math.pi * 0.9, 2)
    for x, y in hx.scatter(rng, 8, 0.8):
        pygame.draw.circle(s, (140, 124, 74), (x, y), 1)


def _road(s: Any, hx: Hexagon, rng: random.Random) -> None:
    import pygame

    s.fill((150, 126, 92))
    for row, y in enumerate(range(2, hx.h, 8)):
        for x in range(-4 + (row % 2) * 5, hx.w, 10):
            tone = rng.choice(((188, 166, 128), (176, 152, 112), (198, 178, 140)))
            pygame.draw.rect(s, tone, (x, y, 8, 6), border_radius=2)
            pygame.draw.line(s, _shade(tone, 1.2), (x + 2, y), (x + 5, y))


def _water(s: Any, hx: Hexagon, rng: random.Random) -> None:
    import pygame

    s.fill((46, 96, 168))
    for x, y in hx.scatter(rng, 14, 0.8):
        pygame.draw.arc(s, (112, 162, 222), (x - 5, y - 2, 10, 6), 0.3, math.pi - 0.3, 2)
        pygame.draw.arc(s, (112, 162, 222), (x + 4, y - 2, 10, 6), math.pi + 0.3,
                        2 * math.pi - 0.3, 2)


def _ford(s: Any, hx: Hexagon, rng: random.Random) -> None:
    import pygame

    s.fill((104, 166, 192))
    for x, y in hx.scatter(rng, 8, 0.8):
        pygame.draw.arc(s, (176, 214, 232), (x - 6, y - 2, 12, 5), 0.3, math.pi - 0.3, 1)
    for x, y in hx.scatter(rng, 10, 0.7):
        w, h = rng.randint(6, 10), rng.randint(4, 6)
        pygame.draw.ellipse(s, (92, 92, 86), (x - w // 2, y - h // 2 + 1, w, h))
        pygame.draw.ellipse(s, (150, 148, 136), (x - w // 2, y - h // 2, w, h))
        pygame.draw.line(s, (196, 194, 182), (x - w // 4, y - h // 4), (x, y - h // 4))


def _bridge(s: Any, hx: Hexagon, rng: random.Random) -> None:
    import pygame

    _water(s, hx, rng)
    top, bottom = int(hx.cy) - 13, int(hx.cy) + 13
    pygame.draw.rect(s, (128, 86, 46), (0, top, hx.w, bottom - top))
    for x in range(1, hx.w, 6):
        tone = (150, 104, 58) if (x // 6) % 2 else (140, 96, 52)
        pygame.draw.rect(s, tone, (x, top + 3, 5, bottom - top - 6))
    for y in (top, bottom - 3):
        pygame.draw.rect(s, (84, 54, 28), (0, y, hx.w, 3))
    for x in range(4, hx.w, 14):
        pygame.draw.rect(s, (70, 44, 22), (x, top - 1, 3, 5))
        pygame.draw.rect(s, (70, 44, 22), (x, bottom - 4, 3, 5))


def _wall(s: Any, hx: Hexagon, rng: random.Random) -> None:
    import pygame

    s.fill((84, 84, 90))
    for row, y in enumerate(range(0, hx.h, 7)):
        for x in range(-6 + (row % 2) * 6, hx.w, 12):
            tone = rng.choice(((134, 134, 140), (124, 124, 130), (146, 144, 148)))
            pygame.draw.rect(s, tone, (x + 1, y + 1, 10, 5))
            pygame.draw.line(s, _shade(tone, 1.25), (x + 1, y + 1), (x + 10, y + 1))


def _building(s: Any, hx: Hexagon, rng: random.Random) -> None:
    import pygame

    s.fill((168, 72, 50))
    for row, y in enumerate(range(3, hx.h, 6)):
        pygame.draw.line(s, (126, 48, 32), (0, y), (hx.w, y))
        for x in range(-3 + (row % 2) * 4, hx.w, 8):
            pygame.draw.line(s, (140, 56, 38), (x, y), (x, y + 5))
    ridge = int(hx.cy)
    pygame.draw.rect(s, (96, 36, 24), (0, ridge - 2, hx.w, 4))
    pygame.draw.line(s, (206, 112, 84), (0, ridge - 3), (hx.w, ridge - 3))
    cx = int(hx.cx) + 10
    pygame.draw.rect(s, (90, 84, 80), (cx, ridge - 16, 7, 10))
    pygame.draw.rect(s, (60, 56, 54), (cx - 1, ridge - 17, 9, 3))


PAINTERS: dict[str, Painter] = {
    "grass": _grass, "field": _field, "forest": _forest, "hills": _hills, "road": _road,
    "water": _water, "ford": _ford, "bridge": _bridge, "wall": _wall, "building": _building,
}


def draw_tile(name: str, orientation: str) -> Any:
    """One terrain tile as a pygame Surface (RGBA; transparent outside the hexagon)."""
    import pygame

    hx = Hexagon(orientation)
    rng = random.Random(f"flank-{name}-{orientation}")
    tile = pygame.Surface((hx.w, hx.h), pygame.SRCALPHA)
    PAINTERS[name](tile, hx, rng)
    mask = pygame.Surface((hx.w, hx.h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), hx.corners())
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    edge = tile.get_at((int(hx.cx), int(hx.cy)))
    pygame.draw.polygon(tile, (*_shade((edge.r, edge.g, edge.b), 0.55), 255),
                        hx.corners(), 1)
    return tile


def encode_png(surface: Any) -> bytes:
    """A deterministic PNG (8-bit RGBA, no ancillary chunks) of a pygame Surface."""
    import pygame

    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGBA")
    rows = b"".join(b"\x00" + raw[y * w * 4:(y + 1) * w * 4] for y in range(h))

    def chunk(tag: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(tag + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", crc)

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


def decode_png_pixels(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, RGBA bytes) of a PNG written by `encode_png` (filter 0 rows only)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, size = 8, b"", (0, 0)
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        tag, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        if tag == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif tag == b"IDAT":
            idat += body
        pos += 12 + length
    w, h = size
    rows = zlib.decompress(idat)
    stride = w * 4 + 1
    assert all(rows[y * stride] == 0 for y in range(h))
    return w, h, b"".join(rows[y * stride + 1:(y + 1) * stride] for y in range(h))


def tileset_xml(orientation: str, pygame_version: str) -> str:
    w, h, _axis = ORIENTATIONS[orientation]
    rows = -(-len(TERRAINS) // COLUMNS)
    name = f"terrain_{orientation}"
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f"<!-- Drawn by assets/make_tiles.py with pygame-ce {pygame_version}. "
        "Do not edit: change the script and run it. -->",
        f'<tileset version="{TILED_VERSION[0]}" tiledversion="{TILED_VERSION[1]}" '
        f'name="{name}" tilewidth="{w}" tileheight="{h}" tilecount="{len(TERRAINS)}" '
        f'columns="{COLUMNS}">',
        f' <image source="{name}.png" width="{w * COLUMNS}" height="{h * rows}"/>',
    ]
    for tid, t in enumerate(TERRAINS):
        props = {  # Tiled writes properties sorted by name
            "cover": ("bool", "true" if t.cover else "false"),
            "elevation": ("int", str(t.elevation)),
            "impassable": ("bool", "true" if t.impassable else "false"),
            "move_cost": ("int", str(t.move_cost)),
            "terrain": ("", t.name),
        }
        out += [f' <tile id="{tid}">', "  <properties>"]
        for key, (kind, value) in sorted(props.items()):
            typed = f' type="{kind}"' if kind else ""
            out.append(f'   <property name="{key}"{typed} value="{value}"/>')
        out += ["  </properties>", " </tile>"]
    out.append("</tileset>")
    return "\n".join(out) + "\n"


def build() -> dict[str, bytes]:
    """Every file this script makes: file name -> bytes."""
    import pygame

    files: dict[str, bytes] = {}
    for orientation, (w, h, _axis) in ORIENTATIONS.items():
        rows = -(-len(TERRAINS) // COLUMNS)
        sheet = pygame.Surface((w * COLUMNS, h * rows), pygame.SRCALPHA)
        sheet.fill((0, 0, 0, 0))
        for tid, t in enumerate(TERRAINS):
            sheet.blit(draw_tile(t.name, orientation), ((tid % COLUMNS) * w, (tid // COLUMNS) * h))
        name = f"terrain_{orientation}"
        files[f"{name}.png"] = encode_png(sheet)
        files[f"{name}.tsx"] = tileset_xml(orientation, pygame.version.ver).encode()
    return files


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    files = build()
    if "--check" in args:
        stale = [n for n, data in files.items()
                 if not (HERE / n).is_file() or (HERE / n).read_bytes() != data]
        for n in stale:
            print(f"assets/{n} is out of date: run assets/make_tiles.py")
        return 1 if stale else 0
    for n, data in files.items():
        (HERE / n).write_bytes(data)
        print(f"wrote assets/{n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
