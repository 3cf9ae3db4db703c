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

    def scroll_to(self, box_element: Any, element: Any) -> None:
        """The mouse wheel over a scrolling `box_element` until `element` is in sight in it."""
        for _ in range(80):
            box = box_element.get_abs_rect()
            if box.contains(element.get_abs_rect()):
                return
            pygame.mouse.set_pos(box.center)
            self.post(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
            self.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                      precise_y=-1.0)
        raise AssertionError("the form never scrolled it into sight")

    def pick_figure(self, palette: Any, name: str) -> None:
        """Pick a template from the sandbox's figure palette by its name, as a GM does: the
        wheel over the palette until its tile is in sight, then a click on it."""
        entry = next(e.item for e in palette.entries if e.item.name == name)
        box = palette.view.get_abs_rect()
        for _ in range(40):
            tile = palette.tile(entry.template)
            if box.contains(tile):
                break
            pygame.mouse.set_pos(box.center)  # pygame-gui asks where the mouse is
            self.post(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
            self.post(pygame.MOUSEWHEEL, x=0, y=-1 if tile.y > box.y else 1, flipped=False,
                      precise_x=0.0, precise_y=-1.0 if tile.y > box.y else 1.0)
            self.frames(6)
        self.click(palette.tile(entry.template).center)


class AtAModeWindow(AtTheWindow):
    """At the screen of a mode (the mass battle, the chase), whose panel keeps its buttons in
    `panel.buttons` (the one chosen so far drawn selected: `is_selected`) and whose scene
    says when a person may choose (`ready`).  A test class sets `app`, `scene` and the map
    it opens."""

    scene: Any

    def open(self, map_path: Any, players: list[str], seed: int,
             size: tuple[int, int] = (1280, 800)) -> None:
        """Open the bundled map as the menu's Start would, with these players, in a window
        of `size`."""
        from game.app import App
        from game.content import ScenarioEntry
        from game.maps import load_map
        from game.ui.launch import start_battle

        self.app = App(size)
        sc = load_map(map_path)
        entry = ScenarioEntry(sc.title, map_path, sc.ruleset, sc.description,
                              [s.id for s in sc.setup.sides])
        self.scene = start_battle(self.app, entry, sc.ruleset, players, seed=seed,
                                  on_exit=lambda: None)
        self.app.switch(self.scene)
        self.frames(2)

    def press(self, label_start: str) -> None:
        """Click the panel's button whose words begin so."""
        for button in self.scene.panel.buttons:
            if button.text.startswith(label_start):
                self.click(button.get_abs_rect().center)
                return
        raise AssertionError(f"no button {label_start!r}: "
                             f"{[b.text for b in self.scene.panel.buttons]}")

    def settle(self, limit: int = 3000) -> None:
        """Frames until the show is over and a person may choose, the battle ended or the
        hand-over cover is up."""
        for _ in range(limit):
            self.frames(1)
            if not self.scene.anim.busy and (self.scene.ready() or self.scene.tm.is_over
                                             or self.scene.cover is not None):
                return
