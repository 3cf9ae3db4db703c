"""The scenery of the lists and where everything stands on them: the sky, the stands and
their crowd, the raked sand, the tilt barrier hung with both riders' colours, the trestle
table of the dice, and the splinters of two lances meeting.

`Layout` is the geometry every part of the lists view shares, for a board of any size: the
far knight rides behind the barrier and is drawn smaller, the near one in front of it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.render.dice_tray import PoolLayout
from game.render.knight_sprite import SHIELD, Pen, shade
from game.render.palette import INK
from game.render.tokens import font

Colour = tuple[int, int, int]
KNIGHT = 1.22  # a knight's size against the rest of the lists
FAR = 0.84  # the far knight's size against the near one's
SAND, SKY_TOP, SKY_LOW = (212, 188, 138), (96, 150, 214), (204, 222, 236)


@dataclass(frozen=True)
class Layout:
    """Every place on the lists for a board of this size."""

    w: int
    h: int

    @property
    def s(self) -> float:
        return max(0.5, min(1.4, self.w / 1000, self.h / 780))

    @property
    def field_top(self) -> int:
        return round(self.h * 0.27)

    @property
    def tray_top(self) -> int:
        return round(self.h * 0.75)

    @property
    def barrier_y(self) -> float:
        return self.field_top + (self.tray_top - self.field_top) * 0.48

    def ground(self, side: str) -> float:
        """The near knight's hooves in front of the barrier; the far one's hidden behind it."""
        return self.barrier_y + (122 * self.s if side == "a" else 4 * self.s)

    def scale(self, side: str) -> float:
        return self.s * KNIGHT * (1.0 if side == "a" else FAR)

    def end_x(self, side: str) -> float:
        return self.w * (0.12 if side == "a" else 0.88)

    def meet_x(self, side: str) -> float:
        return self.w / 2 + (-1 if side == "a" else 1) * 170 * self.s

    def x_at(self, side: str, run: float) -> float:
        return self.end_x(side) + (self.meet_x(side) - self.end_x(side)) * run

    def shield_at_meeting(self, side: str) -> tuple[float, float]:
        return Pen((self.meet_x(side), self.ground(side)), self.scale(side),
                   1 if side == "a" else -1).p(*SHIELD)

    def pool(self, side: str) -> PoolLayout:
        size = max(12, round(24 * self.s))
        y = self.tray_top + (self.h - self.tray_top) * 0.46
        if side == "a":
            return PoolLayout((self.w * 0.03, y), size, 1)
        return PoolLayout((self.w * 0.97 - size * 1.3, y), size, -1)


def caption(surf: pygame.Surface, words: str, size: int, colour: Colour,
         centre: tuple[float, float], shadow: bool = True, alpha: float = 1.0) -> pygame.Rect:
    """`words` centred on `centre`, with a dark shadow so they read on sand and on sky."""
    img = font(size).render(words, True, colour)
    rect = img.get_rect(center=(round(centre[0]), round(centre[1])))
    if shadow:
        back = font(size).render(words, True, INK)
        back.set_alpha(round(200 * alpha))
        surf.blit(back, rect.move(2, 2))
    img.set_alpha(round(255 * alpha))
    surf.blit(img, rect)
    return rect


def glow(surf: pygame.Surface, at: tuple[float, float], radius: float, colour: Colour,
          strength: float) -> None:
    if strength <= 0:
        return
    r = max(2, round(radius))
    spot = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    for k in range(r, 0, -max(1, r // 8)):
        pygame.draw.circle(spot, (*colour, round(120 * strength * (1 - k / r) + 10)), (r, r), k)
    surf.blit(spot, (round(at[0]) - r, round(at[1]) - r))


def barrier(surf: pygame.Surface, lay: Layout, colours: tuple[Colour, Colour]) -> None:
    """The tilt: a wooden barrier down the length of the lists, hung with cloth in both
    riders' colours."""
    s = lay.s
    x0, x1 = lay.w * 0.05, lay.w * 0.95
    top, bottom = lay.barrier_y - 40 * s, lay.barrier_y + 6 * s
    pygame.draw.rect(surf, shade(SAND, 0.78), (x0 + 6 * s, bottom, x1 - x0, 7 * s))
    n = max(8, round((x1 - x0) / (46 * s)))
    seg = (x1 - x0) / n
    for i in range(n):
        c = colours[i % 2]
        rect = pygame.Rect(round(x0 + i * seg), round(top + 8 * s), math.ceil(seg),
                           round(bottom - top - 8 * s))
        pygame.draw.rect(surf, c, rect)
        pygame.draw.rect(surf, shade(c, 0.7), rect.inflate(0, -rect.h * 0.6).move(0, rect.h * 0.3))
    pygame.draw.rect(surf, (112, 74, 40), (round(x0 - 4 * s), round(top), round(x1 - x0 + 8 * s),
                                           round(10 * s)))
    pygame.draw.line(surf, (160, 116, 70), (x0, top + 2 * s), (x1, top + 2 * s),
                     max(1, round(2 * s)))
    for i in range(n + 1):
        x = x0 + i * seg
        pygame.draw.rect(surf, (90, 58, 32), (round(x - 4 * s), round(top - 6 * s), round(8 * s),
                                              round(bottom - top + 8 * s)))
    pygame.draw.rect(surf, INK, (round(x0 - 4 * s), round(top), round(x1 - x0 + 8 * s),
                                 round(bottom - top)), 1)


