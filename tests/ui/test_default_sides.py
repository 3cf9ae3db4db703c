"""Issue 20, item 1: a newcomer's first battle is against the computer.

`flank play MAP` with no `--sides`, and the menu, seat a person on the scenario's players'
side (the map's `pc_side`) and the computer (`ai:tactician`) on every other side, as
`flank joust` does; hot-seat is `--sides human,human` or one click in the menu, and what the
player chose for each side stays chosen when the scenario or the ruleset changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from game import app as app_module
from game.app import App
from game.cli import main
from game.content import MAPS, default_players
from game.ui.menu_scene import MenuScene
from tests.ui.test_menu import press


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[Any]:
    """The scene `flank play` opened, instead of running the window's loop."""
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    scenes: list[Any] = []

    def run(self: App, screenshot: str | None = None, frames: int | None = None) -> None:
        scenes.append(self.scene)
        self.scene.close()
        pygame.quit()

    monkeypatch.setattr(app_module.App, "run", run)
    return scenes


def seats(scene: Any) -> dict[str, str]:
    """side id -> "person" or the computer player's level, as the turn manager seats them."""
    return {side: "person" if seat.human else seat.name.rpartition("computer: ")[2].rstrip(")")
            for side, seat in scene.tm.seats.items()}


def test_flank_play_with_no_sides_is_a_person_against_the_computer(opened: list[Any]) -> None:
    assert main(["play", "duel", "--seed", "3"]) == 0
    assert seats(opened[0]) == {"men": "person", "orcs": "tactician"}


def test_the_person_takes_the_side_the_map_marks_as_the_players(
        opened: list[Any], tmp_path: Path) -> None:
    text = (MAPS / "duel.tmx").read_text()
    assert '<property name="pc_side" value="men"/>' in text
    (tmp_path / "maps").mkdir()
    (tmp_path / "assets").symlink_to(MAPS.parent / "assets")  # the map's tiles, "../assets"
    orcs = tmp_path / "maps" / "orcs_duel.tmx"
    orcs.write_text(text.replace('<property name="pc_side" value="men"/>',
                                 '<property name="pc_side" value="orcs"/>'))
    assert main(["play", str(orcs), "--seed", "3"]) == 0
    assert seats(opened[0]) == {"men": "tactician", "orcs": "person"}


def test_hot_seat_is_two_people_on_the_command_line(opened: list[Any]) -> None:
    assert main(["play", "duel", "--sides", "human,human", "--seed", "3"]) == 0
    assert seats(opened[0]) == {"men": "person", "orcs": "person"}


def test_sides_that_do_not_match_the_map_are_one_line(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert main(["play", "duel", "--sides", "human"]) == 2
    assert "--sides names 1 players but the map has 2 sides" in capsys.readouterr().err


def test_a_map_with_no_players_side_gives_the_person_the_first() -> None:
    assert default_players(["north", "south", "east"]) == [
        "human", "ai:tactician", "ai:tactician"]
    assert default_players(["north", "south"], "south") == ["ai:tactician", "human"]


def test_the_joust_seats_the_same_way() -> None:
    """`flank joust` with no --sides: a person in the first saddle (the tournament field's
    players' side, the challenger) against the computer, as `flank play tournament`."""
    from game.cli import build_parser
    from game.cli_joust import parse
    from game.content import ScenarioEntry
    from game.maps import load_map

    args = build_parser().parse_args(["joust", "--seed", "1"])
    tournament = ScenarioEntry.of(load_map(MAPS / "tournament.tmx"))
    assert list(parse(args).riders) == tournament.default_players()


# --- the menu -------------------------------------------------------------------------------

def _menu() -> tuple[App, MenuScene]:
    app = App((1280, 800))
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 30)
    return app, menu


def _pick(app: App, menu: Any, text: str) -> None:
    """Choose `text` in a drop-down menu, as a player picking from it would."""
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=menu, text=text))
    app.step(1 / 30)


def shown(menu: MenuScene) -> list[str]:
    return [m.selected_option[0] for m in menu.side_menus]


def test_the_menu_opens_a_person_against_the_computer() -> None:
    app, menu = _menu()
    assert menu.entries[menu.choice].title == "Duel"
    assert shown(menu) == ["A person", "Computer"]
    press(app, menu.start)
    assert seats(app.scene) == {"men": "person", "orcs": "tactician"}
    app.scene.close()
    pygame.quit()


def test_the_sides_chosen_stay_when_the_scenario_and_the_ruleset_change() -> None:
    app, menu = _menu()
    _pick(app, menu.side_menus[1], "Computer (greedy)")
    _pick(app, menu.scenario_menu, "River ford")
    assert shown(menu) == ["A person", "Computer (greedy)"]
    _pick(app, menu.ruleset_menu, "Empress")
    assert shown(menu) == ["A person", "Computer (greedy)"]
    _pick(app, menu.scenario_menu, "Shield wall at the ford")  # other side ids, the same places
    assert shown(menu) == ["A person", "Computer (greedy)"]
    _pick(app, menu.scenario_menu, "Duel")
    assert shown(menu) == ["A person", "Computer (greedy)"]
    press(app, menu.start)
    assert seats(app.scene) == {"men": "person", "orcs": "greedy"}
    app.scene.close()
    pygame.quit()


def test_the_ruleset_chosen_survives_a_resized_window() -> None:
    app, menu = _menu()
    _pick(app, menu.side_menus[0], "Computer (random)")
    _pick(app, menu.ruleset_menu, "Empress")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1200, 760), w=1200, h=760))
    app.step(1 / 30)
    assert menu.ruleset_menu.selected_option[0] == "Empress"
    assert shown(menu) == ["Computer (random)", "Computer"]
    pygame.quit()


def test_hot_seat_is_one_click_away_and_one_click_back() -> None:
    app, menu = _menu()
    assert menu.hot_seat is not None and menu.hot_seat.text == "Hot-seat"
    press(app, menu.hot_seat)
    assert shown(menu) == ["A person", "A person"]
    _pick(app, menu.scenario_menu, "Walled village")
    assert shown(menu) == ["A person", "A person"]
    assert menu.hot_seat.text == "Against the computer"
    press(app, menu.hot_seat)
    assert shown(menu) == ["A person", "Computer"]
    press(app, menu.start)
    assert seats(app.scene) == {"village": "person", "bandits": "tactician"}
    app.scene.close()
    pygame.quit()
