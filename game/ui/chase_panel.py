"""The chase's side panel: whose moment it is, the runner's card, the exact odds of this
round before he swings or runs, the buttons of his choice, and the log with its citations.

Built from pygame-gui widgets, rebuilt when the window is resized or the buttons on offer
change; the scene (game/ui/chase_scene.py) says what they show.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton, UIPanel, UITextBox

WIDTH = 400
STATUS_H, CARD_H, ODDS_H = 96, 100, 226
BUTTON_H = 32


class ChasePanel:
    """The side panel; `buttons` maps each button to the option it chooses."""

    def __init__(self, ui: Any, size: tuple[int, int]) -> None:
        w, h = size
        self.ui = ui
        self.rect = pygame.Rect(w - WIDTH, 0, WIDTH, h)
        self.panel = UIPanel(self.rect, starting_height=1, manager=ui)
        inner = WIDTH - 12
        self.status = UITextBox("", pygame.Rect(4, 4, inner, STATUS_H), ui, container=self.panel)
        self.card = UITextBox("", pygame.Rect(4, 8 + STATUS_H, inner, CARD_H), ui,
                              container=self.panel)
        self.odds = UITextBox("", pygame.Rect(4, 12 + STATUS_H + CARD_H, inner, ODDS_H), ui,
                              container=self.panel)
        self.button_top = 16 + STATUS_H + CARD_H + ODDS_H
        log_top = self.button_top + 3 * (BUTTON_H + 4) + 4
        self.log = UITextBox("", pygame.Rect(4, log_top, inner, max(60, h - log_top - 8)), ui,
                             container=self.panel)
        self.buttons: dict[Any, str] = {}
        self._key: tuple = ()
        self._texts: dict[str, str] = {}

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def _set(self, box: UITextBox, key: str, html: str) -> None:
        if self._texts.get(key) != html:
            self._texts[key] = html
            box.set_text(html)

    def set_status(self, html: str) -> None:
        self._set(self.status, "status", html)

    def set_card(self, html: str) -> None:
        self._set(self.card, "card", html)

    def set_odds(self, html: str) -> None:
        self._set(self.odds, "odds", html)

    def set_log(self, lines: list[str]) -> None:
        self._set(self.log, "log", "<br>".join(lines))

    def set_buttons(self, buttons: list[tuple[str, str]]) -> None:
        """(label, option) buttons, two a row, at most six; rebuilt only on change."""
        key = tuple(buttons)
        if key == self._key:
            return
        self._key = key
        for b in self.buttons:
            b.kill()
        self.buttons = {}
        inner = WIDTH - 12
        bw = (inner - 4) // 2
        for i, (label, option) in enumerate(buttons[:6]):
            r = pygame.Rect(4 + (i % 2) * (bw + 4), self.button_top + (i // 2) * (BUTTON_H + 4),
                            bw, BUTTON_H)
            self.buttons[UIButton(r, label, self.ui, container=self.panel)] = option

    def action(self, element: Any) -> str | None:
        return self.buttons.get(element)

    def kill(self) -> None:
        self.panel.kill()
        self.buttons = {}
