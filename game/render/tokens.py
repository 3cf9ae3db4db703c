"""The small lettering of the board: the font of weapon badges, floating numbers and labels,
made once per size, and rendered glyphs kept.  (Figures themselves are miniatures drawn by
`figure_art` and its parts; no figure falls back to a letter.)"""

from __future__ import annotations

from functools import cache

import pygame

from game.render.palette import INK, PAPER


@cache
def _font(size: int, bold: bool) -> pygame.font.Font:
    f = pygame.font.Font(None, max(8, size))
    f.set_bold(bold)
    return f


def font(size: int, bold: bool = True) -> pygame.font.Font:
    """The token font at `size`, made once; made again if pygame's font module was shut down
    and started since (a font from before cannot draw: a new window after `pygame.quit`).
    The font module is started here if nothing has started it: a board drawn onto a surface
    of its own (a picture export, a test) needs no window's `pygame.init`."""
    if not pygame.font.get_init():
        pygame.font.init()
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
