"""Terrain pre-rendered per zoom level, in chunks, so a frame blits a few opaque surfaces
instead of drawing thousands of hexes.

A chunk is the CHUNK×CHUNK square of the board picture at one zoom level, keyed
(zoom index, column, row) in the chunk grid of that level.  Chunks are built on demand and
ahead of need (`BoardView` asks for the ones the next pan or zoom step would show, a few a
frame, see `game.render.ahead`), and kept least recently used first out past `cap` chunks.
Every chunk is opaque (background included), so it blits as a plain copy and nothing needs
clearing under it.

Which hexes a chunk holds is worked out for that chunk alone (from the inverse layout), so a
first look at a zoom level never walks the whole board.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable

import pygame

from game.render.camera import Camera
from game.render.palette import terrain_colour
from rules.hexgrid import Hex
from rules.state import Board

CHUNK = 256  # pixels a side
BACKGROUND = (18, 18, 22, 255)
MIN_CHUNKS = 96  # the cap never goes below this (a small window still keeps a few levels)
CHUNK_BYTES = CHUNK * CHUNK * 4

# A tile painter draws one hex's art (from the map's tileset) given the target surface, the
# hex's polygon and its pixel centre; returns False when it has no art for that hex.
TilePainter = Callable[[pygame.Surface, Hex, list[tuple[float, float]], float], bool]

Key = tuple[int, int, int]  # (zoom index, chunk column, chunk row)


def snap(points: list[tuple[float, float]]) -> list[tuple[int, int]]:
    """Points rounded down to whole pixels.  pygame cuts float coordinates toward zero, so
    a hex astride a chunk's edge (negative on one side of it, positive on the other) would be
    drawn a pixel apart in the two chunks; rounded down first, it is drawn the same in both,
    and wherever positive exactly as before."""
    return [(math.floor(x), math.floor(y)) for x, y in points]


def opaque(surf: pygame.Surface) -> pygame.Surface:
    """`surf` (drawn with alpha on an opaque background) as an opaque surface that blits as a
    plain copy: converted to the display's format when there is a display, else flattened
    onto the background, which is what blending it over a background-filled frame gave."""
    if pygame.display.get_surface() is not None:
        return surf.convert()
    flat = pygame.Surface(surf.get_size())
    flat.fill(BACKGROUND)
    flat.blit(surf, (0, 0))
    return flat


class TerrainCache:
    def __init__(self, board: Board, camera: Camera, painter: TilePainter | None = None
                 ) -> None:
        self.board = board
        self.camera = camera
        self.painter = painter
        self.cap = MIN_CHUNKS
        self.built = 0  # chunks painted so far (for the bench and tests)
        self._chunks: OrderedDict[Key, pygame.Surface | None] = OrderedDict()
        self._hexes: dict[Key, list[Hex]] = {}
        self._order = {h: i for i, h in enumerate(board.hexes())}
        # The board's extent in layout units: x = (f0 q + f1 r) sx, y = (f2 q + f3 r) sy, so
        # at every zoom the extremes are these four sums times the sizes.
        f0, f1, f2, f3 = camera.layout(0).orientation.forward
        us = [f0 * h.q + f1 * h.r for h in self._order]
        vs = [f2 * h.q + f3 * h.r for h in self._order]
        self._extent = (min(us), min(vs), max(us), max(vs)) if us else (0.0, 0.0, 0.0, 0.0)

    def bounds(self, zi: int) -> tuple[float, float, float, float]:
        """World pixel bounds (x0, y0, x1, y1) of the whole board at a zoom level."""
        sx, sy = self.camera.layout(zi).size
        pad = max(sx, sy) * 1.2
        u0, v0, u1, v1 = self._extent
        return (u0 * sx - pad, v0 * sy - pad, u1 * sx + pad, v1 * sy + pad)

    def hexes_in(self, key: Key) -> list[Hex]:
        """The hexes whose pixels may touch a chunk, in the board's own order (the order the
        painter draws them in, so overlapping art overlaps the same way in every chunk)."""
        found = self._hexes.get(key)
        if found is not None:
            return found
        zi, cx, cy = key
        lay = self.camera.layout(zi)
        r = max(lay.size) * 1.05
        # A hex belongs to the chunk when its centre lies within r of the chunk's square.
        x0, y0 = cx * CHUNK - r, cy * CHUNK - r
        x1, y1 = (cx + 1) * CHUNK + r, (cy + 1) * CHUNK + r
        corners = [lay.pixel_to_fractional(x, y) for x in (x0, x1) for y in (y0, y1)]
        q0 = math.floor(min(c[0] for c in corners)) - 1
        q1 = math.ceil(max(c[0] for c in corners)) + 1
        r0 = math.floor(min(c[1] for c in corners)) - 1
        r1 = math.ceil(max(c[1] for c in corners)) + 1
        order = self._order
        out = []
        for q in range(q0, q1 + 1):
            for rr in range(r0, r1 + 1):
                h = Hex(q, rr)
                if h not in order:
                    continue
                x, y = lay.hex_to_pixel(h)
                if (math.floor((x - r) / CHUNK) <= cx <= math.floor((x + r) / CHUNK)
                        and math.floor((y - r) / CHUNK) <= cy <= math.floor((y + r) / CHUNK)):
                    out.append(h)
        out.sort(key=order.__getitem__)
        if len(self._hexes) > 4 * max(self.cap, len(self._chunks)):
            self._hexes.clear()  # hex lists are cheap to redo; keep them from piling up
        self._hexes[key] = out
        return out

    def forget(self) -> None:
        """Drop every chunk (the hexes are drawn at another size now: `Camera.set_scale`)."""
        self._chunks.clear()
        self._hexes.clear()

    def has(self, key: Key) -> bool:
        """Whether the chunk is ready (built, or known to be empty)."""
        return key in self._chunks

    def cost(self, key: Key) -> int:
        """What building the chunk costs, in hexes painted (plus a fixed part), so that
        building ahead can spend a steady amount a frame."""
        return 4 + len(self.hexes_in(key))

    def chunk(self, key: Key) -> pygame.Surface | None:
        """The chunk's picture, built now if it is not ready; None where no hex reaches."""
        if key in self._chunks:
            self._chunks.move_to_end(key)
            return self._chunks[key]
        surf = self._paint(key)
        self._chunks[key] = surf
        while len(self._chunks) > self.cap:
            self._chunks.popitem(last=False)
        return surf

    def touch(self, key: Key) -> None:
        """Mark a ready chunk as wanted soon, so it is the last to be dropped."""
        if key in self._chunks:
            self._chunks.move_to_end(key)

    def _paint(self, key: Key) -> pygame.Surface | None:
        hexes = self.hexes_in(key)
        if not hexes:
            return None
        zi, cx, cy = key
        self.built += 1
        surf = pygame.Surface((CHUNK, CHUNK), pygame.SRCALPHA)
        surf.fill(BACKGROUND)
        lay = self.camera.layout(zi)
        offsets = [lay.corner_offset(i) for i in range(6)]
        ox, oy = cx * CHUNK, cy * CHUNK
        art_zoom = self.camera.magnification(zi)  # the map's tiles are drawn this much bigger
        line = max(1, round(art_zoom * 1.2))
        for h in hexes:
            # as `lay.polygon_corners(h)` shifted, with the corner offsets worked out once
            hx, hy = lay.hex_to_pixel(h)
            corners = [(hx + dx - ox, hy + dy - oy) for dx, dy in offsets]
            t = self.board.terrain(h)
            painted = self.painter is not None and self.painter(surf, h, corners, art_zoom)
            pixels = snap(corners)
            if not painted:
                pygame.draw.polygon(surf, terrain_colour(t.kind if t else ""), pixels)
            pygame.draw.polygon(surf, (0, 0, 0, 60), pixels, line)
        return opaque(surf)
