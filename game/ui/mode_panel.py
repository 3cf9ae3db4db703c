"""The side panel a mode's screen stands beside its board (the mass battle's grid, the chase's
track): boxes down the right edge (whose decision it is, the card of who is chosen, the
exact odds of the choice at hand, the moment's line, the log with its citations) and a band
of buttons between the moment's line and the log that each mode fills its own way
(`set_buttons`).  The moment's line (`Ruleset.moment`, through the mode's frame) says what
the player is asked now and why, right above the buttons (issue 35).

The log keeps room for eight lines (game/ui/log_box.py), oldest first and the newest in
view: on a short window the card and the odds give way (they scroll), never the log.

A box's text is set again only when it changed: pygame-gui lays a text box out afresh on
every `set_text`, and the scene asks for the words every frame.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from game.ui.layout import fit_text, stack_heights
from game.ui.log_box import LogBox, least_height
from game.ui.markup import moment_html

WIDTH = 400
BUTTON_H = 32
CARD_LEAST, ODDS_LEAST = 48, 60  # two lines of the card, two of the odds, and they scroll
MOMENT_H = 116  # the moment's line: five lines of its text, the longest a mode says


def choice_button(rect: pygame.Rect, label: str, ui: Any, container: Any,
                  chosen: bool) -> UIButton:
    """A button of a choice; the one chosen so far drawn selected (pressed in, in the
    theme's "selected" colours) rather than marked in its words, so the label stays the
    choice's own name."""
    b = UIButton(rect, label, ui, container=container)
    fit_text(b, label)  # a long name shortened, whole on hover (issue 35)
    if chosen:
        b.select()
    return b


class ModePanel:
    """The boxes and the button band; `buttons` maps each button to what the scene does with
    it (`action`)."""

    def __init__(self, ui: Any, size: tuple[int, int], heights: tuple[int, int, int],
                 button_rows: int) -> None:
        """`heights`: the status box's, and the card's and the odds' as designed (less on a
        short window, so that the log keeps its eight lines)."""
        status_h, card_h, odds_h = heights
        w, h = size
        self.button_area = button_rows * (BUTTON_H + 4)
        log_least = least_height(ui)
        card_h, odds_h = stack_heights(
            h - (16 + status_h + MOMENT_H + 4 + self.button_area + 4 + 8) - log_least,
            (card_h, odds_h), (CARD_LEAST, ODDS_LEAST))
        self.ui = ui
        self.rect = pygame.Rect(w - WIDTH, 0, WIDTH, h)
        self.panel = UIPanel(self.rect, starting_height=1, manager=ui)
        inner = WIDTH - 12
        self.status = UITextBox("", pygame.Rect(4, 4, inner, status_h), ui, container=self.panel)
        self.card = UITextBox("", pygame.Rect(4, 8 + status_h, inner, card_h), ui,
                              container=self.panel)
        self.odds = UITextBox("", pygame.Rect(4, 12 + status_h + card_h, inner, odds_h), ui,
                              container=self.panel)
        top = 16 + status_h + card_h + odds_h
        self.moment = UITextBox("", pygame.Rect(4, top, inner, MOMENT_H), ui,
                                container=self.panel, object_id="#moment", visible=False)
        self.button_top = top + MOMENT_H + 4
        log_top = self.button_top + self.button_area + 4
        self.log = LogBox(pygame.Rect(4, log_top, inner, max(log_least, h - log_top - 8)), ui,
                          container=self.panel)
        self.buttons: dict[Any, Any] = {}
        self._key: tuple = ()
        self._texts: dict[str, str] = {}

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def _set(self, box: UITextBox, key: str, html: str) -> None:
        if self._texts.get(key) != html:
            self._texts[key] = html
            box.set_text(html)

    def set_status(self, html: str) -> None:
        self._set(self.status, "status", html)

    def set_moment(self, text: str) -> None:
        """What the player is asked now and why (`Ruleset.moment`), above the buttons; ""
        for nothing (the box is hidden)."""
        if self._texts.get("moment") == text:
            return
        self._texts["moment"] = text
        self.moment.set_text(moment_html(text))
        self.moment.show() if text else self.moment.hide()

    def set_card(self, html: str) -> None:
        self._set(self.card, "card", html)

    def set_odds(self, html: str) -> None:
        self._set(self.odds, "odds", html)

    def set_log(self, lines: list[str], keep: int | None = None) -> None:
        """The log's entries, oldest first: the newest at the foot, in view, or the `keep`th
        (the first of the other side's last move) if the two cannot both be (log_box)."""
        self.log.show(lines, keep)

    def _clear_buttons(self, key: tuple) -> bool:
        """Take the buttons down for a new set (`key`); False if the set is the same."""
        if key == self._key:
            return False
        self._key = key
        for b in self.buttons:
            b.kill()
        self.buttons = {}
        return True

    def action(self, element: Any) -> Any:
        return self.buttons.get(element)

    def kill(self) -> None:
        self.panel.kill()
        self.buttons = {}
