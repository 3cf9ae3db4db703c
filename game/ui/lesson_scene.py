"""A lesson on screen: the battle screen (game/ui/battle_scene.py) with the lesson's banner
over the board and the tile the current step asks for marked on it.

The battle is built by `LessonRun` against the lesson's scripted opponent; it is not saved
(a lesson is replayed from its start with "Start again").  Leaving goes back to the list of
lessons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.lessons import Lesson, LessonRun
from game.ui.battle_scene import BattleScene
from game.ui.lesson_banner import HEIGHT as BANNER_HEIGHT
from game.ui.lesson_banner import LessonBanner, banner_html

MARK = (255, 220, 90)


def open_lesson(app: Any, lesson: Lesson, ruleset: str,
                on_exit: Callable[[], Any] | None = None) -> LessonScene:
    """The lesson's screen under `ruleset`, from its first step."""
    from game.render.snapshot import hex_size_for
    from game.render.tiles import painter_for
    from game.turns import HumanController

    run = LessonRun(lesson, ruleset)
    tm = run.turn_manager(HumanController())
    sc = run.scenario
    return LessonScene(app, tm, run, title=lesson.title, painter=painter_for(sc),
                       orientation=sc.orientation, hex_size=hex_size_for(sc), on_exit=on_exit)


class LessonScene(BattleScene):
    def __init__(self, app: Any, tm: Any, run: LessonRun, **kwargs: Any) -> None:
        super().__init__(app, tm, **kwargs)
        self.run = run
        self.banner = LessonBanner(app.ui, self.camera.screen[0])
        self._fit_below_banner()
        self._done_index = 0
        self._last_then = ""

    def _fit_below_banner(self) -> None:
        """Fit the board in the room under the banner, so the banner hides no hex."""
        bw, bh = self.camera.screen
        room = bh - BANNER_HEIGHT - 20
        self.camera.screen = (bw, room)
        self.view.fit()
        self.camera.screen = (bw, bh)
        self.camera.pan(0, -(BANNER_HEIGHT + 20))

    def handle(self, e: pygame.event.Event) -> Any:
        import pygame_gui

        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            what = self.banner.which(e.ui_element)
            if what:
                return self._banner_button(what)
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.banner.contains(
                e.pos):
            return None
        return super().handle(e)

    def _banner_button(self, what: str) -> Any:
        lesson, ruleset = self.run.lesson, self.run.ruleset
        if what == "again":
            self.close()
            return open_lesson(self.app, lesson, ruleset, on_exit=self.on_exit)
        if what == "sandbox":
            from game.sandbox import Sandbox
            from game.ui.sandbox_scene import SandboxScene

            sb = Sandbox.from_map(lesson.path_under(ruleset), ruleset=ruleset)
            self.close()
            return SandboxScene(self.app, sb, on_exit=self.on_exit)
        return self.leave()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.run.index != self._done_index:
            done = self.run.lesson.steps[self.run.index - 1]
            self._last_then = done.then_under(self.run.ruleset)
            self._done_index = self.run.index
        self.banner.show(banner_html(self.run, self.tm.state, self._last_then))

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        step = self.run.step
        if self.cover is not None or step is None:
            return
        hint = step.hint_under(self.run.ruleset)
        if hint.go is None:
            return
        x, y = self.camera.centre_of(self.run.cell_hex(hint.go))
        r = max(8, int(self.camera.layout().size[0] * 0.8))
        pygame.draw.circle(surf, MARK, (int(x), int(y)), r, 3)

    def close(self) -> None:
        self.banner.kill()
        super().close()
