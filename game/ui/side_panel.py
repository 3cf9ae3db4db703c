"""The battle's side panel: round tracker, whose turn, the hovered unit's card, the odds of
the attack under the mouse (with every modifier and its rule), the command buttons, and the
event log.  Built from pygame-gui widgets; rebuilt when the window is resized."""

from __future__ import annotations

from fractions import Fraction

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel, UITextBox

from game.ui.layout import stack_heights
from game.ui.markup import escape
from game.ui.odds_chart import draw_chart
from rules.commands import Command
from rules.engine import AttackOdds

WIDTH = 380
LOG_LINES = 60  # newest first; the whole story is in the save and the replay


def pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def odds_html(title: str, odds: AttackOdds) -> str:
    lines = [f"<b>{escape(title)}</b>",
             f"Hit <b>{pct(odds.hit)}</b> · kill <b>{pct(odds.kill)}</b> · "
             f"mean damage {float(odds.expected_damage):.2f}",
             f"Needs {odds.needed} on d20 before modifiers"]
    for m in odds.modifiers:
        colour = "#8fe08f" if m.value > 0 else "#ff9a80" if m.value < 0 else "#c0c0c0"
        lines.append(f"<font color='{colour}'>{m.value:+d}</font> {escape(m.reason)} "
                     f"<font color='#9fc6ff'>({escape(m.rule)})</font>")
    for n in odds.notes:
        lines.append(f"<i>{escape(n)}</i>")
    return "<br>".join(lines)


def blank(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    return surf


CARD_H, ODDS_H, CHART_H, LOG_MIN = 106, 196, 64, 80
CARD_MIN, ODDS_MIN = 60, 90  # a few lines each; the rest scrolls
BUTTON_ROWS = 5
# Everything in the panel but the unit card, the odds and the log: the labels above, the
# chart, the buttons, and the margins between.
FIXED_H = 76 + 2 + 2 + CHART_H + 4 + BUTTON_ROWS * 34 + 4 + 12


class SidePanel:
    def __init__(self, ui: pygame_gui.UIManager, screen: tuple[int, int]) -> None:
        self.ui = ui
        self.buttons: list[tuple[UIButton, Command]] = []
        self._button_key: tuple[str, ...] = ()
        self._log: list[str] = []
        self.build(screen)

    def build(self, screen: tuple[int, int]) -> None:
        w, h = screen
        x = w - WIDTH
        self.panel = UIPanel(pygame.Rect(x, 0, WIDTH, h), manager=self.ui)
        c = self.panel
        inner = WIDTH - 12
        self.tracker = UILabel(pygame.Rect(4, 4, inner, 26), "", self.ui, container=c,
                               object_id="#tracker")
        self.order = UILabel(pygame.Rect(4, 28, inner, 22), "", self.ui, container=c)
        self.turn = UILabel(pygame.Rect(4, 50, inner, 24), "", self.ui, container=c)
        card_h, odds_h = stack_heights(h - FIXED_H - LOG_MIN, (CARD_H, ODDS_H),
                                       (CARD_MIN, ODDS_MIN))
        self.card = UITextBox("", pygame.Rect(4, 76, inner, card_h), self.ui, container=c)
        y = 76 + card_h + 2
        self.odds = UITextBox("", pygame.Rect(4, y, inner, odds_h), self.ui, container=c)
        y += odds_h + 2
        self.chart_rect = pygame.Rect(4, y, inner, CHART_H)
        self.chart = UIImage(self.chart_rect, blank(self.chart_rect.size), self.ui,
                             container=c)
        self.buttons_top = y + CHART_H + 4
        log_top = self.buttons_top + BUTTON_ROWS * 34 + 4
        self.log = UITextBox("", pygame.Rect(4, log_top, inner, max(LOG_MIN, h - log_top - 12)),
                             self.ui, container=c)
        self.buttons = []
        self._button_key = ()
        self.set_log(self._log)

    def kill(self) -> None:
        self.panel.kill()

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.panel.get_abs_rect().collidepoint(pos)

    def set_status(self, tracker: str, turn: str) -> None:
        tracker, _, order = tracker.partition("\n")
        if self.tracker.text != tracker:
            self.tracker.set_text(tracker)
        if self.order.text != order:
            self.order.set_text(order)
        if self.turn.text != turn:
            self.turn.set_text(turn)

    def set_card(self, lines: list[str]) -> None:
        text = "<br>".join(escape(s) for s in lines)
        if self.card.html_text != text:
            self.card.set_text(text)

    def set_odds(self, title: str, odds: AttackOdds | None, target_hp: int = 0) -> None:
        text = odds_html(title, odds) if odds else ""
        if self.odds.html_text != text:
            self.odds.set_text(text)
            surf = (draw_chart(odds, self.chart_rect.size, target_hp) if odds
                    else blank(self.chart_rect.size))
            self.chart.set_image(surf)

    def set_buttons(self, commands: list[tuple[str, Command]]) -> None:
        key = tuple(f"{label}|{cmd.model_dump_json()}" for label, cmd in commands)
        if key == self._button_key:
            return
        for b, _ in self.buttons:
            b.kill()
        self.buttons = []
        self._button_key = key
        half = (WIDTH - 16) // 2
        for i, (label, cmd) in enumerate(commands[: 2 * BUTTON_ROWS]):
            col, row = i % 2, i // 2
            rect = pygame.Rect(4 + col * (half + 4), self.buttons_top + row * 34, half, 30)
            self.buttons.append((UIButton(rect, label, self.ui, container=self.panel), cmd))

    def command_for(self, element: object) -> Command | None:
        for b, cmd in self.buttons:
            if b is element:
                return cmd
        return None

    def set_log(self, lines: list[str]) -> None:
        self._log = lines[-LOG_LINES:]
        self.log.set_text("<br>".join(reversed(self._log)))
