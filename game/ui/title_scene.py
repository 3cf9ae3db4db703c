"""The front door (issue 28, item 4): the game's name over its hex mat and miniatures, and a
prompt; any key or a click goes on to the menu.

Why a scene of its own: the menu is choices, and a player opening the game first wants to
see what it is.  Nothing is chosen or forgotten here: the remembered settings (window
size, animation speed, last scenario and sides) are the app's, loaded before this scene
and read by the menu after it, untouched.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.ui.title_art import backdrop, prompt

PROMPT = "Press any key or click to begin"
# Keys that only qualify another key (a Shift held, Alt+Tab away) do not go on.
MODIFIERS = frozenset({pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                       pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
                       pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_MODE})


def _menu(app: Any) -> Any:
    from game.ui.menu_scene import MenuScene

    return MenuScene(app)


class TitleScene:
    def __init__(self, app: Any, then: Callable[[Any], Any] = _menu) -> None:
        """`then(app)` makes the scene a key or click goes on to (the menu)."""
        self.app = app
        self.then = then
        self.t = 0.0
        self._picture: pygame.Surface | None = None
        self._prompt: pygame.Surface | None = None

    def handle(self, e: pygame.event.Event) -> Any:
        if e.type == pygame.VIDEORESIZE:
            self._picture = self._prompt = None
        elif (e.type == pygame.KEYDOWN and e.key not in MODIFIERS) or (
                e.type == pygame.MOUSEBUTTONDOWN and e.button in (1, 2, 3)):
            return self.then(self.app)
        return None

    def update(self, dt: float) -> None:
        self.t += dt

    def picture(self, size: tuple[int, int]) -> pygame.Surface:
        """The title drawn for this window size, made once (again after a resize)."""
        if self._picture is None or self._picture.get_size() != size:
            from rules.engine import rulesets

            found = rulesets()
            figures = next((rs for rs in found if rs.archetypes()), None)
            self._picture = backdrop(size, figures, [rs.name for rs in found])
            self._prompt = prompt(PROMPT, size[1])
        return self._picture

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        surf.blit(self.picture((w, h)), (0, 0))
        assert self._prompt is not None
        # A slow breath, never gone: a prompt that vanishes reads as a frozen window.
        self._prompt.set_alpha(round(150 + 105 * (0.5 + 0.5 * math.cos(self.t * 2.6))))
        rect = self._prompt.get_rect(center=(w // 2, round(h * 0.86)))
        surf.blit(self._prompt, rect)
