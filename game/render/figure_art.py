"""A painted miniature seen from above, composed from parts: the base, the body and head of
its kind, its armour, the tabard and rim in its side's colours, the weapon in hand drawn to
its length, the shield on its arm, a bow or crossbow.  Beasts and horses are in
`figure_beasts`.

Why a master picture: every part is drawn once, large (MASTER pixels to a unit, a man's
base 40 units across the radius), facing up, and the sprite cache scales and turns that
picture to each zoom and facing.  Drawing large and scaling down is what smooths the edges
of plain pygame drawing, and it keeps frames to blits of ready pictures.

Coordinates below are in units with the figure's centre at (0, 0) and its front at -y; the
figure's right hand is at +x.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.render.figure_facts import FigureFacts

Colour = tuple[int, int, int]
Point = tuple[float, float]

MASTER = 1.4  # pixels per unit in the master picture
BASE = 40.0  # a man's base radius in units
HALF = 160.0  # the master canvas reaches this far from the centre, in units
SIZE_BASE = {"small": 1.0, "man": 1.0, "large": 1.3, "huge": 1.6}
INK: Colour = (24, 22, 20)
STEEL: Colour = (176, 182, 192)
DARK_STEEL: Colour = (98, 104, 114)
WOOD: Colour = (126, 84, 44)
GROUND: Colour = (88, 100, 64)


@dataclass(frozen=True)
class Body:
    """The proportions and colours of a kind of body."""

    scale: float
    width: float
    skin: Colour
    hair: Colour | None  # None: bald
    cloth: Colour


BODIES: dict[str, Body] = {
    "man": Body(1.0, 1.0, (222, 178, 140), (92, 60, 34), (130, 112, 84)),
    "elf": Body(0.98, 0.88, (238, 212, 184), (236, 214, 132), (84, 120, 72)),
    "dwarf": Body(0.9, 1.22, (214, 160, 124), (150, 72, 34), (112, 84, 60)),
    "orc": Body(1.05, 1.14, (112, 146, 86), None, (96, 82, 64)),
    "goblin": Body(0.76, 0.95, (160, 170, 70), (60, 52, 36), (104, 88, 60)),
    "ogre": Body(1.45, 1.26, (168, 146, 98), None, (110, 86, 58)),
    "giant": Body(1.85, 1.2, (214, 170, 132), (180, 180, 176), (104, 96, 120)),
    "ape": Body(1.4, 1.22, (150, 136, 122), (110, 104, 98), (110, 104, 98)),
}

ROBE: Colour = (64, 60, 150)
ARMOUR_COLOURS: dict[str, Colour] = {
    "leather": (134, 92, 52), "mail": (150, 156, 164), "plate": (206, 212, 222),
}


def shade(c: Colour, k: float) -> Colour:
    """`c` darker (k < 1) or lighter (k > 1)."""
    if k <= 1:
        return (int(c[0] * k), int(c[1] * k), int(c[2] * k))
    return (int(c[0] + (255 - c[0]) * (k - 1)), int(c[1] + (255 - c[1]) * (k - 1)),
            int(c[2] + (255 - c[2]) * (k - 1)))


class Pen:
    """Draws in figure units on a master canvas, optionally moved, scaled and mirrored (a
    rider sits on his horse; a shield on the right arm is the left one mirrored)."""

    def __init__(self, surf: pygame.Surface, ox: float = 0.0, oy: float = 0.0,
                 k: float = 1.0, mirror: bool = False) -> None:
        self.surf, self.ox, self.oy, self.k, self.mirror = surf, ox, oy, k, mirror
        self.c = surf.get_width() / 2

    def moved(self, dx: float, dy: float, k: float = 1.0) -> Pen:
        return Pen(self.surf, self.ox + dx * self.k, self.oy + dy * self.k, self.k * k,
                   self.mirror)

    def flipped(self, mirror: bool) -> Pen:
        return Pen(self.surf, self.ox, self.oy, self.k, self.mirror != mirror)

    def p(self, x: float, y: float) -> tuple[int, int]:
        x = -x if self.mirror else x
        return (round(self.c + (self.ox + x * self.k) * MASTER),
                round(self.c + (self.oy + y * self.k) * MASTER))

    def n(self, v: float) -> int:
        return max(1, round(v * self.k * MASTER))

    def circle(self, colour: Colour, at: Point, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.surf, colour, self.p(*at), self.n(r),
                           self.n(width) if width else 0)

    def ellipse(self, colour: Colour, at: Point, rx: float, ry: float,
                width: float = 0) -> None:
        x, y = self.p(*at)
        w, h = self.n(rx), self.n(ry)
        pygame.draw.ellipse(self.surf, colour, (x - w, y - h, 2 * w, 2 * h),
                            self.n(width) if width else 0)

    def line(self, colour: Colour, a: Point, b: Point, width: float) -> None:
        pa, pb = self.p(*a), self.p(*b)
        w = self.n(width)
        pygame.draw.line(self.surf, colour, pa, pb, w)
        if w > 2:  # round the ends
            pygame.draw.circle(self.surf, colour, pa, w // 2)
            pygame.draw.circle(self.surf, colour, pb, w // 2)

    def poly(self, colour: Colour, pts: list[Point], width: float = 0) -> None:
        pygame.draw.polygon(self.surf, colour, [self.p(*q) for q in pts],
                            self.n(width) if width else 0)

    def arc(self, colour: Colour, at: Point, rx: float, ry: float, start: float,
            stop: float, width: float) -> None:
        """An arc by angles in degrees measured in figure units (0 = +x, 90 = up)."""
        steps = 12
        pts = []
        for i in range(steps + 1):
            t = math.radians(start + (stop - start) * i / steps)
            pts.append((at[0] + rx * math.cos(t), at[1] - ry * math.sin(t)))
        pygame.draw.lines(self.surf, colour, False, [self.p(*q) for q in pts], self.n(width))


def canvas() -> pygame.Surface:
    side = round(2 * HALF * MASTER)
    s = pygame.Surface((side, side), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    return s


# --- bases ------------------------------------------------------------------------------------


def draw_base(pen: Pen, side: Colour, rx: float, ry: float) -> None:
    """The base: painted ground, the side's colour on the rim, a notch at the front."""
    rim = 10.5
    pen.ellipse(INK, (0, 0), rx + 1.5, ry + 1.5)
    pen.ellipse(side, (0, 0), rx, ry)
    pen.ellipse(shade(side, 0.55), (0, 0), rx - rim + 1, ry - rim + 1)
    pen.ellipse(GROUND, (0, 0), rx - rim, ry - rim)
    pen.ellipse(shade(GROUND, 1.25), (-rx * 0.2, -ry * 0.2), (rx - rim) * 0.6,
                (ry - rim) * 0.55)
    pen.ellipse(GROUND, (rx * 0.1, ry * 0.1), (rx - rim) * 0.7, (ry - rim) * 0.7)
    notch = [(0, -ry - 1), (-7, -ry + rim + 1), (7, -ry + rim + 1)]
    pen.poly((250, 246, 230), notch)
    pen.poly(INK, notch, 0.8)


