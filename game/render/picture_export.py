"""A picture of a sandbox position: the board drawn with the window's own BoardView, saved as
a PNG, with an overlay if asked.

    export_png(state, "out/ambush.png", (1280, 800), "threat", scenario=sb.scenario)

It draws with pygame, so it lives here with the renderer and the headless `game.sandbox`
(session, what-if, rulings, Tiled and Markdown exports) never imports pygame; the sandbox
window's "Export PNG" button calls it.  A display is opened if none is (SDL's dummy driver
when there is no screen).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.render.board_view import BoardView
from game.render.camera import Camera
from game.render.overlays import Overlays
from game.render.snapshot import hex_size_for, overlays_for
from game.render.tiles import painter_for
from game.sandbox.common import ExportError
from game.sandbox.tileset import bundled_tileset
from rules.state import Battle

__all__ = ["OVERLAYS", "export_png"]

OVERLAYS = ("none", "threat", "reach", "facing")


@dataclass
class _Sizes:
    """The tile size of the bundled tileset, in the shape `hex_size_for` reads off a map."""

    orientation: str
    tile_width: int
    tile_height: int


def export_png(state: Battle, path: str | Path, size: tuple[int, int] = (1280, 800),
               overlay: Any = "none", *, scenario: Any = None) -> Path:
    """Draw the position with the window's own BoardView and save it as a PNG of `size`.

    `overlay`: "none", "threat", "reach", "facing" (as `flank screenshot`, via
    `game.render.snapshot.overlays_for`) or a ready `game.render.overlays.Overlays`.
    `scenario`: the loaded map, for its tile art (used only if it has this very board)."""
    if not isinstance(overlay, Overlays) and overlay not in OVERLAYS:
        raise ExportError(f"overlay must be one of {', '.join(OVERLAYS)}, not {overlay!r}")
    w, h = int(size[0]), int(size[1])
    if not (16 <= w <= 8192 and 16 <= h <= 8192):
        raise ExportError(f"a picture of {w}×{h} pixels is not possible (16 to 8192 a side)")
    if not pygame.display.get_init():
        try:
            pygame.display.init()
        except pygame.error:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
    orientation = "flat" if state.board.stagger_axis == "x" else "pointy"
    painter = None
    same_map = (scenario is not None and getattr(scenario, "orientation", "") == orientation
                and scenario.setup.board.build() == state.board)
    if same_map:
        sizes = scenario
        painter = painter_for(scenario)
    else:
        ts = bundled_tileset(orientation)
        sizes = _Sizes(orientation, ts.tile_width, ts.tile_height)
    cam = Camera(orientation=orientation, hex_size=hex_size_for(sizes), screen=(w, h))
    view = BoardView(state, cam, painter)
    view.fit()
    surf = pygame.Surface((w, h))
    ov = overlay if isinstance(overlay, Overlays) else (
        None if overlay == "none" else overlays_for(state, overlay))
    view.draw(surf, state, ov)
    out = Path(path)
    pygame.image.save(surf, str(out))
    return out
