"""Issue 27, tried as a new player: when his figure is attacked, the defender's buttons
show each defence whole -- its chance to be hit, the damage taken, what a counter deals
back, the sensible one marked -- one a row, never cut off at the button's edge."""

from __future__ import annotations

import pygame
import pytest

from game.ai.hooks import register_hooks
from game.ai.tarnished_tale import HOOKS
from game.ui.side_panel import WIDTH
from rules.commands import Choose
from rules.engine import register_ruleset
from rules.systems.tarnished_tale.ruleset import RULESET
from tests.ui.test_tarnished_tale_in_window import Window


@pytest.fixture(autouse=True)
def _tarnished_tale_registered() -> None:
    register_ruleset(RULESET)
    register_hooks(HOOKS)


def test_the_defence_buttons_are_shown_whole_one_a_row() -> None:
    w = Window(gap=1)
    w.click(w.at("orc"))
    w.frames(3)
    if w.scene.cover is not None:  # hot-seat: the orc's player takes the seat
        w.press(w.scene.cover.button)
    w.frames(2)
    offered = [(b, c) for b, c in w.scene.panel.buttons if isinstance(c, Choose)]
    assert len(offered) >= 3, w.labels()
    for b, _ in offered:
        assert b.get_abs_rect().width == WIDTH - 16, b.text
        # the words fit the button, as drawn in its own font
        assert b.font.size(b.text)[0] <= b.get_abs_rect().width - 8, b.text
    texts = [b.text for b, _ in offered]
    assert sum(t.endswith("(sensible)") for t in texts) == 1, texts
    assert any(t.startswith("Counter attack") and ", deals " in t for t in texts), texts
    pygame.quit()
