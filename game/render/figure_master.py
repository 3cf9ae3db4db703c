"""The master picture of a miniature: base, body and kit composed for its facts, its side's
colour and its pose (standing, lying, dead), facing up, large.  Made once per look and kept;
`figure_sprites` scales and turns it to each zoom and facing.

Poses: "stand"; "lying" (prone, knocked down, unconscious, dying: the figure down across its
base); "dead" (the figure fallen and greyed, with a marker on the base).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pygame

from game.render.figure_art import (
    BASE,
    BODIES,
    INK,
    MASTER,
    Colour,
    Pen,
    base_radii,
    canvas,
    draw_arm,
    draw_base,
    draw_head,
    draw_lying,
    draw_torso,
)
from game.render.figure_beasts import BEASTS, draw_horse
from game.render.figure_facts import FigureFacts
from game.render.figure_kit import draw_kit, hands_for

POSES = ("stand", "lying", "dead")


def draw_humanoid(pen: Pen, facts: FigureFacts, side: Colour) -> None:
    """A standing figure: arms, weapon and shield placed for what it carries."""
    kind = facts.kind if facts.kind in BODIES else "man"
    body = BODIES[kind]
    bp = pen.moved(0, 0, body.scale * 1.15)
    w = 22 * body.width
    right, left = hands_for(facts)
    draw_kit(bp, facts, side, behind=True)
    draw_torso(bp, body, facts, side)
    draw_arm(bp, body, facts, (w - 5, 0), right)
    draw_arm(bp, body, facts, (-(w - 5), 0), left)
    draw_kit(bp, facts, side, behind=False)
    draw_head(bp, kind, body, facts)


def _figure(facts: FigureFacts, side: Colour) -> pygame.Surface:
    """The figure without its base, standing, on a clear master canvas."""
    surf = canvas()
    pen = Pen(surf)
    if facts.kind in BEASTS:
        k = {"large": 1.25, "huge": 1.5}.get(facts.size, 1.0)
        BEASTS[facts.kind](pen.moved(0, 0, k), side)
    elif facts.mounted:
        draw_horse(pen, side)
        draw_humanoid(pen.moved(0, 6, 0.9), facts, side)
    else:
        draw_humanoid(pen, facts, side)
    return surf


def _grey(surf: pygame.Surface, k: float) -> None:
    """Desaturate and darken a picture in place (a dead figure's paint)."""
    grey = pygame.transform.grayscale(surf)
    surf.fill((0, 0, 0, 0))
    surf.blit(grey, (0, 0))
    surf.fill((int(255 * k), int(255 * k), int(255 * k), 255),
              special_flags=pygame.BLEND_RGBA_MULT)


@lru_cache(maxsize=128)
def master(facts: FigureFacts, side: Colour, pose: str = "stand"
           ) -> tuple[pygame.Surface, int, int]:
    """The master picture, cropped, and where the figure's centre lies in it."""
    surf = canvas()
    pen = Pen(surf)
    rx, ry = base_radii(facts)
    draw_base(pen, side, rx, ry)
    if pose == "stand":
        surf.blit(_figure(facts, side), (0, 0))
    else:
        if facts.kind in BEASTS or facts.mounted:
            # down with nothing in hand: the horse on its side, the rider's arms empty
            empty = replace(facts, weapon="none", missile="", offhand="", shield="")
            fallen = pygame.transform.rotate(_figure(empty, side), 90)
        else:
            fallen = canvas()
            draw_lying(Pen(fallen), facts, side)
            fallen = pygame.transform.rotate(fallen, 90)
        if pose == "dead":
            _grey(fallen, 0.8)
            fallen.set_alpha(210)
        surf.blit(fallen, fallen.get_rect(center=surf.get_rect().center))
        if pose == "dead":  # the marker: a dark cross over the fallen figure
            r = min(rx, ry) * 0.55
            for a, b in (((-r, -r), (r, r)), ((-r, r), (r, -r))):
                pen.line(INK, a, b, 7)
                pen.line((150, 30, 26), a, b, 4.5)
    box = surf.get_bounding_rect()
    c = surf.get_width() // 2
    return surf.subsurface(box).copy(), c - box.x, c - box.y


def master_scale(radius: float) -> float:
    """The factor that brings a master picture to a base of `radius` screen pixels."""
    return radius / (BASE * MASTER)
