"""Finding text cut off on a screen (issue 35, item 5), for the window tests.

Two kinds of text are on a screen.  pygame-gui's buttons and labels draw one line in their
theme's font and cut whatever is wider than the element: each is measured in its own font
(`element.font`) against the room inside it.  A text box wraps; it cuts only when it shows
fewer lines than it holds and has no scroll bar to reach the rest.  Text the game draws
itself goes through `game.render.lettering`, which records every line it drew: a line shown
shorter than its whole text is cut unless hovering it shows the whole."""

from __future__ import annotations

from typing import Any

from pygame_gui.elements import UIButton, UILabel, UITextBox

from game.render import lettering


def _shown(element: Any) -> bool:
    """Whether `element` is on the screen: visible, with a visible container all the way up,
    and not scrolled wholly out of its container's sight."""
    node = element
    while node is not None:
        if not getattr(node, "visible", True):
            return False
        container = getattr(node, "ui_container", None)
        if container is None or container is node:
            break
        node = container
    rect = element.get_abs_rect()
    return rect.w > 0 and rect.h > 0


def _room(element: Any) -> int:
    """The width a button's or label's one line may take: the element less its padding when
    its text is aligned to an edge (pygame-gui lets a line use the border and shadow)."""
    padding = 0
    if getattr(element, "text_horiz_alignment", "center") in ("left", "right"):
        padding = getattr(element, "text_horiz_alignment_padding", 0) or 0
    return element.rect.width - padding


def cut_elements(ui: Any) -> list[str]:
    """Each pygame-gui element on the screen whose text is cut, said as "<kind> '<text>'
    (N px in M)"."""
    out: list[str] = []
    for element in ui.get_sprite_group().sprites():
        if not _shown(element):
            continue
        if isinstance(element, (UIButton, UILabel)):
            text = element.text or ""
            font = element.font
            if not text or font is None:
                continue
            width = font.size(text)[0]
            if width > _room(element):
                out.append(f"{type(element).__name__} {text!r} "
                           f"({width} px in {_room(element)})")
        elif isinstance(element, UITextBox):
            layout = element.text_box_layout
            if layout is None or element.scroll_bar is not None:
                continue
            rows = layout.layout_rows
            foot = max((row.bottom for row in rows), default=0)
            if foot > element.text_wrap_rect.height + 2:
                words = " ".join(element.html_text.split())[:80]
                out.append(f"UITextBox {words!r} (text {foot} px tall in "
                           f"{element.text_wrap_rect.height}, no scroll bar)")
    return out


def cut_lettering(at: Any = None) -> list[str]:
    """Each line the game drew itself shorter than its text whose whole text does not show
    on hover (`lettering.whole_text_at` at the line's centre)."""
    out = []
    for line in lettering.drawn():
        if not line.cut:
            continue
        if lettering.whole_text_at(line.rect.center) != line.text:
            out.append(f"drawn line {line.shown!r} of {line.text!r}, whole text not on hover")
    return out


def cut_on_screen(ui: Any) -> list[str]:
    """Everything cut on the screen now: pygame-gui's elements and the game's own lines."""
    return cut_elements(ui) + cut_lettering()
