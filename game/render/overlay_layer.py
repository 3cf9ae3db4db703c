"""The standing overlays (threat, arcs, movement range, reach, targets) painted into copies
of the terrain's chunks, so a frame blits one opaque surface per chunk whatever the overlays
show, instead of hundreds of polygons and a screen-sized blend.

A copy is painted again only when what it shows changes: `update` compares the frame's
overlays with the ones painted (by value), and a chunk whose own share of them (the fills
and outlines reaching it) differs from what its copy was painted with is painted again when
next wanted; the others are kept (a click on another unit repaints the chunks around the
two units, not the threat of the whole board).  A copy belongs to one zoom level.  Panning
only blits copies already made (or made ahead, as terrain chunks are).  Chunks no standing
overlay reaches are the terrain's own, shared, not copied.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from game.render.camera import ZOOMS
from game.render.overlays import (
    NOTHING,
    Fill,
    Outline,
    Overlays,
    Standing,
    outline_width,
    paint_standing,
)
from game.render.terrain import BACKGROUND, CHUNK, MIN_CHUNKS, Key, TerrainCache

Items = tuple[list[Fill], list[Outline]]


class OverlayLayer:
    def __init__(self, terrain: TerrainCache) -> None:
        self.terrain = terrain
        self.standing = NOTHING
        self.version = 0  # goes up each time the standing overlays change
        self.cap = MIN_CHUNKS
        self.built = 0  # chunk copies painted so far (for the bench and tests)
        self._fills: list[Fill] = []
        self._outlines: list[Outline] = []
        self._by_cell: dict[int, dict[tuple[int, int], Items]] = {}
        self._done: OrderedDict[Key, tuple[Items, pygame.Surface]] = OrderedDict()
        self._scratch: pygame.Surface | None = None

    def update(self, ov: Overlays | None) -> bool:
        """Take this frame's overlays; True if their standing part differs from the last."""
        if self.standing.same_as(ov):
            return False
        self.standing = Standing.of(ov)
        self._fills = self.standing.fills()
        self._outlines = self.standing.outlines()
        self._by_cell.clear()
        self.version += 1
        return True

    def forget(self) -> None:
        """Drop every painted copy (the hexes are drawn at another size now)."""
        self._by_cell.clear()
        self._done.clear()
        self.terrain.forget()

    def _items(self, zi: int) -> dict[tuple[int, int], Items]:
        """The fills and outlines reaching each chunk at a level, in painting order."""
        found = self._by_cell.get(zi)
        if found is not None:
            return found
        lay = self.terrain.camera.layout(zi)
        r = max(lay.size) + outline_width(ZOOMS[zi]) + 2
        out: dict[tuple[int, int], Items] = {}

        def reach(h, item, which: int) -> None:
            x, y = lay.hex_to_pixel(h)
            for cx in range(math.floor((x - r) / CHUNK), math.floor((x + r) / CHUNK) + 1):
                for cy in range(math.floor((y - r) / CHUNK), math.floor((y + r) / CHUNK) + 1):
                    out.setdefault((cx, cy), ([], []))[which].append(item)

        for item in self._fills:
            reach(item[0], item, 0)
        for item in self._outlines:
            reach(item[0], item, 1)
        self._by_cell[zi] = out
        return out

    def _painted(self, key: Key) -> tuple[Items | None, pygame.Surface | None]:
        """What reaches the chunk now, and its copy if one painted with exactly that is kept."""
        items = self._items(key[0]).get((key[1], key[2])) if self._fills or self._outlines \
            else None
        if items is None:
            return None, None
        done = self._done.get(key)
        return items, (done[1] if done is not None and done[0] == items else None)

    def has(self, key: Key) -> bool:
        """Whether the chunk's picture is ready (terrain and overlays)."""
        items, copy = self._painted(key)
        return copy is not None if items is not None else self.terrain.has(key)

    def cost(self, key: Key) -> int:
        """Building the chunk's picture now, in the terrain cache's units."""
        total = 0 if self.terrain.has(key) else self.terrain.cost(key)
        items, copy = self._painted(key)
        if items is not None and copy is None:
            total += 8 + len(items[0]) + len(items[1])
        return total

    def touch(self, key: Key) -> None:
        self.terrain.touch(key)
        if key in self._done:
            self._done.move_to_end(key)

    def surface(self, key: Key) -> pygame.Surface | None:
        """The chunk as the frame shows it: terrain with the standing overlays painted in,
        made now if not ready; None where neither terrain nor overlays reach."""
        base = self.terrain.chunk(key)
        items, copy = self._painted(key)
        if items is None:
            return base
        if copy is not None:
            self._done.move_to_end(key)
            return copy
        self.built += 1
        if base is not None:
            surf = base.copy()
        else:
            surf = pygame.Surface((CHUNK, CHUNK))
            if pygame.display.get_surface() is not None:
                surf = surf.convert()
            surf.fill(BACKGROUND)
        if self._scratch is None:
            self._scratch = pygame.Surface((CHUNK, CHUNK), pygame.SRCALPHA)
            self._scratch.fill((0, 0, 0, 0))
        zi, cx, cy = key
        paint_standing(surf, self._scratch, self.terrain.camera.layout(zi), ZOOMS[zi],
                       (cx * CHUNK, cy * CHUNK), items[0], items[1])
        self._done[key] = (items, surf)
        self._done.move_to_end(key)
        while len(self._done) > self.cap:
            self._done.popitem(last=False)
        return surf
