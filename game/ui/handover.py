"""The hand-over screen of hot-seat play: a cover over the whole window between two seats.

When the turn manager says a hand-over is pending (`TurnManager.handover_pending`), the
scene puts this cover up and draws nothing of the battle under it, so the player leaving the
seat cannot show the next one what is not his to see (a secret declaration, FE-06; a sealed
throw in the lists, FE-48).  The next player clicks "I am <name>" and the scene takes the
cover down and calls `acknowledge_handover()`.  Every scene with seats uses this one cover.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from game.ui.markup import escape
from rules.wording import inside_sentence

BACKDROP = (10, 10, 14)
DEFAULT_NOTE = "The board is hidden so that nobody sees what is not theirs to see."


class HandoverCover:
    """The cover for the seat called `name`.  `note` says what is hidden and why; `shown`
    names what the button shows once he is there ("the board", "the lists")."""

    def __init__(self, ui: Any, size: tuple[int, int], name: str, note: str = DEFAULT_NOTE,
                 shown: str = "the board") -> None:
        w, h = size
        self.name = name
        self.panel = UIPanel(pygame.Rect(0, 0, w, h), starting_height=30, manager=ui)
        said = inside_sentence(name)  # "the champion", where a side's name is the seat's
        self.words = UITextBox(f"<font size=5><b>Pass the seat to {escape(said)}</b></font>"
                               "<br><br>"
                               f"{escape(note)}",
                               pygame.Rect(w // 2 - 260, h // 2 - 120, 520, 120), ui,
                               container=self.panel)
        self.button = UIButton(pygame.Rect(w // 2 - 180, h // 2 + 20, 360, 48),
                               f"I am {said}: show me {shown}", ui, container=self.panel)

    def owns(self, element: object) -> bool:
        """Is `element` this cover's "I am …" button?"""
        return element is self.button

    def kill(self) -> None:
        self.panel.kill()

    @staticmethod
    def draw_backdrop(surf: pygame.Surface) -> None:
        """What the scene draws under the cover: nothing of the battle."""
        surf.fill(BACKDROP)


__all__ = ["BACKDROP", "DEFAULT_NOTE", "HandoverCover"]
