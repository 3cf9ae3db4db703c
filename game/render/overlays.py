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
    lay = cam.layout()
    cx, cy = cam.centre_of(h)
    pts = []
    for i in range(6):
        ox, oy = lay.corner_offset(i)
        pts.append((cx + ox * shrink, cy + oy * shrink))
    return pts


def fill_hexes(layer: pygame.Surface, cam: Camera, hexes, colour, shrink: float = 0.96) -> None:
    for h in hexes:
        pygame.draw.polygon(layer, colour, _poly(cam, h, shrink))


def draw_overlays(surf: pygame.Surface, cam: Camera, ov: Overlays) -> None:
    w, h = surf.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for hx, n in ov.threat.items():
        a = min(160, THREAT_FILL[3] + 30 * (n - 1))
        pygame.draw.polygon(layer, (*THREAT_FILL[:3], a), _poly(cam, hx, 0.96))
    for hx, kind in ov.arcs.items():
        pygame.draw.polygon(layer, ARC_COLOURS[kind], _poly(cam, hx, 0.96))
    fill_hexes(layer, cam, ov.move_range, MOVE_FILL)
    surf.blit(layer, (0, 0))
    width = max(1, round(cam.zoom * 2))
    for hx in ov.reach:
        pygame.draw.polygon(surf, (255, 140, 60), _poly(cam, hx, 0.86), width)
    for hx in ov.targets:
        pygame.draw.polygon(surf, TARGET, _poly(cam, hx, 0.9), width + 1)
    if len(ov.path) > 1:
        pts = [cam.centre_of(p) for p in ov.path]
        pygame.draw.lines(surf, PATH_OK, False, pts, width + 1)
        for p in ov.path[1:]:
            pygame.draw.circle(surf, PATH_OK, cam.centre_of(p), max(2, 3 * cam.zoom))
    for hx, who in ov.provoking.items():
        pygame.draw.polygon(surf, PROVOKE, _poly(cam, hx, 0.8), width + 2)
        cx, cy = cam.centre_of(hx)
        label = font(max(12, int(16 * cam.zoom))).render("! " + ", ".join(who), True, PROVOKE)
        box = label.get_rect(midbottom=(cx, cy - cam.layout().size[1] * 0.55))
        pygame.draw.rect(surf, (20, 20, 24), box.inflate(6, 2))
        surf.blit(label, box)
    if ov.hover is not None:
        pygame.draw.polygon(surf, (255, 255, 255), _poly(cam, ov.hover, 0.98), 1)
