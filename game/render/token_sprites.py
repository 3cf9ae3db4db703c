"""Unit tokens drawn once per look and reused: a token's picture depends only on the zoom
level, its facing, its state (up, down, dead; wounds), its side colour, its glyph and badge,
and whether it is selected or may act, so that is the key.  A change in any of them (a wound,
a turn, a click) is a different key and a new picture; the old one ages out.

Pictures are painted by `tokens.draw_token` itself onto a clear surface and cropped, so a
cached token looks as a token drawn straight onto the board does.  At most `budget` bytes
of pictures are kept (least recently used dropped first).
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from game.render.tokens import draw_token
from rules.state import GONE, Unit

SpriteKey = tuple  # (layout size, facing, status, hp, max hp, colour, glyph, badge, sel, acting)
BUDGET = 32 * 1024 * 1024  # bytes of token pictures kept


class TokenSprites:
    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.built = 0
        self._bytes = 0
        self._cache: OrderedDict[SpriteKey, tuple[pygame.Surface, int, int] | None] = (
            OrderedDict())

    def get(self, unit: Unit, size: tuple[float, float], edge: tuple[float, float],
            radius: float, colour: tuple[int, int, int], glyph: str, selected: bool,
            acting: bool, badge: str) -> tuple[pygame.Surface, int, int] | None:
        """The token's picture and where its centre lies in it (subtract from the screen
        centre to place it), or None for a unit that shows nothing.  `edge` is the offset
        from the hex centre to the midpoint of the hexside faced, at this zoom."""
        key = (size, unit.facing, unit.status, unit.hp, unit.max_hp, colour, glyph, badge,
               selected, acting)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        found = self._paint(unit, edge, radius, colour, glyph, selected, acting, badge)
        self._cache[key] = found
        if found is not None:
            self._bytes += found[0].get_width() * found[0].get_height() * 4
        while self._bytes > self.budget and len(self._cache) > 1:
            _, old = self._cache.popitem(last=False)
            if old is not None:
                self._bytes -= old[0].get_width() * old[0].get_height() * 4
        return found

    def _paint(self, unit: Unit, edge: tuple[float, float], radius: float,
               colour: tuple[int, int, int], glyph: str, selected: bool, acting: bool,
               badge: str) -> tuple[pygame.Surface, int, int] | None:
        if unit.status == GONE:
            return None
        self.built += 1
        # Room for the wedge, the selection ring, the badge and the health bar; if anything
        # reaches the border the canvas was too small, so paint again on a larger one.
        half = math.ceil(max(math.hypot(*edge), radius) + radius + 16)
        while True:
            canvas = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
            canvas.fill((0, 0, 0, 0))
            draw_token(canvas, unit, (half, half), (half + edge[0], half + edge[1]), radius,
                       colour, glyph, selected, acting, badge)
            box = canvas.get_bounding_rect()
            if (box.left > 0 and box.top > 0 and box.right < 2 * half
                    and box.bottom < 2 * half) or box.width == 0:
                break
            half *= 2
        if box.width == 0:
            return None
        picture = canvas.subsurface(box).copy()
        if pygame.display.get_surface() is not None:
            picture = picture.convert_alpha()
        return picture, half - box.x, half - box.y
