"""A mounted knight drawn with pygame's shapes: a barded horse and an armoured rider in his
side's colours, seen from the side, at any size, facing either way.

Everything is drawn in a knight's own frame, in pixels at scale 1 with the point between
the hooves at (0, 0), +x the way he faces and y negative upwards; a `Pen` maps that frame
onto the screen (scale, facing, and a turn about a pivot for a rider who falls).  No art
files: the lists look the same on every machine and in every colour.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pygame
from pygame import gfxdraw

from game.render.palette import INK

Colour = tuple[int, int, int]
STEEL, STEEL_DARK, GOLD = (196, 202, 212), (112, 118, 130), (232, 190, 80)
COATS: tuple[Colour, ...] = ((122, 78, 46), (178, 172, 164), (70, 52, 40), (150, 110, 70))
HAND = (12.0, -124.0)  # where the couched lance is gripped
SHIELD = (14.0, -130.0)  # the middle of the shield: where the other lance strikes
HELM = (0.0, -152.0)  # the middle of the helm


def shade(c: Colour, k: float) -> Colour:
    """`c` darker (k < 1) or lighter (k > 1)."""
    if k <= 1:
        return (int(c[0] * k), int(c[1] * k), int(c[2] * k))
    return tuple(int(v + (255 - v) * (k - 1)) for v in c)  # type: ignore[return-value]


@dataclass(frozen=True)
class Pen:
    """The knight's frame on the screen: the ground point `at`, `scale`, `facing` (+1 right,
    -1 left), and a turn of `angle` degrees about `pivot` (in the knight's frame)."""

    at: tuple[float, float]
    scale: float = 1.0
    facing: int = 1
    angle: float = 0.0
    pivot: tuple[float, float] = (0.0, 0.0)
    shift: tuple[float, float] = (0.0, 0.0)  # a move in the knight's frame, after the turn

    def p(self, x: float, y: float) -> tuple[float, float]:
        if self.angle:
            a = math.radians(self.angle)
            dx, dy = x - self.pivot[0], y - self.pivot[1]
            x = self.pivot[0] + dx * math.cos(a) - dy * math.sin(a)
            y = self.pivot[1] + dx * math.sin(a) + dy * math.cos(a)
        x, y = x + self.shift[0], y + self.shift[1]
        return (self.at[0] + self.facing * x * self.scale, self.at[1] + y * self.scale)

    def turned(self, angle: float, pivot: tuple[float, float],
               shift: tuple[float, float] = (0.0, 0.0)) -> Pen:
        return replace(self, angle=angle, pivot=pivot, shift=shift)


def poly(surf: pygame.Surface, pen: Pen, pts: list[tuple[float, float]], fill: Colour,
         outline: Colour | None = INK) -> None:
    screen = [(round(x), round(y)) for x, y in (pen.p(*q) for q in pts)]
    gfxdraw.filled_polygon(surf, screen, fill)
    gfxdraw.aapolygon(surf, screen, outline or fill)


def line(surf: pygame.Surface, pen: Pen, a: tuple[float, float], b: tuple[float, float],
         colour: Colour, width: float) -> None:
    pygame.draw.line(surf, colour, pen.p(*a), pen.p(*b), max(1, round(width * pen.scale)))


def disc(surf: pygame.Surface, pen: Pen, c: tuple[float, float], r: float, fill: Colour,
         outline: Colour | None = INK) -> None:
    x, y = pen.p(*c)
    rr = max(1, round(r * pen.scale))
    gfxdraw.filled_circle(surf, round(x), round(y), rr, fill)
    gfxdraw.aacircle(surf, round(x), round(y), rr, outline or fill)


# --- the horse -------------------------------------------------------------------------------

def _leg(surf: pygame.Surface, pen: Pen, hip: tuple[float, float], swing: float,
         bend: float, coat: Colour) -> None:
    """A leg from `hip`: the thigh swung `swing` degrees from straight down, the shin bent
    back `bend` degrees; a dark hoof at the end."""
    a = math.radians(swing)
    knee = (hip[0] + 26 * math.sin(a), hip[1] + 26 * math.cos(a))
    b = math.radians(swing - bend)
    hoof = (knee[0] + 26 * math.sin(b), knee[1] + 26 * math.cos(b))
    line(surf, pen, hip, knee, shade(coat, 0.8), 9)
    line(surf, pen, knee, hoof, shade(coat, 0.8), 6)
    disc(surf, pen, hoof, 4.5, (40, 34, 30))


def draw_horse(surf: pygame.Surface, pen: Pen, coat: Colour, cloth: Colour,
               gallop: float = 0.0, moving: bool = False) -> None:
    """The horse in its bardings (caparison in `cloth`), legs at `gallop` (0..1) of a stride
    when `moving`, else standing."""
    if moving:
        g = 2 * math.pi * gallop
        legs = [((-38, -62), 30 * math.sin(g), 35 + 25 * math.cos(g)),
                ((-30, -62), 30 * math.sin(g + 0.6), 35 + 25 * math.cos(g + 0.6)),
                ((32, -62), -35 * math.sin(g + 2.2), 10 + 40 * max(0, math.cos(g + 2.2))),
                ((40, -62), -35 * math.sin(g + 2.8), 10 + 40 * max(0, math.cos(g + 2.8)))]
    else:
        legs = [((-38, -62), 4, 6), ((-30, -62), -4, 2), ((32, -62), 2, 4), ((40, -62), -3, 0)]
    for hip, swing, bend in legs[:1] + legs[2:3]:  # the far legs, darker, behind
        _leg(surf, pen, hip, swing, bend, shade(coat, 0.75))
    # tail, body, neck and head
    poly(surf, pen, [(-50, -92), (-66, -78), (-72, -48), (-62, -52), (-56, -74)],
         shade(coat, 0.6))
    poly(surf, pen, [(-56, -86), (-40, -104), (30, -104), (52, -92), (56, -70),
                     (40, -56), (-40, -56), (-58, -68)], coat)
    poly(surf, pen, [(30, -100), (46, -132), (60, -146), (70, -138), (66, -118),
                     (58, -96), (50, -78)], coat)
    poly(surf, pen, [(58, -146), (86, -122), (90, -110), (80, -106), (62, -120)], coat)
    poly(surf, pen, [(58, -146), (56, -156), (64, -148)], shade(coat, 0.7))
    # chanfron (the steel face plate) and crinet (the cloth over the neck)
    poly(surf, pen, [(62, -142), (84, -122), (86, -114), (76, -112), (62, -126)], STEEL)
    poly(surf, pen, [(34, -104), (48, -134), (60, -146), (62, -126), (54, -100)], cloth)
    for hip, swing, bend in legs[1:2] + legs[3:]:  # the near legs
        _leg(surf, pen, hip, swing, bend, coat)
    # caparison: the side's cloth to the knees, quartered, a gold hem with scallops
    hem = -50.0
    poly(surf, pen, [(-60, -88), (-42, -106), (32, -106), (56, -90), (58, hem),
                     (-62, hem)], cloth)
    poly(surf, pen, [(-2, -106), (32, -106), (56, -90), (58, hem), (-2, hem)],
         shade(cloth, 0.78), None)
    for i in range(7):
        x = -56 + i * 18.5
        disc(surf, pen, (x, hem), 6.5, shade(cloth, 0.78 if x > -2 else 1.0), None)
    line(surf, pen, (-62, hem - 3), (58, hem - 3), GOLD, 3)
    disc(surf, pen, (-30, -80), 9, GOLD)  # the device on the flank
    disc(surf, pen, (-30, -80), 4.5, shade(cloth, 1.25), None)


# --- the rider -------------------------------------------------------------------------------

def draw_rider(surf: pygame.Surface, pen: Pen, cloth: Colour, helm: bool = True,
               shield: bool = True) -> None:
    """The rider in plate and his side's surcoat, seated (the pen turns him to fall or
    slump).  Without `helm`, his bare head shows (the helm tipped off, FE-52); a rider on
    his back has his plume crushed under him."""
    line(surf, pen, (-6, -100), (12, -86), STEEL_DARK, 10)  # thigh
    line(surf, pen, (12, -86), (8, -62), STEEL_DARK, 8)  # greave
    poly(surf, pen, [(2, -66), (18, -62), (18, -56), (2, -58)], STEEL_DARK)  # sabaton
    poly(surf, pen, [(-16, -98), (10, -98), (12, -140), (-12, -144)], STEEL)  # cuirass
    poly(surf, pen, [(-16, -98), (10, -98), (12, -118), (-2, -138), (-14, -126)], cloth)
    line(surf, pen, (-6, -136), HAND, STEEL_DARK, 7)  # the arm that couches the lance
    if helm:
        poly(surf, pen, [(-10, -142), (10, -142), (11, -162), (4, -168), (-6, -168),
                         (-11, -160)], STEEL)
        line(surf, pen, (0, -156), (11, -156), INK, 2.2)  # the eye slit
        if abs(pen.angle) < 45:
            poly(surf, pen, [(-4, -168), (-14, -184), (-30, -178), (-18, -170)], cloth)
    else:
        disc(surf, pen, (0, -154), 9, (232, 196, 160))
        poly(surf, pen, [(-9, -156), (-6, -165), (6, -164), (9, -158), (-2, -160)],
             (92, 62, 36))
    if shield:  # the heater shield, on the arm toward the other rider
        pts = [(6, -148), (26, -148), (26, -128), (16, -110), (6, -128)]
        poly(surf, pen, pts, cloth)
        poly(surf, pen, [(6, -140), (16, -130), (26, -140), (26, -134), (16, -124),
                         (6, -134)], (240, 236, 224), None)
        gfxdraw.aapolygon(surf, [(round(x), round(y)) for x, y in (pen.p(*q) for q in pts)],
                          INK)


def draw_helm(surf: pygame.Surface, pen: Pen, cloth: Colour) -> None:
    """A helm on its own (knocked off, FE-52), its middle at the pen's frame origin."""
    poly(surf, pen, [(-10, 10), (10, 10), (11, -10), (4, -16), (-6, -16), (-11, -8)], STEEL)
    line(surf, pen, (0, -4), (11, -4), INK, 2.2)
    poly(surf, pen, [(-4, -16), (-14, -32), (-30, -26), (-18, -18)], cloth)


def lance_points(pen: Pen, target: tuple[float, float], length: float
                 ) -> tuple[tuple[float, float], tuple[float, float]]:
    """The butt and the tip of a lance gripped at the hand and aimed at screen point
    `target`, `length` pixels long from the hand (the butt sticks out behind)."""
    hx, hy = pen.p(*HAND)
    dx, dy = target[0] - hx, target[1] - hy
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    back = 34 * pen.scale
    return (hx - ux * back, hy - uy * back), (hx + ux * length, hy + uy * length)


def draw_lance(surf: pygame.Surface, butt: tuple[float, float], tip: tuple[float, float],
               cloth: Colour, scale: float, broken: bool = False) -> None:
    """A lance striped in the side's colour and white, with its round guard (vamplate);
    a `broken` one ends in a splintered stub."""
    x0, y0 = butt
    x1, y1 = tip
    n = 9
    width = max(2, round(6 * scale))
    for i in range(n):
        a, b = i / n, (i + 1) / n
        colour = cloth if i % 2 == 0 else (236, 230, 214)
        pygame.draw.line(surf, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                         (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), max(1, width - i // 3))
    if broken:
        for k in (-1, 0, 1):
            pygame.draw.line(surf, (214, 196, 150), tip,
                             (x1 + (x1 - x0) * 0.04 + k * 5 * scale,
                              y1 + (y1 - y0) * 0.04 - abs(k) * 4 * scale), 2)
    gx, gy = x0 + (x1 - x0) * 0.22, y0 + (y1 - y0) * 0.22
    r = max(3, round(9 * scale))
    gfxdraw.filled_circle(surf, round(gx), round(gy), r, STEEL)
    gfxdraw.aacircle(surf, round(gx), round(gy), r, INK)


__all__ = ["COATS", "GOLD", "HAND", "HELM", "SHIELD", "STEEL", "Pen", "draw_helm",
           "draw_horse", "draw_lance", "draw_rider", "lance_points", "shade"]