def base_radii(facts: FigureFacts) -> tuple[float, float]:
    if facts.mounted:
        return BASE * 0.82, BASE * 1.38
    r = BASE * SIZE_BASE.get(facts.size, 1.0)
    return r, r


# --- the body ---------------------------------------------------------------------------------


def draw_torso(pen: Pen, body: Body, facts: FigureFacts, side: Colour) -> None:
    w = 22 * body.width
    armour = ROBE if facts.robe else ARMOUR_COLOURS.get(facts.armour, body.cloth)
    if facts.robe:  # the robe's skirt, wide about him
        pen.circle(INK, (0, 3), 21.5)
        pen.circle(shade(ROBE, 0.8), (0, 3), 20)
    pen.ellipse(INK, (0, 2), w + 1.5, 13.5)
    pen.ellipse(armour, (0, 2), w, 12)
    if facts.armour == "mail":
        for row in range(-8, 13, 4):
            for col in range(-int(w) + 3, int(w) - 2, 4):
                if (col / w) ** 2 + ((row - 2) / 12) ** 2 < 0.8:
                    pen.circle(shade(armour, 0.7), (col + (row % 8) / 4, row), 1.0, 0.5)
    elif facts.armour == "leather":
        pen.ellipse(shade(armour, 0.75), (0, 2), w - 3, 9, 0.9)
    elif facts.armour == "plate":
        for sx in (-1, 1):  # pauldrons with a highlight
            pen.circle(INK, (sx * (w - 5), 1), 8.2)
            pen.circle(shade(armour, 1.15), (sx * (w - 5), 1), 7)
            pen.circle((255, 255, 255), (sx * (w - 6), -1), 2.2)
    if body is not BODIES["ape"]:
        # the tabard: the side's colour across chest and back
        pen.poly(INK, [(-8.5, -10.5), (8.5, -10.5), (9.5, 14.5), (-9.5, 14.5)])
        pen.poly(side, [(-7, -9), (7, -9), (8, 13), (-8, 13)])
        pen.line(shade(side, 0.6), (0, -8), (0, 12), 1.2)


