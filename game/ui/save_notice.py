"""When the save folder fails: the notice that a battle (or a List) is no longer being saved,
and the small marker that stays on the screen while it is played on unsaved.

A full disk or a folder gone read-only must not end a battle, nor let it go on as if it were
being saved.  The notice says what happened, in words, and offers the two ways on: save in
another folder (a text field holding a folder to write in, filled with a likely one; the
whole battle so far is written there and saving carries on there), or go on unsaved.  If
the other folder fails too, the notice stays up and says why.  Going on unsaved leaves a
marker, "Not being saved", which opens the notice again when clicked.

`SaveWatch` is the part every screen that saves shares: the hex battle and the joust (through
`PlayScene`) and the List's screen.  Each says how to save elsewhere (`move`, a function of
the folder chosen) and routes its events and frames through the watch.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox, UITextEntryLine, UIWindow

from game.ui.markup import escape

NOTICE_SIZE = (600, 340)
MARKER = "Not being saved"
# What the screen under the notice would take while it is up: the answer comes first.
_SCREEN_INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                 pygame.MOUSEWHEEL)


def _first_up(text: str) -> str:
    """"the List" → "The List" (`str.capitalize` would lower the rest)."""
    return text[:1].upper() + text[1:]


def likely_folder(failed: Path | str) -> Path:
    """A folder to offer instead of the one that failed: ``flank-saves`` in the home folder,
    or in the system's temporary folder if the home folder is the one that failed."""
    failed = Path(failed).expanduser().resolve()
    home = Path.home() / "flank-saves"
    if failed == home or home in failed.parents or failed in home.parents:
        return Path(tempfile.gettempdir()) / "flank-saves"
    return home


