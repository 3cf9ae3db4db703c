"""A damage distribution as a bar chart, drawn onto a surface a pygame-gui image shows; over
it, where the ruleset names the outcomes of its roll (ZeFRS's white, green, yellow, orange
and red), a band of their chances in their own colours."""

from __future__ import annotations

import pygame

from game.render.tokens import font
from rules.engine import AttackOdds

# The colours a chart's outcomes are printed in; an outcome named otherwise is grey.
OUTCOME_COLOURS = {"white": (236, 236, 236), "green": (72, 176, 84), "yellow": (232, 212, 64),
                   "orange": (242, 142, 44), "red": (218, 52, 42)}
BAND_H = 16


def outcome_colour(name: str) -> tuple[int, int, int]:
    return OUTCOME_COLOURS.get(name, (150, 150, 150))


def outcome_hex(name: str) -> str:
    return "#{:02x}{:02x}{:02x}".format(*outcome_colour(name))


def draw_outcomes(surf: pygame.Surface, odds: AttackOdds, rect: pygame.Rect) -> None:
    """The outcomes' chances as one band, each as wide as its chance, in its colour."""
    x = float(rect.x)
    for name, p in odds.outcomes:
        width = rect.w * float(p)
        if width >= 1:
            pygame.draw.rect(surf, outcome_colour(name),
                             (round(x), rect.y, max(1, round(x + width) - round(x)), rect.h))
            if width >= 26:
                label = font(12, False).render(f"{float(p) * 100:.0f}", True, (20, 20, 20))
                surf.blit(label, label.get_rect(center=(round(x + width / 2), rect.centery)))
        x += width


def draw_chart(odds: AttackOdds, size: tuple[int, int], target_hp: int) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((30, 32, 38, 255))
    top_y = 0
    if odds.outcomes:
        draw_outcomes(surf, odds, pygame.Rect(10, 2, w - 20, BAND_H))
        top_y = BAND_H + 4
    dmg = {d: float(p) for d, p in odds.damage.items() if d > 0}
    if not dmg:
        text = font(16, False).render("no damage possible", True, (200, 200, 200))
        surf.blit(text, text.get_rect(center=(w // 2, (top_y + h) // 2)))
        return surf
    lo, hi = min(dmg), max(dmg)
    n = hi - lo + 1
    top = max(dmg.values())
    bar_w = max(2, (w - 20) // n)
    base = h - 18
    for i, d in enumerate(range(lo, hi + 1)):
        p = dmg.get(d, 0.0)
        bh = int((base - 8 - top_y) * p / top) if top else 0
        x = 10 + i * bar_w
        colour = (230, 70, 50) if d >= target_hp else (220, 170, 60)
        pygame.draw.rect(surf, colour, (x, base - bh, bar_w - 1, bh))
        if n <= 16 or d in (lo, hi):
            label = font(13, False).render(str(d), True, (210, 210, 210))
            surf.blit(label, label.get_rect(midtop=(x + bar_w // 2, base + 2)))
    return surf
