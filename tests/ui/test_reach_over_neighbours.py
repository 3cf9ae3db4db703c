"""Reach you can see in contact (issue 28): a pikeman's or halberdier's head reaches into
the hex ahead; when a figure stands there, the head is drawn over it, not hidden under it,
because what of a figure reaches past its base is drawn after every body."""

from __future__ import annotations

import math

import pygame
import pytest

from game.render.board_view import BoardView
from game.render.camera import Camera
from game.render.figure_sprites import FigureSprites
from rules.builder import Scenario
from rules.engine import start
from rules.hexgrid import Hex


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


def _battle(template: str, facing: int, foe: bool = True, polearm: bool = True,
            ruleset: str = "fallen_empire"):
    """`a_pole` (drawn first: ids sort) at the centre facing `facing`; with `foe`, an orc
    `z_orc` in the hex ahead (drawn after him, so only the later pass can put the head over
    it)."""
    sc = Scenario(ruleset).side("men", True).side("orcs")
    if polearm:
        sc.unit("a_pole", template, "men", (0, 0), facing=facing)
    ahead = Hex(0, 0).neighbor(facing)
    if foe:
        sc.unit("z_orc", "orc", "orcs", (ahead.q, ahead.r), facing=(facing + 3) % 6)
    sc.unit("z_far", "orc", "orcs", (9, -9), facing=3)
    return start(sc.build())[0]


def _draw(state) -> tuple[pygame.Surface, BoardView]:
    cam = Camera(orientation="pointy", hex_size=(40.0, 40.0), screen=(600, 500))
    view = BoardView(state, cam)
    view.camera.look_at(0, 0)
    surf = pygame.Surface((600, 500))
    view.draw(surf, state)
    return surf, view


def _head_pixels(view: BoardView, state) -> list[tuple[tuple[int, int], tuple[int, int, int]]]:
    """Screen pixels of the weapon's head (the opaque part of what reaches past the base,
    in its farthest fifth) with the colour the figure paints there."""
    u = state.unit("a_pole")
    look = view.look_of(state, u)
    radius = min(view.camera.layout().size) * 0.62
    lay = view.camera.layout()
    ex, ey = lay.edge_midpoint(Hex(0, 0), u.facing)
    ox, oy = lay.hex_to_pixel(Hex(0, 0))
    from game.render.figure_sprites import facing_angle

    found = FigureSprites().beyond(look, radius, facing_angle((ex - ox, ey - oy)))
    assert found is not None, "a pole-arm reaches past its base"
    pic, dx, dy = found
    ux, uy = (ex - ox), (ey - oy)
    n = math.hypot(ux, uy)
    ux, uy = ux / n, uy / n
    reach = [(x, y, (x - dx) * ux + (y - dy) * uy) for y in range(pic.get_height())
             for x in range(pic.get_width()) if pic.get_at((x, y)).a >= 250]
    far = max(d for _, _, d in reach)
    sx = math.floor(ox) - math.floor(view.camera.x) - dx
    sy = math.floor(oy) - math.floor(view.camera.y) - dy
    return [((sx + x, sy + y), tuple(pic.get_at((x, y)))[:3]) for x, y, d in reach
            if d > 0.8 * far]


@pytest.mark.parametrize(("ruleset", "template"), [("fallen_empire", "pikeman"),
                                                    ("zefrs", "halberdier")])
@pytest.mark.parametrize("facing", [0, 2, 4])
def test_the_head_of_a_pole_arm_is_drawn_over_the_figure_in_the_hex_ahead(ruleset, template,
                                                                          facing):
    state = _battle(template, facing, ruleset=ruleset)
    board, view = _draw(state)
    head = _head_pixels(view, state)
    assert len(head) >= 15
    # The orc alone paints these very pixels: without the later pass he would hide them.
    orc_only, _ = _draw(_battle(template, facing, polearm=False, ruleset=ruleset))
    empty, _ = _draw(_battle(template, facing, foe=False, polearm=False, ruleset=ruleset))
    covered = [p for p, _ in head if orc_only.get_at(p) != empty.get_at(p)]
    assert len(covered) >= 0.5 * len(head), "the orc stands under the head"
    shown = sum(max(abs(a - b) for a, b in zip(tuple(board.get_at(p))[:3], colour,
                                               strict=True)) <= 6 for p, colour in head)
    assert shown >= 0.95 * len(head), f"{shown} of {len(head)} head pixels shown"


def test_a_sword_adds_no_second_picture():
    """Only pole-arms are drawn twice: a man with a sword and shield needs no second blit
    (his point barely leaves his base)."""
    state = _battle("fighting_man", 0, foe=False)
    view = _draw(state)[1]
    u = state.unit("a_pole")
    look = view.look_of(state, u)
    found = FigureSprites().beyond(look, 24.8, 0.0)
    assert found is None


def test_a_fallen_figure_holds_nothing_out():
    state = _battle("pikeman", 0, foe=False)
    view = _draw(state)[1]
    look = view.look_of(state, state.unit("a_pole"))
    from dataclasses import replace

    assert FigureSprites().beyond(replace(look, pose="lying"), 24.8, 0.0) is None
    assert FigureSprites().beyond(look, 24.8, 0.0) is not None


@pytest.mark.parametrize("angle", [0.0, -90.0, 150.0])
def test_the_second_picture_leaves_the_figures_own_badge_and_bars_alone(angle):
    """The pike's shaft near the figure stays under its own weapon badge and health bar
    (they lie within 1.4 radii of its centre): only what reaches toward a neighbour is drawn
    again."""
    state = _battle("pikeman", 0, foe=False)
    view = _draw(state)[1]
    look = view.look_of(state, state.unit("a_pole"))
    radius = 24.8
    pic, dx, dy = FigureSprites().beyond(look, radius, angle)
    near = [(x, y) for y in range(pic.get_height()) for x in range(pic.get_width())
            if pic.get_at((x, y)).a > 0 and math.hypot(x - dx, y - dy) < 1.4 * radius]
    assert not near
