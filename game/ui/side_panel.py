"""The battle's side panel: round tracker, whose turn, the figure's card, the box beside it
(the odds of the attack under the mouse with every modifier and its rule, else the hovered
figure's card, else the roster: each side's figures with their hit points and state), the
command buttons, and the event log (game/ui/log_box.py: oldest first, the newest in view).
Built from pygame-gui widgets; rebuilt when the window is resized.

The log always keeps room for eight lines (issue 35: the many buttons of a ruleset, or a
long card over the odds, once left it two); in what is left the card is as tall as its
text, so it is never cut on a laptop's screen (1366x768) nor lost in an empty box on a large
one; the buttons take as many rows as a page holds, fewer on a short window or under a long
card (the rest turn pages with "More…", never eating the log); the box under the card takes
what is left up to its own height (the odds' damage chart at its foot, only while there are
odds), and the log the rest.

Right above the buttons stands the moment's line (`Ruleset.moment`): what the player is
asked now and why, citing the clause, in a box of its own as tall as its words (issue 35:
"Splinter the shield / Take the damage" once came with its reason only in the log)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel, UITextBox

from game.ui.layout import fit_text, place, text_height
from game.ui.log_box import LogBox, least_height
from game.ui.markup import escape, moment_html, pct
from game.ui.odds_chart import draw_chart, outcome_hex
from rules.commands import Command
from rules.engine import AttackOdds
from rules.wording import Words, counted

WIDTH = 380


def odds_html(title: str, odds: AttackOdds, words: Words | None = None) -> str:
    """The odds box: the chances, what is needed, each modifier with its clause, the notes;
    a reason that names a figure by its id ("bugbear_1 charged: AC worse", FE-17) in the
    battle's `words`, and a rule's "0 hit(s)" put in number, as the log has them."""
    say = words.text if words is not None else counted
    lines = [f"<b>{escape(title)}</b>",
             f"Hit <b>{pct(odds.hit)}</b> · kill <b>{pct(odds.kill)}</b> · "
             f"mean damage {float(odds.expected_damage):.2f}",
             f"Needs {escape(odds.needed_words)}" if odds.needed_words else
             f"Needs {odds.needed} on d20 before modifiers"]
    if odds.outcomes:  # a chart's colours (ZeFRS), each in its own colour
        lines.append(" · ".join(f"<font color='{outcome_hex(name)}'>{escape(name)} "
                                f"{float(p) * 100:.0f}%</font>" for name, p in odds.outcomes))
    for m in odds.modifiers:
        colour = "#8fe08f" if m.value > 0 else "#ff9a80" if m.value < 0 else "#c0c0c0"
        lines.append(f"<font color='{colour}'>{m.value:+d}</font> {escape(say(m.reason))} "
                     f"<font color='#9fc6ff'>({escape(m.rule)})</font>")
    for n in odds.notes:
        lines.append(f"<i>{escape(say(n))}</i>")
    return "<br>".join(lines)


def blank(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    return surf


HEAD_H = 76  # the round tracker, the order of play and whose turn it is
CARD_MIN = 60  # the card never shrinks below two lines
CHART_H, MARGIN = 64, 12
# The log keeps its height while it fits and leaves less than LOG_SLACK unused, its foot at
# the panel's foot: pygame-gui reads a text box's HTML afresh whenever its size changes (40 ms
# for a long log), so a card a line taller or a row of buttons more leaves the log be.
LOG_SLACK = 120
# The box under the card (the odds and their chart, or the hovered figure): preferred and
# least heights, the chart included while there are odds.
ASIDE_H, ASIDE_MIN = 270 + 2 + CHART_H, 40
BUTTON_ROW, BUTTON_ROWS = 34, 5  # ten buttons a page, in two columns
WIDE_ROWS = 7  # buttons a page in one column, for choices said in a sentence
# The fewest rows a page of buttons is given when room is short (three choices and "More"):
# below that the card gives way and scrolls, as a page of one or two choices is no choice.
MIN_ROWS = 4
HINT = ("<font color='#9a9a9a'><i>Hover a figure to see its card here, or a foe ringed in "
        "gold for the odds of a blow.</i></font>")
ROSTER_HINT = ("<font color='#9a9a9a'><i>Hover a figure for its card, a foe ringed in gold "
               "for the odds.</i></font>")

# Each side's name and its figures' lines ("Orc 4 — 5/8 HP, engaged"), as `roster_html` reads.
Roster = tuple[tuple[str, tuple[str, ...]], ...]


def roster_html(roster: Roster) -> str:
    """The roster as the box shows it: each side's name in bold over its figures, and a
    word on what hovering shows; the bare hint when there is nobody to list."""
    if not roster:
        return HINT
    lines: list[str] = []
    for side, figures in roster:
        lines.append(f"<b>{escape(side)}</b>")
        lines += [escape(f) for f in figures]
    return "<br>".join([*lines, ROSTER_HINT])


class SidePanel:
    def __init__(self, ui: pygame_gui.UIManager, screen: tuple[int, int]) -> None:
        self.ui = ui
        self.buttons: list[tuple[UIButton, Command]] = []
        self._button_key: tuple[str, ...] = ()
        self._offered: list[tuple[str, Command]] = []  # every button, on every page
        self._wide = False  # one column of long labels rather than two of short ones
        self._page = 0
        self.more: UIButton | None = None  # the button that turns to the next page
        self._log: list[str] = []
        self._rows = 1  # rows of buttons shown
        self._cap = BUTTON_ROWS  # rows a page of buttons may take (_rows_cap)
        self._card_need = CARD_MIN  # the height the card's text asks for
        self._with_chart = False  # odds are shown, and their chart under them
        self._roster: Roster = ()  # the roster last shown, and its text (laid out once)
        self._roster_text = HINT
        self._moment = ""  # what the player is asked now and why (Ruleset.moment)
        self._moment_h = 0  # the height its box takes, 0 while there is none
        self.build(screen)

    def build(self, screen: tuple[int, int]) -> None:
        w, h = screen
        self.height = h
        self.log_least = least_height(self.ui)  # eight lines of the log's text
        x = w - WIDTH
        self.panel = UIPanel(pygame.Rect(x, 0, WIDTH, h), manager=self.ui)
        c = self.panel
        inner = WIDTH - 12
        self.tracker = UILabel(pygame.Rect(4, 4, inner, 26), "", self.ui, container=c,
                               object_id="#tracker")
        self.order = UILabel(pygame.Rect(4, 28, inner, 22), "", self.ui, container=c)
        self.turn = UILabel(pygame.Rect(4, 50, inner, 24), "", self.ui, container=c)
        self.card = UITextBox("", pygame.Rect(4, HEAD_H, inner, CARD_MIN), self.ui,
                              container=c)
        self.odds = UITextBox(HINT, pygame.Rect(4, HEAD_H + CARD_MIN + 2, inner, ASIDE_MIN),
                              self.ui, container=c)
        self.chart_rect = pygame.Rect(4, 0, inner, CHART_H)
        self.chart = UIImage(self.chart_rect, blank(self.chart_rect.size), self.ui,
                             container=c, visible=self._with_chart)
        self.moment = UITextBox(moment_html(self._moment), pygame.Rect(4, 0, inner, CARD_MIN),
                                self.ui, container=c, object_id="#moment",
                                visible=bool(self._moment))
        self._moment_h = self._moment_need()
        self.log = LogBox(pygame.Rect(4, h - self.log_least - MARGIN, inner, self.log_least),
                          self.ui, container=c)
        self.buttons = []
        self.more = None
        self._button_key = ()
        self._layout()
        self.log.show(self._log)

    def _room(self) -> int:
        """The height the card, the box under it and the buttons share: the panel less its
        head, the gaps, and the log's eight lines."""
        return (self.height - HEAD_H - 2 - 4 - 4 - MARGIN - self.log_least
                - (self._moment_h + 4 if self._moment_h else 0))

    def _rows_cap(self) -> int:
        """The rows a page of buttons may take: a whole page (BUTTON_ROWS, or WIDE_ROWS for
        sentences) when the card keeps its text beside them and the box under it its least,
        the chart counted (odds come and go with the mouse, and the buttons should not move
        with them); else fewer, not under MIN_ROWS unless the window is too short for even
        those beside the card's least (then two: a choice and "More")."""
        room = self._room() - (ASIDE_MIN + CHART_H + 2)
        card = max(CARD_MIN, min(self._card_need, room - MIN_ROWS * BUTTON_ROW))
        full = WIDE_ROWS if self._wide else BUTTON_ROWS
        return max(2, min(full, (room - card) // BUTTON_ROW))

    def _layout(self) -> None:
        """Stack the boxes down the panel: the card as tall as its text (the buttons' rows,
        the box under it's least and the log's eight lines kept), the box under it what is
        left up to its own height, the chart at its foot while there are odds, the rows of
        buttons, and the log down to the bottom (kept as it is while it fits, LOG_SLACK)."""
        inner = WIDTH - 12
        rows_h = self._rows * BUTTON_ROW
        room = self._room()
        least = ASIDE_MIN + (CHART_H + 2 if self._with_chart else 0)
        card_h = max(CARD_MIN, min(self._card_need, room - least - rows_h))
        aside_h = max(least, min(ASIDE_H, room - card_h - rows_h))
        y = HEAD_H
        place(self.card, pygame.Rect(4, y, inner, card_h))
        y += card_h + 2
        text_h = aside_h - (CHART_H + 2 if self._with_chart else 0)
        place(self.odds, pygame.Rect(4, y, inner, text_h))
        self.chart_rect = pygame.Rect(4, y + aside_h - CHART_H, inner, CHART_H)
        self.chart.set_relative_position(self.chart_rect.topleft)
        self.buttons_top = y + aside_h + 4
        if self._moment_h:
            place(self.moment, pygame.Rect(4, self.buttons_top, inner, self._moment_h))
            self.buttons_top += self._moment_h + 4
        for i, (b, _) in enumerate(self.buttons):
            b.set_relative_position(self._button_rect(i).topleft)
        if self.more is not None:
            self.more.set_relative_position(self._button_rect(len(self.buttons)).topleft)
        least = self.log_least
        room = max(least, self.height - (self.buttons_top + rows_h + 4) - MARGIN)
        kept = self.log.relative_rect.height
        log_h = kept if least <= kept <= room and room - kept < LOG_SLACK else room
        place(self.log, pygame.Rect(4, self.height - MARGIN - log_h, inner, log_h))

    def kill(self) -> None:
        self.panel.kill()

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.panel.get_abs_rect().collidepoint(pos)

    def set_status(self, tracker: str, turn: str) -> None:
        tracker, _, order = tracker.partition("\n")
        for label, text in ((self.tracker, tracker), (self.order, order), (self.turn, turn)):
            fit_text(label, text)

    def set_moment(self, text: str) -> None:
        """What the player is asked now and why (`Ruleset.moment`), above the buttons; ""
        takes the box away.  Laid out again only when the words change."""
        if text == self._moment:
            return
        self._moment = text
        self.moment.set_text(moment_html(text))
        self.moment.show() if text else self.moment.hide()
        need = self._moment_need()
        if need != self._moment_h:
            self._moment_h = need
            self._fit_page()
            self._layout()

    def _moment_need(self) -> int:
        """The height the moment's words ask for (0 for none): the box is made tall enough
        for them first, as a card is."""
        if not self._moment:
            return 0
        inner = WIDTH - 12
        place(self.moment, pygame.Rect(4, self.moment.relative_rect.y, inner, 200))
        return text_height(self.moment)

    def set_card(self, lines: list[str]) -> None:
        """Show a figure's card, the box made as tall as its lines need."""
        text = "<br>".join(escape(s) for s in lines)
        if self.card.html_text != text:
            self.card.set_text(text)
            need = text_height(self.card)
            if need != self._card_need:
                self._card_need = need
                self._fit_page()
                self._layout()

    def set_odds(self, title: str, odds: AttackOdds | None, target_hp: int = 0,
                 figure: list[str] | None = None, roster: Roster = (),
                 words: Words | None = None) -> None:
        """The box under the card: the odds of the blow under the mouse, else the card of
        the figure under it (`figure`), else the roster of both sides (`roster`; its text
        is made again only when it changed, and laid out only when the text did), else a
        word on what to hover."""
        if bool(odds) != self._with_chart:
            self._with_chart = bool(odds)
            self.chart.show() if odds else self.chart.hide()
            self._layout()
        if odds:
            text = odds_html(title, odds, words)
        elif figure:
            text = "<br>".join(escape(s) for s in figure)
        else:
            if roster != self._roster:
                self._roster, self._roster_text = roster, roster_html(roster)
            text = self._roster_text
        if self.odds.html_text != text:
            self.odds.set_text(text)
            surf = (draw_chart(odds, self.chart_rect.size, target_hp) if odds
                    else blank(self.chart_rect.size))
            self.chart.set_image(surf)

    def set_buttons(self, commands: list[tuple[str, Command]], wide: bool = False) -> None:
        """The buttons offered, two short ones a row (`wide`: one a row, for choices said in
        a sentence), as many as a page holds; beyond that a "More" button turns the page,
        so no choice is ever cut off."""
        wide = wide or any(self._too_long_for_half(label) for label, _ in commands)
        key = (str(wide), *(f"{label}|{cmd.model_dump_json()}" for label, cmd in commands))
        if key == self._button_key:
            return
        self._button_key = key
        self._offered, self._wide, self._page = list(commands), wide, 0
        self._cap = self._rows_cap()
        self._show_page()

    def _fit_page(self) -> None:
        """Page the buttons again if the rows a page may take have changed (a card grown
        or shrunk) and the buttons offered would fill the two differently."""
        cap = self._rows_cap()
        if cap == self._cap:
            return
        before = self._per_page()
        self._cap = cap
        if len(self._offered) > min(before, self._per_page()):
            self._page = 0
            self._show_page()

    def _too_long_for_half(self, label: str) -> bool:
        """Whether `label` would be cut off on a half-width button (a long name, a way of
        striking said in full): then every button of the set takes a whole row."""
        width = self.ui.get_theme().get_font(["button"]).size(label)[0]
        return width > (WIDTH - 16) // 2 - 12

    def _per_page(self) -> int:
        """Buttons a page holds: a row each for sentences, else two a row."""
        return self._cap if self._wide else 2 * self._cap

    def pages(self) -> int:
        """How many pages the buttons offered fill."""
        per, n = self._per_page(), len(self._offered)
        return 1 if n <= per else -(-n // (per - 1))

    def _show_page(self) -> None:
        for b, _ in self.buttons:
            b.kill()
        if self.more is not None:
            self.more.kill()
            self.more = None
        self.buttons = []
        per, pages = self._per_page(), self.pages()
        shown = self._offered if pages == 1 else \
            self._offered[self._page * (per - 1):(self._page + 1) * (per - 1)]
        count = len(shown) + (1 if pages > 1 else 0)
        rows = max(1, count if self._wide else (count + 1) // 2)
        if rows != self._rows:
            self._rows = rows
            self._layout()
        for i, (label, cmd) in enumerate(shown):
            b = UIButton(self._button_rect(i), label, self.ui, container=self.panel,
                         object_id="#choice" if self._wide else None)
            fit_text(b, label)  # too long even for a whole row: shortened, whole on hover
            self.buttons.append((b, cmd))
        if pages > 1:
            self.more = UIButton(self._button_rect(len(shown)),
                                 f"More… (page {self._page + 1} of {pages})", self.ui,
                                 container=self.panel)

    def turn_page(self, element: object) -> bool:
        """Whether `element` was the "More" button; if so, the next page is shown."""
        if self.more is None or element is not self.more:
            return False
        self._page = (self._page + 1) % self.pages()
        self._show_page()
        return True

    def _button_rect(self, i: int) -> pygame.Rect:
        """The `i`th button's place: two columns, row by row from `buttons_top` (one wide
        column for sentences)."""
        if self._wide:
            return pygame.Rect(4, self.buttons_top + i * BUTTON_ROW, WIDTH - 16, 30)
        half = (WIDTH - 16) // 2
        col, row = i % 2, i // 2
        return pygame.Rect(4 + col * (half + 4), self.buttons_top + row * BUTTON_ROW, half, 30)

    def command_for(self, element: object) -> Command | None:
        for b, cmd in self.buttons:
            if b is element:
                return cmd
        return None

    def set_log(self, lines: list[str], keep: int | None = None) -> None:
        """The log's entries, oldest first: the newest at the foot, in view, or the `keep`th
        (the first of the other side's last move) if the two cannot both be (log_box)."""
        self._log = list(lines)
        self.log.show(self._log, keep)