class SaveNotice:
    """The notice itself: a window over the screen.  `what` is what is not being saved ("the
    battle", "the List"); `failure` is the `SaveFolderError` (its ``str()`` names the folder
    and the problem)."""

    def __init__(self, ui: Any, size: tuple[int, int], failure: Exception,
                 what: str = "the battle", suggestion: Path | None = None,
                 began: bool = True) -> None:
        w, h = size
        nw, nh = NOTICE_SIZE
        self.window = UIWindow(pygame.Rect((w - nw) // 2, (h - nh) // 2, nw, nh), ui,
                               window_display_title=f"{_first_up(what)} is not being saved",
                               resizable=False)
        self.window.set_blocking(True)
        iw = nw - 40
        self.text = UITextBox(
            f"<b>{escape(_first_up(what))} "
            f"{'is no longer being saved' if began else 'cannot be saved there'}.</b><br>"
            f"{escape(str(failure))}<br><br>Save it in another folder: everything so far is "
            "written there, and saving goes on there.  Or go on without saving.",
            pygame.Rect(8, 6, iw, 152), ui, container=self.window)
        UILabel(pygame.Rect(8, 164, 70, 32), "Folder:", ui, container=self.window)
        folder = suggestion if suggestion is not None else likely_folder(
            getattr(failure, "path", "") or ".")
        self.entry = UITextEntryLine(pygame.Rect(80, 164, iw - 72, 32), ui,
                                     container=self.window)
        self.entry.set_text(str(folder))
        self.problem = UILabel(pygame.Rect(8, 198, iw, 26), "", ui, container=self.window)
        self.save_button = UIButton(pygame.Rect(8, 228, (iw - 12) // 2, 44),
                                    "Save in this folder", ui, container=self.window)
        self.unsaved_button = UIButton(pygame.Rect(8 + (iw + 12) // 2, 228, (iw - 12) // 2, 44),
                                       "Go on unsaved", ui, container=self.window)

    @property
    def folder(self) -> Path:
        return Path(self.entry.get_text().strip() or ".").expanduser()

    def refuse(self, problem: str) -> None:
        """The chosen folder failed too: say why and stay up."""
        self.problem.set_text(problem)

    def alive(self) -> bool:
        return self.window.alive()

    def kill(self) -> None:
        self.window.kill()


class SaveWatch:
    """Watches a writer (or is told of a failure) and puts up the notice; carries the
    player's answer out.  `move(folder)` saves everything so far in `folder` and carries on
    there, raising `OSError` (a `SaveFolderError`) if it cannot; `failure()` says why saving
    stopped, or None while it goes on."""

    def __init__(self, app: Any, move: Callable[[Path], Any],
                 failure: Callable[[], Exception | None], what: str = "the battle",
                 began: Callable[[], bool] = lambda: True) -> None:
        self.app = app
        self.move = move
        self.failure = failure
        self.began = began  # whether it was ever saved (else it "cannot be saved there")
        self.what = what
        self.notice: SaveNotice | None = None
        self.marker: UIButton | None = None
        self.told: Exception | None = None  # the failure the player has been told of
        self.saved_to: Path | None = None  # the folder chosen, once saving carries on there

    @property
    def asking(self) -> bool:
        return self.notice is not None and self.notice.alive()

    @property
    def unsaved(self) -> bool:
        """Whether the battle is being played on without saving (the marker is up)."""
        return self.failure() is not None

    def update(self) -> None:
        """Every frame: a new failure puts the notice up; saving again takes the marker
        down."""
        failure = self.failure()
        if failure is None:
            self._drop_marker()  # saving again
        elif failure is not self.told and not self.asking:
            self.told = failure
            self.show()

    def show(self) -> None:
        failure = self.failure()
        if failure is None or self.asking:
            return
        self._drop_marker()
        self.notice = SaveNotice(self.app.ui, self.app.size, failure, self.what,
                                 began=self.began())

    def handle(self, e: pygame.event.Event) -> bool:
        """Whether the event was the notice's (or the marker's); while the notice is up the
        screen under it takes no keys or clicks."""
        if self.marker is not None and e.type == pygame_gui.UI_BUTTON_PRESSED \
                and e.ui_element is self.marker:
            self.show()
            return True
        if self.notice is None:
            return False
        notice = self.notice
        if e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element is notice.save_button:
            self.save_in(notice.folder)
            return True
        if e.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and e.ui_element is notice.entry:
            self.save_in(notice.folder)
            return True
        if e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element is notice.unsaved_button:
            self.go_on_unsaved()
            return True
        if e.type == pygame_gui.UI_WINDOW_CLOSE and e.ui_element is notice.window:
            self.notice = None
            self._show_marker()  # closing it is going on unsaved
            return True
        if not notice.alive():
            return False
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.go_on_unsaved()
            return True
        return e.type in _SCREEN_INPUT

    def save_in(self, folder: Path) -> bool:
        """The player chose `folder`: everything so far is saved there and saving goes on
        there; if it fails too the notice says why and stays."""
        from game.saves import choose_save_dir

        try:
            self.move(folder)
        except OSError as exc:
            if self.notice is not None:
                self.notice.refuse(f"That folder will not do either: {exc}")
            return False
        choose_save_dir(folder)  # the next battle, and Continue, look there too
        self.saved_to = folder
        self.told = None
        self.close()
        return True

    def go_on_unsaved(self) -> None:
        if self.notice is not None:
            self.notice.kill()
            self.notice = None
        self._show_marker()

    def _show_marker(self) -> None:
        if self.marker is None and self.failure() is not None:
            self.marker = UIButton(pygame.Rect(8, 8, 170, 30), MARKER, self.app.ui,
                                   tool_tip_text=f"{_first_up(self.what)} is not being "
                                   "saved: click to save it in another folder",
                                   object_id="#unsaved")

    def _drop_marker(self) -> None:
        if self.marker is not None:
            self.marker.kill()
            self.marker = None

    def close(self) -> None:
        """Take the notice and the marker down (leaving the screen)."""
        if self.notice is not None:
            self.notice.kill()
            self.notice = None
        self._drop_marker()


def move_writer(writer: Any, title: str = "") -> Callable[[Path], None]:
    """How a battle's save moves to another folder: its whole battle written to a file of
    the same name there (a new name if one is taken), and saving goes on in it."""
    from game.saves import autosave_path

    def move(folder: Path) -> None:
        target = Path(folder) / writer.path.name
        if target.exists() and target != writer.path:
            target = autosave_path(title, Path(folder))
        writer.move_to(target)

    return move


__all__ = ["MARKER", "SaveNotice", "SaveWatch", "likely_folder", "move_writer"]
