"""The list of lessons the menu's "Learn" opens: each lesson's title and idea, a button to
play it under each ruleset that has the idea, and one to show its map in the GM's sandbox.
A lessons file that cannot be read is one line in red, never a crash."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UIScrollingContainer, UITextBox

from game.lessons import Lesson, LessonError, load_lessons
from rules.engine import catalogue

ROW = 92


class LessonListScene:
    def __init__(self, app: Any, on_exit: Callable[[], Any] | None = None) -> None:
        self.app = app
        self.on_exit = on_exit
        self.widgets: list[Any] = []
        self.actions: dict[Any, tuple[str, Lesson | None, str]] = {}
        try:
            self.lessons: tuple[Lesson, ...] = load_lessons()
            self.problem = ""
        except LessonError as exc:
            self.lessons, self.problem = (), str(exc)
        self.build()

    def build(self) -> None:
        for w in self.widgets:
            w.kill()
        self.actions = {}
        ui = self.app.ui
        w, h = self.app.size
        width = min(900, w - 40)
        panel = UIPanel(pygame.Rect((w - width) // 2, 30, width, h - 60), manager=ui)
        self.widgets = [panel]
        inner = width - 40
        UILabel(pygame.Rect(20, 6, inner, 60), "LEARN", ui, container=panel,
                object_id="#title")
        UILabel(pygame.Rect(20, 58, inner, 24), f"{_count(len(self.lessons))} in positioning: "
                "each has you do one thing on a small board, cites the rule and shows the "
                "exact odds.", ui, container=panel)
        names = {rid: name for rid, name, _ in catalogue()}
        y = 92
        if self.problem:
            UITextBox(f"<font color='#ff7070'>{self.problem}</font>",
                      pygame.Rect(20, y, inner, 60), ui, container=panel)
            y += 70
        # the rows scroll in the room between the heading and the Back button, however
        # many lessons the file holds (every ruleset has its own, issue 35)
        room = max(ROW, h - 60 - y - 62)
        box = UIScrollingContainer(pygame.Rect(0, y, width - 6, room), ui, container=panel,
                                   allow_scroll_x=False)
        box.set_scrollable_area_dimensions((width - 30, len(self.lessons) * ROW))
        self.rows_box, ry = box, 0
        for i, lesson in enumerate(self.lessons, start=1):
            UITextBox(f"<b>{i}. {lesson.title}</b><br>{lesson.idea}",
                      pygame.Rect(20, ry, inner - 360, ROW - 8), ui, container=box)
            bx = 20 + inner - 350
            for rid in lesson.rulesets:
                b = UIButton(pygame.Rect(bx, ry, 170, 38), f"Play: {names.get(rid, rid)}", ui,
                             container=box)
                self.actions[b] = ("play", lesson, rid)
                bx += 176
                if bx > 20 + inner - 170:
                    break
            s = UIButton(pygame.Rect(20 + inner - 350, ry + 42, 346, 34),
                         "Show in the sandbox", ui, container=box)
            self.actions[s] = ("sandbox", lesson, lesson.rulesets[0])
            ry += ROW
        self.back = UIButton(pygame.Rect(20, y + room + 10, 200, 42), "Back to the menu", ui,
                             container=panel)
        self.actions[self.back] = ("back", None, "")

    def button_for(self, what: str, lesson_id: str = "", ruleset: str = "") -> Any:
        """The button that does `what` for a lesson (tests press it as a player would)."""
        for b, (kind, lesson, rid) in self.actions.items():
            if kind == what and (lesson is None or lesson.id == lesson_id or not lesson_id) \
                    and (not ruleset or rid == ruleset):
                return b
        return None

    def handle(self, e: pygame.event.Event) -> Any:
        if e.type == pygame.VIDEORESIZE:
            self.build()
        elif e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element in self.actions:
            kind, lesson, rid = self.actions[e.ui_element]
            if kind == "back":
                self.close()
                return self.on_exit() if self.on_exit else None
            assert lesson is not None
            return self._open(kind, lesson, rid)
        return None

    def _again(self) -> Any:
        return LessonListScene(self.app, on_exit=self.on_exit)

    def _open(self, kind: str, lesson: Lesson, ruleset: str) -> Any:
        from game.maps import MapError

        try:
            if kind == "sandbox":
                from game.sandbox import Sandbox
                from game.ui.sandbox_scene import SandboxScene

                sb = Sandbox.from_map(lesson.path_under(ruleset), ruleset=ruleset)
                self.close()
                return SandboxScene(self.app, sb, on_exit=self._again)
            from game.ui.lesson_scene import open_lesson

            scene = open_lesson(self.app, lesson, ruleset, on_exit=self._again)
        except (MapError, ValueError, OSError) as exc:
            self.problem = f"This lesson cannot open: {exc}"
            self.build()
            return None
        self.close()
        return scene

    def close(self) -> None:
        for w in self.widgets:
            w.kill()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill((24, 28, 34))


def _count(n: int) -> str:
    """"Eight lessons", in words up to twelve, as the heading reads."""
    words = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
             "Ten", "Eleven", "Twelve")
    return f"{words[n] if n < len(words) else n} lesson{'' if n == 1 else 's'}"
