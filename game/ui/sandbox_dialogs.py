"""The GM sandbox's dialogs: the checked form that edits a figure, the Rulings panel where
every value a rule text left to the GM is overridden for this position, and "Save as
scenario", which writes the map back with Flank's properties filled in.

A part of `SandboxScene` (a mixin): it reads and sets the scene's sandbox, app and widgets.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UIScrollingContainer,
    UISelectionList,
    UITextEntryLine,
    UIWindow,
)

from game.sandbox import Sandbox
from game.ui.sandbox_layout import LEFT

LIST_HEIGHT = 132  # a field edited as a list of ticks: six rows, the rest scrolls

SAVE_TIP = ("Write this map back as a scenario, beside the map file: its tiles, the figures "
            "on the board, the ruleset and the rulings; Tiled opens it, and Flank plays it.")


class SandboxDialogs:
    """The figure editor and the Rulings panel of `SandboxScene`."""

    sb: Sandbox
    app: Any

    def _open_edit(self, unit: str) -> None:
        """The figure's form: Save at its head, then a label and an entry a field, in as
        many columns as the window's height needs (a ZeFRS figure has near forty fields:
        in one column the last of them, and a Save at the foot, fell below the screen)."""
        if self.edit_window is not None:
            self.edit_window.kill()
        fields_ = self._do(self.sb.editable_fields, unit) or {}
        _w, h = self.app.size
        lists = sum(1 for info in fields_.values() if picks_several(info))
        tall = 8 + 34 * len(fields_) + (LIST_HEIGHT - 30) * lists
        state = self.sb.state
        name = (state.unit(unit).name if state.has_unit(unit) else "") or unit
        self.edit_window = UIWindow(pygame.Rect(LEFT + 40, 40, 460, min(h - 80, 120 + tall)),
                                    self.app.ui, window_display_title=f"Edit {name}")
        self.edit_unit = unit
        self.edit_entries = {}
        self.edit_save = UIButton(pygame.Rect(4, 4, 200, 30), "Save", self.app.ui,
                                  container=self.edit_window)
        # The fields scroll under the Save button: a figure of some rulesets has more of
        # them than a window is tall (Enchanted Realms: some thirty).
        w_in, h_in = self.edit_window.get_container().get_size()
        self.edit_form = UIScrollingContainer(pygame.Rect(0, 40, w_in, h_in - 40), self.app.ui,
                                              container=self.edit_window,
                                              allow_scroll_x=False)
        form = self.edit_form
        y = 4
        for name, info in fields_.items():
            UILabel(pygame.Rect(4, y, 160, 30), name, self.app.ui, container=form)
            rect = pygame.Rect(168, y, 250, 30)
            if picks_several(info):  # skills: tick any of the tables' keys
                rect.height = LIST_HEIGHT
                widget: Any = UISelectionList(rect, [str(a) for a in info.allowed or ()],
                                              self.app.ui, allow_multi_select=True,
                                              default_selection=[str(v) for v in info.value],
                                              container=form)
                y += LIST_HEIGHT - 30
            elif info.allowed and len(info.allowed) <= 40:
                opts = [str(a) for a in info.allowed]
                start = str(info.value) if str(info.value) in opts else opts[0]
                widget = UIDropDownMenu(opts, start, rect, self.app.ui, container=form)
            else:
                widget = UITextEntryLine(rect, self.app.ui, container=form)
                widget.set_text(str(info.value))
            self.edit_entries[name] = (widget, info)
            y += 34
        form.set_scrollable_area_dimensions((w_in - 24, y + 4))

    def _save_edit(self) -> None:
        changes: dict[str, Any] = {}
        for name, (widget, info) in self.edit_entries.items():
            if isinstance(widget, UISelectionList):
                picked = list(widget.get_multi_selection())
                if sorted(picked) != sorted(str(v) for v in info.value):
                    changes[name] = picked
                continue
            if isinstance(widget, UITextEntryLine):
                text = widget.get_text()
            else:
                opt = widget.selected_option
                text = opt[0] if isinstance(opt, tuple) else opt
            if text != str(info.value):
                changes[name] = parse_typed(text)
        if changes and self._do(self.sb.edit, self.edit_unit, **changes) is not None:
            self.edit_window.kill()
            self.edit_window = None
            self.edit_entries = {}

    def _open_rulings(self) -> None:
        if self.rulings_window is not None:
            self.rulings_window.kill()
        _w, h = self.app.size
        self.rulings_window = UIWindow(pygame.Rect(LEFT + 40, 40, 560, min(h - 80, 560)),
                                       self.app.ui, window_display_title="Rulings")
        c = self.rulings_window
        self.rulings_list = UISelectionList(pygame.Rect(4, 4, 530, 380), [], self.app.ui,
                                            container=c)
        self.rulings_key = UITextEntryLine(pygame.Rect(4, 390, 200, 30), self.app.ui,
                                           container=c)
        self.rulings_value = UITextEntryLine(pygame.Rect(208, 390, 200, 30), self.app.ui,
                                             container=c)
        self.rulings_set = UIButton(pygame.Rect(412, 390, 120, 30), "Override", self.app.ui,
                                    container=c)
        self._refresh_rulings()

    def _refresh_rulings(self) -> None:
        if self.rulings_window is None:
            return
        rows = []
        for r in self.sb.rulings():
            mark = " (GM call)" if r.gm_call else ""
            flag = " *" if r.overridden else ""
            rows.append(f"{r.key} = {r.value}{flag}{mark}")
        self.rulings_list.set_item_list(rows)


def picks_several(info: Any) -> bool:
    """A field holding several of a known set of values (a figure's skills): edited as a
    list where any number are ticked, not typed."""
    return bool(info.allowed) and str(info.type).startswith("tuple")


def parse_typed(text: str) -> Any:
    """A value typed into a form: numbers and true/false become themselves, else text."""
    t = text.strip()
    if t.lower() in ("true", "false"):
        return t.lower() == "true"
    try:
        return int(t)
    except ValueError:
        pass
    if t.startswith("["):
        import json

        try:
            return json.loads(t)
        except (ValueError, RecursionError):  # thousands of nested brackets: leave it text
            return t
    return t
