"""A damage distribution as a bar chart, drawn onto a surface a pygame-gui image shows."""

from __future__ import annotations

import pygame

from game.render.tokens import font
from rules.engine import AttackOdds


def draw_chart(odds: AttackOdds, size: tuple[int, int], target_hp: int) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((30, 32, 38, 255))
    dmg = {d: float(p) for d, p in odds.damage.items() if d > 0}
    if not dmg:
        text = font(16, False).render("no damage possible", True, (200, 200, 200))
        surf.blit(text, text.get_rect(center=(w // 2, h // 2)))
        return surf
    lo, hi = min(dmg), max(dmg)
    n = hi - lo + 1
    top = max(dmg.values())
    bar_w = max(2, (w - 20) // n)
    base = h - 18
    for i, d in enumerate(range(lo, hi + 1)):
        p = dmg.get(d, 0.0)
        bh = int((base - 8) * p / top) if top else 0
        x = 10 + i * bar_w
        colour = (230, 70, 50) if d >= target_hp else (220, 170, 60)
        pygame.draw.rect(surf, colour, (x, base - bh, bar_w - 1, bh))
        if n <= 16 or d in (lo, hi):
            label = font(13, False).render(str(d), True, (210, 210, 210))
            surf.blit(label, label.get_rect(midtop=(x + bar_w // 2, base + 2)))
    return surf
