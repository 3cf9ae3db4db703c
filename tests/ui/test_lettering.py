"""Issue 35, item 5: the one way the game fits words to their room (game.render.lettering,
game.ui.layout.fit_text): measured in their own font, wrapped between words, shortened with
an ellipsis only when they must be, and the whole shown on hover."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pygame_gui.elements import UILabel

from game.app import App
from game.render import lettering
from game.render.tokens import font
from game.ui.layout import fit_text

WORDS = st.lists(st.text("abcdefghijklmnop WXYZ,'", min_size=1, max_size=14), min_size=1,
                 max_size=8).map(" ".join)


@pytest.fixture(scope="module")
def measure():
    pygame.font.init()
    return lambda s: font(18, False).size(s)[0]  # made again if a test shut pygame down


@settings(max_examples=60, deadline=None, derandomize=True)
@given(text=WORDS, width=st.integers(30, 300))
def test_a_shortened_line_fits_and_begins_as_the_text(measure, text, width):
    shown = lettering.shorten(measure, text, width)
    if measure(text) <= width:
        assert shown == text
    else:
        assert shown.endswith(lettering.ELLIPSIS)
        assert measure(shown) <= width or shown == lettering.ELLIPSIS
        assert text.startswith(shown[:-1].rstrip(" ,·:;-"))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(text=WORDS, width=st.integers(60, 300), most=st.integers(1, 3))
def test_wrapped_lines_fit_and_keep_every_word_unless_the_last_is_shortened(
        measure, text, width, most):
    rows = lettering.wrap(measure, text, width, most)
    assert len(rows) <= most and all(measure(r) <= width for r in rows)
    if not any(r.endswith(lettering.ELLIPSIS) for r in rows):
        assert " ".join(rows).split() == text.split()


def test_a_long_name_reads_by_its_last_word(measure):
    assert lettering.by_last_word(measure, "* Sergeant Brannoc of the Marches", 80) == \
        "* Marches"
    assert lettering.by_last_word(measure, "Brann", 10) == "Brann"


def test_hovering_a_shortened_line_shows_it_whole_and_a_whole_line_shows_nothing():
    pygame.font.init()
    screen = pygame.Surface((400, 200))
    board = screen.subsurface(pygame.Rect(100, 50, 300, 150))
    f = font(20, False)
    lettering.new_frame()
    cut = lettering.line(board, f, "Grip, the watch's hound", (255, 255, 255), 80,
                         topleft=(0, 0))
    whole = lettering.line(board, f, "Big Wat", (255, 255, 255), 80, topleft=(0, 60))
    on_screen = cut.move(100, 50)  # where the subsurface stands on the screen
    assert lettering.whole_text_at(on_screen.center) == "Grip, the watch's hound"
    assert [x.cut for x in lettering.drawn()] == [True, False]
    before = pygame.image.tobytes(screen, "RGB")
    lettering.draw_hover(screen, whole.move(100, 50).center)
    assert pygame.image.tobytes(screen, "RGB") == before  # nothing cut there
    lettering.draw_hover(screen, on_screen.center)
    assert pygame.image.tobytes(screen, "RGB") != before  # the plate with the whole name


def test_a_label_too_narrow_is_shortened_with_its_whole_text_as_tool_tip():
    app = App((800, 600))
    try:
        label = UILabel(pygame.Rect(0, 0, 120, 24), "", app.ui)
        fit_text(label, "Sir Aldric's List, round 1: Sir Aldric v Sir Bertrand")
        assert label.text.endswith(lettering.ELLIPSIS)
        assert label.font.size(label.text)[0] <= 120
        assert label.tool_tip_text == "Sir Aldric's List, round 1: Sir Aldric v Sir Bertrand"
        fit_text(label, "Pass 2")
        assert label.text == "Pass 2" and label.tool_tip_text is None
        header = "Sir Aldric's List, round 1: Sir Aldric v Sir Bertrand - pass 3"
        fit_text(label, header, keep="- pass 3")  # the pass a List's bout is at stays
        assert label.text.endswith("… - pass 3") and label.tool_tip_text == header
        assert label.font.size(label.text)[0] <= 120
    finally:
        pygame.quit()


def test_a_numbered_name_keeps_the_word_its_number_counts(measure):
    """The border battle's "Pictish warrior 2" was drawn as a bare "2" under his unit."""
    assert lettering.by_last_word(measure, "Pictish warrior 2", 40) == "warrior 2"
    assert lettering.by_last_word(measure, "* Pictish warrior 2", 40) == "* warrior 2"
    assert lettering.by_last_word(measure, "Warrior 2", 20) == "Warrior 2"  # shorten cuts it
