"""Each hex's label drawn on the board ("D5", R-FLANK-HEX-LABELS), so the hex a log line
names ("drops his sling at D5") can be found on the map.  Toggled with L in a battle (the
setting `hex_labels` remembers it).

Small lettering with a dark rim near the foot of each hex, drawn on the ground before the
figures, so it never hides one (a figure's base may cover its own hex's label), and not at
all when the hexes are too small for it to read.  Only the hexes
on screen are labelled (the columns and rows under the screen's corners), so a big map
costs what a small one does; a label's picture is made once per text and size.
"""

from __future__ import annotations

from functools import cache

import pygame

from game.render.camera import Camera
from game.render.tokens import font
from rules.hexgrid import hex_to_offset, offset_to_hex
from rules.state import Board
from rules.wording import board_origin, grid_label

INK = (236, 232, 214)
RIM = (16, 16, 20)
LEAST_HEX = 16.0  # pixels from a hex's centre to its corner below which no label is drawn


@cache
def label_picture(text: str, size: int) -> pygame.Surface:
    """A label's lettering with a one-pixel dark rim, readable on grass and on water."""
    f = font(size, bold=False)
    ink, rim = f.render(text, True, INK), f.render(text, True, RIM)
    w, h = ink.get_size()
    pic = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        pic.blit(rim, (dx, dy))
    pic.blit(ink, (1, 1))
    return pic


def _offsets_on_screen(cam: Camera, board: Board) -> tuple[range, range]:
    """The Tiled columns and rows of the hexes under the screen, a hex more each way."""
    w, h = cam.screen
    corners = [hex_to_offset(cam.hex_at(x, y), board.stagger_axis,  # type: ignore[arg-type]
                             board.stagger_index)  # type: ignore[arg-type]
               for x, y in ((0, 0), (w, 0), (0, h), (w, h))]
    cols = [c for c, _ in corners]
    rows = [r for _, r in corners]
    return range(min(cols) - 1, max(cols) + 2), range(min(rows) - 1, max(rows) + 2)


def draw_hex_labels(surf: pygame.Surface, cam: Camera, board: Board) -> int:
    """Label every hex of `board` on screen; how many were drawn (0 when too small)."""
    size_x, size_y = cam.layout().size
    if min(size_x, size_y) < LEAST_HEX:
        return 0
    text_size = max(11, min(22, int(size_y * 0.42)))
    ox, oy = board_origin(board)
    axis, index = board.stagger_axis, board.stagger_index
    cols, rows = _offsets_on_screen(cam, board)
    drawn = 0
    for row in rows:
        for col in cols:
            h = offset_to_hex(col, row, axis, index)  # type: ignore[arg-type]
            if h not in board:
                continue
            cx, cy = cam.centre_of(h)
            pic = label_picture(grid_label(col - ox, row - oy), text_size)
            surf.blit(pic, pic.get_rect(midbottom=(cx, cy + size_y * 0.92)))
            drawn += 1
    return drawn
