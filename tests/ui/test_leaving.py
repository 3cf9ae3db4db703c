"""Issue 20, item 3: Esc in a battle, or at the joust, asks before leaving ("Leave the
battle? It is saved: Continue in the menu brings it back.", Leave / Stay) instead of
leaving at once; Stay plays on where it was, Leave goes back to the menu.  Keys and clicks
are posted as a keyboard and a mouse would post them (SDL dummy video driver)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.ui.test_joust_scene import Jouster
from tests.ui.test_window_play import Player


class Menu:
    """Where leaving goes: a scene that draws nothing."""

    def handle(self, e: pygame.event.Event) -> None:
        return None

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        pass


def at_the_table(kind: str, tmp_path: Path) -> Any:
    """A person at a battle (`Player`) or at the joust (`Jouster`), against the computer."""
    if kind == "battle":
        return Player(seed=5, players=["human", "ai"])
    return Jouster(tmp_path, ["human", "ai"], seed=2)


@pytest.fixture(params=["battle", "joust"])
def table(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
          ) -> Any:
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    t = at_the_table(request.param, tmp_path)
    t.scene.on_exit = Menu
    yield t
    pygame.quit()


def test_esc_asks_and_says_the_battle_is_saved(table: Any) -> None:
    table.key(pygame.K_ESCAPE)
    dialog = table.scene.leave_dialog
    assert dialog is not None and table.app.scene is table.scene
    text = dialog.confirmation_text.html_text
    assert text == "Leave the battle? It is saved: Continue in the menu brings it back."
    assert dialog.confirm_button.text == "Leave" and dialog.cancel_button.text == "Stay"
    assert pygame.Rect((0, 0), table.app.size).contains(dialog.rect)


def test_stay_plays_on(table: Any) -> None:
    events = len(table.scene.tm.events)
    table.key(pygame.K_ESCAPE)
    table.click(table.scene.leave_dialog.cancel_button.get_abs_rect().center)
    assert not table.scene.asking_to_leave
    assert table.app.scene is table.scene
    assert len(table.scene.tm.events) >= events and table.scene.writer is not None
    table.key(pygame.K_ESCAPE)  # and asks again next time
    assert table.scene.leave_dialog is not None


def test_esc_again_stays(table: Any) -> None:
    table.key(pygame.K_ESCAPE)
    table.key(pygame.K_ESCAPE)
    assert not table.scene.asking_to_leave and table.app.scene is table.scene


def test_leave_goes_back_to_the_menu(table: Any) -> None:
    scene = table.scene
    table.key(pygame.K_ESCAPE)
    table.click(scene.leave_dialog.confirm_button.get_abs_rect().center)
    table.frames(2)  # the button's press, then the dialog's answer
    assert isinstance(table.app.scene, Menu)
    assert scene._on_events not in scene.tm.listeners  # the battle was closed and saved


def test_the_board_takes_no_keys_while_it_asks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    """A key meant for the question never reaches the battle behind it: Enter ends no
    phase, T shows no threats; after Stay the keys work again."""
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    p = Player(seed=5, players=["human", "ai"])
    for _ in range(200):
        if p.scene._ready_for_input():
            break
        p.frames(3)
    applied = p.scene.tm.state.events_applied
    p.key(pygame.K_ESCAPE)
    p.key(pygame.K_RETURN)
    p.key(pygame.K_t)
    assert p.scene.tm.state.events_applied == applied and not p.scene.options.threat
    p.key(pygame.K_ESCAPE)  # Stay
    p.key(pygame.K_t)
    assert p.scene.options.threat
    pygame.quit()
