"""The joust's side panel: the pass, whose choice it is, the two riders, the odds of each
throw before it is chosen (exact, FE-48), the moment's line (what the rider is asked and
why, `Ruleset.moment` through the joust's frame), the three throw buttons, and the log (oldest
first, the newest in view, room for eight lines kept: game/ui/log_box.py).

Built from pygame-gui widgets, rebuilt when the window is resized.  The odds are words and
a small chart: for each throw of 1, 2 or 3 dice, the chance this pass goes the rider's way
and the chance he wins the round, against a rider who answers as the computer would
(`rules.systems.fallen_empire.joust_odds`).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel, UITextBox

from game.render.tokens import font
from game.ui.layout import fit_text, stack_heights
from game.ui.log_box import LOG_LINES, LogBox, least_height
from game.ui.markup import escape, moment_html, pct
from rules.systems.fallen_empire.joust_odds import ChoiceOdds

WIDTH = 380
CARD_H, ODDS_H, CHART_H = 64, 300, 72
CARD_MIN, ODDS_MIN = 56, 80
MOMENT_H = 92  # four lines of the moment's words
FIXED_H = 76 + 2 + 2 + CHART_H + 4 + MOMENT_H + 4 + 44 + 4 + 12
WIN, DRAW, LOSE = (92, 196, 110), (170, 170, 170), (214, 84, 70)


def dice_word(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def odds_html(odds: Sequence[ChoiceOdds], helm_tipping: bool) -> str:
    """The odds of each throw in words, the best for the round marked."""
    if not odds:
        return ""
    best = max(odds, key=lambda c: (c.round_win, c.round_draw, -c.dice)).dice
    lines = ["<b>Your odds</b>, exact, against a rider who answers as the computer would "
             "<font color='#9fc6ff'>(FE-48..FE-53)</font>:"]
    triple = "tips his helm" if helm_tipping else "unhorses"
    for c in odds:
        p = c.this_pass
        mark = " <font color='#ffd27a'>(best)</font>" if c.dice == best and len(odds) > 1 else ""
        lines.append(f"<b>{dice_word(c.dice)}</b> [{c.dice}]{mark}: this pass "
                     f"<font color='#8fe08f'>won {pct(p.win)}</font>, "
                     f"<font color='#ff9a80'>lost {pct(p.lose)}</font>")
        draw = f", drawn {pct(c.round_draw)}" if c.round_draw else ""
        lines.append(f"- the round <font color='#8fe08f'>won <b>{pct(c.round_win)}</b></font>, "
                     f"lost {pct(c.round_lose)}{draw}")
        risks = []
        if p.unhorse:
            risks.append(f"a triple {triple} {pct(p.unhorse)}")
        if p.injure:
            risks.append(f"all 1s eject you {pct(p.injure)}")
        if risks:
            lines.append(f"- <i>{'; '.join(risks)}</i>")
    return "<br>".join(lines)


def odds_chart(odds: Sequence[ChoiceOdds], size: tuple[int, int]) -> pygame.Surface:
    """One bar a throw: the round won (green), drawn (grey), lost (red)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    if not odds:
        return surf
    w, h = size
    row = h // max(3, len(odds))
    bar_x = 70
    for i, c in enumerate(odds):
        y = i * row + 2
        surf.blit(font(18).render(dice_word(c.dice), True, (230, 230, 230)), (4, y + 2))
        x = bar_x
        span = w - bar_x - 56
        for part, colour in ((c.round_win, WIN), (c.round_draw, DRAW), (c.round_lose, LOSE)):
            pw = round(span * float(part))
            if pw:
                pygame.draw.rect(surf, colour, (x, y, pw, row - 6))
            x += pw
        pygame.draw.rect(surf, (20, 20, 24), (bar_x, y, span, row - 6), 1)
        surf.blit(font(18).render(pct(c.round_win), True, WIN), (bar_x + span + 4, y + 2))
    return surf


