"""The front door's pictures around the menu panel: the chosen scenario as it will open
(drawn by the view of the board it is fought on, found through the registry `flank.views`:
the hex map's, the mass battle's grid, the chase's track, the lists; under the chosen
ruleset, so its figures are the ones that will fight), what the ruleset plays like (its own
words, `Ruleset.plays_like`), and a parade of that ruleset's miniatures as the title picture.

Why apart from `menu_scene`: the menu is widgets and choices; this is drawing, made once per
scenario, ruleset and size and then blitted, so the menu stays a frame's worth of blits.
The pictures are kept for the whole run (the menu is made again after every battle).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.render.figure_facts import template_facts
from game.render.figure_sprites import FigureSprites
from game.render.lettering import wrap
from game.render.palette import SIDE_COLOURS
from game.render.tokens import font

CAPTION = (214, 206, 186)
# The figures of the title parade: the archetypes a ruleset maps to its own templates.
PARADE = ("knight", "pikeman", "crossbowman", "swordsman", "dwarf", "orc", "ogre", "wolf")
# A preview is drawn at about this width and scaled down: every view (the lists' stands,
# the track's seconds, the grid's labels) is laid out for a window, not a thumbnail.
DRAWN_WIDTH = 760


def plays_like(ruleset: Any) -> str:
    """What the ruleset says it plays like, in a player's words; "" if it says nothing."""
    return str(getattr(ruleset, "plays_like", "") or "")


def _wrap(text: str, size: int, width: int) -> list[pygame.Surface]:
    f = font(size, False)
    return [f.render(t, True, CAPTION) for t in wrap(lambda s: f.size(s)[0], text, width)]


def scenario_picture(path: Any, ruleset_id: str, size: tuple[int, int]
                     ) -> pygame.Surface | None:
    """The scenario at `path` as its battle opens, fitted to `size`; None if it cannot be
    set up under that ruleset (the menu then says nothing rather than something wrong)."""
    from game.maps import MapError, load_map

    try:
        sc = load_map(path)
    except (MapError, OSError):
        return None
    return picture_of(sc, ruleset_id, size)


def picture_of(sc: Any, ruleset_id: str, size: tuple[int, int]) -> pygame.Surface | None:
    """A loaded map (`game.maps.Scenario`) as its battle opens under `ruleset_id`, drawn by
    the view of the board kind it opens on (``flank.views``), the same view a replay draws
    it with; None if it does not open under that ruleset or no view draws its board."""
    from game.render.camera import Camera
    from game.render.snapshot import hex_size_for
    from game.render.tiles import painter_for
    from rules import registry
    from rules.engine import start

    try:
        state, _ = start(sc.setup.model_copy(update={"ruleset": ruleset_id}))
        kind = registry.load(registry.VIEWS, state.board_kind)
    except (ValueError, KeyError, OSError, registry.PluginError):
        return None
    k = max(1.0, DRAWN_WIDTH / max(1, size[0]))
    drawn = (round(size[0] * k), round(size[1] * k))
    cam = Camera(orientation=sc.orientation, hex_size=hex_size_for(sc), screen=drawn)
    view = kind(state, cam, painter_for(sc))
    view.fit()
    surf = pygame.Surface(drawn)
    view.draw(surf, state)
    return surf if drawn == size else pygame.transform.smoothscale(surf, size)


# (map file, ruleset, size) -> its picture, for the whole run
_pictures: dict[tuple[str, str, tuple[int, int]], pygame.Surface | None] = {}


def preview_size(window: tuple[int, int], panel: pygame.Rect) -> tuple[int, int] | None:
    """The preview's size beside `panel` in a window of that size; None: no room for one."""
    room = panel.left - 40
    if room < 200:
        return None
    pw = min(room, 440)
    return pw, min(window[1] - 200, pw * 3 // 4)


def preview(entry: Any, ruleset_id: str, size: tuple[int, int]) -> pygame.Surface | None:
    """The entry's picture under `ruleset_id` at `size`, drawn once for the whole run."""
    key = (str(entry.path), ruleset_id, size)
    if key not in _pictures:
        sc = getattr(entry, "scenario", None)
        _pictures[key] = (picture_of(sc, ruleset_id, size) if sc is not None
                          else scenario_picture(entry.path, ruleset_id, size))
    return _pictures[key]


class MenuArt:
    def __init__(self) -> None:
        self._rulesets: dict[str, Any] = {}
        self._captions: dict[tuple[str, int], list[pygame.Surface]] = {}
        self.sprites = FigureSprites()

    def ruleset_named(self, name: str) -> Any:
        """The ruleset the menu lists as `name` (looked up once), or None."""
        if not self._rulesets:
            from rules.engine import rulesets

            self._rulesets = {rs.name: rs for rs in rulesets()}
        return self._rulesets.get(name)

    def draw(self, surf: pygame.Surface, panel: pygame.Rect, entry: Any,
             ruleset: Any) -> None:
        """Beside the panel: the scenario's picture and the ruleset's line on the left, the
        parade of its figures on the right; nothing where the window leaves no room."""
        w, h = surf.get_size()
        size = preview_size((w, h), panel)
        if size is not None and entry is not None and ruleset is not None:
            pw = size[0]
            pic = preview(entry, ruleset.id, size)
            x = panel.left - 20 - pw
            y = panel.top
            if pic is not None:
                surf.blit(pic, (x, y))
                pygame.draw.rect(surf, CAPTION, (x - 1, y - 1, pw + 2, size[1] + 2), 1)
                y += size[1] + 10
            for line in self._caption(ruleset, pw):
                surf.blit(line, (x, y))
                y += line.get_height() + 3
        room = w - panel.right - 40
        if room >= 90 and ruleset is not None:
            self._parade(surf, ruleset, pygame.Rect(panel.right + 20, panel.top,
                                                    min(room, 200), panel.height))

    def _caption(self, ruleset: Any, width: int) -> list[pygame.Surface]:
        """The ruleset's name and its line, rendered once per width."""
        key = (ruleset.id, width)
        if key not in self._captions:
            head = font(22).render(ruleset.name, True, (240, 214, 140))
            self._captions[key] = [head, *_wrap(plays_like(ruleset), 19, width)]
        return self._captions[key]

    def _parade(self, surf: pygame.Surface, ruleset: Any, box: pygame.Rect) -> None:
        """The ruleset's figures, one above the other, facing the viewer."""
        names = ruleset.archetypes()
        keys = [names[a] for a in PARADE if a in names]
        radius = min(28.0, box.width / 4)
        step = radius * 3.1
        y = box.top + radius * 2
        for i, key in enumerate(keys):
            if y > box.bottom - radius:
                break
            found = self.sprites.turned(template_facts(ruleset, key),
                                        SIDE_COLOURS[i % 2], "stand", radius, 180.0)
            if found is not None:
                pic, dx, dy = found
                surf.blit(pic, (box.centerx - dx, round(y) - dy))
            y += step
