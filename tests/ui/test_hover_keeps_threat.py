"""Moving the mouse over the board shows a new path and hover, but the threat overlay is the
same until the battle moves on: it is worked out once per position, not once per hex the
mouse crosses (issue 22: the rules are not asked again on every mouse move)."""

from __future__ import annotations

import pygame
import pytest

import game.ui.battle_panels as panels
from tests.ui.test_window_play import Player


@pytest.fixture(autouse=True)
def _window(tmp_path, monkeypatch):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    yield
    pygame.quit()


def test_the_threat_overlay_is_not_worked_out_again_as_the_mouse_moves(monkeypatch) -> None:
    p = Player(seed=3)
    if p.scene.cover is not None:
        p.click(p.scene._cover_button.get_abs_rect().center)
    p.scene.options.threat = True
    calls = []
    real = panels.threat_map
    monkeypatch.setattr(panels, "threat_map", lambda s, side: calls.append(side) or real(s, side))
    p.frames(2)
    first = len(calls)
    assert first >= 1  # the overlay was drawn once for this position
    shown = p.scene.overlays(p.scene.tm.state).threat
    for x in range(200, 700, 40):  # the mouse sweeps across the board
        p.post(pygame.MOUSEMOTION, pos=(x, 300), rel=(40, 0), buttons=(0, 0, 0))
        p.frames(1)
    assert len(calls) == first
    assert p.scene.overlays(p.scene.tm.state).threat == shown
