"""The log as a player reads it, on every screen that shows one (the battle, the mass
battle, the chase, the joust, the replay): oldest first, so a round's heading stands above
its entries, with the newest at the foot and kept in view, so what the foe just did is there
to read when the computer has moved.

`LogBox` is a pygame-gui text box that scrolls itself to its foot whenever its text is laid
out again (new lines, a new size) -- unless what the other side did last (`their_last_move`)
would then start above the view: one blow of Empress's, its modifiers each with its clause,
the round's end and the next one's count can be taller than the box, and then the view
starts at that move's first line, the newest lines a scroll below, for the player must be
able to read what the foe did.  `least_height` is the height that shows `LEAST_LINES` lines
of its font, the least any panel leaves its log (issue 35: a log squeezed to two lines by a
ruleset's many buttons told the player nothing).
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Sequence
from typing import Any

import pygame
from pygame_gui.core.text.line_break_layout_rect import LineBreakLayoutRect
from pygame_gui.elements import UITextBox

LOG_LINES = 60  # the entries kept on screen; the whole story is in the save and the replay
LEAST_LINES = 8  # the fewest lines of text a log ever shows

_METRICS: weakref.WeakKeyDictionary[Any, tuple[int, int, int]] = weakref.WeakKeyDictionary()


def metrics(ui: Any) -> tuple[int, int, int]:
    """A line of log text's height, the distance from one line to the next, and the box's
    border and padding (above and below together), as pygame-gui lays out the theme's text
    box font: measured once per UI manager on a box laid out off screen, never guessed from
    the point size."""
    if ui not in _METRICS:
        probe = UITextBox("A<br>A<br>A", pygame.Rect(-2000, -2000, 200, 400), ui,
                          visible=False)
        rows = probe.text_box_layout.layout_rows if probe.text_box_layout else []
        height = rows[0].height if rows else 20
        pitch = rows[1].y - rows[0].y if len(rows) > 1 else 25
        chrome = probe.rect.height - probe.text_wrap_rect.height
        probe.kill()
        _METRICS[ui] = (height, pitch, chrome)
    return _METRICS[ui]


def least_height(ui: Any, lines: int = LEAST_LINES) -> int:
    """The height of a log box that shows `lines` whole lines of text: scrolled to its foot
    (or its head) the lines fall on the box's edges, so that is enough anywhere it rests."""
    height, pitch, chrome = metrics(ui)
    return chrome + (lines - 1) * pitch + height


def side_of(state: Any, command: Any) -> str | None:
    """The side whose command it is: its own `side`, else its figure's."""
    side = getattr(command, "side", None)
    if isinstance(side, str):
        return side
    unit = getattr(command, "unit", None)
    if isinstance(unit, str) and state.has_unit(unit):
        return str(state.unit(unit).side)
    return None


def their_last_move(tm: Any, viewer: str | None, told: Collection[int]) -> frozenset[int]:
    """The ids of the events of the last command that told the log something (`told`: the
    ids of the events it has lines for), when that command was another side's than the
    viewer's -- the computer's, or the other person's at the table; none when the viewer
    moved last or nobody in particular is watching."""
    if viewer is None:
        return frozenset()
    for command, events in reversed(tm.history):
        shown = [id(e) for e in events if id(e) in told]
        if shown:
            return frozenset() if side_of(tm.state, command) == viewer else frozenset(shown)
    return frozenset()


class LogBox(UITextBox):
    """A log's text box: `show` the entries oldest first; every time the text is laid out
    afresh (new entries, a new size) it is scrolled to its foot, the newest entry in view,
    or to the first line of the other side's last move if that would be out of sight."""

    _keep: int | None = None  # the line to keep in view (the other side's last move)

    def __init__(self, rect: pygame.Rect, ui: Any, container: Any = None,
                 object_id: str | None = None) -> None:
        super().__init__("", rect, ui, container=container, object_id=object_id)

    def show(self, lines: Sequence[str], keep: int | None = None) -> None:
        """The last `LOG_LINES` entries, oldest first, one a line, with the `keep`th line of
        them (the other side's last move) kept in view; laid out only when the text changed
        (pygame-gui reads the whole of it again each time)."""
        cut = max(0, len(lines) - LOG_LINES)
        keep = None if keep is None else max(0, keep - cut)
        text = "<br>".join(lines[cut:])
        if text != self.html_text:
            self._keep = keep
            self.set_text(text)  # laid out, then scrolled (rebuild)
        elif keep != self._keep:
            self._keep = keep
            self.scroll_to_rest()

    @property
    def kept(self) -> int | None:
        """The line kept in view (the first of the other side's last move), if any."""
        return self._keep

    def rebuild(self) -> None:
        super().rebuild()
        self.scroll_to_rest()

    def scroll_to_rest(self) -> None:
        """Scroll to the last line, or to the line kept in view if that would be above the
        view (nothing to do while the whole text fits)."""
        bar, layout = self.scroll_bar, self.text_box_layout
        if bar is None or layout is None or layout.layout_rect.height <= 0:
            return
        height = layout.layout_rect.height
        top = height - self.text_wrap_rect.height  # the foot
        if self._keep is not None:
            top = min(top, self._line_top(self._keep))
        bar.set_scroll_from_start_percentage(top / height)

    def _line_top(self, line: int) -> int:
        """Where the `line`th line's first row stands in the laid-out text."""
        n = 0
        for row in self.text_box_layout.layout_rows:
            if n == line:
                return int(row.y)
            n += any(isinstance(item, LineBreakLayoutRect) for item in row.items)
        return int(self.text_box_layout.layout_rect.height)


__all__ = ["LEAST_LINES", "LOG_LINES", "LogBox", "least_height", "metrics", "side_of",
           "their_last_move"]
