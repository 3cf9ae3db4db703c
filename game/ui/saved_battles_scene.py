"""The Saved battles screen the menu opens: every battle and List in the save folder, the most
recently played first, each with its scenario, ruleset, round, who plays and when, to
continue, replay or delete.

The rows are `game.saved_battles`' (read from each save's head and events, never the whole
battle): a file that cannot be read is a row saying why, never a crash.  Continue carries a
battle on as the menu's Continue does (every command decided again; a save gone wrong asks
whether to load it up to its last good step); Replay opens the viewer `flank replay` uses;
Delete asks first ("… This cannot be undone.", Yes / No) and is refused for a battle being
played, in this window or another Flank.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UIScrollingContainer, UITextBox
from pygame_gui.windows import UIConfirmationDialog

from game.saved_battles import DeleteRefused, SavedBattle, Shelf, delete, read_shelf, when_words
from game.ui.layout import place, text_height
from game.ui.markup import escape

if TYPE_CHECKING:
    from game.saves import SaveDiverges
    from game.ui.save_problem import SaveProblemDialog

ROW = 74  # one saved battle: two lines of words and its three buttons
PAGE = 30  # rows shown at once (a year of battles is hundreds; each row is five widgets)
BUTTON_W = 112
ASK_SIZE = (520, 220)


@dataclass
class Row:
    """One saved battle's widgets: its words and its buttons."""

    battle: SavedBattle
    text: UITextBox
    carry_on: UIButton
    replay: UIButton
    delete: UIButton


def row_html(battle: SavedBattle) -> str:
    """The row's two lines: the battle, then its round, who plays, when and how it stands."""
    if not battle.readable:
        return (f"<b>{escape(battle.path.name)}</b><br>"
                f"<font color='#ff9a80'>unreadable: {escape(battle.problem)}</font> · "
                f"{escape(when_words(battle.when))}")
    parts = [battle.round_words, battle.sides, when_words(battle.when)]
    line2 = " · ".join(escape(p) for p in parts if p)
    if battle.status:
        line2 += f" · <font color='#ffd27a'>{escape(battle.status)}</font>"
    return f"<b>{escape(battle.title)}</b> — {escape(battle.ruleset)}<br>{line2}"


