"""What every screen that plays a battle shares, whatever board it is drawn on.

The hex battle, the joust's lists and the screens still to come (the mass battle's grid, the
chase's track) all drive one turn manager: they offer a player's command and step it, show
whose eyes the window is for (hidden information), hide the board behind the hand-over
cover between two people, show the help over the board, undo and redo, ask before leaving
(Esc: a battle left by a slip of the finger is a battle lost to a newcomer), tell the player
when the autosave fails and offer another folder (`game.ui.save_notice`), and on leaving
close the autosave and give the turn manager back.  Each mode's scene subclasses `PlayScene` and
adds its own board, panels and input; this is the part they would otherwise each copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox
from pygame_gui.windows import UIConfirmationDialog

from game.turns import TurnManager
from game.ui.handover import HandoverCover
from game.ui.save_notice import SaveWatch, move_writer
from rules.commands import Command
from rules.events import Event
from rules.wording import Words

LEAVE_QUESTION = "Leave the battle?"
LEAVE_SAVED = "It is saved: Continue in the menu brings it back."
LEAVE_UNSAVED = ("It is not being saved: leave, and what was played since saving stopped "
                 "is lost.")
LEAVE_SIZE = (420, 200)
# What the board would take while the question is up: the answer comes first.
_BOARD_INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                pygame.MOUSEWHEEL)


class PlayScene:
    """A screen on which a battle is played.  Subclasses set `self.anim` (with `push` and
    `reset`) and `self.panel` (with `kill`), and say what their help is (`help_html`)."""

    anim: Any
    panel: Any
    help_origin: tuple[int, int] = (60, 40)
    help_size: tuple[int, int] = (640, 620)
    side_width = 0  # the side panel's width, which the help leaves clear

    def __init__(self, app: Any, tm: TurnManager, title: str = "",
                 on_exit: Callable[[], Any] | None = None, writer: Any = None,
                 undo: Any = None) -> None:
        self.app = app
        self.tm = tm
        self.writer = writer  # the autosave (game.saves.SaveWriter), closed on leaving
        self.undo = undo  # game.undo.UndoStack, for Ctrl+Z / Ctrl+Y
        self.title = title
        self.on_exit = on_exit
        self.cover: HandoverCover | None = None
        self.help: UITextBox | None = None
        self.end_panel: Any = None
        self.end_headline = ""  # the end panel's first line, once the battle is over
        self.leave_dialog: UIConfirmationDialog | None = None
        self.message = ""
        self.saving = SaveWatch(app, lambda folder: self.move_save(folder), self._save_failure,
                                began=lambda: getattr(self.writer, "began", True))
        self.board_kind = tm.state.board_kind  # the board this scene draws
        tm.listeners.append(self._on_events)

    # --- the turn manager's side -----------------------------------------------------------

    @property
    def viewer(self) -> str | None:
        """The side whose eyes the window is showing (for hidden information): the person to
        choose now, else the only person at the table, else nobody in particular."""
        seat = self.tm.waiting_on
        if seat is not None and seat.human:
            return seat.side
        humans = [s.side for s in self.tm.seats.values() if s.human]
        return humans[0] if len(humans) == 1 else None

    def _on_events(self, events: tuple[Event, ...]) -> None:
        self.anim.push(list(events))

    def submit(self, cmd: Command) -> None:
        """Offer a player's command and step the turn manager; a refusal becomes the
        message the panel shows."""
        self.tm.offer(cmd)
        result = self.tm.step()
        if result is not None and not result.ok:  # the rules' reason, figures by name
            self.message = f"Not allowed: {Words.of(self.tm.state).text(result.error or '')}"
        else:
            self.message = ""

    # --- the autosave ----------------------------------------------------------------------

    def _save_failure(self) -> Exception | None:
        return getattr(self.writer, "failure", None)

    def move_save(self, folder: Any) -> None:
        """Save the battle so far in `folder` and go on saving there (`SaveWatch` calls it
        when the player chooses another folder).  A List's bout sets its own (the whole List
        moves)."""
        move_writer(self.writer, self.title)(folder)
        self.message = f"Saving again, in {folder}."

    @property
    def waiting_for_answer(self) -> bool:
        """Whether a question is up that play waits for (leave? where to save?)."""
        return self.asking_to_leave or self.saving.asking

    # --- screens over the board ------------------------------------------------------------

    def help_html(self) -> str:
        raise NotImplementedError

    def _toggle_help(self) -> None:
        if self.help is not None:
            self.help.kill()
            self.help = None
            return
        w, h = self.app.size
        x, y = self.help_origin
        rect = pygame.Rect(x, y, min(self.help_size[0], w - self.side_width - 2 * x),
                           min(self.help_size[1], h - 2 * y))
        self.help = UITextBox(self.help_html(), rect, self.app.ui, starting_height=20)

    def _hide_cover(self) -> None:
        if self.cover is not None:
            self.cover.kill()
        self.cover = None

    # --- leaving ---------------------------------------------------------------------------

    @property
    def asking_to_leave(self) -> bool:
        """Whether the leave question is up (`leave_dialog` is the last one asked, which
        takes itself down on either answer)."""
        return self.leave_dialog is not None and self.leave_dialog.alive()

    def ask_to_leave(self) -> Any:
        """Esc: ask "Leave the battle?" with Leave and Stay (Esc again stays).  A battle
        that is over has nothing left to lose and is left at once."""
        if self.tm.is_over:
            return self.leave()
        if self.asking_to_leave:
            self.stay()
            return None
        w, h = self.app.size
        rect = pygame.Rect((w - LEAVE_SIZE[0]) // 2, (h - LEAVE_SIZE[1]) // 2, *LEAVE_SIZE)
        text = (LEAVE_QUESTION if self.writer is None else
                f"{LEAVE_QUESTION} {LEAVE_UNSAVED if self.saving.unsaved else LEAVE_SAVED}")
        self.leave_dialog = UIConfirmationDialog(rect, text, self.app.ui,
                                                 window_title="Leave the battle",
                                                 action_short_name="Leave", blocking=True)
        self.leave_dialog.cancel_button.set_text("Stay")
        return None

    def stay(self) -> None:
        """Take the question down and play on."""
        if self.asking_to_leave:
            self.leave_dialog.kill()  # type: ignore[union-attr]

    def answer_to_leave(self, e: pygame.event.Event) -> tuple[bool, Any]:
        """(whether the event belonged to the leave question, the next scene): Leave
        leaves; Stay or the dialog's close button plays on; while it is asked, the board
        takes no keys or clicks (Esc stays)."""
        if self.saving.handle(e):  # the save folder's notice answers first
            return True, None
        dialog = self.leave_dialog
        if dialog is None:
            return False, None
        if e.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and e.ui_element is dialog:
            return True, self.leave()
        if e.type == pygame_gui.UI_WINDOW_CLOSE and e.ui_element is dialog:
            return True, None  # Stay, or the window's own close button
        if not self.asking_to_leave:
            return False, None
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.stay()
            return True, None
        return e.type in _BOARD_INPUT, None

    def leave(self) -> Any:
        self.close()
        return self.on_exit() if self.on_exit else None

    def follow_the_board(self, **art: Any) -> Any:
        """The scene for the board the battle is drawn on now, once a mode has opened or
        closed inside it (a chase out of a skirmish, DESIGN.md "Modes"): handed the same
        battle, autosave and undo (`art`: the map's, for a hex board), this one taken down
        without closing the autosave.  None while the board is the one this scene draws."""
        if self.tm.state.board_kind == self.board_kind or self.anim.busy:
            return None
        from game.ui.launch import scene_for

        self._take_down()
        return scene_for(self.app, self.tm, title=self.title, on_exit=self.on_exit,
                         writer=self.writer, undo=self.undo, **art)

    def close(self) -> None:
        """Close the autosave, take every widget down and stop listening to the battle."""
        if self.writer is not None:
            self.writer.close()
        self._take_down()

    def _take_down(self) -> None:
        """Every widget down and the battle no longer listened to (the autosave left as it
        is: closing it is `close`'s, handing it on `follow_the_board`'s)."""
        self.saving.close()
        self.panel.kill()
        self.stay()
        for w in (self.help, self.cover, self.end_panel):
            if w is not None:
                w.kill()
        if self._on_events in self.tm.listeners:
            self.tm.listeners.remove(self._on_events)
