"""What a player sees before committing: the movement range, a planned path with every hex
where a step provokes a reaction (and who reacts), threatened hexes, reach rings, facing arcs
and attack targets.  The overlay data comes from the rules (legal commands, positioning
facts); this module only paints it.

The overlays come in two kinds.  The *standing* ones (threat, arcs, movement range, reach,
targets) change when the position or the selection does; `game.render.overlay_layer` paints
them once into the terrain's chunks with `paint_standing` and reuses the result until they
change.  The *pointer* ones (the path under the mouse, who it provokes, the hovered hex) follow
the mouse, are few, and are drawn every frame by `draw_pointer`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.render.camera import Camera
from game.render.legend import LegendPart
from game.render.palette import (
    ARC_COLOURS,
    MOVE_FILL,
    PATH_OK,
    PROVOKE,
    REACH,
    TARGET,
    THREAT_FILL,
    TURN,
)
from game.render.tokens import font
from rules.hexgrid import Hex, Layout


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
    # hex → (the facing its figure turns to, the arrow's colour): the exchange's step-through
    turns: dict[Hex, tuple[int, tuple[int, int, int]]] = field(default_factory=dict)
    legend: tuple[LegendPart, ...] = ()  # what the overlays on show mean (`game.render.legend`)


@dataclass(frozen=True)
class Standing:
    """A copy of the standing overlays, to compare with the next frame's and to paint from.
    Copied (not referenced) so a caller changing its dicts in place is still noticed."""

    threat: dict[Hex, int]
    arcs: dict[Hex, str]
    move_range: frozenset[Hex]
    reach: frozenset[Hex]
    targets: frozenset[Hex]

    @classmethod
    def of(cls, ov: Overlays | None) -> Standing:
        if ov is None:
            return NOTHING
        return cls(dict(ov.threat), dict(ov.arcs), frozenset(ov.move_range),
                   frozenset(ov.reach), frozenset(ov.targets))

    def same_as(self, ov: Overlays | None) -> bool:
        """Whether `ov` shows the same standing overlays (compared by value)."""
        if ov is None:
            return self is NOTHING
        return (self.threat == ov.threat and self.arcs == ov.arcs
                and self.move_range == ov.move_range and self.reach == ov.reach
                and self.targets == ov.targets)

    def fills(self) -> list[tuple[Hex, tuple[int, int, int, int]]]:
        """The translucent hexes and their colours, in painting order (a later fill replaces
        an earlier one on the same hex)."""
        out = [(h, (*THREAT_FILL[:3], min(160, THREAT_FILL[3] + 30 * (n - 1))))
               for h, n in self.threat.items()]
        out += [(h, ARC_COLOURS[a]) for h, a in self.arcs.items()]
        out += [(h, MOVE_FILL) for h in self.move_range]
        return out

    def outlines(self) -> list[tuple[Hex, tuple[int, int, int], float, int]]:
        """The outlined hexes: colour, how far the outline is shrunk, extra width."""
        out = [(h, REACH, 0.86, 0) for h in self.reach]
        out += [(h, TARGET, 0.9, 1) for h in self.targets]
        return out

    def __bool__(self) -> bool:
        return bool(self.threat or self.arcs or self.move_range or self.reach or self.targets)


NOTHING = Standing({}, {}, frozenset(), frozenset(), frozenset())


def _poly(centre: tuple[float, float], corners, shrink: float) -> list[tuple[int, int]]:
    """A hex's polygon, shrunk about its centre, in whole pixels rounded down (as
    `terrain.snap`: the same on both sides of a chunk's edge)."""
    cx, cy = centre
    return [(math.floor(cx + ox * shrink), math.floor(cy + oy * shrink)) for ox, oy in corners]


def corner_offsets(lay: Layout) -> tuple[tuple[float, float], ...]:
    return tuple(lay.corner_offset(i) for i in range(6))


def outline_width(zoom: float) -> int:
    return max(1, round(zoom * 2))


Fill = tuple[Hex, tuple[int, int, int, int]]
Outline = tuple[Hex, tuple[int, int, int], float, int]


