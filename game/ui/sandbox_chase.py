"""The GM sandbox's "Start a chase…" (issue 26, item 1): where the ruleset has a chase mode,
the GM selects a figure, opens the dialog, ticks who flees with him and who gives chase,
and the chase runs on its own screen (the scene the "track" board brings, found through
the registry: nothing here knows a ruleset).  The GM plays every runner at one window, so
there is no hand-over.  When it ends, the sandbox records the whole chase as one entry
(`Sandbox.finish_chase`: one undo takes it back) and the map comes back with the runners
placed by the gap; leaving the chase half run (Esc) records nothing.

A part of `SandboxScene` (a mixin): it reads and sets the scene's sandbox, app and widgets.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UIWindow

from game.sandbox import Sandbox, SandboxError
from game.turns import HumanController, Seat, TurnManager
from game.ui.sandbox_layout import LEFT
from rules.wording import Words

CHASE_TIP = ("Select the figure who flees, then choose who gives chase: the chase runs on "
             "its own track and the map comes back with the runners as far apart as it "
             "left them (one undo takes it back).")


class SandboxChase:
    """The chase dialog of `SandboxScene`, and the trip to the chase's screen and back."""

    sb: Sandbox
    app: Any
    chase_window: UIWindow | None = None

    def _chase_labels(self, units: list[Any]) -> dict[str, str]:
        """A figure's line in the dialog (its name and side; the hex if names repeat)."""
        w = Words.of(self.sb.state)
        names = [w.unit(u.id) for u in units]
        out: dict[str, str] = {}
        for u, name in zip(units, names, strict=True):
            label = f"{name} ({w.side(u.side, start=False)})"
            if names.count(name) > 1:
                label += f", {w.hex(u.pos)}"
            out[label] = u.id
        return out

    def _open_chase(self, selected: str | None) -> None:
        state = self.sb.state
        if not selected or not state.has_unit(selected):
            self.message = "Select the figure who flees first, then Start a chase…"
            self._view_key = ()
            return
        if self.chase_window is not None:
            self.chase_window.kill()
        me = state.unit(selected)
        standing = [u for u in state.units if u.fighting and u.pos is not None]
        self.chase_flee = self._chase_labels([u for u in standing if u.side == me.side])
        self.chase_after = self._chase_labels([u for u in standing if u.side != me.side])
        _w, h = self.app.size
        self.chase_window = UIWindow(pygame.Rect(LEFT + 40, 40, 520, min(h - 80, 470)),
                                     self.app.ui, window_display_title="Start a chase")
        c = self.chase_window
        UILabel(pygame.Rect(4, 4, 240, 24), "Who flees", self.app.ui, container=c)
        UILabel(pygame.Rect(252, 4, 240, 24), "Who gives chase", self.app.ui, container=c)
        mine = next(k for k, v in self.chase_flee.items() if v == selected)
        self.chase_flee_list = UISelectionList(
            pygame.Rect(4, 30, 240, 300), list(self.chase_flee), self.app.ui, container=c,
            allow_multi_select=True, default_selection=[mine])
        self.chase_after_list = UISelectionList(
            pygame.Rect(252, 30, 240, 300), list(self.chase_after), self.app.ui, container=c,
            allow_multi_select=True)
        self.chase_go = UIButton(pygame.Rect(4, 340, 488, 32), "Run the chase", self.app.ui,
                                 container=c, tool_tip_text=CHASE_TIP)

    def _run_chase(self) -> Any:
        """The chase's screen for the ticked figures, or None (the refusal in the message)."""
        flee = [self.chase_flee[t] for t in self.chase_flee_list.get_multi_selection()]
        after = [self.chase_after[t] for t in self.chase_after_list.get_multi_selection()]
        run = self._do(self.sb.open_chase, flee, after)
        if run is None:
            return None
        self.chase_window.kill()
        self.chase_window = None
        return self._chase_screen(run)

    def _chase_screen(self, run: Any) -> Any:
        from game.ui.launch import scene_for

        words = Words.of(run.state)
        seats = {s.id: Seat(s.id, HumanController(), True, words.side(s.id))
                 for s in run.state.sides}
        tm = TurnManager(run.state, seats, events=run.events, one_player=True)
        self.close()
        return scene_for(self.app, tm, title=f"{self.sb.state.title or 'Sandbox'}: a chase",
                         on_exit=self._chase_left, back=lambda t: self._chase_back(run, t))

    def _chase_back(self, run: Any, tm: TurnManager) -> Any:
        """The chase is over: record it and show the map again, the runners placed."""
        try:
            self.sb.finish_chase(run, tm.state, tm.events[len(run.events):])
            self.message = ""
        except SandboxError as exc:
            self.message = f"Not recorded: {exc}"
        return self._back_from_chase()

    def _chase_left(self) -> Any:
        """The GM left the chase half run: nothing is recorded."""
        self.message = "The chase was left before its end: nothing recorded."
        return self._back_from_chase()

    def _back_from_chase(self) -> Any:
        self._after_switch()  # the board view of the position now, the widgets rebuilt
        self._view_key = ()
        return self
