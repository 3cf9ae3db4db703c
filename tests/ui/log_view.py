"""What a log box shows a player, read off pygame-gui's layout of it: the rows of text in
view (the scroll bar's position taken into account) and how many whole rows the box has room
for, measured in its font's line pitch -- for the window tests of issue 35, item 1."""

from __future__ import annotations

import html
import re
from typing import Any

from game.ui.log_box import LEAST_LINES, metrics

_TAGS = re.compile(r"<[^>]+>")


def plain(html_line: str) -> str:
    """A log line's HTML as the words a player reads."""
    return html.unescape(_TAGS.sub("", html_line))


def _rows(box: Any) -> list[Any]:
    layout = box.text_box_layout
    return list(layout.layout_rows) if layout is not None else []


def _row_text(row: Any) -> str:
    return "".join(getattr(item, "text", "") or "" for item in row.items)


def _offset(box: Any) -> float:
    """How far the text is scrolled, in pixels of its layout."""
    if box.scroll_bar is None:
        return 0.0
    return box.scroll_bar.start_percentage * box.text_box_layout.layout_rect.height


def rows_in_view(box: Any) -> list[str]:
    """The text of each row of `box` wholly in sight, top to bottom."""
    top = _offset(box)
    bottom = top + box.text_wrap_rect.height
    return [_row_text(r) for r in _rows(box) if r.y >= top - 1 and r.bottom <= bottom + 1]


def text_in_view(box: Any) -> str:
    """The words in sight, the rows joined by spaces (a line wraps over rows)."""
    return " ".join(" ".join(rows_in_view(box)).split())


def whole_rows_room(box: Any) -> int:
    """How many whole rows of text `box` has room for, in its font's line height and the
    distance between lines."""
    height, pitch, _ = metrics(box.ui_manager)
    return (box.text_wrap_rect.height - height) // pitch + 1


def at_its_foot(box: Any) -> bool:
    """Whether the last row of the text is in sight."""
    rows = _rows(box)
    return not rows or _offset(box) + box.text_wrap_rect.height >= rows[-1].bottom - 1


def says(box: Any, line_html: str) -> bool:
    """Whether the words of a log line are in sight in `box` (whole, over its rows)."""
    return " ".join(plain(line_html).split()) in text_in_view(box)


__all__ = ["LEAST_LINES", "at_its_foot", "plain", "rows_in_view", "says", "text_in_view",
           "whole_rows_room"]
