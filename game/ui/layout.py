"""Fitting a column of boxes into the window's height, a text box to its text, and a
button's or label's words to its width."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox

from game.render import lettering


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


def text_room(element: UIButton | UILabel) -> int:
    """The width a button's or label's one line may take: the element less its padding when
    its text is aligned to an edge (pygame-gui lets the line use the border)."""
    padding = 0
    if getattr(element, "text_horiz_alignment", "center") in ("left", "right"):
        padding = getattr(element, "text_horiz_alignment_padding", 0) or 0
    return element.rect.width - padding


def fit_text(element: UIButton | UILabel, text: str, keep: str = "") -> None:
    """Give a button or a label `text`, measured in the element's own font: whole if it
    fits, else shortened with an ellipsis (`keep`, the end of it that matters most, kept
    whole) and the whole as its tool tip (issue 35, item 5: pygame-gui would cut it
    silently).  Nothing is redone while the text is the same."""
    if getattr(element, "whole_text", None) == text and element.rect.width == getattr(
            element, "fitted_width", None):
        return
    font = element.font
    shown, tip = (text, None) if font is None else lettering.fit_label(
        lambda s: font.size(s)[0], text, text_room(element), keep)
    element.whole_text, element.fitted_width = text, element.rect.width
    if element.text != shown:
        element.set_text(shown)
    if element.tool_tip_text != tip:
        element.set_tooltip(tip)


def fit_items(items: UISelectionList, labels: list[str]) -> None:
    """A selection list's items, each shortened to the width its button has beside the
    scroll bar, in the buttons' font; the whole of each kept (`whole_item`) and given as
    its tool tip (`tip_items`).  Nothing is redone while the labels are the same."""
    if getattr(items, "whole_labels", None) == labels:
        return
    font = items.ui_manager.get_theme().get_font(["button"])
    room = items.list_and_scroll_bar_container.rect.width - items.scroll_bar_width
    shown = [lettering.shorten(lambda s: font.size(s)[0], x, room) for x in labels]
    items.whole_labels = list(labels)
    items.whole_items = dict(zip(shown, labels, strict=True))
    items.set_item_list(shown)


def whole_item(items: UISelectionList, text: str) -> str:
    """The whole label of the item shown as `text` (as a selection event names it)."""
    return getattr(items, "whole_items", {}).get(text, text)


def tip_items(items: UISelectionList) -> None:
    """Each shortened item in sight says its whole label on hover (pygame-gui makes an
    item's button only while it is scrolled into sight: called every frame)."""
    for item in items.item_list:
        button = item["button_element"]
        if button is not None:
            whole = whole_item(items, item["text"])
            tip = whole if whole != item["text"] else None
            if button.tool_tip_text != tip:
                button.set_tooltip(tip)
