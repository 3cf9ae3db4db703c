"""A command the rules refuse is said on the battle screen in a player's words: the figure by
its name, never its id (issue 21, item 5: every field of a command is checked)."""

from __future__ import annotations

import pygame
import pytest

from rules.commands import Turn
from rules.engine import decider, legal_commands
from tests.ui.test_window_play import Player


@pytest.fixture(autouse=True)
def _window(tmp_path, monkeypatch):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    yield
    pygame.quit()


def test_a_turn_to_a_seventh_side_is_refused_naming_the_figure() -> None:
    p = Player(seed=3)
    if p.scene.cover is not None:  # hot-seat: the first player takes the window
        p.click(p.scene._cover_button.get_abs_rect().center)
    state = p.scene.tm.state
    side = decider(state)
    mover = next(c.unit for c in legal_commands(state, side) if hasattr(c, "unit"))
    name = next(u.name for u in state.units if u.id == mover)
    before = p.scene.tm.state
    p.scene.submit(Turn(unit=mover, facing=6))
    assert p.scene.message.startswith(f"Not allowed: {name} cannot face that way")
    assert mover not in p.scene.message.replace(name, "")
    assert p.scene.tm.state is before
