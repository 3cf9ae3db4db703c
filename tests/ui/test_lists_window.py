"""Jousting in the window, as a host would: the menu's Joust, the set-up of a List, the
bracket or standings, computer bouts decided, the champion; and Continue.  Buttons and tick
boxes are clicked as a mouse clicks them; drop-downs are changed by the event pygame-gui
posts when one is chosen (as tests/ui/test_menu.py does).  SDL's dummy video driver."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.app import App
from game.lists import ListSession, default_roster, store
from game.ui.lists_scene import ListsScene
from game.ui.lists_setup import ListsSetupScene
from game.ui.menu_scene import MenuScene


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    yield tmp_path / "saves"
    pygame.quit()


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 30)


def press(app: App, element) -> None:
    pos = element.get_abs_rect().center
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {
            "button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
        frames(app)
    frames(app)  # pygame-gui posts "pressed" for the next frame to handle


def choose(app: App, menu, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=menu, text=text))
    frames(app, 2)


def set_up_a_list(app: App, knights: int, fmt: str, seed: int) -> ListsSetupScene:
    setup = ListsSetupScene(app, on_exit=lambda: MenuScene(app), seed=seed)
    app.switch(setup)
    frames(app)
    choose(app, setup.mode_menu, "A List of 4 to 16 knights")
    choose(app, setup.count_menu, str(knights))
    choose(app, setup.format_menu, fmt)
    for _, _, rider in setup.rows:
        choose(app, rider, "Computer (random)")
    return setup


def test_the_menus_joust_opens_the_set_up_a_person_against_the_computer():
    app = App((1280, 800))
    menu = MenuScene(app)
    app.switch(menu)
    frames(app)
    press(app, menu.joust)
    setup = app.scene
    assert isinstance(setup, ListsSetupScene)
    assert [m.selected_option[0] for m in setup.bout_menus] == ["A person", "Computer"]
    choose(app, setup.mode_menu, "A List of 4 to 16 knights")
    assert len(setup.rows) == 8  # eight knights unless told otherwise
    # FE-45: a Lawful host holds Swiss rounds, a Chaotic one single elimination
    assert setup.format_menu.selected_option[0] == "Swiss rounds"
    choose(app, setup.host_menu, "A Chaotic host")
    assert setup.format_menu.selected_option[0] == "Single elimination"
    press(app, setup.back)
    assert isinstance(app.scene, MenuScene)


def test_an_elimination_list_of_computers_is_decided_to_its_champion():
    app = App((1280, 800))
    setup = set_up_a_list(app, 8, "Single elimination", seed=0)
    press(app, setup.stakes_box)  # the black knight's stakes: he is the first seed
    assert setup.roster[0]["name"] == "The Black Knight"
    press(app, setup.start)
    lists = app.scene
    assert isinstance(lists, ListsScene)
    assert lists.session.data.method == "single_elimination"
    assert lists.session.data.stakes == "black_knight"
    assert lists.drawing.rounds[0][0].state == "next"  # the bracket's first bout
    press(app, lists.ride)  # "Decide the next bout": one bout, shown as a result
    assert len(lists.session.data.rides) == 1 and lists.results
    press(app, lists.decide_all)
    assert lists.session.is_over and lists.ride is None
    champion = lists.session.champion
    assert champion is not None and lists.drawing.champion == champion.name
    assert f"{champion.name} is the champion" in lists.next_text.html_text
    on_disk = store.read(lists.session.path)
    assert on_disk.table().is_over and len(on_disk.rides) == len(lists.session.data.rides)
    press(app, lists.back)
    assert isinstance(app.scene, MenuScene)


def test_a_swiss_list_shows_its_standings_bout_by_bout_to_the_champion():
    app = App((1280, 800))
    setup = set_up_a_list(app, 4, "Swiss rounds", seed=7)
    press(app, setup.start)
    lists = app.scene
    rows, bouts, heading = lists.drawing
    assert len(rows) == 4 and heading == "Round 1 of 2: the bouts"
    assert [state for _, state in bouts] == ["next", "waiting"]
    for _ in range(10):
        if lists.ride is None:
            break
        assert lists.ride.text == "Decide the next bout"
        press(app, lists.ride)
    rows, bouts, heading = lists.drawing
    assert heading == "The champion" and rows[0].status in ("champion", "out of the List")
    assert lists.session.champion is not None
    assert any(r.status == "champion" for r in rows)


def test_continue_takes_up_the_list_in_progress(saves):
    session = ListSession.new(default_roster(4, ("ai:random",) * 4), method="swiss", seed=1)
    session.play_computer_bouts(limit=1)
    app = App((1280, 800))
    menu = MenuScene(app)
    app.switch(menu)
    frames(app)
    assert menu.continue_b is not None
    assert menu.continue_b.text == "Continue the List: Sir Aldric's List"
    press(app, menu.continue_b)
    lists = app.scene
    assert isinstance(lists, ListsScene) and lists.session.path == session.path
    assert len(lists.session.data.rides) == 1 and lists.ride is not None


def test_the_set_up_fits_a_small_window_with_sixteen_knights():
    app = App((960, 600))
    setup = set_up_a_list(app, 16, "Swiss rounds", seed=1)
    bottom = max(w.get_abs_rect().bottom for row in setup.rows for w in row)
    assert bottom < setup.stakes_box.get_abs_rect().top
    assert setup.helm_box.get_abs_rect().bottom < setup.start.get_abs_rect().top


def test_ride_the_next_bout_opens_the_bouts_screen_and_comes_back():
    from rules import registry

    app = App((1280, 800))
    session = ListSession.new(default_roster(4, ("human",)), method="single_elimination",
                              seed=4)
    lists = ListsScene(app, session, on_exit=lambda: MenuScene(app))
    app.switch(lists)
    frames(app)
    assert lists.ride.text == "Ride the next bout"
    press(app, lists.ride)
    bout = app.scene
    assert isinstance(bout, registry.load(registry.SCENES, "lists"))
    assert bout.tm.state.mode == "joust" and store.read(session.path).pending is not None
    back = lists._bout_over()  # the bout's screen left before the bout ended
    assert isinstance(back, ListsScene) and "not over" in back.message
    assert back.ride.text == "Carry on the bout"


def test_one_bout_from_the_joust_set_up():
    app = App((1280, 800))
    setup = ListsSetupScene(app, on_exit=lambda: MenuScene(app), seed=3)
    app.switch(setup)
    frames(app)
    press(app, setup.start)
    bout = app.scene
    assert bout.tm.state.mode == "joust"
    assert [s.name for s in bout.tm.state.sides] == ["The challenger", "The defender"]
