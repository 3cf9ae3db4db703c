"""The grid sandbox's Duels dialog: before the round is fought, the leaders who will meet in
segment 1 with the orders given (ZEF-70), and for the one picked the battle panel's own duel
choice (game/ui/mass_duel.py: the aiming points he can reach, ZEF-24, ZEF-25; knock-out,
ZEF-35; defend, ZEF-36; the blow's exact odds), declared as the GM's step in the timeline
(`MassSandbox.declare`, undone like any other).

A part of `MassSandboxScene` (a mixin): it reads the scene's sandbox and app, and sets its
message; the sandbox checks every declaration.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UISelectionList, UITextBox, UIWindow

from game.sandbox.mass import MassSandbox
from game.ui.mass_duel import (
    duel_buttons,
    duel_card,
    duel_command,
    duel_draft,
    duel_odds,
    duel_pressed,
)
from game.ui.mode_panel import choice_button
from rules.systems.zefrs.declare import say_action

WIDTH, HEIGHT = 620, 540


class MassSandboxDuels:
    """The Duels dialog of `MassSandboxScene`."""

    sb: MassSandbox
    app: Any
    message: str
    duels_window: UIWindow | None

    def _do(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError  # the scene's

    def open_duels(self) -> None:
        """The dialog, on the first duelling leader; none meet: the reason, no dialog."""
        self.close_duels()
        duels = self.sb.duels()
        if not duels:
            self.message = ("No leaders meet this round with the orders given: only the "
                            "leaders of units that attack in melee, and of the units they "
                            "attack, duel (ZEF-70).")
            return
        ui = self.app.ui
        self.duels_window = UIWindow(pygame.Rect(260, 30, WIDTH, HEIGHT), ui,
                                     window_display_title="The leaders' duels this round")
        c = self.duels_window
        self.duels_list = UISelectionList(pygame.Rect(4, 4, WIDTH - 40, 110), [], ui,
                                          container=c)
        self.duels_text = UITextBox("", pygame.Rect(4, 118, WIDTH - 40, 210), ui, container=c)
        self.duel_choice: dict[Any, tuple[str, str]] = {}
        self.duel_leader = duels[0][0]
        self._fresh_draft()

    def close_duels(self) -> None:
        if getattr(self, "duels_window", None) is not None:
            self.duels_window.kill()  # type: ignore[union-attr]
        self.duels_window = None

    def duels_again(self) -> None:
        """After an undo, a redo or a new order: the duels read again, the dialog closed
        if no leaders meet any more."""
        if self.duels_window is None:
            return
        if self.sb.duels():
            self._fresh_draft()
        else:
            self.close_duels()

    def duel_rows(self) -> list[str]:
        """A line a duelling leader: who, for which unit, against whom, and his blow."""
        w = self.sb.words()
        return [f"{w.unit(a)} ({w.unit(u)}) against {w.unit(b)}: "
                f"{say_action(self.sb.declaration_of(a), w)}" for a, b, u in self.sb.duels()]

    def _fresh_draft(self) -> None:
        st = self.sb.duel_preview()
        if st is None:
            self.close_duels()
            return
        self.duel_draft = duel_draft(st, self.duel_leader,
                                     self.sb.declaration_of(self.duel_leader))
        self.refresh_duels()

    def refresh_duels(self) -> None:
        """The list, the card and odds of the leader picked, and his choice as buttons."""
        st = self.sb.duel_preview()
        if self.duels_window is None or st is None:
            return
        self.duels_list.set_item_list(self.duel_rows())
        leader, draft = self.duel_leader, self.duel_draft
        side = st.unit(leader).side
        self.duels_text.set_text(f"{duel_card(st, leader, draft)}<br><br>"
                                 f"{duel_odds(st, side, leader, draft)}")
        for b in self.duel_choice:
            b.kill()
        self.duel_choice = {}
        y = 334
        for row in duel_buttons(st, leader, draft):
            if not row:
                continue
            bw = (WIDTH - 40 - 4 * (len(row) - 1)) // len(row)
            for j, (label, what, arg, pressed) in enumerate(row):
                b = choice_button(pygame.Rect(4 + j * (bw + 4), y, bw, 30), label,
                                  self.app.ui, self.duels_window, pressed)
                self.duel_choice[b] = (what, arg)
            y += 34

    def pick_duel(self, text: str) -> None:
        """A line of the list picked: that leader, with his declaration so far."""
        rows = self.duel_rows()
        duels = self.sb.duels()
        if text in rows:
            self.duel_leader = duels[rows.index(text)][0]
            self._fresh_draft()

    def on_duel_button(self, el: Any) -> bool:
        """One of the dialog's choices pressed; False if `el` is none of them."""
        if self.duels_window is None or el not in self.duel_choice:
            return False
        what, arg = self.duel_choice[el]
        if what == "give":
            self.declare_duel()
        elif what == "next":
            self.next_duel()
        else:
            self.duel_draft = duel_pressed(self.duel_draft, what, arg)
            self.refresh_duels()
        return True

    def declare_duel(self) -> None:
        """The draft declared for the leader picked: a step of the timeline."""
        st = self.sb.duel_preview()
        if st is None:
            return
        cmd = duel_command(st, self.duel_leader, self.duel_draft)
        if self._do(self.sb.declare, self.duel_leader, cmd.action) is not False:
            self.next_duel()

    def next_duel(self) -> None:
        leaders = [a for a, _, _ in self.sb.duels()]
        if not leaders:
            self.close_duels()
            return
        i = leaders.index(self.duel_leader) if self.duel_leader in leaders else -1
        self.duel_leader = leaders[(i + 1) % len(leaders)]
        self._fresh_draft()
