"""The chase's side panel: whose moment it is, the runner's card, the exact odds of this
round before he swings or runs, the buttons of his choice, and the log with its citations.

Built from pygame-gui widgets, rebuilt when the window is resized or the buttons on offer
change; the scene (game/ui/chase_scene.py) says what they show.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton

from game.ui.layout import fit_text
from game.ui.mode_panel import BUTTON_H, WIDTH, ModePanel

STATUS_H, CARD_H, ODDS_H = 96, 100, 226


class ChasePanel(ModePanel):
    """The side panel; `buttons` maps each button to the option it chooses."""

    def __init__(self, ui: Any, size: tuple[int, int]) -> None:
        super().__init__(ui, size, (STATUS_H, CARD_H, ODDS_H), 3)

    def set_buttons(self, buttons: list[tuple[str, str]]) -> None:
        """(label, option) buttons, two a row, at most six; rebuilt only on change."""
        key = tuple(buttons)
        if not self._clear_buttons(key):
            return
        inner = WIDTH - 12
        bw = (inner - 4) // 2
        for i, (label, option) in enumerate(buttons[:6]):
            r = pygame.Rect(4 + (i % 2) * (bw + 4), self.button_top + (i // 2) * (BUTTON_H + 4),
                            bw, BUTTON_H)
            b = UIButton(r, label, self.ui, container=self.panel)
            fit_text(b, label)  # a long name shortened, whole on hover (issue 35)
            self.buttons[b] = option
