"""A person at the window, for the window tests: events posted to pygame as a mouse and a
keyboard would post them, with the frames the window needs to take each one in."""

from __future__ import annotations

from typing import Any

import pygame


class AtTheWindow:
    """Drives `self.app` (a `game.app.App`).  `frame_s` is the time one frame stands for and
    `frames_per_event` the frames run after each event; a test class sets `app` and its
    own scene."""

    app: Any
    frame_s = 1 / 30
    frames_per_event = 2

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(self.frame_s)

    def post(self, kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.frames(self.frames_per_event)

    def click(self, pos: tuple[int, int]) -> None:
        """Move there, press and release the left button."""
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)

    def key(self, k: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
