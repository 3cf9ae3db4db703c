"""Fitting a column of boxes into the window's height, and a text box to its text."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame_gui.elements import UITextBox


def stack_heights(available: int, preferred: Sequence[int], minimum: Sequence[int]
                  ) -> list[int]:
    """Heights for boxes stacked in `available` pixels: as designed when they fit, else all
    shrunk by one factor (a short window, a laptop's), none below its minimum -- a box
    that shows a few lines and scrolls the rest."""
    total = sum(preferred)
    if available >= total:
        return list(preferred)
    scale = max(0, available) / total
    return [max(lo, int(p * scale)) for p, lo in zip(preferred, minimum, strict=True)]


def text_height(box: UITextBox) -> int:
    """The height `box` needs to show all its text without a scroll bar: the laid-out
    text, and the box's border and padding around it."""
    layout = box.text_box_layout
    # the last row's foot, not the layout's height: that is never less than the box's, so a
    # card once tall stayed tall when a shorter one replaced it
    rows = layout.layout_rows if layout is not None else []
    text = max((row.bottom for row in rows), default=0)
    return text + box.rect.height - box.text_wrap_rect.height


def shows_all(box: UITextBox) -> bool:
    """Whether every line of `box`'s text is in sight: no scroll bar, nothing below the
    bottom edge."""
    layout = box.text_box_layout
    return box.scroll_bar is None and (
        layout is None or layout.layout_rect.height <= box.text_wrap_rect.height)


def place(box: UITextBox, rect: pygame.Rect) -> None:
    """Move and resize a text box now (pygame-gui would otherwise redo its text a moment
    later, showing it cut in the meantime)."""
    if box.relative_rect == rect:
        return
    box.set_relative_position(rect.topleft)
    if box.relative_rect.size != rect.size:
        box.set_dimensions(rect.size)
        box.rebuild()
