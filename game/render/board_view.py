"""The board as one picture: terrain, overlays, units, animations.  Used by the window every
frame and by `flank screenshot` once, so both show exactly the same thing."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.render.camera import Camera
from game.render.overlays import Overlays, draw_labels, draw_overlays
from game.render.palette import side_colour
from game.render.terrain import TerrainCache, TilePainter
from game.render.tokens import draw_token
from rules.engine import ruleset_of
from rules.hexgrid import Hex
from rules.state import Battle

# Where to draw a unit right now (animations move tokens between hexes): unit id → (x, y)
# in world pixels, or None to draw it at its hex.
PositionHook = Callable[[str], tuple[float, float] | None]


class BoardView:
    def __init__(self, state: Battle, camera: Camera, painter: TilePainter | None = None) -> None:
        self.camera = camera
        self.terrain = TerrainCache(state.board, camera, painter)
        self.side_index = {s.id: i for i, s in enumerate(state.sides)}
        self.ruleset = ruleset_of(state)

    def centre_on_board(self) -> None:
        x0, y0, x1, y1 = self.terrain.bounds(self.camera.zoom_index)
        self.camera.look_at((x0 + x1) / 2, (y0 + y1) / 2)

    def fit(self) -> None:
        """Pick the largest zoom at which the whole board fits the screen, and centre it."""
        from game.render.camera import ZOOMS

        sw, sh = self.camera.screen
        best = 0
        for zi in range(len(ZOOMS)):
            x0, y0, x1, y1 = self.terrain.bounds(zi)
            if x1 - x0 <= sw and y1 - y0 <= sh:
                best = zi
        self.camera.zoom_index = best
        self.centre_on_board()

    def draw(self, surf: pygame.Surface, state: Battle, overlays: Overlays | None = None,
             selected: str | None = None, acting: frozenset[str] = frozenset(),
             position: PositionHook | None = None,
             after_units: Callable[[pygame.Surface], None] | None = None) -> None:
        surf.fill((18, 18, 22))
        self.terrain.draw(surf)
        if overlays is not None:
            draw_overlays(surf, self.camera, overlays)
        lay = self.camera.layout()
        radius = min(lay.size) * 0.62
        order = sorted(state.units, key=lambda u: (u.status == "active", u.id))
        sw, sh = surf.get_size()
        margin = radius * 2.5
        for u in order:
            if u.pos is None:
                continue
            world = position(u.id) if position else None
            if world is None:
                world = lay.hex_to_pixel(u.pos)
            cx, cy = self.camera.to_screen(*world)
            if not (-margin <= cx <= sw + margin and -margin <= cy <= sh + margin):
                continue
            ex, ey = lay.edge_midpoint(Hex(0, 0), u.facing)
            ox, oy = lay.hex_to_pixel(Hex(0, 0))
            edge = (cx + (ex - ox), cy + (ey - oy))
            draw_token(surf, u, (cx, cy), edge, radius, side_colour(self.side_index[u.side]),
                       self.ruleset.unit_glyph(state, u.id), selected == u.id, u.id in acting,
                       self.ruleset.unit_badge(state, u.id))
        if overlays is not None:
            draw_labels(surf, self.camera, overlays)
        if after_units is not None:
            after_units(surf)
