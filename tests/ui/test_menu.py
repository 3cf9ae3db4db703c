"""The main menu: every bundled scenario is offered, and Start opens the battle chosen."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

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


def _texts(app: App) -> list[str]:
    """Every label's text on the screen."""
    from pygame_gui.elements import UILabel

    return [s.text for s in app.ui.get_sprite_group().sprites()
            if isinstance(s, UILabel) and s.visible]


def _choose(app: App, menu: MenuScene, title: str) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=menu.scenario_menu, text=title))
    app.step(1 / 30)


def test_the_stress_map_is_for_the_bench_not_among_the_scenarios():
    """Issue 35, item 7: "Stress test (128 × 128) … for benchmarks" was offered to players.
    Its map says `menu` = false; `flank play stress_128` and bench/frame.py still find it."""
    from game.content import find_scenario
    from game.maps import load_map

    app = App((1280, 800))
    menu = MenuScene(app)
    stems = [e.path.stem for e in menu.entries]
    assert "stress_128" not in stems
    assert not any("Stress" in e.title or "benchmark" in e.description for e in menu.entries)
    assert {"duel", "river_ford", "border_battle", "market_chase"} <= set(stems)
    assert load_map(find_scenario("stress_128")).width == 128


def test_the_panel_shows_each_side_with_its_figures_and_the_battlefield_s_size():
    """Issue 35, item 7: the panel's space used: who fights, how many, on what ground."""
    app = App((1440, 900))
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 30)
    _choose(app, menu, "River ford")
    menu = app.scene
    shown = _texts(app)
    assert "The border watch" in shown and "The raiders" in shown
    assert "6 figures: Knight, Fighting-Man, 2 Spearmen and 2 Crossbowmen" in shown
    assert "6 figures: 3 Orcs, Hobgoblin and 2 Goblins" in shown
    assert "Battlefield: 24 × 18 hexes, 5 ft a hex" in shown
    assert not any(t.startswith("Balance") for t in shown)  # never measured: not said
    _choose(app, menu, "Battle at the border fort")
    shown = _texts(app)
    assert "Battlefield: 5 × 7 squares, 100 ft a square" in shown
    assert any(t.startswith("386 figures: 120 Gunderland pikes") for t in shown)


def test_the_sprint_shows_its_measured_balance_and_only_under_its_own_ruleset():
    app = App((1440, 900))
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 30)
    _choose(app, menu, "The cutpurse's sprint")
    text = " ".join(app.scene.fact_lines)
    assert "Balance: in 200 games between computer players the watch won 1 and the " \
           "thieves 45; 154 ended with neither side beaten." in text
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=app.scene.ruleset_menu,
                                         text="Fallen Empire"))
    app.step(1 / 30)
    assert not any(t.startswith("Balance") for t in app.scene.fact_lines)


@pytest.mark.parametrize("saved", [False, True], ids=["nothing saved", "a battle to continue"])
def test_the_panel_is_as_tall_as_what_it_holds_and_nothing_is_cut(monkeypatch, saved):
    """"Half the panel is empty": the panel ends under its last button, and fits the window,
    at every size (with a Continue button too); every facts line fits its label in the
    label's own font."""
    from pathlib import Path

    from pygame_gui.elements import UILabel

    latest = (Path("duel.flank"), "Continue: Duel") if saved else (None, "")
    monkeypatch.setattr(MenuScene, "_latest", staticmethod(lambda: latest))
    for size in ((1366, 768), (1920, 1080), (1440, 900), (960, 600)):
        app = App(size)
        menu = MenuScene(app)
        app.switch(menu)
        app.step(1 / 30)
        for title in ("Battle at the border fort", "The cutpurse's sprint", "Duel"):
            _choose(app, menu, title)
            menu = app.scene
            bottom = menu.learn.get_abs_rect().bottom
            assert 0 <= menu.panel_rect.bottom - bottom <= 40, (size, title)
            assert menu.panel_rect.bottom <= size[1]
            for s in app.ui.get_sprite_group().sprites():
                if isinstance(s, UILabel) and s.text in menu.fact_lines:
                    assert s.font.size(s.text)[0] <= s.rect.width, s.text
