"""The log box (game/ui/log_box.py, issue 35 item 1): oldest first with the newest at its
foot and in view, after new lines and after a new size; the first line of the other side's
last move kept in view when that move is taller than the box; room for eight lines in the
least height, measured in the font's line height and the distance between lines."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.ui.layout import place
from game.ui.log_box import LEAST_LINES, LogBox, least_height
from tests.ui.log_view import at_its_foot, rows_in_view, says, whole_rows_room

LINES = [f"Orc {i} strikes Sir Gerard." for i in range(40)]


@pytest.fixture()
def app():
    a = App((1366, 768))
    yield a
    pygame.quit()


def test_the_least_height_has_room_for_eight_lines(app) -> None:
    box = LogBox(pygame.Rect(0, 0, 368, least_height(app.ui)), app.ui)
    box.show(LINES)
    assert whole_rows_room(box) == LEAST_LINES
    assert len(rows_in_view(box)) == LEAST_LINES


def test_oldest_first_the_newest_in_view(app) -> None:
    box = LogBox(pygame.Rect(0, 0, 368, 240), app.ui)
    box.show(LINES)
    assert box.html_text.split("<br>") == LINES
    assert at_its_foot(box) and says(box, LINES[-1]) and not says(box, LINES[0])
    box.show([*LINES, "Round 2 begins.", "Orc 40 strikes Sir Gerard."])
    assert at_its_foot(box) and rows_in_view(box)[-2:] == ["Round 2 begins.",
                                                           "Orc 40 strikes Sir Gerard."]


def test_a_new_size_keeps_the_newest_in_view(app) -> None:
    box = LogBox(pygame.Rect(0, 0, 368, 240), app.ui)
    box.show(LINES)
    place(box, pygame.Rect(0, 0, 368, 300))
    assert at_its_foot(box) and says(box, LINES[-1])


def test_a_move_taller_than_the_box_is_read_from_its_first_line(app) -> None:
    box = LogBox(pygame.Rect(0, 0, 368, least_height(app.ui)), app.ui)
    move = [f"Gorbag's blow, step {i}: a long line of modifiers, each with the clause it "
            f"comes from (EMP-47), so that it wraps over two rows." for i in range(6)]
    box.show([*LINES, *move], keep=len(LINES))
    assert says(box, move[0]) and not at_its_foot(box)
    assert rows_in_view(box)[0].startswith("Gorbag's blow, step 0")
    box.show([*LINES, *move[:2]], keep=len(LINES))  # short enough: the foot, and it in view
    assert at_its_foot(box) and says(box, move[0]) and says(box, move[1])
