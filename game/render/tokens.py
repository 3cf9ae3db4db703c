"""The small lettering of the board: the font of weapon badges, floating numbers and labels,
made once per size, and rendered glyphs kept.  (Figures themselves are miniatures drawn by
`figure_art` and its parts; no figure falls back to a letter.)

The face is the bundled Noto Sans (`game.fonts`), its bold a real bold face.  Sizes are
asked for on pygame's old default-font scale, which every caller was laid out against:
`SCALE` turns one into the Noto size that sets a line of text to the same width."""

from __future__ import annotations

from functools import cache

import pygame

from game.fonts import face_file
from game.render.palette import INK, PAPER

# Noto Sans at this fraction of a default-font size sets a line as wide (measured over
# sizes 10 to 36 on "attack initiative Sir Bertrand 12 HIT MISS": 0.60-0.81, mean 0.75).
SCALE = 0.75


@cache
def _font(size: int, bold: bool) -> pygame.font.Font:
    return pygame.font.Font(face_file(bold=bold), max(6, round(max(8, size) * SCALE)))


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
