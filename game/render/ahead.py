"""Which chunks the view will want next, so they can be built before they are on screen.

While the camera pans, the next chunks to come into view are the ring one chunk wide around
what is shown now; a zoom step (by wheel, anchored anywhere on screen, or by key, anchored at
the centre) shows a part of the next level in or out.  `wanted` lists them, most urgent
first: the ring, then the part of the next level the way the last zoom step went (zooming
goes on the way it started, in a few steps of the wheel; the level it came from is still
there as it was left; at either end of the ladder, the way back).  Before any zoom step it
lists both levels, the level out first (its chunks hold the most hexes, so they are the
slowest to build on the spot).  Building them a few a frame keeps the frames where the view
crosses a chunk edge or steps a zoom level free of building.

How much that keeps, at most, is set by the screen, not the map: the chunks on screen and
the ones wanted (`BoardView.build_ahead` sets the caches' caps to that count).  At 1920×1080
that is at most 240 chunks of 256×256 (60 MiB) of terrain and as many overlay copies.
"""

from __future__ import annotations

import math

from game.render.camera import ZOOMS, Camera
from game.render.terrain import CHUNK, Key

Rect = tuple[float, float, float, float]  # world pixels x0, y0, x1, y1 at one zoom level


def cells(zi: int, rect: Rect, within: Rect) -> list[Key]:
    """The chunks covering `rect` (clipped to `within`, the board's bounds) at level `zi`."""
    x0, y0 = max(rect[0], within[0]), max(rect[1], within[1])
    x1, y1 = min(rect[2], within[2]), min(rect[3], within[3])
    if x1 <= x0 or y1 <= y0:
        return []
    return [(zi, cx, cy)
            for cy in range(math.floor(y0 / CHUNK), math.floor((y1 - 1) / CHUNK) + 1)
            for cx in range(math.floor(x0 / CHUNK), math.floor((x1 - 1) / CHUNK) + 1)]


def view_rect(cam: Camera, size: tuple[int, int]) -> Rect:
    x, y = math.floor(cam.x), math.floor(cam.y)
    return (x, y, x + size[0], y + size[1])


def after_zoom(cam: Camera, size: tuple[int, int], zi: int) -> Rect:
    """Every world point (at level `zi`) that a one-step zoom to `zi` could show, whatever
    screen point it is anchored at: the union of the views for the anchor at either edge."""
    ratio = ZOOMS[zi] / ZOOMS[cam.zoom_index]
    w, h = size
    xs = [(cam.x + a) * ratio - a for a in (0, w)]
    ys = [(cam.y + a) * ratio - a for a in (0, h)]
    return (min(xs), min(ys), max(xs) + w, max(ys) + h)


def wanted(cam: Camera, size: tuple[int, int], bounds, heading: int = 0) -> list[Key]:
    """The chunks to build ahead, most urgent first, without the ones on screen now.
    `bounds(zi)` is the board's extent at a level (chunks outside it are empty); `heading`
    is the way the last zoom step went (-1 out, 1 in; 0 before any)."""
    zi = cam.zoom_index
    x0, y0, x1, y1 = view_rect(cam, size)
    shown = set(cells(zi, (x0, y0, x1, y1), bounds(zi)))
    ring = [k for k in cells(zi, (x0 - CHUNK, y0 - CHUNK, x1 + CHUNK, y1 + CHUNK), bounds(zi))
            if k not in shown]
    centre = ((x0 + x1) / 2 / CHUNK - 0.5, (y0 + y1) / 2 / CHUNK - 0.5)
    ring.sort(key=lambda k: (k[1] - centre[0]) ** 2 + (k[2] - centre[1]) ** 2)
    out = ring
    steps = [s for s in ((heading,) if heading else (-1, 1)) if 0 <= zi + s < len(ZOOMS)]
    for step in steps or [s for s in (-1, 1) if 0 <= zi + s < len(ZOOMS)]:
        z = zi + step
        out += cells(z, after_zoom(cam, size, z), bounds(z))
    return out
