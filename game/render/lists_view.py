"""The lists of a joust, drawn: the stands and the crowd, the tilt barrier down the middle,
the two knights at their ends in their sides' colours, each one's dice pool, the pass being
ridden, and the tray where the throws are matched.

`ListsView.draw` paints a `ListsPicture` (what the scene read from the shown state: names,
colours, pools, who has chosen, who is unhorsed …) and, while a pass is animated, the
`PassMoment` of `game.render.joust_animation`.  It reads nothing else and changes nothing.
Side A's knight rides the near side of the barrier from the left, B's the far side from the
right; their pools sit at their ends of the tray, A's throw under B's in the middle.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.render.dice_tray import PoolLayout, Throwing, draw_cup, draw_pool, draw_throw
from game.render.joust_animation import PAST, Floater, PassMoment, PassScript
from game.render.knight_sprite import (
    GOLD,
    HELM,
    SHIELD,
    Pen,
    draw_helm,
    draw_horse,
    draw_lance,
    draw_rider,
    lance_points,
    shade,
)
from game.render.palette import INK, PAPER
from game.render.tokens import font

Colour = tuple[int, int, int]
KNIGHT = 1.22  # a knight's size against the rest of the lists
FAR = 0.84  # the far knight's size against the near one's
SAND, SKY_TOP, SKY_LOW = (212, 188, 138), (96, 150, 214), (204, 222, 236)
FALLEN = (-95.0, (-6.0, -100.0), (-52.0, 86.0))  # angle, pivot, shift of a rider on the ground
SPECIAL_WORDS = {"unhorsed": ("Unhorsed!", GOLD), "helm": ("Helm tipped off!", GOLD),
                 "injury": ("Injured!", (255, 96, 72))}


@dataclass(frozen=True)
class RiderPicture:
    """One knight as the viewer may see him."""

    name: str
    colour: Colour
    coat: Colour
    pool: int  # dice held
    full: int  # dice at the start of the round (FE-47)
    chosen: bool = False  # has chosen his throw this pass (FE-48)
    chosen_dice: int = 0  # how many, only if the viewer may know; else 0
    choosing: bool = False
    mounted: bool = True
    helm_off: bool = False
    slumped: bool = False  # injured (FE-53)
    down: bool = False  # at 0 HP or below
    plate: str = ""  # what has become of him, in words
    winner: bool = False


@dataclass(frozen=True)
class ListsPicture:
    a: RiderPicture
    b: RiderPicture
    pass_no: int  # the pass being ridden, or the next one
    passes: int | None = None  # the GM's limit of rides (FE-46 (b)), if any
    over: bool = False
    ridden: int = 0
    prompt: str = ""  # words in the middle of the tray between passes
    banner: str = ""  # the big words over the field
    banner_alpha: float = 0.0


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


def _text(surf: pygame.Surface, text: str, size: int, colour: Colour,
          centre: tuple[float, float], shadow: bool = True, alpha: float = 1.0) -> pygame.Rect:
    img = font(size).render(text, True, colour)
    rect = img.get_rect(center=(round(centre[0]), round(centre[1])))
    if shadow:
        back = font(size).render(text, True, INK)
        back.set_alpha(round(200 * alpha))
        surf.blit(back, rect.move(2, 2))
    img.set_alpha(round(255 * alpha))
    surf.blit(img, rect)
    return rect


class ListsView:
    """Draws the lists.  The background (sky, stands, crowd, field) is painted once per
    board size and pair of colours."""

    def __init__(self) -> None:
        self._bg_key: tuple = ()
        self._bg: pygame.Surface | None = None

    # --- the scenery -----------------------------------------------------------------------

    def background(self, lay: Layout, colours: tuple[Colour, Colour]) -> pygame.Surface:
        key = (lay.w, lay.h, colours)
        if self._bg is None or self._bg_key != key:
            self._bg_key, self._bg = key, _paint_background(lay, colours)
        return self._bg

    # --- a frame ---------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, pic: ListsPicture, moment: PassMoment | None = None,
             floaters: tuple[Floater, ...] = ()) -> None:
        lay = Layout(*surf.get_size())
        surf.blit(self.background(lay, (pic.a.colour, pic.b.colour)), (0, 0))
        run = moment.run if moment is not None else (PAST if pic.over and pic.ridden else 0.0)
        self._knight(surf, lay, "b", pic.b, run, moment, pic)
        _barrier(surf, lay, (pic.a.colour, pic.b.colour))
        self._knight(surf, lay, "a", pic.a, run, moment, pic)
        if moment is not None and 0 <= moment.impact < 1:
            _splinters(surf, lay, moment.impact, moment.script.throw)
        self._pass_banner(surf, lay, pic)
        self._tray(surf, lay, pic, moment)
        for f in floaters:
            x = lay.x_at(f.rider, run)
            y = lay.ground(f.rider) - 200 * lay.scale(f.rider) - 40 * f.age
            _text(surf, f.text, round(30 * lay.s), f.colour, (x, y),
                  alpha=max(0.0, 1 - f.age / f.life))
        if pic.banner and pic.banner_alpha > 0:
            self._banner(surf, lay, pic.banner, pic.banner_alpha)

    # --- the knights -----------------------------------------------------------------------

    def _knight(self, surf: pygame.Surface, lay: Layout, side: str, r: RiderPicture,
                run: float, moment: PassMoment | None, pic: ListsPicture) -> None:
        facing = 1 if side == "a" else -1
        if moment is not None and moment.returning:
            facing = -facing
        scale = lay.scale(side)
        ground = (lay.x_at(side, run), lay.ground(side))
        pen = Pen(ground, scale, facing)
        moving = moment is not None and moment.gallop > 0
        draw_horse(surf, pen, r.coat, r.colour, moment.gallop if moment else 0.0, moving)
        special = moment.script.special if moment is not None else ""
        victim = moment is not None and side in moment.script.victims
        k = moment.special if moment is not None and victim else 0.0
        helm = not r.helm_off and not (special == "helm" and victim and k > 0)
        if (special == "unhorsed" and victim and k > 0) or not r.mounted:
            k = k if r.mounted else 1.0
            angle, pivot, shift = FALLEN
            rider = pen.turned(angle * k, pivot, (shift[0] * k, shift[1] * k * k))
        elif (special == "injury" and victim and k > 0) or (r.slumped and not r.down):
            k = k if not r.slumped else 1.0
            _glow(surf, pen.p(0, -130), 60 * scale, (230, 40, 30),
                  0.5 * (1 - abs(math.cos(k * math.pi * 3))) if k < 1 else 0.25)
            rider = pen.turned(24 * k, (-6.0, -100.0))
        elif r.down:
            angle, pivot, shift = FALLEN
            rider = pen.turned(angle, pivot, shift)
        else:
            rider = pen
        if not r.mounted or r.down:
            pass  # the lance lies with him: not drawn
        else:
            self._lance(surf, lay, side, r, rider, moment)
        draw_rider(surf, rider, r.colour, helm=helm)
        if special == "helm" and victim and 0 < k < 1:
            flying = Pen(pen.p(HELM[0] - 90 * k, HELM[1] - 120 * k + 250 * k * k), scale,
                         pen.facing).turned(-540 * k, (0.0, 0.0))
            draw_helm(surf, flying, r.colour)
        elif r.helm_off or (special == "helm" and victim and k >= 1):
            draw_helm(surf, Pen(pen.p(-80, -12), scale, pen.facing).turned(100, (0.0, 0.0)),
                      r.colour)
        if moment is not None and special and moment.special > 0:
            x, y = pen.p(0, -215)
            if victim:
                word, colour = SPECIAL_WORDS[special]
            elif special == "injury":  # the thrower of the 1s (FE-53)
                word, colour = "Ejected in dishonour!", (200, 200, 210)
            else:
                word, colour = "", GOLD
            if word:
                _text(surf, word, round(30 * lay.s), colour, (x, y),
                      alpha=min(1.0, moment.special * 4))
        if r.choosing and moment is None and not pic.over:
            x, y = pen.p(0, -210)
            _text(surf, "choosing...", round(20 * lay.s), (255, 240, 190), (x, y))

    def _lance(self, surf: pygame.Surface, lay: Layout, side: str, r: RiderPicture,
               rider: Pen, moment: PassMoment | None) -> None:
        other = "b" if side == "a" else "a"
        hand = Pen((lay.meet_x(side), lay.ground(side)), lay.scale(side),
                   1 if side == "a" else -1).p(12, -124)
        target = lay.shield_at_meeting(other)
        length = math.dist(hand, target)
        hx, hy = rider.p(12, -124)
        # couched: aimed as it will be at the meeting; raised: upright, tilted forward
        aim = (target[0] - hand[0], target[1] - hand[1])
        up = (rider.facing * 0.2, -1.0)
        lower = 1.0
        broken = False
        if moment is None:
            lower = 0.0
        elif moment.returning:
            lower, broken = 0.0, True
        elif moment.impact >= 0:
            broken = True
        else:
            lower = min(1.0, moment.run * 3.0)
        na, nu = math.hypot(*aim), math.hypot(*up)
        dx = (aim[0] / na) * lower + (up[0] / nu) * (1 - lower)
        dy = (aim[1] / na) * lower + (up[1] / nu) * (1 - lower)
        d = math.hypot(dx, dy) or 1.0
        reach = length * (0.42 if broken else 1.0 if lower > 0 else 0.8)
        butt, tip = lance_points(rider, (hx + dx / d * 100, hy + dy / d * 100), reach)
        draw_lance(surf, butt, tip, r.colour, lay.scale(side), broken)

    # --- words and the tray ----------------------------------------------------------------

    def _pass_banner(self, surf: pygame.Surface, lay: Layout, pic: ListsPicture) -> None:
        s = lay.s
        cx, top = lay.w / 2, 8 * s
        w, h = 170 * s, 74 * s
        pts = [(cx - w / 2, top), (cx + w / 2, top), (cx + w / 2, top + h * 0.75),
               (cx, top + h), (cx - w / 2, top + h * 0.75)]
        pygame.draw.polygon(surf, (120, 24, 30), pts)
        pygame.draw.polygon(surf, GOLD, pts, max(2, round(3 * s)))
        word = "Round over" if pic.over else f"Pass {pic.pass_no}"
        _text(surf, word, round((28 if pic.over else 34) * s), PAPER, (cx, top + h * 0.36))
        ridden = f"{pic.ridden} {'pass' if pic.ridden == 1 else 'passes'} ridden"
        sub = f"of {pic.passes}" if pic.passes and not pic.over else (
            ridden if pic.over else "till a pool is empty")
        _text(surf, sub, round(18 * s), (240, 220, 170), (cx, top + h * 0.68), shadow=False)

    def _tray(self, surf: pygame.Surface, lay: Layout, pic: ListsPicture,
              moment: PassMoment | None) -> None:
        s = lay.s
        for side, r in (("a", pic.a), ("b", pic.b)):
            pool = lay.pool(side)
            in_hand = falling = 0
            fall = 0.0
            if moment is not None:
                sc = moment.script
                in_hand = len(sc.dice_a if side == "a" else sc.dice_b)
                falling = sc.lost_a if side == "a" else sc.lost_b
                fall = moment.fallen
            _plate(surf, lay, side, r)
            draw_pool(surf, pool, r.colour, r.pool, r.full, in_hand, falling, fall)
            if r.chosen and moment is None and not pic.over:
                x = lay.w * (0.205 if side == "a" else 0.795)
                draw_cup(surf, (x, pool.origin[1] + 10 * s), 44 * s,
                         str(r.chosen_dice) if r.chosen_dice else "?", r.colour)
                _text(surf, f"{r.chosen_dice} sealed" if r.chosen_dice else "sealed",
                      round(16 * s), PAPER, (x, pool.origin[1] + 48 * s), shadow=False)
        size = max(16, round(38 * s))
        y_b = lay.tray_top + (lay.h - lay.tray_top) * 0.3
        y_a = lay.tray_top + (lay.h - lay.tray_top) * 0.74
        if moment is not None:
            sc = moment.script
            throwing = Throwing(sc.dice_a, sc.dice_b, sc.pairs, moment.landed, moment.matched,
                                moment.unmated, 1.0 - moment.clearing, _throw_marks(sc))

            def origin(side: str, i: int) -> tuple[float, float]:
                lay_p = lay.pool(side)
                held = pic.a.pool if side == "a" else pic.b.pool
                x, y = lay_p.slot(max(0, held - 1 - i))
                return (x + lay_p.size / 2, y + lay_p.size / 2)

            draw_throw(surf, throwing, lay.w / 2, y_b, y_a, size, (pic.a.colour, pic.b.colour),
                       origin, sc.throw * 13)
        elif pic.prompt:
            _text(surf, pic.prompt, round(22 * s), (255, 244, 214),
                  (lay.w / 2, (lay.tray_top + lay.h) / 2))

    def _banner(self, surf: pygame.Surface, lay: Layout, text: str, alpha: float) -> None:
        s = lay.s
        img = font(round(44 * s)).render(text, True, GOLD)
        w = img.get_width() + 80 * s
        h = img.get_height() + 30 * s
        box = pygame.Surface((round(w), round(h)), pygame.SRCALPHA)
        box.fill((30, 20, 16, round(200 * alpha)))
        pygame.draw.rect(box, (*GOLD, round(255 * alpha)), box.get_rect(), max(2, round(3 * s)))
        rect = box.get_rect(center=(round(lay.w / 2), round(lay.h * 0.2)))
        surf.blit(box, rect)
        _text(surf, text, round(44 * s), GOLD, rect.center, alpha=alpha)


# --- pieces ------------------------------------------------------------------------------------

def _throw_marks(sc: PassScript) -> tuple[tuple[str, str], ...]:
    """A pass that ended the round before any pair counted: the unhorsing triple glows
    (FE-52), the injuring 1s are struck through (FE-53)."""
    if sc.special in ("unhorsed", "helm"):
        return (("b" if sc.victims == ("a",) else "a", "win"),)
    if sc.special == "injury":
        return tuple(("b" if v == "a" else "a", "lose") for v in sc.victims)
    return ()


def _glow(surf: pygame.Surface, at: tuple[float, float], radius: float, colour: Colour,
          strength: float) -> None:
    if strength <= 0:
        return
    r = max(2, round(radius))
    spot = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    for k in range(r, 0, -max(1, r // 8)):
        pygame.draw.circle(spot, (*colour, round(120 * strength * (1 - k / r) + 10)), (r, r), k)
    surf.blit(spot, (round(at[0]) - r, round(at[1]) - r))


def _plate(surf: pygame.Surface, lay: Layout, side: str, r: RiderPicture) -> None:
    """The rider's name on a banner of his colour above his pool, his dice and his fate."""
    s = lay.s
    w, h = lay.w * 0.25, 34 * s
    x = lay.w * 0.02 if side == "a" else lay.w * 0.98 - w
    y = lay.tray_top + 8 * s
    box = pygame.Rect(round(x), round(y), round(w), round(h))
    pygame.draw.rect(surf, shade(r.colour, 0.8), box, border_radius=round(6 * s))
    pygame.draw.rect(surf, GOLD if r.winner else INK, box, max(1, round(2 * s)),
                     border_radius=round(6 * s))
    name = font(round(22 * s)).render(r.name, True, PAPER)
    if name.get_width() > box.w - 16 * s:
        name = pygame.transform.smoothscale(name, (round(box.w - 16 * s), name.get_height()))
    surf.blit(name, name.get_rect(midleft=(box.x + 8 * s, box.centery)))
    count = f"{r.pool} {'die' if r.pool == 1 else 'dice'}"
    img = font(round(20 * s)).render(count, True, (255, 240, 200))
    surf.blit(img, img.get_rect(midright=(box.right - 8 * s, box.centery)))
    if r.plate:
        bottom = lay.h - 14 * s
        colour = GOLD if r.winner else (255, 150, 130)
        _text(surf, r.plate, round(19 * s), colour, (box.centerx, bottom), shadow=True)


def _barrier(surf: pygame.Surface, lay: Layout, colours: tuple[Colour, Colour]) -> None:
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


def _splinters(surf: pygame.Surface, lay: Layout, k: float, seed: int) -> None:
    """The lances meeting: a flash where each strikes, and splinters flying."""
    rng = random.Random(seed)
    for side in ("a", "b"):
        x, y = lay.shield_at_meeting(side)
        _glow(surf, (x, y), 70 * lay.s * (1 - k * 0.5), (255, 250, 220), 1 - k)
        for _ in range(14):
            a = rng.uniform(0, 2 * math.pi)
            v = rng.uniform(60, 180) * lay.s
            px = x + math.cos(a) * v * k
            py = y + math.sin(a) * v * k + 160 * lay.s * k * k
            ln = rng.uniform(6, 14) * lay.s
            pygame.draw.line(surf, (218, 196, 150), (px, py),
                             (px + math.cos(a + k * 6) * ln, py + math.sin(a + k * 6) * ln),
                             max(1, round(3 * lay.s * (1 - k) + 1)))


def _paint_background(lay: Layout, colours: tuple[Colour, Colour]) -> pygame.Surface:
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


__all__ = ["Layout", "ListsPicture", "ListsView", "RiderPicture"]
