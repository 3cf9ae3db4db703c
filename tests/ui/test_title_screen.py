"""The front door (issue 28, item 4): the game opens on a title screen of its own (the
name on a banner over the hex mat and its miniatures), and a key or a click goes on to
the menu, which still opens on what was last started."""

from __future__ import annotations

import pygame
import pytest

from game import settings
from game.app import App
from game.render.figure_art import GROUND
from game.ui.menu_scene import MenuScene
from game.ui.title_art import LETTERING, PARCHMENT
from game.ui.title_scene import TitleScene


def _count(surf: pygame.Surface, colour: tuple[int, int, int], tol: int = 3) -> int:
    return pygame.mask.from_threshold(surf, (*colour, 255), (tol, tol, tol, 255)).count()


def test_the_game_opens_on_the_title_and_not_the_menu(monkeypatch):
    """`flank` with no command: the title screen, once the loading screen (the first frame,
    issue 35 item 7; tests/ui/test_loading_screen.py) has done its work."""
    from game import cli
    from game.ui.loading_scene import LoadingScene

    seen = []

    def run(self, **kw):
        while isinstance(self.scene, LoadingScene) and len(seen) < 400:
            seen.append(self.scene)
            self.step(1 / 30)
        seen.append(self.scene)

    monkeypatch.setattr(App, "run", run)
    assert cli.main([]) == 0
    assert isinstance(seen[0], LoadingScene)
    assert isinstance(seen[-1], TitleScene)


def test_the_title_shows_the_name_on_its_banner_over_figures_on_the_mat():
    app = App((1280, 800))
    app.switch(TitleScene(app))
    app.step(1 / 30)
    shot = app.screen.copy()
    w, h = shot.get_size()
    top, bottom = shot.subsurface((0, 0, w, h // 2)), shot.subsurface((0, h // 2, w, h // 2))
    # The banner: parchment with the name lettered on it, in the upper half.
    assert _count(top, PARCHMENT) > 20_000
    assert _count(top, LETTERING) > 3_000
    # The miniatures on their bases (their painted ground) in the lower half, both sides'
    # colours on their rims.
    assert _count(bottom, GROUND) > 500
    assert _count(bottom, (52, 110, 220), 6) > 300 and _count(bottom, (210, 52, 48), 6) > 300
    from pygame_gui.elements import UIButton

    assert not any(isinstance(s, UIButton) for s in app.ui.get_sprite_group().sprites()), (
        "no menu buttons yet")


@pytest.mark.parametrize("event", [
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0),
    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=1),
], ids=["space", "enter", "click"])
def test_a_key_or_a_click_goes_on_to_the_menu(event):
    app = App((1280, 800))
    app.switch(TitleScene(app))
    app.step(1 / 30)
    pygame.event.post(event)
    app.step(1 / 30)
    assert isinstance(app.scene, MenuScene)


def test_a_shift_alone_or_the_mouse_moving_does_not():
    app = App((1280, 800))
    app.switch(TitleScene(app))
    for e in (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="",
                                 scancode=0),
              pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1),
                                 buttons=(0, 0, 0))):
        pygame.event.post(e)
        app.step(1 / 30)
    assert isinstance(app.scene, TitleScene)


def test_the_menu_after_the_title_opens_on_what_was_last_started():
    """The title forgets nothing: the remembered scenario and ruleset are the menu's."""
    settings.save({"scenario": "river_ford", "ruleset": "empress", "window": [1280, 800]})
    app = App()
    assert app.size == (1280, 800)
    app.switch(TitleScene(app))
    app.step(1 / 30)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(50, 50), button=1))
    app.step(1 / 30)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    assert menu.entries[menu.choice].title == "River ford"
    assert menu.ruleset_menu.selected_option[0] == "Empress"


def test_the_title_is_drawn_again_for_a_new_window_size():
    app = App((1280, 800))
    title = TitleScene(app)
    app.switch(title)
    app.step(1 / 30)
    first = title.picture((1280, 800))
    assert title.picture((1280, 800)) is first  # kept, not drawn every frame
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000,
                                         h=700))
    app.step(1 / 30)
    assert title.picture(app.size).get_size() == app.size == (1000, 700)


def test_a_second_window_after_the_first_closed_draws_the_title_again():
    """Fonts from a window closed with pygame.quit are dead; the title makes its own anew."""
    first = App((1000, 700))
    first.switch(TitleScene(first))
    first.step(1 / 30)
    pygame.quit()
    second = App((1000, 700))
    second.switch(TitleScene(second))
    second.step(1 / 30)
    assert _count(second.screen, PARCHMENT) > 10_000