class SavedBattlesScene:
    def __init__(self, app: Any, on_exit: Callable[[], Any] | None = None,
                 message: str = "") -> None:
        self.app = app
        self.on_exit = on_exit
        self.message = message  # a problem, in red
        self.done = ""  # what was just done ("Deleted …")
        self.widgets: list[Any] = []
        self.rows: list[Row] = []
        self.asking: tuple[UIConfirmationDialog, SavedBattle] | None = None
        self.save_problem: SaveProblemDialog | None = None
        self.shelf: Shelf = read_shelf()
        self.page = 0  # which PAGE of rows is shown, the newest first
        self.build()

    # --- the screen ---------------------------------------------------------------------------

    def build(self) -> None:
        for w in self.widgets:
            w.kill()
        ui = self.app.ui
        w, h = self.app.size
        width = min(1000, w - 40)
        inner = width - 40
        panel = UIPanel(pygame.Rect((w - width) // 2, 30, width, h - 60), manager=ui)
        self.widgets = [panel]
        UILabel(pygame.Rect(20, 6, inner, 60), "SAVED BATTLES", ui, container=panel,
                object_id="#title")
        UILabel(pygame.Rect(20, 58, inner, 24), "Every battle and List saved in this folder, "
                "the most recently played first.", ui, container=panel)
        y = 88
        said = [f"<font color='#ff7070'>{escape(self.message)}</font>"] if self.message else []
        said += [f"<font color='#9fe09f'>{escape(self.done)}</font>"] if self.done else []
        said += [escape(n) for n in self.shelf.notes]
        if not self.shelf.rows:
            said.append("No saved battles yet: every battle saves itself as it is played.")
        self.note = UITextBox("<br>".join(said), pygame.Rect(20, y, inner, 52), ui,
                              container=panel) if said else None
        y += 58 if said else 0
        box_h = h - 60 - y - 70
        self.list_box = UIScrollingContainer(pygame.Rect(20, y, inner, box_h), ui,
                                             container=panel, allow_scroll_x=False)
        self.page = max(0, min(self.page, (len(self.shelf.rows) - 1) // PAGE))
        shown = self.shelf.rows[self.page * PAGE:(self.page + 1) * PAGE]
        self.rows, ry = [], 0
        for battle in shown:  # a row as tall as its words (a long "why" wraps)
            row = self._row(ry, battle, inner - 24)
            self.rows.append(row)
            ry += row.text.relative_rect.height + 6
        self.list_box.set_scrollable_area_dimensions((inner - 24, ry + 4))
        self.back = UIButton(pygame.Rect(20, h - 60 - 58, 220, 42), "Back to the menu", ui,
                             container=panel)
        self.newer = self.older = None
        if len(self.shelf.rows) > PAGE:
            first = self.page * PAGE + 1
            UILabel(pygame.Rect(250, h - 60 - 58, inner - 230 - 2 * 136, 42),
                    f"{first}–{first + len(shown) - 1} of {len(self.shelf.rows)}", ui,
                    container=panel)
            self.newer = UIButton(pygame.Rect(inner + 20 - 266, h - 60 - 58, 130, 42), "Newer",
                                  ui, container=panel)
            self.older = UIButton(pygame.Rect(inner + 20 - 130, h - 60 - 58, 130, 42), "Older",
                                  ui, container=panel)
            if self.page == 0:
                self.newer.disable()
            if first + len(shown) > len(self.shelf.rows):
                self.older.disable()

    def _row(self, y: int, battle: SavedBattle, width: int) -> Row:
        ui, box = self.app.ui, self.list_box
        rect = pygame.Rect(0, y, width - 3 * (BUTTON_W + 6), ROW - 6)
        text = UITextBox(row_html(battle), rect, ui, container=box)
        if text_height(text) > rect.height:
            place(text, pygame.Rect(rect.x, y, rect.width, text_height(text)))
        x = width - 3 * (BUTTON_W + 6) + 6
        buttons = []
        for label, able, why in (
                ("Continue", battle.can_continue, self._why_not_continue(battle)),
                ("Replay", battle.can_replay, "A List is watched bout by bout from its own "
                 "screen" if battle.kind == "list" else "This file cannot be read"),
                ("Delete", battle.can_delete, f"Being played {battle.playing}: it cannot be "
                 "deleted")):
            b = UIButton(pygame.Rect(x, text.relative_rect.centery - 20, BUTTON_W, 40), label, ui,
                         container=box, tool_tip_text=None if able else why)
            if not able:
                b.disable()
            buttons.append(b)
            x += BUTTON_W + 6
        return Row(battle, text, *buttons)

    @staticmethod
    def _why_not_continue(battle: SavedBattle) -> str:
        if not battle.readable:
            return "This file cannot be read"
        if battle.playing:
            return f"Being played {battle.playing}"
        return "This battle is over: Replay watches it again"

    def row_for(self, name: str) -> Row:
        """The row of the save named `name` (a file name), as a player finds it by eye."""
        return next(r for r in self.rows if r.battle.path.name == name)

    # --- what the player does -----------------------------------------------------------------

    def handle(self, e: pygame.event.Event) -> Any:
        if self.save_problem is not None:
            answer = self.save_problem.answer(e)
            if answer is not None:
                problem, self.save_problem = self.save_problem.problem, None
                return self._load_up_to(problem) if answer else None
        if self.asking is not None and self._answer(e):
            return None
        if e.type == pygame.VIDEORESIZE:
            self.build()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and self.asking is None:
            return self._leave()
        elif e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.back:
                return self._leave()
            if e.ui_element in (self.newer, self.older):
                self.page += 1 if e.ui_element is self.older else -1
                self.build()
                return None
            for row in self.rows:
                if e.ui_element is row.carry_on:
                    return self._continue(row.battle)
                if e.ui_element is row.replay:
                    return self._replay(row.battle)
                if e.ui_element is row.delete:
                    self._ask_delete(row.battle)
        return None

    def _leave(self) -> Any:
        self.close()
        return self.on_exit() if self.on_exit else None

    def _again(self, message: str = "") -> Any:
        return SavedBattlesScene(self.app, on_exit=self.on_exit, message=message)

    def _say(self, message: str, done: bool = False) -> None:
        """A problem (or, `done`, what was done) on this screen, the list read again."""
        self.message, self.done = ("", message) if done else (message, "")
        self.shelf = read_shelf()
        self.build()

    def _continue(self, battle: SavedBattle) -> Any:
        """Carry the battle on where it stopped (every command decided again first), or the
        List where it stands; leaving it goes to the menu, as after the menu's Continue."""
        from game.ui.carry_on import carry_on

        return self._switch(carry_on(self.app, battle.path, self.on_exit))

    def _load_up_to(self, problem: SaveDiverges) -> Any:
        """"Load up to step N": the good part as a new save, played on."""
        from game.ui.carry_on import load_up_to

        return self._switch(load_up_to(self.app, problem, self.on_exit))

    def _switch(self, outcome: Any) -> Any:
        from game.ui.carry_on import take_up

        return take_up(self, outcome, self._say)

    def _replay(self, battle: SavedBattle) -> Any:
        """The replay viewer `flank replay` opens; leaving it comes back here."""
        from game.saves import SaveError
        from game.ui.replay_scene import replay_scene_for

        try:
            scene = replay_scene_for(self.app, battle.path, on_exit=self._again)
        except (SaveError, OSError) as exc:
            self._say(f"This save cannot be replayed: {exc}")
            return None
        self.close()
        return scene

    def _ask_delete(self, battle: SavedBattle) -> None:
        if not battle.can_delete:  # its button is off; said again should it be pressed
            self._say(f"“{battle.title}” is being played {battle.playing}: it cannot be "
                      "deleted.")
            return
        w, h = self.app.size
        rect = pygame.Rect((w - ASK_SIZE[0]) // 2, (h - ASK_SIZE[1]) // 2, *ASK_SIZE)
        dialog = UIConfirmationDialog(rect, escape(battle.delete_question()), self.app.ui,
                                      window_title="Delete a saved battle",
                                      action_short_name="Yes", blocking=True)
        dialog.cancel_button.set_text("No")
        self.asking = (dialog, battle)

    def _answer(self, e: pygame.event.Event) -> bool:
        """Yes deletes (asked again whether it is being played), No or closing keeps it;
        True if `e` was the answer."""
        assert self.asking is not None
        dialog, battle = self.asking
        if e.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and e.ui_element is dialog:
            self.asking = None
            try:
                delete(battle)
            except DeleteRefused as exc:
                self._say(str(exc))
                return True
            self._say(f"Deleted “{battle.title or battle.path.name}”.", done=True)
            return True
        if e.type == pygame_gui.UI_WINDOW_CLOSE and e.ui_element is dialog:
            self.asking = None  # No, or the window's own close button
            return True
        return False

    # --- the scene's duties -------------------------------------------------------------------

    def close(self) -> None:
        for w in self.widgets:
            w.kill()
        if self.asking is not None:
            self.asking[0].kill()
            self.asking = None
        if self.save_problem is not None:
            self.save_problem.close()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill((24, 28, 34))
