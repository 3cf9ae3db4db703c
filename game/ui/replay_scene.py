"""A save watched as a replay: play, pause, step forward and back, and a timeline to scrub.

The board shows the state at the cursor (`game.saves.ReplayCursor` folds the recorded events,
it never re-rolls); the log shows the events up to there, oldest first with the newest at its
foot, in view, as in play (game/ui/log_box.py); the caption says which command of which step
is being shown.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIHorizontalSlider, UILabel, UIPanel, UITextBox

from game.choices import command_words
from game.render.camera import Camera
from game.saves import ReplayCursor, load_save, save_map
from game.ui.log_box import LOG_LINES, LogBox
from game.ui.markup import escape
from game.ui.narration import event_html
from rules import registry
from rules.wording import Words

PANEL = 380
SPEEDS = (2.0, 6.0, 20.0, 60.0)  # events a second


class ReplayScene:
    def __init__(self, app: Any, cursor: ReplayCursor, title: str = "",
                 on_exit: Any = None, scenario: Any = None) -> None:
        self.app = app
        self.cur = cursor
        self.title = title
        self.on_exit = on_exit
        self.playing = False
        self.speed = 1
        self.clock = 0.0
        self.widgets: list[Any] = []
        state = cursor.state
        w, h = app.size
        orientation = "pointy" if state.board.stagger_axis == "y" else "flat"
        size, painter = (22.0, 22.0), None
        if scenario is not None:  # the map's own art, when the map is still there
            from game.render.snapshot import hex_size_for
            from game.render.tiles import painter_for

            orientation, size, painter = (scenario.orientation, hex_size_for(scenario),
                                          painter_for(scenario))
        self.camera = Camera(orientation=orientation, hex_size=size,
                             screen=(w - PANEL, h - 60))
        self.painter = painter
        self._view_for(state)
        self._shown = -1
        self.build()

    def _view_for(self, state: Any) -> None:
        """The view of the board kind the state is drawn on (a hex map, the lists …), found
        through the registry, so a replay shows every mode as it was played; made again when
        a mode opens or closes on the way."""
        self.kind = state.board_kind
        self.view = registry.load(registry.VIEWS, self.kind)(state, self.camera, self.painter)
        self.view.fit()

    def build(self) -> None:
        for wdg in self.widgets:
            wdg.kill()
        ui = self.app.ui
        w, h = self.app.size
        side = UIPanel(pygame.Rect(w - PANEL, 0, PANEL, h), manager=ui)
        bar = UIPanel(pygame.Rect(0, h - 60, w - PANEL, 60), manager=ui)
        self.widgets = [side, bar]
        inner = PANEL - 12
        UILabel(pygame.Rect(4, 4, inner, 26), f"Replay: {self.title}", ui, container=side,
                object_id="#tracker")
        self.caption = UITextBox("", pygame.Rect(4, 32, inner, 90), ui, container=side)
        self.log = LogBox(pygame.Rect(4, 126, inner, h - 138), ui, container=side)
        x = 4
        self.buttons: dict[Any, str] = {}
        for label, what in (("|<", "start"), ("<", "back"), ("Play", "play"), (">", "forward"),
                            (">|", "end"), ("Speed", "speed"), ("Menu", "menu")):
            width = 70 if what in ("play", "speed", "menu") else 40
            b = UIButton(pygame.Rect(x, 12, width, 34), label, ui, container=bar)
            self.buttons[b] = what
            x += width + 4
        self.play_b = next(b for b, v in self.buttons.items() if v == "play")
        self.slider = UIHorizontalSlider(pygame.Rect(x + 8, 14, max(100, w - PANEL - x - 24),
                                                     30), 0, (0, max(1, len(self.cur))), ui,
                                         container=bar)
        self._shown = -1

    def close(self) -> None:
        for wdg in self.widgets:
            wdg.kill()

    def handle(self, e: pygame.event.Event) -> Any:
        if e.type == pygame.VIDEORESIZE:
            w, h = self.app.size
            self.camera.screen = (w - PANEL, h - 60)
            self.build()
        elif e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element in self.buttons:
            return self.act(self.buttons[e.ui_element])
        elif e.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and e.ui_element is self.slider:
            self.playing = False
            self.cur.seek(int(e.value))
        elif e.type == pygame.KEYDOWN:
            keys = {pygame.K_SPACE: "play", pygame.K_RIGHT: "forward", pygame.K_LEFT: "back",
                    pygame.K_HOME: "start", pygame.K_END: "end", pygame.K_ESCAPE: "menu"}
            if e.key in keys:
                return self.act(keys[e.key])
        elif e.type == pygame.MOUSEWHEEL:
            self.camera.zoom_by(1 if e.y > 0 else -1, pygame.mouse.get_pos())
        return None

    def act(self, what: str) -> Any:
        if what == "play":
            self.playing = not self.playing
            if self.cur.at_end:
                self.cur.seek(0)
        elif what == "forward":
            self.playing = False
            self.cur.step_forward()
        elif what == "back":
            self.playing = False
            self.cur.step_back()
        elif what == "start":
            self.playing = False
            self.cur.seek(0)
        elif what == "end":
            self.playing = False
            self.cur.seek(len(self.cur))
        elif what == "speed":
            self.speed = (self.speed + 1) % len(SPEEDS)
        elif what == "menu":
            self.close()
            return self.on_exit() if self.on_exit else None
        return None

    def update(self, dt: float) -> None:
        if self.playing:
            self.clock += dt * SPEEDS[self.speed]
            while self.clock >= 1 and not self.cur.at_end:
                self.clock -= 1
                self.cur.step_forward()
            if self.cur.at_end:
                self.playing = False
        if self._shown != self.cur.position:
            self._shown = self.cur.position
            self._refresh()

    def _refresh(self) -> None:
        cur = self.cur
        self.play_b.set_text("Pause" if self.playing else "Play")
        if int(self.slider.get_current_value()) != cur.position:
            self.slider.set_current_value(cur.position)
        cmd = cur.command_at()
        names = Words.of(cur.state)
        what = command_words(cur.state, cmd, names) if cmd is not None else "The opening"
        self.caption.set_text(
            f"Event {cur.position} of {len(cur)} · step {cur.step} of {cur.steps}<br>"
            f"{escape(what)}<br>speed: {SPEEDS[self.speed]:g} events a second")
        self.log.show(self._latest(LOG_LINES, names))

    def _latest(self, n: int, names: Words) -> list[str]:
        """The last `n` events up to the cursor that say something, oldest first: narrated
        from the cursor back, so a frame late in a long replay does not narrate it all."""
        out: list[str] = []
        log = self.cur.events_at()
        for i in range(len(log) - 1, -1, -1):
            line = event_html(log[i], names)
            if line:
                out.append(line)
                if len(out) == n:
                    break
        return out[::-1]

    def draw(self, surf: pygame.Surface) -> None:
        w, h = self.app.size
        board = surf.subsurface(pygame.Rect(0, 0, w - PANEL, h - 60))
        if self.cur.state.board_kind != self.kind:
            self._view_for(self.cur.state)
        self.view.draw(board, self.cur.state)


def prepare_replay(path: str | Path) -> tuple[Any, Any]:
    """A save loaded to be watched, and its map for the art (None if the map is gone, or
    will not load).  Raises game.saves.SaveError, before any window need open."""
    loaded = load_save(path)
    scenario = None
    where = save_map(loaded)  # only from a trusted folder: SaveError otherwise
    if where is not None:
        from game.maps import MapError, load_map

        try:
            scenario = load_map(where, ruleset=loaded.header.ruleset, seed=loaded.header.seed)
        except MapError:
            scenario = None
    return loaded, scenario


def replay_scene_for(app: Any, path: str | Path, on_exit: Any = None,
                     prepared: tuple[Any, Any] | None = None) -> ReplayScene:
    """The replay viewer on a save, drawn with its map's art: what `flank replay SAVE`
    shows, and the Saved battles screen's "Replay".  Raises game.saves.SaveError."""
    loaded, scenario = prepared or prepare_replay(path)
    return ReplayScene(app, ReplayCursor(loaded), loaded.header.scenario.title or str(path),
                       on_exit=on_exit, scenario=scenario)


def open_replay(path: str | Path, frames: int | None = None, screenshot: str | None = None,
                back: Callable[[Any], Any] | None = None) -> int:
    """`flank replay SAVE`: watch a save in the window; leaving it opens `back(app)` (the
    menu, from the command line).  Raises game.saves.SaveError."""
    from game.app import App

    prepared = prepare_replay(path)
    app = App()
    app.switch(replay_scene_for(app, path, on_exit=(lambda: back(app)) if back else None,
                                prepared=prepared))
    app.run(screenshot=screenshot, frames=frames)
    return 0
