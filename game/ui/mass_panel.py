"""The mass battle's side panel: whose decision it is, the unit to order and its card, the
exact odds of the round ahead before an attack is ordered, the buttons of the decision at
hand (a place in the line; an order, a facing and the order given; the commander's ride),
and the log with its citations.

Built from pygame-gui widgets, rebuilt when the window is resized or the buttons on offer
change; the scene (game/ui/mass_scene.py) says what they show.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pygame

from game.ui.markup import escape, pct
from game.ui.mode_panel import BUTTON_H, WIDTH, ModePanel, choice_button
from rules.systems.zefrs.mass.odds import AttackPreview

STATUS_H, CARD_H, ODDS_H = 88, 124, 170
BAND_ROWS = 4  # rows of buttons the panel keeps room for


def law_html(law: dict[int, Fraction], cap: int = 7) -> str:
    """A law of losses as its likeliest outcomes, with a bar each."""
    top = sorted(law.items(), key=lambda kv: (-kv[1], kv[0]))[:cap]
    rows = []
    for k, p in sorted(top):
        bar = "|" * max(1, round(float(p) * 40)) if p else ""
        rows.append(f"{k:>3}: <font color='#e0c070'>{bar}</font> {pct(p)}")
    return "<br>".join(rows)


def preview_html(p: AttackPreview | None, names: dict[str, str]) -> str:
    if p is None:
        return ("<b>Odds</b>: face an enemy unit next to you (only the one you face, never on "
                "the diagonal, ZEF-64) to see the round ahead, exact.")
    them = escape(names.get(p.target, p.target))
    text = (f"<b>Attacking {them}</b>, this round (segments 2–4, exact; ZEF-72..75):<br>"
            f"you cut down <b>{float(AttackPreview.mean(p.inflict)):.1f}</b> on average<br>"
            f"{law_html(p.inflict)}")
    if p.suffer:
        text += (f"<br>they cut down <b>{float(AttackPreview.mean(p.suffer)):.1f}</b> of yours"
                 f" if they strike back<br>{law_html(p.suffer, 4)}<br>"
                 f"chance of a morale check for you (ZEF-77): <b>{pct(p.morale)}</b>")
    else:
        text += "<br>they do not face you: they cannot strike back this round (ZEF-64)"
    return text


class MassPanel(ModePanel):
    """The side panel; `buttons` maps each button to what the scene does with it."""

    def __init__(self, ui: Any, size: tuple[int, int]) -> None:
        super().__init__(ui, size, (STATUS_H, CARD_H, ODDS_H), BAND_ROWS)

    def set_buttons(self, rows: list[list[tuple[str, str, str, bool]]]) -> None:
        """Rows of (label, action, argument, chosen) buttons, a chosen one drawn selected;
        rebuilt only on change.  A row whose labels do not fit its buttons is split in two
        while the band has a row to spare (issue 35: "Behind Gunderland pikes" was cut)."""
        key = tuple(tuple(r) for r in rows)
        if not self._clear_buttons(key):
            return
        inner = WIDTH - 12
        for i, row in enumerate(self._split(rows)[:BAND_ROWS]):
            if not row:
                continue
            bw = (inner - 4 * (len(row) - 1)) // len(row)
            for j, (label, action, arg, pressed) in enumerate(row):
                r = pygame.Rect(4 + j * (bw + 4), self.button_top + i * (BUTTON_H + 4), bw,
                                BUTTON_H)
                b = choice_button(r, label, self.ui, self.panel, pressed)
                self.buttons[b] = (action, arg)

    def _split(self, rows: list[list[Any]]) -> list[list[Any]]:
        """`rows`, each too narrow for its longest label halved into two rows, first come
        first served, while the rows stay within the band."""
        font = self.ui.get_theme().get_font(["button"])
        inner = WIDTH - 12
        out = [list(r) for r in rows]
        i = 0
        while i < len(out) and len(out) < BAND_ROWS:
            row = out[i]
            bw = (inner - 4 * (len(row) - 1)) // max(1, len(row))
            if len(row) > 1 and any(font.size(x[0])[0] > bw - 8 for x in row):
                half = (len(row) + 1) // 2
                out[i:i + 1] = [row[:half], row[half:]]
                continue
            i += 1
        return out
