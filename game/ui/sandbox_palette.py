"""The GM sandbox's unit palette: every template of the ruleset shown as its miniature, with
its name, so that a GM picks the crossbowman by sight rather than by a letter (issue #28).

The figures are drawn by the same code as the board's (`FigureSprites.turned` on the
template's `template_facts`): small, facing up, in the colours of the side chosen to place
for.  pygame-gui buttons cannot carry a picture made at run time, so the palette is one sheet
of tiles painted here, shown a window's height at a time in an image beside a scroll bar (the
wheel over either scrolls it), and a click is found on a tile here.  Only the part in sight
is an element: nothing of the palette lies outside the window however short it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIImage, UIVerticalScrollBar

from game.render import lettering
from game.render.figure_facts import template_facts
from game.render.figure_sprites import FigureSprites
from game.render.palette import HIGHLIGHT
from game.render.tokens import font
from game.sandbox import PaletteItem

COLUMNS = 2
TILE_H = 54
FIGURE_R = 17.0  # the base's radius in the palette, in pixels
SCROLLBAR_W = 20
TILE_BG, TILE_EDGE, NAME_INK = (38, 40, 48), (70, 74, 86), (228, 226, 216)


@dataclass(frozen=True)
class PaletteEntry:
    """One template as the palette shows it: the item and its figure, facing up."""

    item: PaletteItem
    figure: pygame.Surface


def _name_lines(name: str, width: int) -> list[pygame.Surface]:
    """The name in at most two lines that fit `width` (the second shortened if it must be;
    the whole name is on the figure's card once picked)."""
    f = font(13, False)
    return [f.render(x, True, NAME_INK)
            for x in lettering.wrap(lambda s: f.size(s)[0], name, width, most=2)]


class FigurePalette:
    """The palette in the sandbox's left panel.  `entries` in the ruleset's order; `chosen`
    is the template picked, or None.  The scene calls `update` every frame (the scroll)."""

    def __init__(self, ui: Any, container: Any, rect: pygame.Rect, ruleset: Any,
                 items: list[PaletteItem], colour: tuple[int, int, int],
                 sprites: FigureSprites | None = None) -> None:
        self.ruleset = ruleset
        self.items = items
        self.sprites = sprites or FigureSprites()
        self.chosen: str | None = None
        # A container of its own: the bar answers the wheel anywhere over it.
        self.box = UIContainer(rect, ui, container=container)
        rows = max(1, -(-len(items) // COLUMNS))
        self.content_h = rows * TILE_H
        view_w = rect.width - SCROLLBAR_W
        self.tile_w = view_w // COLUMNS
        self.view = UIImage(pygame.Rect(0, 0, view_w, rect.height),
                            pygame.Surface((view_w, rect.height)), ui, container=self.box)
        self.bar: UIVerticalScrollBar | None = None
        if self.content_h > rect.height:
            self.bar = UIVerticalScrollBar(pygame.Rect(view_w, 0, SCROLLBAR_W, rect.height),
                                           rect.height / self.content_h, ui,
                                           container=self.box)
            self.bar.set_container_to_check_hover_for_mousewheel_events(self.box)
        self.sheet = pygame.Surface((self.tile_w * COLUMNS, self.content_h))
        self._shown: int | None = None  # the scroll offset the view was painted at
        self.entries: list[PaletteEntry] = []
        self.set_colour(colour)

    @property
    def offset(self) -> int:
        """How far down the sheet the view starts, in pixels."""
        if self.bar is None:
            return 0
        return round(self.bar.start_percentage * self.content_h)

    def update(self) -> None:
        if self.offset != self._shown:
            self._show()

    def set_colour(self, colour: tuple[int, int, int]) -> None:
        """Paint the figures in this side's colours (the side menu changed)."""
        self.entries = []
        for item in self.items:
            found = self.sprites.turned(template_facts(self.ruleset, item.template), colour,
                                        "stand", FIGURE_R, 0.0)
            figure = found[0] if found is not None else pygame.Surface((1, 1), pygame.SRCALPHA)
            self.entries.append(PaletteEntry(item, figure))
        self._paint()

    def choose(self, template: str | None) -> None:
        self.chosen = template
        self._paint()

    def tile(self, template: str) -> pygame.Rect:
        """Where a template's tile is in the window (it may be scrolled out of sight)."""
        i = next(n for n, e in enumerate(self.entries) if e.item.template == template)
        at = self.view.get_abs_rect().topleft
        return pygame.Rect(at[0] + (i % COLUMNS) * self.tile_w,
                           at[1] + (i // COLUMNS) * TILE_H - self.offset, self.tile_w, TILE_H)

    def pick_at(self, pos: tuple[int, int]) -> str | None:
        """The template under a click at `pos` in the window, if the click is on a tile that
        can be seen."""
        view = self.view.get_abs_rect()
        if not view.collidepoint(pos):
            return None
        x, y = pos[0] - view.x, pos[1] - view.y + self.offset
        if x >= self.tile_w * COLUMNS:
            return None
        i = (y // TILE_H) * COLUMNS + x // self.tile_w
        return self.entries[i].item.template if i < len(self.entries) else None

    def _paint(self) -> None:
        """Paint the whole sheet of tiles, then show the part in sight."""
        surf = self.sheet
        surf.fill(TILE_BG)
        for i, e in enumerate(self.entries):
            box = pygame.Rect((i % COLUMNS) * self.tile_w, (i // COLUMNS) * TILE_H,
                              self.tile_w, TILE_H).inflate(-2, -2)
            if e.item.template == self.chosen:
                pygame.draw.rect(surf, (64, 60, 40), box, border_radius=4)
                pygame.draw.rect(surf, HIGHLIGHT, box, 2, border_radius=4)
            else:
                pygame.draw.rect(surf, TILE_EDGE, box, 1, border_radius=4)
            fig = e.figure
            slot = pygame.Rect(box.x + 2, box.y + 2, TILE_H - 6, box.height - 4)
            if fig.get_width() > slot.width or fig.get_height() > slot.height:
                k = min(slot.width / fig.get_width(), slot.height / fig.get_height())
                fig = pygame.transform.smoothscale(fig, (max(1, int(fig.get_width() * k)),
                                                         max(1, int(fig.get_height() * k))))
            surf.blit(fig, fig.get_rect(center=slot.center))
            lines = _name_lines(e.item.name, box.right - slot.right - 4)
            y = box.centery - sum(s.get_height() for s in lines) // 2
            for line in lines:
                surf.blit(line, (slot.right + 2, y))
                y += line.get_height()
        self._show()

    def _show(self) -> None:
        self._shown = self.offset
        size = self.view.get_relative_rect().size
        seen = pygame.Surface(size)
        seen.fill(TILE_BG)
        seen.blit(self.sheet, (0, -self._shown))
        self.view.set_image(seen)

    def kill(self) -> None:
        self.box.kill()
