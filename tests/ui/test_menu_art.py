"""The front door (issue 28, item 4): beside the menu, the chosen scenario as it will open,
drawn by the battle's own renderer under the chosen ruleset, a line on what that ruleset
plays like, and its miniatures."""

from __future__ import annotations

import pygame
import pygame_gui

from game.app import App
from game.ui.menu_art import plays_like, scenario_picture
from game.ui.menu_scene import MenuScene
from rules.engine import rulesets


def _left_of_panel(app: App, menu: MenuScene) -> bytes:
    r = menu.panel_rect
    return pygame.image.tobytes(app.screen.subsurface((0, r.top, r.left, r.height)), "RGB")


def test_the_menu_shows_the_scenario_and_redraws_it_for_another_choice():
    app = App((1440, 900))
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 30)
    duel = _left_of_panel(app, menu)
    assert len(set(duel)) > 3  # a picture there, not the plain backdrop
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=menu.scenario_menu, text="River ford"))
    app.step(1 / 30)
    app.step(1 / 30)
    assert _left_of_panel(app, menu) != duel


def test_the_scenario_picture_shows_its_figures_under_the_chosen_ruleset():
    from game.content import find_scenario

    path = find_scenario("river_ford")  # its spearmen wear leather, Empress's mail
    fe = scenario_picture(path, "fallen_empire", (320, 240))
    emp = scenario_picture(path, "empress", (320, 240))
    assert fe is not None and emp is not None
    assert len(set(pygame.image.tobytes(fe, "RGB"))) > 20
    assert pygame.image.tobytes(fe, "RGB") != pygame.image.tobytes(emp, "RGB")
    assert scenario_picture(path, "no_such_ruleset", (320, 240)) is None


def test_every_ruleset_says_what_it_plays_like():
    for rs in rulesets():
        line = plays_like(rs)
        assert line.endswith(".") and len(line.split()) >= 5, rs.id
