"""Terrain pre-rendered per zoom level, in chunks, so a frame blits a few surfaces instead of
drawing thousands of hexes.  Chunks are made on first sight and kept (least recently used
dropped past a budget), so panning across a 128×128 map stays smooth."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable

import pygame

from game.render.camera import ZOOMS, Camera
from game.render.palette import terrain_colour
from rules.hexgrid import Hex
from rules.state import Board

CHUNK = 512  # pixels
BACKGROUND = (18, 18, 22, 255)
MAX_CHUNKS = 160

# A tile painter draws one hex's art (from the map's tileset) given the target surface, the
# hex's polygon and its pixel centre; returns False when it has no art for that hex.
TilePainter = Callable[[pygame.Surface, Hex, list[tuple[float, float]], float], bool]


class TerrainCache:
    def __init__(self, board: Board, camera: Camera, painter: TilePainter | None = None
                 ) -> None:
        self.board = board
        self.camera = camera
        self.painter = painter
        self._chunks: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()
        self._bounds: dict[int, tuple[float, float, float, float]] = {}
        self._buckets: dict[int, dict[tuple[int, int], list[Hex]]] = {}

    def bounds(self, zi: int) -> tuple[float, float, float, float]:
        """World pixel bounds (x0, y0, x1, y1) of the whole board at a zoom level."""
        if zi not in self._bounds:
            lay = self.camera.layout(zi)
            xs, ys = [], []
            for h in self.board.hexes():
                x, y = lay.hex_to_pixel(h)
                xs.append(x)
                ys.append(y)
            pad = max(lay.size) * 1.2
            self._bounds[zi] = (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
        return self._bounds[zi]

    def _bucket(self, zi: int) -> dict[tuple[int, int], list[Hex]]:
        """Hexes by the chunks their pixels touch, at a zoom level."""
        if zi not in self._buckets:
            lay = self.camera.layout(zi)
            r = max(lay.size) * 1.05
            out: dict[tuple[int, int], list[Hex]] = {}
            for h in self.board.hexes():
                x, y = lay.hex_to_pixel(h)
                for cx in range(math.floor((x - r) / CHUNK), math.floor((x + r) / CHUNK) + 1):
                    for cy in range(math.floor((y - r) / CHUNK), math.floor((y + r) / CHUNK) + 1):
                        out.setdefault((cx, cy), []).append(h)
            self._buckets[zi] = out
        return self._buckets[zi]

    def chunk(self, zi: int, cx: int, cy: int) -> pygame.Surface | None:
        key = (zi, cx, cy)
        surf = self._chunks.get(key)
        if surf is not None:
            self._chunks.move_to_end(key)
            return surf
        hexes = self._bucket(zi).get((cx, cy))
        if not hexes:
            return None
        surf = pygame.Surface((CHUNK, CHUNK), pygame.SRCALPHA)
        surf.fill(BACKGROUND)
        lay = self.camera.layout(zi)
        ox, oy = cx * CHUNK, cy * CHUNK
        line = max(1, round(ZOOMS[zi] * 1.2))
        for h in hexes:
            corners = [(x - ox, y - oy) for x, y in lay.polygon_corners(h)]
            t = self.board.terrain(h)
            painted = self.painter is not None and self.painter(surf, h, corners, ZOOMS[zi])
            if not painted:
                pygame.draw.polygon(surf, terrain_colour(t.kind if t else ""), corners)
            pygame.draw.polygon(surf, (0, 0, 0, 60), corners, line)
        # Opaque chunks blit as plain copies, much faster than blending alpha every frame.
        surf = surf.convert() if pygame.display.get_surface() is not None else surf
        self._chunks[key] = surf
        while len(self._chunks) > MAX_CHUNKS:
            self._chunks.popitem(last=False)
        return surf

    def draw(self, target: pygame.Surface) -> None:
        cam = self.camera
        zi = cam.zoom_index
        w, h = target.get_size()
        for cx in range(math.floor(cam.x / CHUNK), math.floor((cam.x + w) / CHUNK) + 1):
            for cy in range(math.floor(cam.y / CHUNK), math.floor((cam.y + h) / CHUNK) + 1):
                surf = self.chunk(zi, cx, cy)
                if surf is not None:
                    target.blit(surf, (cx * CHUNK - cam.x, cy * CHUNK - cam.y))