def splinters(surf: pygame.Surface, lay: Layout, k: float, seed: int) -> None:
    """The lances meeting: a flash where each strikes, and splinters flying."""
    rng = random.Random(seed)
    for side in ("a", "b"):
        x, y = lay.shield_at_meeting(side)
        glow(surf, (x, y), 70 * lay.s * (1 - k * 0.5), (255, 250, 220), 1 - k)
        for _ in range(14):
            a = rng.uniform(0, 2 * math.pi)
            v = rng.uniform(60, 180) * lay.s
            px = x + math.cos(a) * v * k
            py = y + math.sin(a) * v * k + 160 * lay.s * k * k
            ln = rng.uniform(6, 14) * lay.s
            pygame.draw.line(surf, (218, 196, 150), (px, py),
                             (px + math.cos(a + k * 6) * ln, py + math.sin(a + k * 6) * ln),
                             max(1, round(3 * lay.s * (1 - k) + 1)))


def paint_background(lay: Layout, colours: tuple[Colour, Colour]) -> pygame.Surface:
    w, h, s = lay.w, lay.h, lay.s
    bg = pygame.Surface((w, h))
    rng = random.Random(1066)
    horizon = lay.field_top
    for y in range(horizon):
        k = y / max(1, horizon)
        bg.fill(tuple(round(a + (b - a) * k) for a, b in zip(SKY_TOP, SKY_LOW, strict=True)),
                (0, y, w, 1))
    hills = [(0, horizon)] + [(x, horizon - (30 + 24 * math.sin(x / (90 * s) + 1.3)) * s)
                              for x in range(0, w + 20, 20)] + [(w, horizon)]
    pygame.draw.polygon(bg, (120, 150, 120), hills)
    # the stands: a timber grandstand under a striped canopy, full of people
    st_top, st_bot = h * 0.11, horizon
    pygame.draw.rect(bg, (108, 76, 48), (0, st_top + 26 * s, w, st_bot - st_top - 26 * s))
    rows = max(3, round((st_bot - st_top - 34 * s) / (13 * s)))
    for row in range(rows):
        y = st_top + 34 * s + row * 13 * s
        pygame.draw.line(bg, (80, 54, 32), (0, y + 9 * s), (w, y + 9 * s), max(1, round(2 * s)))
        x = rng.uniform(0, 8) * s
        while x < w:
            c = rng.choice([colours[0], colours[1], (230, 220, 200), (90, 70, 120),
                            (60, 110, 70), (200, 160, 60), (170, 60, 50)])
            pygame.draw.circle(bg, shade(c, 0.9), (round(x), round(y + 6 * s)), round(5 * s))
            pygame.draw.circle(bg, (226, 184, 150), (round(x), round(y)), round(3.5 * s))
            x += rng.uniform(9, 14) * s
    stripe = 40 * s
    for i in range(int(w / stripe) + 2):
        c = (236, 226, 200) if i % 2 else (150, 30, 40)
        x = i * stripe
        pygame.draw.rect(bg, c, (round(x), round(st_top), math.ceil(stripe), round(22 * s)))
        pygame.draw.circle(bg, c, (round(x + stripe / 2), round(st_top + 22 * s)),
                           round(stripe / 2))
    for i, x in enumerate(range(round(60 * s), w, max(60, round(170 * s)))):
        pygame.draw.line(bg, (70, 50, 30), (x, st_top - 40 * s), (x, st_top), max(1, round(3 * s)))
        c = colours[i % 2]
        pygame.draw.polygon(bg, c, [(x, st_top - 40 * s), (x + 34 * s, st_top - 32 * s),
                                    (x, st_top - 24 * s)])
    # the field: raked sand, a lighter track either side of the tilt
    pygame.draw.rect(bg, SAND, (0, horizon, w, lay.tray_top - horizon))
    for side in ("a", "b"):
        g = lay.ground(side)
        pygame.draw.rect(bg, shade(SAND, 1.12), (0, round(g - 10 * s), w, round(18 * s)))
    for _ in range(w * (lay.tray_top - horizon) // 260):
        x, y = rng.uniform(0, w), rng.uniform(horizon, lay.tray_top)
        bg.set_at((round(x), round(y)), shade(SAND, rng.uniform(0.82, 0.95)))
    pygame.draw.line(bg, (150, 120, 80), (0, horizon), (w, horizon), max(1, round(3 * s)))
    # the tray: a trestle table of dark wood with a green baize
    tray = pygame.Rect(0, lay.tray_top, w, h - lay.tray_top)
    pygame.draw.rect(bg, (86, 56, 34), tray)
    pygame.draw.rect(bg, (36, 84, 56), tray.inflate(-round(w * 0.48), -round(16 * s)),
                     border_radius=round(10 * s))
    pygame.draw.line(bg, (140, 100, 60), tray.topleft, tray.topright, max(2, round(4 * s)))
    return bg




__all__ = ["FAR", "KNIGHT", "SAND", "Layout", "barrier", "caption", "glow",
           "paint_background", "splinters"]
