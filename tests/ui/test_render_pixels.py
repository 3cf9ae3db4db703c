"""What the board shows, checked pixel by pixel on real renders: a unit's side colour on the
rim of its base, the warning colour on a path hex that provokes a free attack, and the
notch of the base on the hexside the unit faces."""

from __future__ import annotations

import math

import pygame
import pytest

from game.render.board_view import BoardView
from game.render.camera import Camera
from game.render.overlays import Overlays
from game.render.palette import PROVOKE, side_colour
from rules.engine import ruleset_of, start
from rules.hexgrid import Hex
from tests.fallen_empire.helpers import fe


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


def scene(*units, orientation="pointy"):
    sc = fe().side("men", True).side("orcs")
    for uid, tpl, side, at, facing in units:
        sc.unit(uid, tpl, side, at, facing=facing)
    state, _ = start(sc.build())
    cam = Camera(orientation=orientation, hex_size=(30.0, 30.0), screen=(900, 700))
    view = BoardView(state, cam)
    view.camera.zoom_index = 4  # zoom 1.0
    view.camera.look_at(0, 0)
    surf = pygame.Surface((900, 700))
    return state, view, surf


def near(c1, c2, tol=8) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c1[:3], c2[:3], strict=True))


def samples_on_ring(surf, centre, radius, angles):
    cx, cy = centre
    return [surf.get_at((round(cx + radius * math.cos(a)), round(cy + radius * math.sin(a))))
            for a in angles]


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_a_units_side_colour_shows_on_its_hex(orientation):
    state, view, surf = scene(("f", "fighting_man", "men", (0, 0), 0),
                              ("o", "orc", "orcs", (3, -1), 3), orientation=orientation)
    view.draw(surf, state)
    for uid, side_index in (("f", 0), ("o", 1)):
        centre = view.camera.centre_of(state.unit(uid).pos)
        r = min(view.camera.layout().size) * 0.62
        ring = samples_on_ring(surf, centre, r * 0.89,
                               [i * math.pi / 12 + 0.1 for i in range(24)])
        hits = sum(near(px, side_colour(side_index), 30) for px in ring)
        assert hits >= 10, (uid, ring)  # the rim, but where shield, notch or badge cover it


def test_a_path_hex_that_provokes_is_painted_in_the_warning_colour():
    """The path passes right by an orc: the hex where that step provokes it (FE-11) is
    outlined in the warning colour; a hex further along, past the orc, is not."""
    state, view, surf = scene(("f", "fighting_man", "men", (0, 0), 0),
                              ("o", "orc", "orcs", (2, -1), 3))
    path = [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0), Hex(4, 0)]
    reactions = ruleset_of(state).path_reactions(state, "f", path)
    assert [(step, who) for step, who, _ in reactions] == [(1, "o")]
    ov = Overlays(path=tuple(path), provoking={path[1]: ("Orc",)})
    view.draw(surf, state, ov)
    lay = view.camera.layout()

    def warning_on_edges(h: Hex) -> int:
        cx, cy = view.camera.centre_of(h)
        count = 0
        for i in range(6):
            (ax, ay), (bx, by) = lay.corner_offset(i), lay.corner_offset((i + 1) % 6)
            mx, my = cx + 0.8 * (ax + bx) / 2, cy + 0.8 * (ay + by) / 2
            count += near(surf.get_at((round(mx), round(my))), PROVOKE, 30)
        return count

    assert warning_on_edges(path[1]) >= 3
    assert warning_on_edges(path[3]) == 0


@pytest.mark.parametrize("facing", range(6))
def test_the_notch_of_the_base_points_at_the_hexside_faced(facing):
    state, view, surf = scene(("f", "fighting_man", "men", (0, 0), facing),
                              ("o", "orc", "orcs", (5, -5), 3))
    view.draw(surf, state)
    lay = view.camera.layout()
    cx, cy = view.camera.centre_of(Hex(0, 0))
    ex, ey = lay.edge_midpoint(Hex(0, 0), facing)
    ox, oy = lay.hex_to_pixel(Hex(0, 0))
    dx, dy = ex - ox, ey - oy
    # the base's rim is the side's colour all round but for a pale notch at the front
    r = min(lay.size) * 0.62
    k = r * 0.9 / math.hypot(dx, dy)
    tip = surf.get_at((round(cx + dx * k), round(cy + dy * k)))
    back = surf.get_at((round(cx - dx * k), round(cy - dy * k)))
    assert near(tip, (250, 246, 230), 40), tip
    assert near(back, side_colour(0), 30), back
