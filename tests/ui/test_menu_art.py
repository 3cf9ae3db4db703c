"""The front door (issue 28, item 4): beside the menu, the chosen scenario as it will open,
drawn by the battle's own renderer under the chosen ruleset, a line on what that ruleset
plays like, and its miniatures."""

from __future__ import annotations

import re

import pygame
import pygame_gui
import pytest

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


CLAUSE = re.compile(r"\b[A-Z]{2,4}-\d+|§|\.(py|toml|tmx|txt|md)\b|https?:|\w+/\w+\.\w+")


def test_every_ruleset_s_blurb_says_how_it_plays_not_where_it_comes_from():
    """Issue 35, item 7: the Enchanted Realms blurb was a source citation.  Each ruleset says
    in a player's words what makes its fights different: no clause ids, no files, not its
    source's title."""
    found = rulesets()
    assert {rs.id for rs in found} >= {"fallen_empire", "empress", "zefrs", "tarnished_tale",
                                        "enchanted_realms"}
    for rs in found:
        line = plays_like(rs)
        assert line == rs.plays_like, rs.id  # the ruleset's own words
        assert len(line.split()) >= 20, rs.id
        assert not CLAUSE.search(line), (rs.id, CLAUSE.search(line))
        assert rs.source not in line and not line.startswith("From "), rs.id
        assert "rulebook" not in line.lower() and '"' not in line, rs.id


class _Spy:
    """A view that records being asked to draw, and paints the surface one colour."""

    drawn: list[str] = []

    def __init__(self, state, camera=None, painter=None) -> None:
        self.kind = state.board_kind

    def fit(self) -> None:
        pass

    def draw(self, surf: pygame.Surface, state) -> None:
        _Spy.drawn.append(self.kind)
        surf.fill((1, 200, 3))


@pytest.mark.parametrize(("name", "ruleset", "kind"), [
    ("border_battle", "zefrs", "grid"),  # "a strip of hexes though it is fought on a grid"
    ("market_chase", "enchanted_realms", "track"),
    ("tournament", "fallen_empire", "lists"),
    ("duel", "fallen_empire", "hex"),
])
def test_the_preview_is_drawn_by_the_view_of_the_board_it_is_fought_on(name, ruleset, kind):
    """Issue 35, item 7: the border fort's preview showed hexes.  A preview is drawn by the
    view the registry (`flank.views`) names for the board kind the battle opens on."""
    from game.content import find_scenario
    from rules import registry

    pygame.display.init()
    _Spy.drawn = []
    registry.add(registry.VIEWS, kind, _Spy)
    try:
        pic = scenario_picture(find_scenario(name), ruleset, (320, 240))
    finally:
        registry.remove(registry.VIEWS, kind)
    assert _Spy.drawn == [kind]
    assert pic is not None
    assert all(abs(a - b) <= 4 for a, b in zip(pic.get_at((160, 120))[:3], (1, 200, 3),
                                               strict=True))  # scaled down: near enough


def test_the_border_fort_s_preview_is_the_grid_of_squares():
    """Drawn by the grid's own view: its squares' terrain colours, not hexes on black."""
    from game.content import find_scenario
    from game.render.palette import terrain_colour

    pygame.display.init()
    pic = scenario_picture(find_scenario("border_battle"), "zefrs", (380, 285))
    assert pic is not None
    grass = pygame.mask.from_threshold(pic, (*terrain_colour("grass"), 255),
                                       (6, 6, 6, 255)).count()
    assert grass > 0.2 * 380 * 285  # the grid's squares fill a good part of it
