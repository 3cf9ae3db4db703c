"""What lies on the board besides the figures (`Ruleset.hex_markers`: a scenario's lever or
idol, a potion on the ground), drawn as a small icon low in its hex so a figure standing there
leaves it seen, and named over the hex while the mouse is on it.

Why its own module: the board view draws figures and ground from caches; these few icons are
drawn fresh each frame (a handful of shapes), and any ruleset's markers go through here.
"""

from __future__ import annotations

import pygame

from game.render.camera import Camera
from game.render.palette import INK, PAPER
from game.render.tokens import font
from rules.hexgrid import Hex
from rules.ruleset import HexMarker

__all__ = ["draw_marker_names", "draw_markers", "markers_at"]

DEED = (222, 176, 40)  # a lever or an idol still to be worked: gold
DONE = (128, 124, 116)  # one worked already: grey
ITEM = (200, 50, 60)  # an item on the ground: a red flask


def markers_at(markers: tuple[HexMarker, ...], h: Hex | None) -> list[HexMarker]:
    return [m for m in markers if m.hex == h] if h is not None else []


def _spot(cam: Camera, m: HexMarker, i: int) -> tuple[float, float, float]:
    """Where on its hex the icon sits (low, the second beside the first) and its size."""
    cx, cy = cam.centre_of(m.hex)
    w, h = cam.layout().size
    r = max(4.0, min(w, h) * 0.26)
    return cx + i * r * 2.2, cy + h * 0.55, r


def _icon(surf: pygame.Surface, kind: str, x: float, y: float, r: float) -> None:
    line = max(1, int(r / 5))
    if kind in ("deed", "deed_done"):  # a diamond with a lever's handle
        colour = DEED if kind == "deed" else DONE
        pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, INK, pts, line)
        pygame.draw.line(surf, INK, (x, y), (x + r * 0.5, y - r * 0.6), line + 1)
        return
    # an item: a flask (a round body, a neck, a stopper)
    pygame.draw.circle(surf, ITEM, (x, y + r * 0.2), r * 0.75)
    pygame.draw.circle(surf, INK, (x, y + r * 0.2), r * 0.75, line)
    neck = pygame.Rect(0, 0, max(2, r * 0.5), r * 0.6)
    neck.midbottom = (int(x), int(y - r * 0.4))
    pygame.draw.rect(surf, PAPER, neck)
    pygame.draw.rect(surf, INK, neck, line)


def draw_markers(surf: pygame.Surface, cam: Camera, markers: tuple[HexMarker, ...]) -> None:
    """Each marker's icon on its hex (two on one hex side by side)."""
    seen: dict[Hex, int] = {}
    for m in markers:
        i = seen.get(m.hex, 0)
        seen[m.hex] = i + 1
        _icon(surf, m.kind, *_spot(cam, m, i))


def draw_marker_names(surf: pygame.Surface, cam: Camera, markers: tuple[HexMarker, ...],
                      hover: Hex | None) -> None:
    """The names of what lies on the hex under the mouse, over it, after the figures."""
    here = markers_at(markers, hover)
    if not here or hover is None:
        return
    cx, cy = cam.centre_of(hover)
    text = ", ".join(m.name for m in here)
    label = font(max(16, int(20 * cam.zoom))).render(text, True, PAPER)
    box = label.get_rect(midtop=(cx, cy + cam.layout().size[1] * 0.95))
    pygame.draw.rect(surf, INK, box.inflate(10, 6))
    pygame.draw.rect(surf, DEED, box.inflate(10, 6), 1)
    surf.blit(label, box)
