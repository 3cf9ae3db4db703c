"""A small map opens filling the window (issue 35, item 6): someone else's 10 × 7 map of
32-pixel hexes (tests/maps/hex_world) sat small in the middle of the board's area even at the
closest zoom.  Now its hexes are drawn bigger so that the whole board just fits the board's
area, as wide or as high as it is, centred; its own tile pictures are drawn at that size; the
zoom keys still step out from there.  A big map is still framed on its figures
(tests/ui/test_opening_view.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.content import ScenarioEntry
from game.maps import load_map
from game.render.camera import ZOOMS
from game.sandbox import Sandbox
from game.ui.launch import start_battle
from game.ui.sandbox_scene import LEFT, SandboxScene

WORLD = Path(__file__).resolve().parents[1] / "maps" / "hex_world"


def _scenario(tmp_path: Path) -> Path:
    """The world map with a bugbear and a fighting-man on it, saved as a scenario."""
    shutil.copytree(WORLD, tmp_path / "world")
    sb = Sandbox.from_map(tmp_path / "world" / "hex_world.tmx")
    sb.place("bugbear", "red", sb.scenario.hex_at(2, 3))
    sb.place("fighting_man", "blue", sb.scenario.hex_at(7, 3), facing=3)
    return sb.save_as_scenario().path


def _board_on_screen(scene) -> tuple[float, float, float, float]:
    """The board's box (with its margin) on the board's area of the screen."""
    x0, y0, x1, y1 = scene.view.terrain.bounds(scene.camera.zoom_index)
    (sx0, sy0), (sx1, sy1) = scene.camera.to_screen(x0, y0), scene.camera.to_screen(x1, y1)
    return sx0, sy0, sx1, sy1


def _fills_and_is_centred(scene) -> None:
    sw, sh = scene.camera.screen
    x0, y0, x1, y1 = _board_on_screen(scene)
    assert x0 >= -1 and y0 >= -1 and x1 <= sw + 1 and y1 <= sh + 1, ((x0, y0, x1, y1), (sw, sh))
    assert max((x1 - x0) / sw, (y1 - y0) / sh) >= 0.97, ((x0, y0, x1, y1), (sw, sh))
    assert abs((x0 + x1) / 2 - sw / 2) <= 2 and abs((y0 + y1) / 2 - sh / 2) <= 2


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_a_small_map_opens_zoomed_to_fill_the_battle_window(tmp_path, size) -> None:
    path = _scenario(tmp_path)
    sc = load_map(path)
    app = App(size)
    entry = ScenarioEntry(sc.title, path, sc.ruleset, sc.description, list(sc.sides))
    scene = start_battle(app, entry, sc.ruleset, ["human", "ai:random"], seed=1,
                         on_exit=lambda: None)
    app.switch(scene)
    app.step(1 / 30)
    _fills_and_is_centred(scene)
    cam = scene.camera
    # Bigger than the closest zoom of the ladder drew it before.
    assert cam.layout().size[0] > cam.hex_size[0] * ZOOMS[-1]
    # Its own sea picture is drawn at that size: three quarters of the way from the centre
    # of a sea hex to its side, the window shows the sea's blue.
    sea = sc.hex_at(4, 3)
    cx, cy = cam.centre_of(sea)
    half = cam.layout().size[0] * 3**0.5 / 2
    r, g, b, _ = app.screen.get_at((round(cx + 0.75 * half), round(cy)))
    assert b > 120 and b > r + 40 and b > g, (r, g, b)
    # Zooming out still steps out from there.
    before = _board_on_screen(scene)
    cam.zoom_by(-1)
    after = _board_on_screen(scene)
    assert after[2] - after[0] < before[2] - before[0]
    pygame.quit()


def test_someone_elses_small_map_fills_the_sandbox(tmp_path) -> None:
    shutil.copytree(WORLD, tmp_path / "world")
    app = App((1366, 768))
    scene = SandboxScene(app, Sandbox.from_map(tmp_path / "world" / "hex_world.tmx"))
    app.switch(scene)
    app.step(1 / 30)
    _fills_and_is_centred(scene)
    assert scene.camera.screen[0] < 1366 - LEFT  # the board's area, not the whole window
    pygame.quit()
