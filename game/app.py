"""The window: one pygame display, one pygame-gui manager, a stack of scenes.

A scene has `handle(event) -> next scene | None`, `update(dt)` and `draw(surface)`; the loop
here only routes events, caps the frame rate and flips the display.  Scenes never touch
another scene's widgets; rules are never computed here.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import settings
from game.render import lettering
from game.render.tokens import forget_fonts

FPS = 60
THEME = Path(__file__).with_name("ui") / "theme.json"


# Room left on the desktop for the window's title bar and the system's panels.
DESKTOP_MARGIN = (40, 100)
MIN_SIZE = (960, 600)


def fit_to_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """`size`, shrunk to fit the desktop the window opens on (a 1366x768 laptop must see the
    whole side panel), but never below `MIN_SIZE`; as asked when there is no real display."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return size
        desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return size
    w = max(MIN_SIZE[0], min(size[0], desk_w - DESKTOP_MARGIN[0]))
    h = max(MIN_SIZE[1], min(size[1], desk_h - DESKTOP_MARGIN[1]))
    return w, h


class App:
    def __init__(self, size: tuple[int, int] | None = None, title: str = "Flank") -> None:
        """`size` None: the size the window had when last closed, else 1440x900."""
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        remembered = settings.load()
        if size is None:
            w, h = remembered.get("window", (1440, 900))
            size = (w, h)
        pygame.init()
        forget_fonts()  # fonts made before an earlier pygame.quit() are dead
        pygame.display.set_caption(title)
        size = fit_to_desktop(size)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.ui = pygame_gui.UIManager(size, THEME if THEME.exists() else None)
        self.ui.preload_fonts([{"name": "noto_sans", "point_size": p, "style": st,
                                "antialiased": "1"}
                               for p in (14, 18, 24) for st in ("bold", "italic")])
        self.clock = pygame.time.Clock()
        self.scene: Any = None
        self.running = True
        self.settings: dict[str, Any] = {"anim_speed": 1.0, **remembered}
        self.frames = 0
        self._at_close: list[Callable[[], Any]] = []

    def at_close(self, fn: Callable[[], Any]) -> None:
        """Run `fn` when the window closes, before pygame goes: a screen's widgets (a save
        notice's window among them) can be taken down only while pygame lives, and taking
        one down afterwards was a traceback on closing the window (issue 34)."""
        self._at_close.append(fn)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def switch(self, scene: Any) -> None:
        self.scene = scene

    def step(self, dt: float) -> None:
        """One frame: events, update, draw.  Separate from `run` so tests can drive it."""
        for e in pygame.event.get():
            if e.type == pygame.QUIT:
                self.running = False
                continue
            if e.type == pygame.VIDEORESIZE:
                # Never narrower or shorter than the panels need: a drag below that snaps
                # back to the minimum.
                size = (max(MIN_SIZE[0], e.size[0]), max(MIN_SIZE[1], e.size[1]))
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
                self.ui.set_window_resolution(size)
            self.ui.process_events(e)
            nxt = self.scene.handle(e) if self.scene is not None else None
            if nxt is not None:
                self.scene = nxt
        if self.scene is not None:
            nxt = self.scene.update(dt)  # a scene may hand over (a mode opened in a battle)
            if nxt is not None:
                self.scene = nxt
        self.ui.update(dt)
        lettering.new_frame()
        if self.scene is not None:
            self.scene.draw(self.screen)
        self.ui.draw_ui(self.screen)
        if not self.ui.get_hovering_any_element():  # a shortened line's whole text
            lettering.draw_hover(self.screen, pygame.mouse.get_pos())
        pygame.display.flip()
        self.frames += 1

    def run(self, screenshot: str | None = None, frames: int | None = None) -> None:
        """Run until closed (or for `frames` frames, saving a screenshot at the end); then
        what was asked to run at closing (`at_close`), then pygame goes, whatever dialog
        or notice is up."""
        try:
            while self.running:
                dt = self.clock.tick(FPS) / 1000.0
                self.step(dt)
                if frames is not None and self.frames >= frames:
                    break
            if screenshot:
                pygame.image.save(self.screen, screenshot)
            self.remember()
        finally:
            try:
                while self._at_close:
                    self._at_close.pop(0)()
            finally:
                pygame.quit()

    def remember(self) -> None:
        """Keep the window's size and the settings for the next run (quietly: a folder
        that will not take them costs only the remembering)."""
        self.settings["window"] = list(self.size)
        settings.save(self.settings)
