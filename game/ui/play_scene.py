"""What every screen that plays a battle shares, whatever board it is drawn on.

The hex battle, the joust's lists and the screens still to come (the mass battle's grid, the
chase's track) all drive one turn manager: they offer a player's command and step it, show
whose eyes the window is for (hidden information), hide the board behind the hand-over
cover between two people, show the help over the board, undo and redo, and on leaving close
the autosave and give the turn manager back.  Each mode's scene subclasses `PlayScene` and
adds its own board, panels and input; this is the part they would otherwise each copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame_gui.elements import UITextBox

from game.turns import TurnManager
from game.ui.handover import HandoverCover
from rules.commands import Command
from rules.events import Event


class PlayScene:
    """A screen on which a battle is played.  Subclasses set `self.anim` (with `push` and
    `reset`) and `self.panel` (with `kill`), and say what their help is (`help_html`)."""

    anim: Any
    panel: Any
    help_origin: tuple[int, int] = (60, 40)
    help_size: tuple[int, int] = (640, 620)
    side_width = 0  # the side panel's width, which the help leaves clear

    def __init__(self, app: Any, tm: TurnManager, title: str = "",
                 on_exit: Callable[[], Any] | None = None, writer: Any = None,
                 undo: Any = None) -> None:
        self.app = app
        self.tm = tm
        self.writer = writer  # the autosave (game.saves.SaveWriter), closed on leaving
        self.undo = undo  # game.undo.UndoStack, for Ctrl+Z / Ctrl+Y
        self.title = title
        self.on_exit = on_exit
        self.cover: HandoverCover | None = None
        self.help: UITextBox | None = None
        self.end_panel: Any = None
        self.message = ""
        tm.listeners.append(self._on_events)

    # --- the turn manager's side -----------------------------------------------------------

    @property
    def viewer(self) -> str | None:
        """The side whose eyes the window is showing (for hidden information): the person to
        choose now, else the only person at the table, else nobody in particular."""
        seat = self.tm.waiting_on
        if seat is not None and seat.human:
            return seat.side
        humans = [s.side for s in self.tm.seats.values() if s.human]
        return humans[0] if len(humans) == 1 else None

    def _on_events(self, events: tuple[Event, ...]) -> None:
        self.anim.push(list(events))

    def submit(self, cmd: Command) -> None:
        """Offer a player's command and step the turn manager; a refusal becomes the
        message the panel shows."""
        self.tm.offer(cmd)
        result = self.tm.step()
        self.message = (f"Not allowed: {result.error}"
                        if result is not None and not result.ok else "")

    # --- screens over the board ------------------------------------------------------------

    def help_html(self) -> str:
        raise NotImplementedError

    def _toggle_help(self) -> None:
        if self.help is not None:
            self.help.kill()
            self.help = None
            return
        w, h = self.app.size
        x, y = self.help_origin
        rect = pygame.Rect(x, y, min(self.help_size[0], w - self.side_width - 2 * x),
                           min(self.help_size[1], h - 2 * y))
        self.help = UITextBox(self.help_html(), rect, self.app.ui, starting_height=20)

    def _hide_cover(self) -> None:
        if self.cover is not None:
            self.cover.kill()
        self.cover = None

    # --- leaving ---------------------------------------------------------------------------

    def leave(self) -> Any:
        self.close()
        return self.on_exit() if self.on_exit else None

    def close(self) -> None:
        """Close the autosave, take every widget down and stop listening to the battle."""
        if self.writer is not None:
            self.writer.close()
        self.panel.kill()
        for w in (self.help, self.cover, self.end_panel):
            if w is not None:
                w.kill()
        if self._on_events in self.tm.listeners:
            self.tm.listeners.remove(self._on_events)
