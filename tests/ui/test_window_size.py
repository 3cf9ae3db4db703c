"""The window fits the screen it opens on: a 1366x768 laptop sees the whole side panel."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton, UIImage, UILabel, UITextBox

from game import app as app_module
from game.app import MIN_SIZE, App, fit_to_desktop
from game.content import ScenarioEntry, find_scenario
from game.maps import load_map
from game.sandbox import Sandbox
from game.ui.launch import start_battle
from game.ui.menu_scene import MenuScene
from game.ui.sandbox_scene import SandboxScene


def _desktop(monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    monkeypatch.setattr(app_module.pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(app_module.pygame.display, "get_desktop_sizes", lambda: [size])


def test_a_laptop_screen_shrinks_the_window_to_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    _desktop(monkeypatch, (1366, 768))
    w, h = fit_to_desktop((1440, 900))
    assert w <= 1366 and h <= 768 - 60  # room for the title bar and the system's panel
    assert (w, h) >= MIN_SIZE


def test_a_large_screen_keeps_the_size_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    _desktop(monkeypatch, (2560, 1440))
    assert fit_to_desktop((1440, 900)) == (1440, 900)


def test_a_tiny_screen_never_shrinks_it_below_the_minimum(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _desktop(monkeypatch, (800, 480))
    assert fit_to_desktop((1440, 900)) == MIN_SIZE


def test_headless_there_is_no_desktop_to_fit() -> None:
    pygame.display.init()
    assert pygame.display.get_driver() == "dummy"
    assert fit_to_desktop((1440, 900)) == (1440, 900)
    pygame.display.quit()
    assert fit_to_desktop((1440, 900)) == (1440, 900)  # nor before the display is up


def _battle(app: App) -> object:
    path = find_scenario("duel")
    sc = load_map(path)
    entry = ScenarioEntry(sc.title, path, sc.ruleset, sc.description,
                          [s.id for s in sc.setup.sides])
    return start_battle(app, entry, sc.ruleset, ["human", "ai:random"], seed=1,
                        on_exit=lambda: None)


def _sandbox(app: App) -> object:
    return SandboxScene(app, Sandbox.from_map(find_scenario("duel")), on_exit=lambda: None)


def _assert_all_shown(app: App, boxes: int) -> None:
    """Every visible button, label, text box and image lies wholly inside the window, and
    at least `boxes` text boxes are among them."""
    window = pygame.Rect((0, 0), app.size)
    leaves = [el for el in app.ui.get_sprite_group().sprites()
              if isinstance(el, (UIButton, UILabel, UITextBox, UIImage)) and el.visible]
    assert len([el for el in leaves if isinstance(el, UITextBox)]) >= boxes
    for el in leaves:
        assert window.contains(el.rect), f"{type(el).__name__} at {el.rect} is cut off"


SIZES = [MIN_SIZE, (1326, 668), (1440, 900)]  # 1326x668: a 1366x768 laptop's fitted window


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scene, boxes", [(_battle, 3), (_sandbox, 4), (MenuScene, 1)],
                         ids=["battle", "sandbox", "menu"])
def test_every_widget_is_inside_the_window(size: tuple[int, int], scene: Any, boxes: int
                                          ) -> None:
    """Every button, label, text box and image of the battle's side panel (unit card,
    odds, chart, buttons, log), the GM sandbox and the menu shows, down to the smallest
    window."""
    app = App(size)
    app.switch(scene(app))
    for _ in range(3):
        app.step(1 / 30)
    _assert_all_shown(app, boxes)
    pygame.quit()


def test_a_window_dragged_smaller_than_the_panels_need_snaps_back_to_the_minimum() -> None:
    app = App((1440, 900))
    app.switch(_battle(app))
    app.step(1 / 30)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(500, 300), w=500, h=300))
    for _ in range(3):
        app.step(1 / 30)
    assert app.size == MIN_SIZE
    _assert_all_shown(app, 3)
    pygame.quit()
