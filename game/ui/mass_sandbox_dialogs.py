"""The grid sandbox's two dialogs: the form that edits a unit (its side, fighters, talent,
Will, armour kit or value, leader, facing) and the Rulings panel, where each value of the
mass tables' [rulings] (ZEF-65 .. ZEF-80) is overridden for this battle, as the hex sandbox's
Rulings dialog does for the skirmish rulesets.

A part of `MassSandboxScene` (a mixin): it reads the scene's sandbox and app, and sets its
message; the sandbox (game/sandbox/mass.py) checks every value.
"""

from __future__ import annotations

import json
from typing import Any

import pygame
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextEntryLine,
    UIWindow,
)

from game.sandbox.mass import MassSandbox
from game.sandbox.mass_fields import HAND_TO_HAND, volley_weapons
from rules.systems.zefrs.mass.grid import FACING_WORDS

LABELS = {"name": "Name", "side": "Side", "fighters": "Fighters now",
          "talent": "Weapon talent (avg.)", "will": "Will (avg.)", "weapon": "Weapon",
          "kit": "Armour kit (pieces; shield)", "armour": "Armour value",
          "leader": "Leader (ZeFRS figure)", "leader_name": "Leader's name",
          "facing": "Facing"}
KIT_HINT = "e.g. steel helmet, leather jack; small shield"


def typed(text: str) -> Any:
    """A ruling typed into the form: numbers, true/false, JSON lists and tables, or text."""
    t = text.strip()
    if t.lower() in ("true", "false"):
        return t.lower() == "true"
    try:
        return int(t)
    except ValueError:
        pass
    if t[:1] in ("[", "{"):
        try:
            return json.loads(t)
        except (ValueError, RecursionError):
            return t
    return t


class MassSandboxDialogs:
    """The unit editor and the Rulings panel of `MassSandboxScene`."""

    sb: MassSandbox
    app: Any
    message: str
    edit_window: UIWindow | None
    rulings_window: UIWindow | None

    def _do(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError  # the scene's

    def open_edit(self, uid: str) -> None:
        if self.edit_window is not None:
            self.edit_window.kill()
        values = self.sb.fields(uid)
        ui = self.app.ui
        self.edit_window = UIWindow(pygame.Rect(300, 30, 520, 60 + 36 * (len(values) + 2)),
                                    ui, window_display_title=f"Edit {values['name']}")
        self.edit_unit = uid
        self.edit_entries: dict[str, Any] = {}
        w = self.sb.words()
        y = 4
        for key, value in values.items():
            UILabel(pygame.Rect(4, y, 210, 30), LABELS[key], ui, container=self.edit_window)
            rect = pygame.Rect(218, y, 270, 30)
            widget: Any
            if key == "side":
                names = [w.side(s.id) for s in self.sb.state.sides]
                widget = UIDropDownMenu(names, w.side(value), rect, ui,
                                        container=self.edit_window)
            elif key == "weapon":
                options = [HAND_TO_HAND, *volley_weapons()]
                widget = UIDropDownMenu(options if value in options else [value, *options],
                                        value, rect, ui, container=self.edit_window)
            elif key == "facing":
                widget = UIDropDownMenu(list(FACING_WORDS), value, rect, ui,
                                        container=self.edit_window)
            else:
                widget = UITextEntryLine(rect, ui, container=self.edit_window,
                                         placeholder_text=KIT_HINT if key == "kit" else "")
                widget.set_text(value)
            self.edit_entries[key] = (widget, value)
            y += 36
        self.edit_save = UIButton(pygame.Rect(4, y + 4, 200, 30), "Save", ui,
                                  container=self.edit_window)

    def save_edit(self) -> None:
        w = self.sb.words()
        sides = {w.side(s.id): s.id for s in self.sb.state.sides}
        changes: dict[str, Any] = {}
        for key, (widget, before) in self.edit_entries.items():
            if isinstance(widget, UITextEntryLine):
                text = widget.get_text()
            else:
                opt = widget.selected_option
                text = opt[0] if isinstance(opt, tuple) else opt
            if key == "side":
                text = sides.get(text, text)
            if text != before:
                changes[key] = text
        if not changes:
            self.close_edit()
            return
        if self._do(self.sb.edit, self.edit_unit, **changes) is not False:
            self.close_edit()

    def close_edit(self) -> None:
        if self.edit_window is not None:
            self.edit_window.kill()
        self.edit_window = None
        self.edit_entries = {}

    def open_rulings(self) -> None:
        if self.rulings_window is not None:
            self.rulings_window.kill()
        ui = self.app.ui
        self.rulings_window = UIWindow(pygame.Rect(300, 30, 640, 520), ui,
                                       window_display_title="Mass-battle rulings")
        c = self.rulings_window
        self.rulings_list = UISelectionList(pygame.Rect(4, 4, 610, 380), [], ui, container=c)
        self.rulings_key = UITextEntryLine(pygame.Rect(4, 390, 200, 30), ui, container=c,
                                           placeholder_text="ruling")
        self.rulings_value = UITextEntryLine(pygame.Rect(208, 390, 280, 30), ui, container=c,
                                             placeholder_text="value")
        self.rulings_set = UIButton(pygame.Rect(492, 390, 120, 30), "Override", ui,
                                    container=c)
        self.refresh_rulings()

    def ruling_rows(self) -> list[str]:
        rows = []
        for r in self.sb.rulings():
            flag = " (changed)" if r.overridden else ""
            rows.append(f"{r.key} = {json.dumps(r.value)} — {r.clause}{flag}")
        return rows

    def refresh_rulings(self) -> None:
        if self.rulings_window is not None:
            self.rulings_list.set_item_list(self.ruling_rows())

    def pick_ruling(self, text: str) -> None:
        key = text.split(" = ")[0]
        self.rulings_key.set_text(key)
        value = next((r.value for r in self.sb.rulings() if r.key == key), "")
        self.rulings_value.set_text(value if isinstance(value, str) else json.dumps(value))

    def apply_ruling(self) -> None:
        self._do(self.sb.override, self.rulings_key.get_text(),
                 typed(self.rulings_value.get_text()))
        self.refresh_rulings()
