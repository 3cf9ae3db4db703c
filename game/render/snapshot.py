"""A scenario rendered once to a PNG, with the same BoardView the window uses."""

from __future__ import annotations

from typing import Any

import pygame

from game.render.board_view import BoardView
from game.render.camera import Camera
from game.render.overlay_legend import still_part
from game.render.overlays import Overlays
from game.render.tiles import painter_for
from rules import registry
from rules.engine import start
from rules.hexgrid import disk
from rules.positioning import arc, threat_map, threatened_hexes


def hex_size_for(sc: Any) -> tuple[float, float]:
    """Layout size from the map's tile size (Tiled's tile box holds one hex)."""
    if sc.orientation == "pointy":
        return sc.tile_width / 3**0.5, sc.tile_height / 2
    return sc.tile_width / 2, sc.tile_height / 3**0.5


def overlays_for(state: Any, overlay: str) -> Overlays:
    """The named overlay for a still picture: threat (every side's threatened hexes), reach
    (every unit's reach) or facing (the arcs of every unit)."""
    ov = Overlays()
    if overlay == "threat":
        counts: dict = {}
        for s in state.sides:
            for h, who in threat_map(state, s.id).items():
                counts[h] = counts.get(h, 0) + len(who)
        ov.threat = counts
    elif overlay == "reach":
        ov.reach = frozenset(h for u in state.units for h in threatened_hexes(state, u))
    elif overlay == "facing":
        arcs = {}
        for u in state.units:
            if u.pos is not None and u.fighting:
                for h in disk(u.pos, 1):
                    if h != u.pos and h in state.board and state.unit_at(h) is None:
                        arcs[h] = arc(u, h)
        ov.arcs = arcs
    part = still_part(overlay)
    ov.legend = (part,) if part is not None else ()
    return ov


def render_scenario(sc: Any, size: tuple[int, int], overlay: str, out: str) -> None:
    pygame.display.init()
    pygame.font.init()
    state, _ = start(sc.setup)
    if state.board_kind != "hex" and registry.has(registry.VIEWS, state.board_kind):
        # a board of another kind (the mass battle's grid …) is drawn by its own view
        surf = pygame.Surface(size)
        registry.load(registry.VIEWS, state.board_kind)(state, None, None).draw(surf, state)
        pygame.image.save(surf, out)
        return
    cam = Camera(orientation=sc.orientation, hex_size=hex_size_for(sc), screen=size)
    view = BoardView(state, cam, painter_for(sc))
    view.fit()
    surf = pygame.Surface(size)
    view.draw(surf, state, overlays_for(state, overlay))
    pygame.image.save(surf, out)
