"""Drawing a map's own tile art (from its Tiled tilesets) into the terrain cache.

Each tile picture is cut from its tileset once, scaled once per zoom level and cached, then
placed as Tiled places it: bottom-left of the picture on the bottom-left of the tile's box.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.render.terrain import TilePainter
from rules.hexgrid import Hex


def painter_for(sc: Any) -> TilePainter | None:
    """A painter for a loaded map (`game.maps.Scenario`), or None if it has no tile art."""
    art = getattr(sc, "art", None) or {h: (t,) for h, t in getattr(sc, "tiles", {}).items()}
    if not art:
        return None
    sheets: dict[str, pygame.Surface] = {}
    scaled: dict[tuple[Any, float], pygame.Surface] = {}
    tw, th = sc.tile_width, sc.tile_height

    def picture(tile: Any, zoom: float) -> pygame.Surface | None:
        key = (tile, zoom)
        if key in scaled:
            return scaled[key]
        sheet = sheets.get(tile.image)
        if sheet is None:
            try:
                sheet = pygame.image.load(tile.image)
                if pygame.display.get_surface() is not None:
                    sheet = sheet.convert_alpha()
            except (pygame.error, FileNotFoundError):
                return None
            sheets[tile.image] = sheet
        x, y, w, h = tile.rect
        img = sheet.subsurface(pygame.Rect(x, y, w, h))
        if tile.flip_x or tile.flip_y:
            img = pygame.transform.flip(img, tile.flip_x, tile.flip_y)
        size = (max(1, round(w * zoom)), max(1, round(h * zoom)))
        img = pygame.transform.smoothscale(img, size)
        scaled[key] = img
        return img

    def paint(surf: pygame.Surface, h: Hex, corners: list[tuple[float, float]],
              zoom: float) -> bool:
        tiles = art.get(h)
        if not tiles:
            return False
        cx = sum(p[0] for p in corners) / 6
        cy = sum(p[1] for p in corners) / 6
        left, bottom = cx - tw * zoom / 2, cy + th * zoom / 2
        drawn = False
        for tile in tiles:
            img = picture(tile, zoom)
            if img is None:
                continue
            ox, oy = tile.offset
            # whole pixels rounded down, as `terrain.snap` does, for seamless chunk edges
            surf.blit(img, (math.floor(left + ox * zoom),
                            math.floor(bottom - img.get_height() + oy * zoom)))
            drawn = True
        return drawn

    return paint
