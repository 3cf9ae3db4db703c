"""The GM sandbox's palette shows each unit template as its miniature with its name (issue
#28): under every registered ruleset every template has a figure drawn by the board's own
figure code, facing up, in the colours of the side chosen; a GM who picks the crossbowman's
tile and clicks a hex gets a crossbowman of the side chosen."""

from __future__ import annotations

import pygame
import pygame_gui

from game.app import App
from game.content import find_scenario
from game.render.figure_facts import template_facts
from game.render.figure_sprites import FigureSprites
from game.render.palette import side_colour
from game.sandbox import Sandbox
from game.ui.sandbox_palette import FIGURE_R
from game.ui.sandbox_scene import LEFT, SandboxScene
from rules.engine import catalogue
from tests.ui.window import AtTheWindow


class GM(AtTheWindow):
    def __init__(self) -> None:
        self.app = App((1366, 768))
        self.sb = Sandbox.from_map(find_scenario("duel"))
        self.scene = SandboxScene(self.app, self.sb)
        self.app.switch(self.scene)
        self.frames(2)

    def choose(self, menu: object, text: str) -> None:
        self.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=text)


def side_pixels(figure: pygame.Surface, colour: tuple[int, int, int]) -> int:
    """How many of the figure's pixels are painted in (close to) the side's colour."""
    n = 0
    for x in range(figure.get_width()):
        for y in range(figure.get_height()):
            c = figure.get_at((x, y))
            if c.a > 200 and sum(abs(c[i] - colour[i]) for i in range(3)) < 40:
                n += 1
    return n


def test_every_template_of_every_ruleset_is_shown_as_its_figure():
    gm = GM()
    seen = set()
    reference = FigureSprites()
    for rid, name, _ in catalogue():
        gm.choose(gm.scene.ruleset_menu, name)
        assert gm.sb.ruleset.id == rid
        palette = gm.scene.palette
        ruleset = gm.sb.ruleset
        assert [e.item.template for e in palette.entries] == list(ruleset.templates())
        first = side_colour(0)
        for e in palette.entries:
            # the board's own miniature of the template, standing, facing up: no letter
            want = reference.turned(template_facts(ruleset, e.item.template), first, "stand",
                                    FIGURE_R, 0.0)
            assert want is not None, (rid, e.item.name)
            assert e.figure.get_size() == want[0].get_size(), (rid, e.item.name)
            assert pygame.image.tobytes(e.figure, "RGBA") == pygame.image.tobytes(
                want[0], "RGBA"), (rid, e.item.name)
            assert max(e.figure.get_size()) >= 2 * FIGURE_R - 2, (rid, e.item.name)
            assert side_pixels(e.figure, first) > 10, (rid, e.item.name)
        seen.add(rid)
    assert len(seen) == len(catalogue()) >= 5


def test_a_gm_picks_the_crossbowman_by_sight_and_places_it_for_the_other_side():
    gm = GM()
    scene, sb = gm.scene, gm.sb
    assert sb.ruleset.id == "fallen_empire"
    names = {e.item.name: e for e in scene.palette.entries}
    second = side_colour(1)  # the first side's figures have none of the second's colour
    assert side_pixels(names["Crossbowman"].figure, second) == 0
    # the side menu turns every figure to the side's colours
    gm.choose(scene.side_menu, list(scene.side_ids)[1])
    bow = next(e.figure for e in scene.palette.entries if e.item.name == "Crossbowman")
    assert side_pixels(bow, second) > 10
    # the crossbowman's tile, clicked, is the template placed; the tile shows it is chosen
    gm.pick_figure(scene.palette, "Crossbowman")
    assert scene.place_template == "crossbowman" and scene.palette.chosen == "crossbowman"
    taken = {u.pos for u in sb.state.units}
    spot = next(h for h in sorted(sb.state.board.hexes())
                if h not in taken and sb.state.board.passable(h) and abs(h.q) + abs(h.r) < 6)
    x, y = scene.camera.centre_of(spot)
    gm.click((int(x) + LEFT, int(y)))
    placed = sb.state.unit_at(spot)
    assert placed is not None
    assert (placed.template, placed.side) == ("crossbowman", scene.side_ids[
        list(scene.side_ids)[1]])
    # Escape lets go of the template; the tile is no longer marked
    gm.key(pygame.K_ESCAPE)
    assert scene.place_template is None and scene.palette.chosen is None


def test_a_click_on_the_palettes_scroll_bar_picks_nothing():
    gm = GM()
    scene = gm.scene
    bar = scene.palette.bar.get_abs_rect()
    gm.click((bar.centerx, bar.top + 5))  # on the scroll bar's arrow, not a tile
    assert scene.place_template is None
