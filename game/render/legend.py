"""The legend of the overlays on the board: a small box in the board's lower left corner,
while an overlay is on, with each tint or mark drawn as the board draws it and what it means
in a player's words ("Rear arc — +2 to strike him here (FE-20)").

The screens say what is on (`game.ui.overlay_legend` builds the parts from the overlays and
the ruleset's own words); this module only paints them.  A translucent fill is shown over a
patch of open ground, as it is seen on the board, an outline in its own colour.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render.palette import TERRAIN_COLOURS
from game.render.tokens import font

FILL, OUTLINE, RING, LINE, ARROW = "fill", "outline", "ring", "line", "arrow"
GROUND = TERRAIN_COLOURS["grass"]  # what a swatch's tint is laid over, as on the board
BOX, BORDER, TEXT, TITLE = (20, 20, 24, 225), (120, 120, 130), (235, 235, 235), (255, 214, 140)
SWATCH = 22  # a swatch's side, in pixels
TEXT_SIZE, TITLE_SIZE = 16, 17
PAD = 6


@dataclass(frozen=True)
class Swatch:
    """One mark of an overlay: how it is drawn (`kind`: a translucent FILL, an OUTLINE, the
    thick RING of a hex where a step provokes, the LINE of a path, the ARROW of a figure's
    new facing), its colour (RGBA for a fill) and what it means."""

    kind: str
    colour: tuple[int, ...]
    label: str


@dataclass(frozen=True)
class LegendPart:
    """One overlay's share of the legend: a title ("Facing arcs of Gorbag") and its marks."""

    title: str
    swatches: tuple[Swatch, ...]


def seen_colour(s: Swatch) -> tuple[int, int, int]:
    """The colour a swatch shows at its middle: a fill blended over open ground as the
    board blends it, any other mark its own colour (a ring or outline shows the ground)."""
    if s.kind == FILL:
        r, g, b, a = s.colour
        return tuple(round(c * a / 255 + base * (255 - a) / 255)  # type: ignore[return-value]
                     for c, base in zip((r, g, b), GROUND, strict=True))
    if s.kind in (OUTLINE, RING):
        return GROUND
    return tuple(s.colour[:3])  # type: ignore[return-value]


def _wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """`text` in lines no wider than `width` in `f`, broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and f.size(lines[-1] + " " + word)[0] <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _swatch(surf: pygame.Surface, rect: pygame.Rect, s: Swatch) -> None:
    if s.kind in (FILL, OUTLINE, RING):
        pygame.draw.rect(surf, GROUND, rect)
    if s.kind == FILL:
        tint = pygame.Surface(rect.size, pygame.SRCALPHA)
        tint.fill(s.colour)
        surf.blit(tint, rect)
    elif s.kind in (OUTLINE, RING):
        pygame.draw.rect(surf, s.colour[:3], rect, 3 if s.kind == OUTLINE else 4)
    elif s.kind == LINE:
        pygame.draw.line(surf, s.colour[:3], rect.midleft, rect.midright, 3)
        pygame.draw.circle(surf, s.colour[:3], rect.center, 4)
    elif s.kind == ARROW:
        pygame.draw.line(surf, s.colour[:3], rect.midleft, rect.center, 3)
        pygame.draw.polygon(surf, s.colour[:3], [rect.midright, (rect.centerx, rect.top + 3),
                                                 (rect.centerx, rect.bottom - 3)])


def draw_legend(surf: pygame.Surface, parts: tuple[LegendPart, ...] | list[LegendPart]
                ) -> list[tuple[pygame.Rect, Swatch]]:
    """Paint the legend in `surf`'s lower left corner; where each swatch went (for a test
    to look at), nothing when there are no parts.  As wide as its words, but no wider than
    40% of the board (at least 260 pixels): a long label wraps under itself beside its
    swatch."""
    if not parts:
        return []
    text_f, title_f = font(TEXT_SIZE, bold=False), font(TITLE_SIZE, bold=False)
    w, h = surf.get_size()
    widest = max(max(title_f.size(p.title)[0] + 2 * PAD for p in parts),
                 max((text_f.size(s.label)[0] + SWATCH + 3 * PAD for p in parts
                      for s in p.swatches), default=0))
    width = min(widest + 2, max(260, int(w * 0.4)), w - 16)  # no wider than its words
    text_w = width - 3 * PAD - SWATCH
    rows: list[tuple[str, list[str], Swatch | None]] = []
    for part in parts:
        rows.append(("title", _wrap(part.title, title_f, width - 2 * PAD), None))
        rows += [("mark", _wrap(s.label, text_f, text_w), s) for s in part.swatches]
    line_h = text_f.get_linesize()
    heights = [max(SWATCH + 2, len(ls) * line_h) + 2 if kind == "mark"
               else len(ls) * title_f.get_linesize() + 2 for kind, ls, _ in rows]
    box = pygame.Rect(8, 0, width, sum(heights) + 2 * PAD)
    box.bottom = h - 8
    back = pygame.Surface(box.size, pygame.SRCALPHA)
    back.fill(BOX)
    surf.blit(back, box)
    pygame.draw.rect(surf, BORDER, box, 1)
    placed: list[tuple[pygame.Rect, Swatch]] = []
    y = box.top + PAD
    for (_kind, ls, s), rh in zip(rows, heights, strict=True):
        if s is None:
            for i, line in enumerate(ls):
                surf.blit(title_f.render(line, True, TITLE),
                          (box.left + PAD, y + i * title_f.get_linesize()))
        else:
            rect = pygame.Rect(box.left + PAD, y + 1, SWATCH, SWATCH)
            _swatch(surf, rect, s)
            placed.append((rect, s))
            for i, line in enumerate(ls):
                surf.blit(text_f.render(line, True, TEXT),
                          (rect.right + PAD, y + i * line_h))
        y += rh
    return placed
