"""The main menu: every bundled scenario is offered, and Start opens the battle chosen."""

from __future__ import annotations

import pygame
import pygame_gui

from game.app import App
from game.ui.battle_scene import BattleScene
from game.ui.menu_scene import MenuScene


def press(app: App, element) -> None:
    pos = element.get_abs_rect().center
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {
            "button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
        app.step(1 / 30)
    app.step(1 / 30)  # pygame-gui posts "pressed" for the next frame to handle


def test_the_menu_offers_every_bundled_scenario_and_starts_one():
    app = App((1280, 800))
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 30)
    titles = [e.title for e in menu.entries]
    assert len(titles) >= 5 and "Duel" in titles
    # choose the river ford, as a player picking from the drop-down would
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=menu.scenario_menu, text="River ford"))
    app.step(1 / 30)
    assert menu.entries[menu.choice].title == "River ford"
    press(app, menu.start)
    assert isinstance(app.scene, BattleScene)
    assert app.scene.title == "River ford"
    assert len(app.scene.tm.state.units) == 12