class JoustPanel:
    def __init__(self, ui: pygame_gui.UIManager, screen: tuple[int, int]) -> None:
        self.ui = ui
        self.throw_buttons: dict[int, UIButton] = {}
        self._log: list[str] = []
        self._odds_key: object = None
        self._moment = ""
        self.build(screen)

    def build(self, screen: tuple[int, int]) -> None:
        w, h = screen
        self.panel = UIPanel(pygame.Rect(w - WIDTH, 0, WIDTH, h), manager=self.ui)
        c, inner = self.panel, WIDTH - 12
        self.tracker = UILabel(pygame.Rect(4, 4, inner, 26), "", self.ui, container=c,
                               object_id="#tracker")
        self.pools = UILabel(pygame.Rect(4, 28, inner, 22), "", self.ui, container=c)
        self.turn = UILabel(pygame.Rect(4, 50, inner, 24), "", self.ui, container=c)
        log_least = least_height(self.ui)
        card_h, odds_h = stack_heights(h - FIXED_H - log_least, (CARD_H, ODDS_H),
                                       (CARD_MIN, ODDS_MIN))
        self.card = UITextBox("", pygame.Rect(4, 76, inner, card_h), self.ui, container=c)
        y = 76 + card_h + 2
        self.odds = UITextBox("", pygame.Rect(4, y, inner, odds_h), self.ui, container=c)
        y += odds_h + 2
        self.chart_rect = pygame.Rect(4, y, inner, CHART_H)
        self.chart = UIImage(self.chart_rect, odds_chart((), self.chart_rect.size), self.ui,
                             container=c)
        y += CHART_H + 4
        self.moment = UITextBox(moment_html(self._moment), pygame.Rect(4, y, inner, MOMENT_H),
                                self.ui, container=c, object_id="#moment",
                                visible=bool(self._moment))
        y += MOMENT_H + 4
        third = (inner - 8) // 3
        self.throw_buttons = {
            n: UIButton(pygame.Rect(4 + (n - 1) * (third + 4), y, third, 40),
                        f"{dice_word(n)}  [{n}]", self.ui, container=c,
                        tool_tip_text=f"Throw {dice_word(n)} this pass, in secret (FE-48)")
            for n in (1, 2, 3)}
        log_top = y + 44 + 4
        self.log = LogBox(pygame.Rect(4, log_top, inner, max(log_least, h - log_top - 12)),
                          self.ui, container=c)
        self._odds_key = None
        self.set_log(self._log)

    def kill(self) -> None:
        self.panel.kill()

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.panel.get_abs_rect().collidepoint(pos)

    def set_status(self, tracker: str, pools: str, turn: str, keep: str = "") -> None:
        """The header's three lines, each shortened to the panel if it must be (the whole on
        hover); `keep`, the end of the first that must show (the pass), kept whole."""
        fit_text(self.tracker, tracker, keep)
        for label, text in ((self.pools, pools), (self.turn, turn)):
            fit_text(label, text)

    def set_moment(self, text: str) -> None:
        """What the rider is asked now and why, above the throw buttons; "" hides it."""
        if text == self._moment:
            return
        self._moment = text
        self.moment.set_text(moment_html(text))
        self.moment.show() if text else self.moment.hide()

    def set_card(self, lines: list[str]) -> None:
        text = "<br>".join(lines)
        if self.card.html_text != text:
            self.card.set_text(text)

    def set_odds(self, odds: Sequence[ChoiceOdds], helm_tipping: bool, note: str = "") -> None:
        key = (tuple(odds), helm_tipping, note)
        if key == self._odds_key:
            return
        self._odds_key = key
        self.odds.set_text(odds_html(odds, helm_tipping) if odds else escape(note))
        self.chart.set_image(odds_chart(odds, self.chart_rect.size))

    def set_throws(self, legal: Sequence[int]) -> None:
        """Enable the buttons of the throws the rider may make now (none: all disabled)."""
        for n, b in self.throw_buttons.items():
            if n in legal and not b.is_enabled:
                b.enable()
            elif n not in legal and b.is_enabled:
                b.disable()

    def throw_for(self, element: object) -> int | None:
        return next((n for n, b in self.throw_buttons.items() if b is element), None)

    def set_log(self, lines: list[str], keep: int | None = None) -> None:
        """The log's entries, oldest first: the newest at the foot, in view, or the `keep`th
        (the first of the other rider's last move) if the two cannot both be (log_box)."""
        self._log = lines[-LOG_LINES:]
        self.log.show(self._log, None if keep is None else keep - (len(lines) - len(self._log)))


__all__ = ["LOG_LINES", "WIDTH", "JoustPanel", "dice_word", "odds_chart", "odds_html", "pct"]
