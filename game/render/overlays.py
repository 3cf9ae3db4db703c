"""What a player sees before committing: the movement range, a planned path with every hex
where a step provokes a reaction (and who reacts), threatened hexes, reach rings, facing arcs
and attack targets.  The overlay data comes from the rules (legal commands, positioning
facts); this module only paints it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.render.camera import Camera
from game.render.palette import ARC_COLOURS, MOVE_FILL, PATH_OK, PROVOKE, TARGET, THREAT_FILL
from game.render.tokens import font
from rules.hexgrid import Hex


@dataclass
class Overlays:
    move_range: frozenset[Hex] = frozenset()
    path: tuple[Hex, ...] = ()
    provoking: dict[Hex, tuple[str, ...]] = field(default_factory=dict)  # hex → reactor names
    threat: dict[Hex, int] = field(default_factory=dict)  # hex → how many foes threaten it
    reach: frozenset[Hex] = frozenset()
    arcs: dict[Hex, str] = field(default_factory=dict)  # hex → front/flank/rear
    targets: frozenset[Hex] = frozenset()
    hover: Hex | None = None


def _poly(cam: Camera, h: Hex, shrink: float = 1.0) -> list[tuple[float, float]]:
    cx, cy = cam.centre_of(h)
    return [(cx + ox * shrink, cy + oy * shrink) for ox, oy in _corners(cam)]


def _corners(cam: Camera) -> tuple[tuple[float, float], ...]:
    """The six corner offsets at the camera's zoom, worked out once per zoom level."""
    key = (cam.zoom_index, cam.orientation, cam.hex_size)
    found = _CORNERS.get(key)
    if found is None:
        lay = cam.layout()
        found = tuple(lay.corner_offset(i) for i in range(6))
        _CORNERS[key] = found
    return found


_CORNERS: dict[tuple, tuple[tuple[float, float], ...]] = {}


def _visible(cam: Camera, hexes, margin: float):
    """Only the hexes whose centre is on screen (or within `margin` of it).  World positions
    are worked out once per zoom level and collection, so a frame costs a subtraction each."""
    w, h = cam.screen
    x0, y0 = cam.x - margin, cam.y - margin
    x1, y1 = cam.x + w + margin, cam.y + h + margin
    for hx, wx, wy in _placed(cam, hexes):
        if x0 <= wx <= x1 and y0 <= wy <= y1:
            yield hx


_PLACED: dict[tuple, tuple[object, list[tuple[Hex, float, float]]]] = {}


def _placed(cam: Camera, hexes) -> list[tuple[Hex, float, float]]:
    key = (cam.zoom_index, cam.orientation, cam.hex_size, id(hexes), len(hexes))
    found = _PLACED.get(key)
    if found is None or found[0] is not hexes:
        lay = cam.layout()
        placed = [(hx, *lay.hex_to_pixel(hx)) for hx in hexes]
        if len(_PLACED) > 64:
            _PLACED.clear()
        _PLACED[key] = (hexes, placed)
        return placed
    return found[1]


def fill_hexes(layer: pygame.Surface, cam: Camera, hexes, colour, shrink: float = 0.96) -> None:
    for h in hexes:
        pygame.draw.polygon(layer, colour, _poly(cam, h, shrink))


_LAYER: dict[tuple[int, int], pygame.Surface] = {}


def draw_overlays(surf: pygame.Surface, cam: Camera, ov: Overlays) -> None:
    """Paint the overlays; hexes off screen are skipped, and the translucent layer is one
    surface reused from frame to frame, blitted only where something was drawn."""
    w, h = surf.get_size()
    margin = max(cam.layout().size) * 1.2
    layer = _LAYER.get((w, h))
    if layer is None:
        _LAYER.clear()
        layer = _LAYER[(w, h)] = pygame.Surface((w, h), pygame.SRCALPHA)
    dirty: list[pygame.Rect] = []
    for hx in _visible(cam, ov.threat, margin):
        a = min(160, THREAT_FILL[3] + 30 * (ov.threat[hx] - 1))
        dirty.append(pygame.draw.polygon(layer, (*THREAT_FILL[:3], a), _poly(cam, hx, 0.96)))
    for hx in _visible(cam, ov.arcs, margin):
        dirty.append(pygame.draw.polygon(layer, ARC_COLOURS[ov.arcs[hx]], _poly(cam, hx, 0.96)))
    for hx in _visible(cam, ov.move_range, margin):
        dirty.append(pygame.draw.polygon(layer, MOVE_FILL, _poly(cam, hx, 0.96)))
    if dirty:
        area = dirty[0].unionall(dirty[1:]).clip(layer.get_rect())
        surf.blit(layer, area, area)
        layer.fill((0, 0, 0, 0), area)
    width = max(1, round(cam.zoom * 2))
    for hx in _visible(cam, ov.reach, margin):
        pygame.draw.polygon(surf, (255, 140, 60), _poly(cam, hx, 0.86), width)
    for hx in _visible(cam, ov.targets, margin):
        pygame.draw.polygon(surf, TARGET, _poly(cam, hx, 0.9), width + 1)
    if len(ov.path) > 1:
        pts = [cam.centre_of(p) for p in ov.path]
        pygame.draw.lines(surf, PATH_OK, False, pts, width + 1)
        for p in ov.path[1:]:
            pygame.draw.circle(surf, PATH_OK, cam.centre_of(p), max(2, 3 * cam.zoom))
    for hx in ov.provoking:
        pygame.draw.polygon(surf, PROVOKE, _poly(cam, hx, 0.8), width + 2)
    if ov.hover is not None:
        pygame.draw.polygon(surf, (255, 255, 255), _poly(cam, ov.hover, 0.98), 1)


def draw_labels(surf: pygame.Surface, cam: Camera, ov: Overlays) -> None:
    """Words over the board (who a step provokes), drawn after the tokens so none hides them."""
    for hx, who in ov.provoking.items():
        cx, cy = cam.centre_of(hx)
        label = font(max(20, int(24 * cam.zoom))).render("! " + ", ".join(who), True, PROVOKE)
        box = label.get_rect(midbottom=(cx, cy - cam.layout().size[1] * 0.75))
        pygame.draw.rect(surf, (20, 20, 24), box.inflate(10, 6))
        pygame.draw.rect(surf, PROVOKE, box.inflate(10, 6), 2)
        surf.blit(label, box)
