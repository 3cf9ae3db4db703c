"""What a player sees first: a board that fits the window is shown whole; a board too big to
show whole at a zoom where figures can be read (the 128 × 128 stress map) opens framed on
its figures (the first side's, when the armies stand too far apart to frame both), not on an
empty stretch of it."""

from __future__ import annotations

import pygame

from game.app import App
from game.content import ScenarioEntry, find_scenario
from game.maps import load_map
from game.render.board_view import READABLE
from game.ui.launch import start_battle


def _open(name: str):
    app = App((1280, 800))
    path = find_scenario(name)
    sc = load_map(path)
    entry = ScenarioEntry(sc.title, path, sc.ruleset, sc.description,
                          [s.id for s in sc.setup.sides])
    scene = start_battle(app, entry, sc.ruleset, [], seed=1)
    return app, scene


def _on_screen(scene) -> list[str]:
    w, h = scene.camera.screen
    out = []
    for u in scene.tm.state.units:
        if u.pos is not None:
            x, y = scene.camera.centre_of(u.pos)
            if 0 <= x < w and 0 <= y < h:
                out.append(u.id)
    return out


def test_a_big_map_opens_on_its_figures_at_a_zoom_they_read_at() -> None:
    _app, scene = _open("stress_128")
    placed = [u for u in scene.tm.state.units if u.pos is not None]
    assert scene.camera.zoom_index >= READABLE
    first = [u.id for u in placed if u.side == scene.tm.state.sides[0].id]
    shown = set(_on_screen(scene)) & set(first)  # the armies stand far apart: the first side's
    assert len(shown) >= max(1, len(first) // 2), (len(shown), len(first))
    pygame.quit()


def test_a_small_map_is_shown_whole() -> None:
    _app, scene = _open("duel")
    assert sorted(_on_screen(scene)) == sorted(u.id for u in scene.tm.state.units)
    x0, y0, x1, y1 = scene.view.terrain.bounds(scene.camera.zoom_index)
    w, h = scene.camera.screen
    assert x1 - x0 <= w and y1 - y0 <= h  # the whole board in sight
    pygame.quit()
