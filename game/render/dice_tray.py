"""The dice of the joust: each rider's pool as dice still in his hand, and the tray where a
pass's throws land and are matched highest to highest (FE-50).

Held dice are small cubes in the rider's colour (a pool has no faces until it is thrown);
thrown dice are ivory with a rim of the thrower's colour and show their faces.  A matched
pair's winner glows gold and its loser is struck through in red; a die without a mate fades
(it does not count, FE-50); a lost die falls out of its loser's pool.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import pygame
from pygame import gfxdraw

from game.render.palette import INK
from game.render.tokens import font

Colour = tuple[int, int, int]
IVORY = (246, 240, 222)
PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
        5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}
WIN_GLOW, LOSS_RED = (255, 214, 90), (220, 48, 40)
MAX_ROW = 4  # held dice a row; a bigger pool wraps


@cache
def die_image(size: int, face: int, rim: Colour, mark: str = "") -> pygame.Surface:
    """A thrown die showing `face`, `size` pixels square, rimmed in the thrower's colour;
    `mark` "win" (a gold glow), "lose" (struck through) or "void" (no mate: faded)."""
    pad = max(3, size // 6)
    surf = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    box = pygame.Rect(pad, pad, size, size)
    if mark == "win":
        for k in range(pad, 0, -1):
            pygame.draw.rect(surf, (*WIN_GLOW, 150 - 120 * k // pad), box.inflate(2 * k, 2 * k),
                             border_radius=size // 4 + k)
    pygame.draw.rect(surf, rim, box, border_radius=size // 5)
    pygame.draw.rect(surf, IVORY, box.inflate(-max(4, size // 7), -max(4, size // 7)),
                     border_radius=size // 6)
    pygame.draw.rect(surf, INK, box, 1, border_radius=size // 5)
    r = max(2, size // 11)
    step = size * 0.24
    for dx, dy in PIPS[face]:
        x, y = round(box.centerx + dx * step), round(box.centery + dy * step)
        gfxdraw.filled_circle(surf, x, y, r, INK if face != 1 else (190, 30, 30))
        gfxdraw.aacircle(surf, x, y, r, INK if face != 1 else (190, 30, 30))
    if mark == "lose":
        w = max(3, size // 9)
        pygame.draw.line(surf, LOSS_RED, box.topleft, box.bottomright, w)
        pygame.draw.line(surf, LOSS_RED, box.topright, box.bottomleft, w)
    if mark == "void":
        surf.set_alpha(110)
    return surf


@cache
def held_image(size: int, colour: Colour) -> pygame.Surface:
    """A die still in the rider's hand: a small cube in his colour, three faces showing."""
    d = size * 0.28
    surf = pygame.Surface((round(size + d) + 2, round(size + d) + 2), pygame.SRCALPHA)
    lighter = tuple(min(255, int(c * 1.35) + 30) for c in colour)
    darker = tuple(int(c * 0.6) for c in colour)
    front = [(0, d), (size, d), (size, size + d), (0, size + d)]
    top = [(0, d), (d, 0), (size + d, 0), (size, d)]
    side = [(size, d), (size + d, 0), (size + d, size), (size, size + d)]
    for pts, c in ((front, colour), (top, lighter), (side, darker)):
        gfxdraw.filled_polygon(surf, pts, c)
        gfxdraw.aapolygon(surf, pts, INK)
    r = max(1, size // 10)
    cx, cy = size / 2, d + size / 2
    for dx, dy in PIPS[5]:
        gfxdraw.filled_circle(surf, round(cx + dx * size * 0.25), round(cy + dy * size * 0.25),
                              r, (250, 248, 240))
    gfxdraw.filled_ellipse(surf, round(size / 2 + d / 2), round(d / 2), max(1, r),
                           max(1, r // 2 + 1), (250, 248, 240))
    return surf


@dataclass(frozen=True)
class PoolLayout:
    """Where a rider's held dice sit: the first at `origin`, rows of MAX_ROW growing
    toward the middle of the tray (`inward` +1 right, -1 left)."""

    origin: tuple[float, float]
    size: int
    inward: int

    def slot(self, i: int) -> tuple[float, float]:
        row, col = divmod(i, MAX_ROW)
        gap = self.size * 1.45
        return (self.origin[0] + self.inward * col * gap, self.origin[1] + row * gap)


def draw_pool(surf: pygame.Surface, lay: PoolLayout, colour: Colour, held: int, full: int,
              in_hand: int = 0, falling: int = 0, fall: float = 0.0) -> None:
    """`held` dice in the pool out of the `full` it began with (the lost ones as empty
    places); the last `in_hand` of them thrown (dimmed), and of those the last `falling`
    dropping out, `fall` of the way (0..1)."""
    img = held_image(lay.size, colour)
    for i in range(max(full, held)):
        x, y = lay.slot(i)
        if i >= held:
            rect = pygame.Rect(0, 0, lay.size, lay.size)
            rect.topleft = (round(x), round(y + lay.size * 0.28))
            pygame.draw.rect(surf, (96, 78, 58), rect, 1, border_radius=3)
            continue
        if i >= held - falling and fall > 0:
            drop = img.copy()
            drop.fill((255, 90, 70, 255), special_flags=pygame.BLEND_RGBA_MULT)
            drop.set_alpha(round(255 * (1 - fall)))
            surf.blit(drop, (x + lay.inward * 8 * fall, y + 90 * fall * fall))
            continue
        if i >= held - in_hand:
            faded = img.copy()
            faded.set_alpha(90)
            surf.blit(faded, (x, y))
        else:
            surf.blit(img, (x, y))


def draw_cup(surf: pygame.Surface, centre: tuple[float, float], size: float, label: str,
             colour: Colour) -> None:
    """The sealed throw (FE-48): a leather dice cup turned over, a wax seal in the rider's
    colour; `label` on it ("?" unless the viewer may know the number)."""
    x, y = centre
    w, h = size, size * 1.1
    pts = [(x - w * 0.38, y - h / 2), (x + w * 0.38, y - h / 2), (x + w / 2, y + h / 2),
           (x - w / 2, y + h / 2)]
    gfxdraw.filled_polygon(surf, pts, (120, 74, 40))
    gfxdraw.aapolygon(surf, pts, INK)
    pygame.draw.line(surf, (160, 108, 64), (x - w * 0.45, y + h * 0.3),
                     (x + w * 0.45, y + h * 0.3), max(1, round(size / 14)))
    r = round(size * 0.27)
    gfxdraw.filled_circle(surf, round(x), round(y), r, colour)
    gfxdraw.aacircle(surf, round(x), round(y), r, INK)
    img = font(max(12, round(size * 0.42))).render(label, True, (255, 255, 255))
    surf.blit(img, img.get_rect(center=(round(x), round(y) + 1)))


@dataclass(frozen=True)
class Throwing:
    """The dice of one pass in the tray, and how far the tray has got."""

    dice_a: tuple[int, ...]
    dice_b: tuple[int, ...]
    pairs: tuple[tuple[int, int, str | None], ...]
    landed: float  # 0..1 the dice in flight
    matched: float  # pairs matched so far
    unmated: float  # 0..1 the dice without a mate fading
    alpha: float = 1.0  # the tray clearing away
    marks: tuple[tuple[str, str], ...] = ()  # (side, mark) for a whole throw: a triple
    # that unhorses glows ("win", FE-52), all 1s that injure are struck ("lose", FE-53)


def row_slots(centre_x: float, y: float, n: int, size: int) -> list[tuple[float, float]]:
    gap = size * 1.7
    return [(centre_x + (i - (n - 1) / 2) * gap, y) for i in range(n)]


def draw_throw(surf: pygame.Surface, t: Throwing, centre_x: float, y_b: float, y_a: float,
               size: int, colours: tuple[Colour, Colour],
               origin: Callable[[str, int], tuple[float, float]], seed: int) -> None:
    """Both throws: B's row at `y_b`, A's at `y_a`, columns paired high to high.  In
    flight each die leaves its pool (`origin(side, i)`) and tumbles in an arc."""
    n = max(len(t.dice_a), len(t.dice_b))
    if n == 0 or t.alpha <= 0:
        return
    for side, dice, y, rim in (("b", t.dice_b, y_b, colours[1]), ("a", t.dice_a, y_a,
                                                                     colours[0])):
        slots = row_slots(centre_x, y, n, size)
        for i, face in enumerate(dice):
            mark = dict(t.marks).get(side, "") if t.landed >= 1 else ""
            if i < len(t.pairs) and t.matched > i + 0.5:
                winner = t.pairs[i][2]
                mark = "" if winner is None else "win" if winner == side else "lose"
            elif t.pairs and i >= len(t.pairs) and t.unmated > 0.5:
                mark = "void"
            k = min(1.0, max(0.0, t.landed * 1.25 - 0.08 * i))  # a little one after another
            if k <= 0:
                continue
            sx, sy = origin(side, i)
            ex, ey = slots[i]
            x = sx + (ex - sx) * k
            y0 = sy + (ey - sy) * k - math.sin(math.pi * k) * size * 2.2
            shown = face if k >= 1 else 1 + (seed + i * 7 + int(k * 11)) % 6
            img = die_image(size, shown, rim, mark)
            if k < 1:
                img = pygame.transform.rotate(img, (1 - k) * 540 * (1 if side == "a" else -1))
            if t.alpha < 1:
                img = img.copy()
                img.set_alpha(round(255 * t.alpha))
            surf.blit(img, img.get_rect(center=(round(x), round(y0))))
    # the pair marks between the rows
    for i, (_, _, winner) in enumerate(t.pairs):
        if t.matched <= i:
            continue
        k = min(1.0, t.matched - i)
        x = row_slots(centre_x, y_a, n, size)[i][0]
        top, bottom = y_b + size * 0.62, y_a - size * 0.62
        mid = top + (bottom - top) * k
        colour = (200, 200, 200) if winner is None else WIN_GLOW
        pygame.draw.line(surf, colour, (x, top), (x, mid), max(2, size // 12))
        if k >= 1:  # a gold arrowhead toward the pair's winner, or "=" for a tie
            cy, r = (top + bottom) / 2, size * 0.22
            if winner is None:
                img = font(max(12, size // 2)).render("=", True, colour)
                surf.blit(img, img.get_rect(center=(x + size * 0.5, cy)))
            else:
                d = -1 if winner == "b" else 1
                pts = [(x, cy + d * r * 1.2), (x - r, cy - d * r * 0.4), (x + r, cy - d * r * 0.4)]
                gfxdraw.filled_polygon(surf, pts, colour)
                gfxdraw.aapolygon(surf, pts, INK)


__all__ = ["PoolLayout", "Throwing", "die_image", "draw_cup", "draw_pool", "draw_throw",
           "held_image", "row_slots"]
