"""The battle panel's log keeps its size while the card above it grows a line or a row of
buttons comes and goes (pygame-gui reads a text box's HTML afresh on every resize, 40 ms for
a long log: a hitch on every hover), yet never runs under the buttons and always ends at the
panel's foot; when the room left grows a lot, the log takes it."""

from __future__ import annotations

import pytest

from game.app import App
from game.ui.side_panel import BUTTON_ROW, LOG_SLACK, SidePanel
from rules.commands import Pass

LOG = [f"Orc {i} strikes Fighting-Man 2: rolled 14 against AC 5, a hit for 6 damage."
       for i in range(40)]


@pytest.fixture()
def panel():
    app = App((1600, 900))
    p = SidePanel(app.ui, (1600, 900))
    p.set_log(LOG)
    return p


def _clear_of_the_buttons(p: SidePanel) -> None:
    log = p.log.relative_rect
    assert log.bottom <= p.height  # ends at the panel's foot
    for b, _ in p.buttons:
        assert b.relative_rect.bottom <= log.top  # never under a button


def test_a_card_a_line_taller_leaves_the_log_as_it_is(panel) -> None:
    panel.set_card(["Fighting-Man 1", "HP 6/6", "AC 5", "Sword"])
    panel.set_card(["Fighting-Man 1", "HP 6/6", "AC 5", "Sword", "engaged"])
    size = panel.log.relative_rect.size
    for lines in (["Orc 1", "HP 5/5", "AC 7", "Sword"], ["Orc", "HP", "AC", "Sword", "x"]):
        panel.set_card(lines)
        assert panel.log.relative_rect.size == size
        _clear_of_the_buttons(panel)


def test_a_row_of_buttons_more_or_less_leaves_the_log_as_it_is(panel) -> None:
    panel.set_buttons([(f"Move {i}", Pass(unit=str(i))) for i in range(6)])
    size = panel.log.relative_rect.size
    for n in (4, 6, 3, 5):
        panel.set_buttons([(f"Move {i}", Pass(unit=f"{n}-{i}")) for i in range(n)])
        assert panel.log.relative_rect.size == size
        _clear_of_the_buttons(panel)


def test_much_more_room_is_given_to_the_log(panel) -> None:
    panel.set_buttons([(f"Move {i}", Pass(unit=str(i))) for i in range(10)])  # five rows
    small = panel.log.relative_rect.height
    panel.set_buttons([("Pass", Pass(unit="a"))])  # one row: four rows of room come free
    assert 4 * BUTTON_ROW >= LOG_SLACK
    assert panel.log.relative_rect.height >= small + 4 * BUTTON_ROW - 1
    _clear_of_the_buttons(panel)