def paint_standing(surf: pygame.Surface, scratch: pygame.Surface, lay: Layout, zoom: float,
                   origin: tuple[int, int], fills: list[Fill], outlines: list[Outline]) -> None:
    """Paint standing overlays (`Standing.fills` and `Standing.outlines`, or the part of them
    near `surf`) onto `surf`, whose top-left is world pixel `origin` at this zoom.  The
    translucent fills go through `scratch` (a clear surface with alpha, the size of `surf`):
    each fill replaces what is under it there, so a movement-range hex inside a threatened
    one shows the range colour, not a mix, and the scratch is blended over the terrain once."""
    corners = corner_offsets(lay)
    ox, oy = origin

    def at(h: Hex) -> tuple[float, float]:
        x, y = lay.hex_to_pixel(h)
        return x - ox, y - oy

    if fills:
        dirty = [pygame.draw.polygon(scratch, colour, _poly(at(h), corners, 0.96))
                 for h, colour in fills]
        area = dirty[0].unionall(dirty[1:]).clip(scratch.get_rect())
        surf.blit(scratch, area, area)
        scratch.fill((0, 0, 0, 0), area)
    width = outline_width(zoom)
    for h, colour, shrink, extra in outlines:
        pygame.draw.polygon(surf, colour, _poly(at(h), corners, shrink), width + extra)


def draw_pointer(surf: pygame.Surface, cam: Camera, ov: Overlays) -> None:
    """The overlays that follow the mouse: the planned path, the hexes where a step provokes,
    the hovered hex."""
    corners = corner_offsets(cam.layout())
    width = outline_width(cam.zoom)
    if len(ov.path) > 1:
        pts = [cam.centre_of(p) for p in ov.path]
        pygame.draw.lines(surf, PATH_OK, False, pts, width + 1)
        for p in pts[1:]:
            pygame.draw.circle(surf, PATH_OK, p, max(2, 3 * cam.zoom))
    for hx in ov.provoking:
        pygame.draw.polygon(surf, PROVOKE, _poly(cam.centre_of(hx), corners, 0.8), width + 2)
    if ov.hover is not None:
        pygame.draw.polygon(surf, (255, 255, 255), _poly(cam.centre_of(ov.hover), corners, 0.98),
                            1)


def draw_turn(surf: pygame.Surface, cam: Camera, at: Hex, facing: int,
              colour: tuple[int, int, int] = TURN) -> None:
    """An arrow from a figure's hex across the hexside it turns to face (the exchange's
    step-through: the defender who strikes back turns to face his attacker)."""
    lay = cam.layout()
    cx, cy = cam.centre_of(at)
    nx, ny = cam.centre_of(at.neighbor(facing))
    dx, dy = nx - cx, ny - cy
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    tip = (cx + dx * 0.48, cy + dy * 0.48)  # to the hexside: two facing arrows never cross
    base = (cx + dx * 0.08, cy + dy * 0.08)
    head = max(5.0, lay.size[0] * 0.28)
    width = outline_width(cam.zoom) + 2
    pygame.draw.line(surf, (20, 20, 24), base, tip, width + 3)
    pygame.draw.line(surf, colour, base, tip, width)
    back = (tip[0] - ux * head, tip[1] - uy * head)
    wing = (-uy * head * 0.6, ux * head * 0.6)
    pygame.draw.polygon(surf, colour, [tip, (back[0] + wing[0], back[1] + wing[1]),
                                     (back[0] - wing[0], back[1] - wing[1])])


def draw_labels(surf: pygame.Surface, cam: Camera, ov: Overlays) -> None:
    """Words over the board (who a step provokes) and the arrows of the figures who turn,
    drawn after the tokens so none hides them."""
    for hx, (facing, colour) in ov.turns.items():
        draw_turn(surf, cam, hx, facing, colour)
    for hx, who in ov.provoking.items():
        cx, cy = cam.centre_of(hx)
        label = font(max(20, int(24 * cam.zoom))).render("! " + ", ".join(who), True, PROVOKE)
        box = label.get_rect(midbottom=(cx, cy - cam.layout().size[1] * 0.75))
        pygame.draw.rect(surf, (20, 20, 24), box.inflate(10, 6))
        pygame.draw.rect(surf, PROVOKE, box.inflate(10, 6), 2)
        surf.blit(label, box)
