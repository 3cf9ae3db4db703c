"""The lesson's banner over the battle board: the step the player is on, what to do, the rule
cited under the ruleset being played, the exact odds the step is about, and once a step is
done, what to take from it.  Its buttons start the lesson again, open its map in the GM's
sandbox, or go back to the list of lessons."""

from __future__ import annotations

from html import escape
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from game.lessons import LessonRun
from game.ui.markup import pct
from rules.engine import catalogue

WIDTH, HEIGHT = 600, 320


def banner_html(run: LessonRun, state: Any, last_then: str) -> str:
    """The banner's text, in a player's words: names, not ids."""
    names = {u.id: u.name or u.id for u in state.units}
    ruleset = next((n for rid, n, _ in catalogue() if rid == run.ruleset), run.ruleset)
    total = len(run.lesson.steps)
    head = f"<b>{escape(run.lesson.title)}</b> · {escape(ruleset)}"
    parts = [head]
    if last_then:
        parts.append(f"<font color='#9be09b'>Done. {escape(last_then)}</font>")
    step = run.step
    if step is None:
        parts.append("<b>Lesson complete.</b> Start again, try it under another ruleset, "
                     "or show it at the table in the sandbox.")
        return "<br>".join(parts)
    parts.append(f"<b>Step {run.index + 1} of {total}.</b> {escape(step.say_under(run.ruleset))}")
    parts.append(f"<i>{escape(step.rule.get(run.ruleset, ''))}</i>")
    for label, odds in run.odds_lines(state):
        text = label
        for uid, name in names.items():
            text = text.replace(uid, name)
        # the damage too: a shield or armour changes what a blow does, not whether it
        # lands (ZeFRS, ZEF-47, ZEF-48), and the comparison must show it
        parts.append(f"{escape(text[:1].upper() + text[1:])}: <b>{pct(odds.hit)}</b> to hit, "
                     f"{pct(odds.kill)} to fell, {float(odds.expected_damage):.1f} damage "
                     "on average")
    return "<br>".join(parts)


class LessonBanner:
    """The panel at the board's top-left corner."""

    def __init__(self, ui: Any, board_width: int) -> None:
        w = min(WIDTH, board_width - 20)
        self.panel = UIPanel(pygame.Rect(10, 10, w, HEIGHT), starting_height=5, manager=ui)
        self.text = UITextBox("", pygame.Rect(4, 4, w - 14, HEIGHT - 56), ui,
                              container=self.panel)
        bw = (w - 30) // 3
        y = HEIGHT - 48
        self.again = UIButton(pygame.Rect(4, y, bw, 36), "Start again", ui,
                              container=self.panel)
        self.sandbox = UIButton(pygame.Rect(12 + bw, y, bw, 36), "Show in the sandbox", ui,
                                container=self.panel)
        self.back = UIButton(pygame.Rect(20 + 2 * bw, y, bw, 36), "All lessons", ui,
                             container=self.panel)
        self._shown = ""

    def show(self, html: str) -> None:
        if html != self._shown:
            self._shown = html
            self.text.set_text(html)

    def which(self, element: Any) -> str:
        return {self.again: "again", self.sandbox: "sandbox", self.back: "back"}.get(element, "")

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.panel.get_abs_rect().collidepoint(pos)

    def kill(self) -> None:
        self.panel.kill()
