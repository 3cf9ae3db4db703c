"""The question asked when a save to play on parts from the rules: what is wrong, at which
step, and "Load up to step N" or "Back".

Loading to play on decides every command of a save again (`game.saves.load_save` with
`verify`), so a save edited or damaged since it was written is caught at the step where it
stops being what the rules would have played.  The battle before that step is still good:
"Load up to step N" writes it as a new save and plays on from there
(`game.saves.write_up_to`); the file that went wrong is left as it was.  The dialog is the
house's question (as Esc asks "Leave the battle?"): a `UIConfirmationDialog` whose buttons
say what they do.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.windows import UIConfirmationDialog

from game.saves import SaveDiverges

SIZE = (560, 300)
TITLE = "This save has gone wrong"


def load_label(step: int) -> str:
    """The button that plays on from the good part: "Load up to step 13"."""
    return "Start again from the beginning" if step == 0 else f"Load up to step {step}"


def explanation(problem: SaveDiverges) -> str:
    """What the dialog says, as the dialog's markup: the file, the step and what differs,
    and what each answer does."""
    name = html.escape(Path(problem.path).name)
    what = html.escape(problem.problem[:1].upper() + problem.problem[1:])
    if problem.up_to == 0:
        offer = "“Start again from the beginning” plays the same battle afresh, in a new save."
    else:
        offer = (f"“{load_label(problem.up_to)}” plays on from the battle as it stood after "
                 f"step {problem.up_to}, in a new save.")
    return (f"<b>{name}</b> is not what the rules would have played: it was changed or "
            f"damaged after it was written.<br><br>{what}.<br><br>{offer} The file stays "
            "as it is.")


class SaveProblemDialog:
    """The question, up on `app`'s screen until answered.  `answer(event)` says which:
    True for "Load up to step N", False for "Back" (or the window closed), None for an
    event that is not an answer."""

    def __init__(self, app: Any, problem: SaveDiverges) -> None:
        self.problem = problem
        w, h = app.size
        rect = pygame.Rect((w - SIZE[0]) // 2, (h - SIZE[1]) // 2, *SIZE)
        self.window = UIConfirmationDialog(rect, explanation(problem), app.ui,
                                           window_title=TITLE,
                                           action_short_name=load_label(problem.up_to),
                                           blocking=True)
        self.window.cancel_button.set_text("Back")

    @property
    def up(self) -> bool:
        return bool(self.window.alive())

    def answer(self, e: pygame.event.Event) -> bool | None:
        if e.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and e.ui_element is (
                self.window):
            return True
        if e.type == pygame_gui.UI_WINDOW_CLOSE and e.ui_element is self.window:
            return False
        return None

    def close(self) -> None:
        if self.up:
            self.window.kill()
