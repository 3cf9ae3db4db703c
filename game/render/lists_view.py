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
from dataclasses import dataclass

import pygame

from game.render import lettering
from game.render.dice_tray import Throwing, draw_cup, draw_pool, draw_throw
from game.render.joust_animation import PAST, Floater, PassMoment, PassScript
from game.render.knight_sprite import (
    GOLD,
    HELM,
    Pen,
    draw_helm,
    draw_horse,
    draw_lance,
    draw_rider,
    lance_points,
    shade,
)
from game.render.lists_scenery import (
    Layout,
    barrier,
    caption,
    glow,
    paint_background,
    splinters,
)
from game.render.palette import INK, PAPER
from game.render.tokens import font

Colour = tuple[int, int, int]
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
            self._bg_key, self._bg = key, paint_background(lay, colours)
        return self._bg

    # --- a frame ---------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, pic: ListsPicture, moment: PassMoment | None = None,
             floaters: tuple[Floater, ...] = ()) -> None:
        lay = Layout(*surf.get_size())
        surf.blit(self.background(lay, (pic.a.colour, pic.b.colour)), (0, 0))
        run = moment.run if moment is not None else (PAST if pic.over and pic.ridden else 0.0)
        self._knight(surf, lay, "b", pic.b, run, moment, pic)
        barrier(surf, lay, (pic.a.colour, pic.b.colour))
        self._knight(surf, lay, "a", pic.a, run, moment, pic)
        if moment is not None and 0 <= moment.impact < 1:
            splinters(surf, lay, moment.impact, moment.script.throw)
        self._pass_banner(surf, lay, pic)
        self._tray(surf, lay, pic, moment)
        for f in floaters:
            x = lay.x_at(f.rider, run)
            y = lay.ground(f.rider) - 200 * lay.scale(f.rider) - 40 * f.age
            caption(surf, f.text, round(30 * lay.s), f.colour, (x, y),
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
            glow(surf, pen.p(0, -130), 60 * scale, (230, 40, 30),
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
                caption(surf, word, round(30 * lay.s), colour, (x, y),
                      alpha=min(1.0, moment.special * 4))
        if r.choosing and moment is None and not pic.over:
            x, y = pen.p(0, -210)
            caption(surf, "choosing...", round(20 * lay.s), (255, 240, 190), (x, y))

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
        caption(surf, word, round((28 if pic.over else 34) * s), PAPER, (cx, top + h * 0.36))
        ridden = f"{pic.ridden} {'pass' if pic.ridden == 1 else 'passes'} ridden"
        sub = f"of {pic.passes}" if pic.passes and not pic.over else (
            ridden if pic.over else "till a pool is empty")
        caption(surf, sub, round(18 * s), (240, 220, 170), (cx, top + h * 0.68), shadow=False)

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
                caption(surf, f"{r.chosen_dice} sealed" if r.chosen_dice else "sealed",
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
            caption(surf, pic.prompt, round(22 * s), (255, 244, 214),
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
        caption(surf, text, round(44 * s), GOLD, rect.center, alpha=alpha)


# --- pieces ------------------------------------------------------------------------------------

def _throw_marks(sc: PassScript) -> tuple[tuple[str, str], ...]:
    """A pass that ended the round before any pair counted: the unhorsing triple glows
    (FE-52), the injuring 1s are struck through (FE-53)."""
    if sc.special in ("unhorsed", "helm"):
        return (("b" if sc.victims == ("a",) else "a", "win"),)
    if sc.special == "injury":
        return tuple(("b" if v == "a" else "a", "lose") for v in sc.victims)
    return ()


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
    count = f"{r.pool} {'die' if r.pool == 1 else 'dice'}"
    img = font(round(20 * s)).render(count, True, (255, 240, 200))
    surf.blit(img, img.get_rect(midright=(box.right - 8 * s, box.centery)))
    room = round(box.w - 24 * s - img.get_width())  # beside his dice, never under them
    lettering.line(surf, font(round(22 * s)), r.name, PAPER, room,
                   midleft=(round(box.x + 8 * s), box.centery))
    if r.plate:
        bottom = lay.h - 14 * s
        colour = GOLD if r.winner else (255, 150, 130)
        caption(surf, r.plate, round(19 * s), colour, (box.centerx, bottom), shadow=True)


__all__ = ["ListsPicture", "ListsView", "RiderPicture"]
