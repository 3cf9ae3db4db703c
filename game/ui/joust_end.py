"""The end of a joust's round: who won and why, with the rules (FE-48..FE-54), how many
passes were ridden, and the way out.  It sits over the dice table, so the lists above still
show how the round ended (a rider on the ground, a helm in the sand)."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton, UIPanel, UITextBox


class JoustEndPanel:
    def __init__(self, ui: Any, size: tuple[int, int], board_width: int, headline: str,
                 reason_html: str, ridden: int) -> None:
        _, h = size
        pw, ph = min(640, board_width - 40), 280
        self.panel = UIPanel(pygame.Rect((board_width - pw) // 2, h - ph - 16, pw, ph),
                             starting_height=30, manager=ui)
        passes = f"{ridden} {'pass' if ridden == 1 else 'passes'} ridden"
        self.text = UITextBox(f"<font size=5><b>{headline}</b></font><br><br>{reason_html}"
                              f"<br><br>{passes}.", pygame.Rect(10, 10, pw - 20, ph - 76), ui,
                              container=self.panel)
        self.menu = UIButton(pygame.Rect(pw // 2 - 230, ph - 58, 220, 44), "Back to the menu",
                             ui, container=self.panel)
        self.quit = UIButton(pygame.Rect(pw // 2 + 10, ph - 58, 220, 44), "Quit", ui,
                             container=self.panel)

    def action(self, element: object) -> str | None:
        """"menu" or "quit" for this panel's buttons, else None."""
        return "menu" if element is self.menu else "quit" if element is self.quit else None

    def kill(self) -> None:
        self.panel.kill()


__all__ = ["JoustEndPanel"]
