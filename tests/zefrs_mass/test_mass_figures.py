"""A mass unit drawn as a block of miniatures (issue #28, item 5): its troop type's men (the
pike, the horse, the bow), in ranks facing its way, thinning as it loses men; checked from
what is drawn, as a player sees it."""

from pathlib import Path

import pygame
import pytest

from game.render.mass_figures import TroopFigures, shown_figures, troop_facts
from game.render.mass_view import MassView, picture_of
from game.sandbox.mass import MassSandbox
from rules.hexgrid import Hex
from tests.zefrs_mass.helpers import army, unit


@pytest.fixture(autouse=True)
def _display():
    pygame.display.init()
    yield


def test_each_troop_type_is_drawn_with_what_its_men_carry():
    assert troop_facts("pikemen").weapon == "pike"
    assert troop_facts("cavalry").mounted and troop_facts("armoured_cavalry").shield == "small"
    assert troop_facts("archers").missile == "bow"
    assert troop_facts("legionaries").shield == "large"
    assert troop_facts("tribesmen").kind == "man"  # a troop's name says what its men are


def test_the_tray_thins_with_the_fighters_left_a_figure_while_one_man_stands():
    assert [shown_figures(12, n, 120) for n in (120, 60, 41, 1, 0)] == [12, 6, 5, 1, 0]


def _ink(surf: pygame.Surface, box: pygame.Rect) -> int:
    """Pixels something was drawn on within `box`."""
    box = box.clip(surf.get_rect())
    return sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
               if surf.get_at((x, y)).a > 0)


def _tray(troop: str, facing: int, fighters: int, start: int = 100
          ) -> tuple[pygame.Surface, pygame.Rect, int]:
    surf = pygame.Surface((300, 300), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    rect = pygame.Rect(100, 100, 100, 100)
    n = TroopFigures().draw(surf, rect, troop, (40, 90, 220), facing, fighters, start)
    return surf, rect, n


def test_a_unit_that_lost_half_its_men_shows_half_the_figures_and_less_of_the_tray():
    full, rect, n_full = _tray("spearmen", 0, 100)
    half, _, n_half = _tray("spearmen", 0, 50)
    assert (n_full, n_half) == (12, 6)
    assert _ink(half, rect) < 0.7 * _ink(full, rect)
    # the front rank stands: the rear half of the tray is what emptied
    rear = pygame.Rect(rect.x, rect.centery + 5, rect.w, rect.h // 2 - 5)
    front = pygame.Rect(rect.x, rect.y, rect.w, rect.h // 2 - 5)
    assert _ink(half, front) > 0.8 * _ink(full, front) and _ink(half, rear) < _ink(full, rear)


@pytest.mark.parametrize(("facing", "ahead"), [(0, "top"), (1, "right"), (2, "bottom"),
                                               (3, "left")])
def test_the_pikes_point_the_way_the_unit_faces(facing, ahead):
    """ZEF-64: a unit strikes only the way it faces; the pikes reach past the front edge of
    the tray, never past the rear."""
    surf, rect, _ = _tray("pikemen", facing, 100)
    beyond = {"top": pygame.Rect(rect.x, 0, rect.w, rect.top),
              "bottom": pygame.Rect(rect.x, rect.bottom, rect.w, 300 - rect.bottom),
              "left": pygame.Rect(0, rect.y, rect.left, rect.h),
              "right": pygame.Rect(rect.right, rect.y, 300 - rect.right, rect.h)}
    behind = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}[ahead]
    assert _ink(surf, beyond[ahead]) > 3 * max(1, _ink(surf, beyond[behind]))


def test_the_grid_draws_every_unit_as_a_tray_of_its_troop():
    sb = MassSandbox(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                          unit("cav", "b", "cavalry", (2, 3), 2, fighters=50)))
    pic = picture_of(sb.state, None)
    assert {b.id: b.troop for b in pic.blocks} == {"pikes": "pikemen", "cav": "cavalry"}
    surf = pygame.Surface((600, 700))
    view = MassView()
    view.draw(surf, pic)
    r = view.rect(pic.blocks[0].square)
    assert len({tuple(surf.get_at((x, y))) for x in range(r.x, r.right, 3)
                for y in range(r.y, r.bottom, 3)}) > 30  # figures, not a flat block


def test_flank_screenshot_draws_a_mass_battle_on_its_grid(tmp_path):
    """`flank screenshot` of a mass battle draws the grid (the board kind's own view,
    ``flank.views: grid``), not hexes: the corner square is the map's terrain colour."""
    from game.maps import load_map
    from game.render.mass_view import GridStateView
    from game.render.palette import terrain_colour
    from game.render.snapshot import render_scenario
    from rules import registry

    registry.add(registry.VIEWS, "grid", GridStateView)
    sc = load_map(Path(__file__).resolve().parents[2] / "maps" / "mass" / "border_battle.tmx")
    out = tmp_path / "battle.png"
    render_scenario(sc, (800, 600), "none", str(out))
    picture = pygame.image.load(str(out))
    view = MassView()
    view.fit((800, 600))
    a1 = view.rect(Hex(0, 0))
    kind = dict(sc.setup.board.build().cells)[Hex(0, 0)].kind
    assert tuple(picture.get_at((a1.centerx, a1.centery)))[:3] == terrain_colour(kind)