def draw_head(pen: Pen, kind: str, body: Body, facts: FigureFacts) -> None:
    skin = body.skin
    if kind == "elf":  # long hair flowing back over the shoulders
        pen.ellipse(INK, (0, 9), 8, 14)
        pen.ellipse(body.hair or skin, (0, 9), 6.8, 12.8)
    if kind in ("elf", "goblin"):  # ears out to the sides
        reach = 19 if kind == "goblin" else 15
        for sx in (-1, 1):
            pen.poly(INK, [(sx * 7, -5), (sx * (reach + 1.5), -9), (sx * 7, 2)])
            pen.poly(skin, [(sx * 7.5, -4), (sx * reach, -8), (sx * 7.5, 1)])
    pen.circle(INK, (0, -1), 11.5)
    pen.circle(skin, (0, -1), 10.2)
    if facts.helm:
        steel = STEEL if facts.armour != "plate" else (222, 226, 234)
        pen.circle(steel, (0, -1), 10.2)
        pen.line(DARK_STEEL, (0, -11), (0, 9), 2.4)
        pen.circle((255, 255, 255), (-3.5, -4.5), 2.2)
        if facts.armour == "plate":  # the visor's slit, at the front
            pen.line(INK, (-6, -7.5), (6, -7.5), 1.6)
        else:
            pen.arc(skin, (0, -1), 8.5, 8.5, 55, 125, 3.2)  # the face under the brim
    elif body.hair is not None and kind != "elf":
        pen.circle(body.hair, (0, 1.2), 9.2)  # hair on the crown, the face left at the front
    elif kind == "elf":
        pen.circle(body.hair or skin, (0, 1.5), 9)
    if facts.robe and not facts.helm:  # the wide-brimmed pointed hat, from above
        pen.circle(INK, (0, 0), 15)
        pen.circle(shade(ROBE, 0.9), (0, 0), 13.6)
        pen.circle(shade(ROBE, 1.3), (0, 4.5), 6.5)  # the point, flopped back
        pen.circle((236, 210, 90), (0, 6), 2.2)
        pen.circle(body.skin, (0, -11.5), 2.4)  # the nose under the brim
        return
    if kind == "dwarf":  # the beard, out in front
        pen.poly(INK, [(-8, -6), (8, -6), (1, -23), (-1, -23)])
        pen.poly(body.hair or (150, 72, 34), [(-6.8, -6.5), (6.8, -6.5), (0.5, -21),
                                               (-0.5, -21)])
    elif kind == "giant":
        pen.poly(body.hair or skin, [(-6, -7), (6, -7), (0, -17)])
    elif kind == "orc":  # tusks
        for sx in (-1, 1):
            pen.poly((246, 242, 222), [(sx * 2.5, -9), (sx * 5.5, -9), (sx * 4, -15)])
    elif kind == "ape":  # the muzzle
        pen.ellipse(INK, (0, -9), 7, 5.5)
        pen.ellipse((196, 180, 160), (0, -9), 5.8, 4.4)
    elif kind == "ogre":  # a heavy brow
        pen.arc(shade(skin, 0.6), (0, -1), 8, 8, 50, 130, 2.6)
    if not facts.helm and kind not in ("dwarf", "ape"):
        pen.circle(shade(skin, 0.8), (0, -10.5), 1.8)  # the nose: which way he looks


def draw_arm(pen: Pen, body: Body, facts: FigureFacts, shoulder: Point, hand: Point) -> None:
    sleeve = ROBE if facts.robe else ARMOUR_COLOURS.get(facts.armour, body.cloth)
    pen.line(INK, shoulder, hand, 8.5)
    pen.line(sleeve, shoulder, hand, 6.5)
    pen.circle(INK, hand, 5)
    pen.circle(STEEL if facts.armour == "plate" else body.skin, hand, 3.8)


def draw_lying(pen: Pen, facts: FigureFacts, side: Colour) -> None:
    """A figure fallen on its back across its base: legs, body, arms out, head."""
    kind = facts.kind if facts.kind in BODIES else "man"
    body = BODIES[kind]
    bp = pen.moved(0, -6, body.scale * 0.92)
    cloth = shade(body.cloth, 0.8)
    for sx in (-1, 1):
        bp.line(INK, (sx * 7, 8), (sx * 9, 36), 9)
        bp.line(cloth, (sx * 7, 8), (sx * 9, 36), 7)
        bp.circle((60, 44, 30), (sx * 9, 37), 4.2)
    torso = ARMOUR_COLOURS.get(facts.armour, body.cloth)
    bp.ellipse(INK, (0, 0), 15 * body.width, 16)
    bp.ellipse(torso, (0, 0), 13.5 * body.width, 14.5)
    if kind != "ape":
        bp.poly(side, [(-6, -10), (6, -10), (7, 12), (-7, 12)])
    for sx in (-1, 1):
        bp.line(INK, (sx * 12, -8), (sx * 24, 6), 8)
        bp.line(torso, (sx * 12, -8), (sx * 24, 6), 6)
        bp.circle(body.skin, (sx * 25, 7), 3.8)
    bp.circle(INK, (0, -20), 10.5)
    bp.circle(STEEL if facts.helm else body.skin, (0, -20), 9.2)
    if not facts.helm and body.hair is not None:
        bp.ellipse(body.hair, (0, -24), 8.5, 5)
