"""The window remembers (issue 28, item 4): its size, the animation speed, and the scenario,
ruleset and players last started from the menu, in the user's config folder; a mangled or
unwritable file never stops the game."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pygame_gui

from game import settings
from game.app import App
from game.ui.menu_scene import MenuScene
from tests.ui.test_menu import press


def test_the_menu_opens_on_what_was_last_started():
    app = App((1280, 800))
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 30)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=menu.scenario_menu, text="River ford"))
    app.step(1 / 30)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=menu.ruleset_menu, text="Empress"))
    app.step(1 / 30)
    menu.build()  # the drop-down shows the pick, as it does for a player
    menu.choose(1, "ai:greedy")
    press(app, menu.start)
    saved = settings.load()
    assert (saved["scenario"], saved["ruleset"]) == ("river_ford", "empress")
    assert "ai:greedy" in saved["sides"].values()
    again = MenuScene(App((1280, 800)))
    assert again.entries[again.choice].title == "River ford"
    assert again.ruleset_menu.selected_option[0] == "Empress"
    assert "ai:greedy" in again.players(again.entries[again.choice])


def test_the_window_opens_at_the_size_and_speed_it_closed_with():
    app = App((1100, 700))
    app.settings["anim_speed"] = 4.0
    app.running = False
    app.run()  # closes at once, remembering
    again = App()
    assert again.size == (1100, 700)
    assert again.settings["anim_speed"] == 4.0


def test_a_mangled_settings_file_gives_the_defaults_and_keeps_what_is_sound():
    folder = Path(os.environ["FLANK_CONFIG_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / settings.FILE).write_text("{not json")
    assert settings.load() == {}
    (folder / settings.FILE).write_text(json.dumps(
        {"window": [5, "x"], "anim_speed": 3, "scenario": "duel", "sides": {"a": 1}}))
    assert settings.load() == {"scenario": "duel"}


def test_a_folder_that_will_not_take_the_settings_costs_only_the_remembering(monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError("read-only file system")

    monkeypatch.setattr(Path, "mkdir", refuse)
    assert settings.save({"anim_speed": 2.0}) is False
    assert settings.load() == {}
