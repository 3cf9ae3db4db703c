"""The List's screen: the bracket or the standings, the next bout, and the champion.

Between bouts the host sees where the List stands (a single elimination's bracket, a Swiss
List's table) and the next bout.  A bout a person rides opens the bout's own screen (found
by its board kind through `game.ui.launch.scene_for`) and comes back here when it ends or
is left; a bout between two computer riders is decided here at once and shown as a result.
The tournament file is written after every bout by `game.lists.ListSession`; if it cannot
be (a full disk, a folder gone read-only), the List goes on and the screen says so, offering
another folder (`game.ui.save_notice`, as a battle does).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game.lists import ListSession, board
from game.render.list_board import BG, draw_bracket, draw_standings
from game.saves import SaveFolderError
from game.ui.layout import place, text_height
from game.ui.markup import escape, moment_html
from game.ui.save_notice import SaveWatch

PANEL_W = 380
METHOD = {"swiss": "Swiss rounds", "single_elimination": "Single elimination"}


class ListsScene:
    def __init__(self, app: Any, session: ListSession,
                 on_exit: Callable[[], Any] | None = None, message: str = "",
                 failure: SaveFolderError | None = None) -> None:
        self.app = app
        self.session = session
        self.on_exit = on_exit
        self.message = message
        self.widgets: list[Any] = []
        self.bout_scene: Any = None
        self.failure = failure  # why the List's file is not being written, if it is not
        self.saving = SaveWatch(app, self._move_list, lambda: self.failure, what="the List")
        self._saved(session.settle_pending)  # a bout that ended in its save before a crash
        self.build()

    # --- the tournament file -------------------------------------------------------------

    def _saved(self, write: Callable[..., Any], *args: Any) -> Any:
        """Do something that writes the List's file; if the file cannot be written the List
        goes on in memory and `failure` says why (the first failure is kept, so the notice
        is not asked again after every bout once the player has chosen to go on)."""
        before = self.session.data
        try:
            result = write(*args)
        except SaveFolderError as exc:
            self.failure = self.failure or exc
            return None
        if self.session.data is not before:
            self.failure = None  # the whole file was written: the List is saved again
        return result

    def _move_list(self, folder: Any) -> None:
        self.session.move_to(folder)
        self.failure = None
        self.message = f"Saving again, in {folder}."
        self.build()

    @property
    def results(self) -> list[str]:
        """Every bout's result, newest first."""
        return [self.session.describe(r) for r in reversed(self.session.data.rides)]

    # --- layout --------------------------------------------------------------------------

    def build(self) -> None:
        self.close()
        ui, (w, h) = self.app.ui, self.app.size
        s = self.session
        if s.data.method == "single_elimination":
            self.drawing: Any = board.bracket(s)
        else:
            lines = board.round_bouts(s) if not s.is_over else (
                (board.next_bout_text(s), "champion"),)
            heading = f"{board.round_name(s)}: the bouts" if not s.is_over else "The champion"
            self.drawing = (board.standings(s), lines, heading)
        self.title = UILabel(pygame.Rect(20, 4, w - PANEL_W - 40, 56), s.title, ui,
                             object_id="#title")
        facts = [METHOD[s.data.method], f"{len(s.data.entrants)} knights",
                 board.round_name(s) if not s.is_over else "the List is over"]
        if s.data.stakes == "black_knight":
            facts.append("for the black knight's stakes")
        if s.data.helm_tipping:
            facts.append("a triple tips the helm off")
        self.subtitle = UILabel(pygame.Rect(20, 56, w - PANEL_W - 40, 24), " · ".join(facts),
                                ui, object_id="#subtitle")
        self.panel = UIPanel(pygame.Rect(w - PANEL_W - 10, 10, PANEL_W, h - 20), manager=ui)
        self.widgets += [self.title, self.subtitle, self.panel]
        inner = PANEL_W - 30
        plan = s.next_bout()
        head = "Champion" if plan is None else "Next bout"
        UILabel(pygame.Rect(10, 6, inner, 28), head, ui, container=self.panel,
                object_id="#tracker")
        self.next_text = UITextBox(escape(board.next_bout_text(s)),
                                   pygame.Rect(10, 36, inner, 96), ui, container=self.panel)
        y = 140
        moment = board.moment_text(s)  # what to do now and why, above the buttons
        self.moment = None
        if moment:
            self.moment = UITextBox(moment_html(moment), pygame.Rect(10, y, inner, 200), ui,
                                    container=self.panel, object_id="#moment")
            need = text_height(self.moment)  # as tall as its words, never cut
            place(self.moment, pygame.Rect(10, y, inner, need))
            y += need + 6
        self.ride = self.decide_all = None
        if plan is not None:
            label = "Decide the next bout" if plan.computer_only else "Ride the next bout"
            if not plan.computer_only and s.data.pending is not None:
                label = "Carry on the bout"
            self.ride = UIButton(pygame.Rect(10, y, inner, 44), label, ui, container=self.panel)
            y += 50
            if plan.computer_only:
                self.decide_all = UIButton(pygame.Rect(10, y, inner, 38),
                                           "Decide every computer bout", ui,
                                           container=self.panel)
                y += 44
        note = f"<font color='#ffd27a'>{escape(self.message)}</font><br>" if self.message else ""
        lines = "<br>".join(escape(r) for r in self.results[:40]) or "No bout ridden yet."
        self.log = UITextBox(f"{note}<b>Results</b><br>{lines}",
                             pygame.Rect(10, y + 6, inner, h - 20 - y - 80), ui,
                             container=self.panel)
        self.back = UIButton(pygame.Rect(10, h - 20 - 62, inner, 44), "Back to the menu", ui,
                             container=self.panel)

    def close(self) -> None:
        for wdg in self.widgets:
            wdg.kill()
        self.widgets = []

    # --- events --------------------------------------------------------------------------

    def handle(self, e: pygame.event.Event) -> Any:
        if self.saving.handle(e):  # the save folder's notice answers first
            return None
        if e.type == pygame.VIDEORESIZE:
            self.build()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            return self.leave()
        elif e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.back:
                return self.leave()
            if self.ride is not None and e.ui_element is self.ride:
                return self.next_bout()
            if self.decide_all is not None and e.ui_element is self.decide_all:
                self.decide_computer_bouts()
        return None

    def leave(self) -> Any:
        self.close()
        self.saving.close()
        return self.on_exit() if self.on_exit else None

    def decide_computer_bouts(self, limit: int | None = None) -> None:
        """Every bout up to the next a person rides (or `limit`), decided at once."""
        self._saved(self.session.play_computer_bouts, limit)
        self.message = ""
        self.build()

    def next_bout(self) -> Any:
        """Decide a computer bout here, or open the bout a person rides in its own screen."""
        plan = self.session.next_bout()
        if plan is None:
            return None
        if plan.computer_only:
            self.decide_computer_bouts(limit=1)
            return None
        return self._open_bout()

    def _open_bout(self) -> Any:
        from game.ui.launch import scene_for
        from game.undo import UndoStack

        try:
            bout = self.session.begin_person_bout()
        except SaveFolderError as exc:  # the List's file: the notice offers another folder
            self.failure = exc
            self.saving.told = None
            self.message = "The bout waits until the List can be saved."
            self.build()
            return None
        except (ValueError, OSError) as exc:
            self.message = f"The bout cannot begin: {exc}"
            self.build()
            return None
        if bout.loaded is not None:
            undo = UndoStack.from_loaded(bout.loaded, bout.writer)
            undo.attach(bout.tm)
        else:
            undo = UndoStack.for_turn_manager(bout.tm, writer=bout.writer)
        try:
            scene = scene_for(self.app, bout.tm, title=bout.plan.title(self.session.title),
                              on_exit=self._bout_over, writer=bout.writer, undo=undo)
        except (LookupError, ValueError) as exc:  # no screen for the lists (registry)
            bout.writer.close()
            self.message = f"The bout cannot be shown: {exc}"
            self.build()
            return None
        session = self.session

        def move_the_list(folder: Any) -> None:  # the bout's save follows the List
            session.move_to(folder, bout.writer)
            scene.message = f"Saving again, in {folder}."

        scene.move_save = move_the_list
        self.bout_scene = scene
        self.close()
        self.saving.close()
        return scene

    def _bout_over(self) -> Any:
        """Back from a bout's screen: record it if it ended; either way, the List again."""
        tm = getattr(self.bout_scene, "tm", None)  # the scene's own: undo may replace it
        self.bout_scene = None
        message = ""
        ridden = len(self.session.data.rides)
        if tm is not None:
            self._saved(self.session.finish_bout, tm.state, tm.events)
        if len(self.session.data.rides) == ridden:
            message = "The bout is not over: it carries on from the same throw."
        return ListsScene(self.app, self.session, on_exit=self.on_exit, message=message,
                          failure=self.failure)

    # --- drawing -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.saving.update()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(BG)
        w, h = self.app.size
        area = pygame.Rect(20, 96, w - PANEL_W - 50, h - 116)
        if isinstance(self.drawing, board.Bracket):
            draw_bracket(surf, area, self.drawing)
        else:
            draw_standings(surf, area, *self.drawing)
