"""The battle panel's buttons are never cut off: short labels sit two to a row; a set with one
label too long for half the panel (a figure's long name, a way of striking said in full)
takes a whole row per button; and more buttons than a page holds turn pages with "More"."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.ui.side_panel import WIDTH, SidePanel
from rules.commands import Pass


@pytest.fixture()
def panel():
    app = App((1280, 800))  # the window's own manager, theme and fonts
    yield SidePanel(app.ui, (1280, 800))
    pygame.quit()


def _fits(button) -> bool:
    return button.font.size(button.text)[0] <= button.relative_rect.width - 8


def test_short_labels_sit_two_to_a_row(panel) -> None:
    p = panel
    p.set_buttons([("Pass", Pass(unit="a")), ("End the phase", Pass(unit="b"))])
    a, b = (btn.relative_rect for btn, _ in p.buttons)
    assert a.top == b.top and a.width < WIDTH // 2


def test_one_long_label_gives_every_button_a_whole_row(panel) -> None:
    p = panel
    long = "Strike Sir Gawain of the Green Chapel, aiming at the chest"
    p.set_buttons([("Pass", Pass(unit="a")), (long, Pass(unit="b"))])
    a, b = (btn.relative_rect for btn, _ in p.buttons)
    assert a.top < b.top and b.width > WIDTH // 2
    assert all(_fits(btn) for btn, _ in p.buttons)


def test_more_buttons_than_a_page_turn_pages(panel) -> None:
    p = panel
    p.set_buttons([(f"Move {i}", Pass(unit=str(i))) for i in range(25)])
    assert p.pages() > 1 and p.more is not None
    seen = set()
    for _ in range(p.pages()):
        seen |= {btn.text for btn, _ in p.buttons}
        p.turn_page(p.more)
    assert seen == {f"Move {i}" for i in range(25)}
