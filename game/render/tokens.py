"""Unit tokens: side colour, a facing wedge on the hexside it faces, its glyph, a health bar,
and how badly off it is (down figures greyed, the dead faded with a cross)."""

from __future__ import annotations

from functools import cache

import pygame

from game.render.palette import HIGHLIGHT, INK, PAPER
from rules.state import ACTIVE, DEAD, GONE, Unit


@cache
def _font(size: int, bold: bool) -> pygame.font.Font:
    f = pygame.font.Font(None, max(8, size))
    f.set_bold(bold)
    return f


def font(size: int, bold: bool = True) -> pygame.font.Font:
    """The token font at `size`, made once; made again if pygame's font module was shut down
    and started since (a font from before cannot draw: a new window after `pygame.quit`)."""
    f = _font(size, bold)
    try:
        f.get_height()
    except pygame.error:
        _font.cache_clear()
        f = _font(size, bold)
    return f


@cache
def glyph_image(glyph: str, size: int, active: bool) -> pygame.Surface:
    return font(size).render(glyph, True, PAPER if active else INK)


def forget_fonts() -> None:
    """Drop every font and glyph made so far (a new window after `pygame.quit`)."""
    _font.cache_clear()
    glyph_image.cache_clear()


def _grey(c: tuple[int, int, int]) -> tuple[int, int, int]:
    g = (c[0] + c[1] + c[2]) // 3
    return (g + 40, g + 40, g + 40)


def draw_token(surf: pygame.Surface, unit: Unit, centre: tuple[float, float],
               edge: tuple[float, float], radius: float, colour: tuple[int, int, int],
               glyph: str, selected: bool = False, acting: bool = False, badge: str = ""
               ) -> None:
    """Draw one unit.  `edge` is the screen midpoint of the hexside it faces."""
    if unit.status == GONE:
        return
    cx, cy = centre
    r = max(3.0, radius)
    fill = colour if unit.status == ACTIVE else _grey(colour)
    if unit.status == DEAD:
        x = r * 0.5
        pygame.draw.line(surf, (60, 20, 20), (cx - x, cy - x), (cx + x, cy + x), max(2, int(r / 5)))
        pygame.draw.line(surf, (60, 20, 20), (cx - x, cy + x), (cx + x, cy - x), max(2, int(r / 5)))
        return
    # facing wedge: a triangle from the token's rim to the hexside it faces
    ex, ey = edge
    dx, dy = ex - cx, ey - cy
    length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    tip = (cx + ux * length, cy + uy * length)
    base = r * 0.7
    left = (cx + ux * r * 0.5 - uy * base, cy + uy * r * 0.5 + ux * base)
    right = (cx + ux * r * 0.5 + uy * base, cy + uy * r * 0.5 - ux * base)
    pygame.draw.polygon(surf, fill, [tip, left, right])
    pygame.draw.polygon(surf, INK, [tip, left, right], 1)
    if selected:
        pygame.draw.circle(surf, HIGHLIGHT, (cx, cy), r + 3, 3)
    elif acting:
        pygame.draw.circle(surf, (255, 230, 120), (cx, cy), r + 2, 2)
    pygame.draw.circle(surf, fill, (cx, cy), r)
    pygame.draw.circle(surf, INK, (cx, cy), r, max(1, int(r / 10)))
    if r >= 7:
        text = glyph_image(glyph, int(r * 1.25), unit.status == ACTIVE)
        surf.blit(text, text.get_rect(center=(cx, cy)))
    if badge and r >= 11:
        # the weapon, on a small tag at the token's lower right
        img = glyph_image(badge, max(10, int(r * 0.7)), True)
        tag = img.get_rect(center=(cx + r * 0.85, cy + r * 0.55)).inflate(4, 0)
        pygame.draw.rect(surf, INK, tag, border_radius=3)
        surf.blit(img, img.get_rect(center=tag.center))
    # health bar
    if unit.max_hp > 0 and r >= 6:
        w, h = r * 1.6, max(3, r / 5)
        x0, y0 = cx - w / 2, cy + r + 2
        frac = max(0.0, min(1.0, unit.hp / unit.max_hp))
        pygame.draw.rect(surf, INK, (x0 - 1, y0 - 1, w + 2, h + 2))
        pygame.draw.rect(surf, (90, 20, 20), (x0, y0, w, h))
        bar = (70, 200, 70) if frac > 0.5 else (230, 190, 40) if frac > 0.25 else (230, 60, 40)
        pygame.draw.rect(surf, bar, (x0, y0, w * frac, h))
