"""The board's caches (terrain chunks per zoom level, overlays painted into them, token
pictures) never show anything a fresh drawing would not: after pans, zoom steps, a change of
selection, a wound and a turn, a view that has drawn for a while gives exactly the pixels of
a brand-new view drawing the same thing once.  And drawing never touches the battle, and
panning finds its chunks built ahead, within a bound set by the screen, not the map."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.maps import load_map
from game.render.board_view import BoardView
from game.render.camera import ZOOMS, Camera
from game.render.overlays import Overlays
from game.render.snapshot import hex_size_for
from game.render.terrain import CHUNK
from game.render.tiles import painter_for
from game.render.tokens import forget_fonts
from rules.engine import start
from rules.positioning import reachable, threat_map, threatened_hexes
from rules.state import Battle, state_hash

MAPS = Path(__file__).resolve().parents[2] / "maps"
SCREEN = (700, 500)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SCREEN)  # chunks are made opaque in the display's format
    yield
    forget_fonts()  # fonts made here die with pygame.quit(); leave none behind
    pygame.quit()


def overlays_for(state: Battle, uid: str) -> Overlays:
    """What the battle screen shows with `uid` selected: every side's threat, its reach,
    where it can go and a path under the mouse."""
    counts: dict = {}
    for s in state.sides:
        for h, who in threat_map(state, s.id).items():
            counts[h] = counts.get(h, 0) + len(who)
    u = state.unit(uid)
    moves = reachable(state, u, 6)
    far = max(moves, key=lambda h: (u.pos.distance(h), h))
    return Overlays(threat=counts, reach=threatened_hexes(state, u),
                    move_range=frozenset(moves), path=tuple(moves[far]), hover=far,
                    provoking={moves[far][1]: ("Somebody",)})


class Table:
    """One map, a long-lived view and a way to ask a brand-new one for the same picture."""

    def __init__(self, name: str) -> None:
        self.sc = load_map(MAPS / name)
        self.state, _ = start(self.sc.setup)
        self.painter = painter_for(self.sc)
        self.view = BoardView(self.state, self.camera(), self.painter)

    def camera(self) -> Camera:
        return Camera(orientation=self.sc.orientation, hex_size=hex_size_for(self.sc),
                      screen=SCREEN)

    def draw(self, view: BoardView, **kw) -> bytes:
        surf = pygame.Surface(SCREEN).convert()
        view.draw(surf, self.state, **kw)
        return pygame.image.tobytes(surf, "RGB")

    def same_as_fresh(self, **kw) -> bool:
        cached = self.draw(self.view, **kw)
        cam = self.camera()
        cam.zoom_index, cam.x, cam.y = (self.view.camera.zoom_index, self.view.camera.x,
                                        self.view.camera.y)
        return cached == self.draw(BoardView(self.state, cam, self.painter), **kw)


@pytest.mark.parametrize("name", ["stress_128.tmx", "river_ford.tmx"])  # pointy, flat
def test_a_view_that_has_drawn_a_while_shows_what_a_fresh_one_shows(name):
    t = Table(name)
    first, second = (u.id for u in t.state.units[:2])
    cam = t.view.camera
    cam.zoom_index = ZOOMS.index(1.0)
    cam.look_at(*cam.layout().hex_to_pixel(t.state.unit(first).pos))
    shown = {"overlays": overlays_for(t.state, first), "selected": first}
    assert t.same_as_fresh(**shown)
    for _ in range(12):  # a pan across several chunk edges, a frame at a time
        cam.pan(CHUNK / 5 + 0.37, -CHUNK / 9 + 0.21)
        t.draw(t.view, **shown)
    assert t.same_as_fresh(**shown)
    cam.zoom_by(-1, (123, 77))
    assert t.same_as_fresh(**shown)
    cam.zoom_by(-1)
    cam.pan(-41.5, 13.25)
    assert t.same_as_fresh(**shown)
    shown = {"overlays": overlays_for(t.state, second), "selected": second}  # a click
    assert t.same_as_fresh(**shown)
    cam.zoom_by(2, (600, 450))
    assert t.same_as_fresh(**shown)
    cam.zoom_by(1)
    assert t.same_as_fresh(**shown)
    shown["overlays"].threat.clear()  # changed in place: still noticed
    assert t.same_as_fresh(**shown)
    shown["overlays"].move_range = frozenset()
    assert t.same_as_fresh(**shown)
    assert t.same_as_fresh(overlays=None)


def test_a_wound_a_turn_and_a_selection_show_on_the_token_as_on_a_fresh_drawing():
    t = Table("stress_128.tmx")
    u = t.state.units[0]
    cam = t.view.camera
    cam.zoom_index = ZOOMS.index(1.4)
    cam.look_at(*cam.layout().hex_to_pixel(u.pos))
    before = t.draw(t.view)
    assert t.same_as_fresh()
    t.state = t.state.update_unit(u.id, hp=max(1, u.max_hp // 3))
    assert t.draw(t.view) != before
    assert t.same_as_fresh()
    t.state = t.state.update_unit(u.id, facing=(u.facing + 3) % 6)
    assert t.same_as_fresh()
    assert t.same_as_fresh(selected=u.id)
    assert t.same_as_fresh(acting=frozenset({u.id}))


def test_drawing_never_changes_the_battle():
    t = Table("stress_128.tmx")
    uid = t.state.units[0].id
    before = state_hash(t.state)
    for zi in range(len(ZOOMS)):
        t.view.camera.zoom_index = zi
        t.view.centre_on_board()
        t.draw(t.view, overlays=overlays_for(t.state, uid), selected=uid)
    assert state_hash(t.state) == before


def test_panning_and_one_zoom_step_find_their_chunks_built_ahead():
    """Once the view has had its frames to build ahead, a pan of less than a chunk and a
    zoom step (anchored anywhere) build nothing while drawing."""
    t = Table("stress_128.tmx")
    uid = t.state.units[0].id
    shown = {"overlays": overlays_for(t.state, uid), "selected": uid}
    cam = t.view.camera
    cam.zoom_index = ZOOMS.index(1.0)
    cam.look_at(*cam.layout().hex_to_pixel(t.state.unit(uid).pos))
    for pan, zoom in [((CHUNK - 1, 0), 0), ((0, -(CHUNK - 1)), 0), ((-100, 60), 0),
                      ((0, 0), -1), ((0, 0), -1), ((0, 0), 1), ((0, 0), 1), ((0, 0), 1)]:
        t.draw(t.view, **shown)
        while t.view.build_ahead(SCREEN):
            pass
        cam.pan(*pan)
        if zoom:
            cam.zoom_by(zoom, (SCREEN[0] - 1, 0) if zoom < 0 else (0, SCREEN[1] - 1))
        t.draw(t.view, **shown)
        assert t.view.built_while_drawing == 0, (pan, zoom)


def test_the_chunks_kept_are_bounded_by_the_screen_not_the_map():
    t = Table("stress_128.tmx")
    cam = t.view.camera
    cam.zoom_index = ZOOMS.index(1.0)
    x0, y0, x1, _ = t.view.terrain.bounds(cam.zoom_index)
    cam.x, cam.y = x0, y0
    most = 0
    while cam.x < x1:  # sweep the whole board, right along the top
        cam.pan(CHUNK / 2, 0)
        t.draw(t.view)
        most = max(most, len(t.view.terrain._chunks))
        assert len(t.view.terrain._chunks) <= t.view.terrain.cap
    columns = (x1 - x0) / CHUNK
    assert t.view.terrain.built > columns * 2  # it did build its way across
    assert most < columns * (SCREEN[1] / CHUNK + 4)  # and let the far side go
