"""The front door's pictures around the menu panel: the chosen scenario as it will open
(drawn by the battle's own renderer, under the chosen ruleset, so its figures are the ones
that will fight), a line on what the ruleset plays like, and a parade of that ruleset's
miniatures as the title picture.

Why apart from `menu_scene`: the menu is widgets and choices; this is drawing, made once per
scenario and ruleset and then blitted, so the menu stays a frame's worth of blits.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.render.figure_facts import template_facts
from game.render.figure_sprites import FigureSprites
from game.render.palette import SIDE_COLOURS
from game.render.tokens import font

CAPTION = (214, 206, 186)
# What each bundled ruleset plays like, in a line; a ruleset added later may say it itself
# (a `plays_like` class attribute), else its source is shown.
PLAYS_LIKE = {
    "fallen_empire": "Sides take initiative and move, shoot, fight and cast in phases; a d20 "
                     "against armour, +2 from behind, a free attack on whoever steps away.",
    "empress": "Action segments count down and the quick strike first; the longer reach "
               "hits first, the shorter provokes; shields wear away blow by blow.",
    "zefrs": "Declare, then roll for the turn; a d100 read on a colour chart shifted by "
             "skill and armour, and wounds by where they land.",
}
# The figures of the title parade: the archetypes a ruleset maps to its own templates.
PARADE = ("knight", "pikeman", "crossbowman", "swordsman", "dwarf", "orc", "ogre", "wolf")


def plays_like(ruleset: Any) -> str:
    return (getattr(ruleset, "plays_like", "") or PLAYS_LIKE.get(ruleset.id, "")
            or f"From {ruleset.source}.")


def _wrap(text: str, size: int, width: int) -> list[pygame.Surface]:
    words, lines, line = text.split(), [], ""
    for w in words:
        trial = f"{line} {w}".strip()
        if line and font(size, False).size(trial)[0] > width:
            lines.append(line)
            line = w
        else:
            line = trial
    if line:
        lines.append(line)
    return [font(size, False).render(t, True, CAPTION) for t in lines]


def scenario_picture(path: Any, ruleset_id: str, size: tuple[int, int]
                     ) -> pygame.Surface | None:
    """The scenario as its battle opens, fitted to `size`; None if it cannot be set up
    under that ruleset (the menu then says nothing rather than something wrong)."""
    from game.maps import load_map
    from game.render.board_view import BoardView
    from game.render.camera import Camera
    from game.render.snapshot import hex_size_for
    from game.render.tiles import painter_for
    from rules.engine import start

    try:
        sc = load_map(path)
        state, _ = start(sc.setup.model_copy(update={"ruleset": ruleset_id}))
    except (ValueError, KeyError, OSError):
        return None
    cam = Camera(orientation=sc.orientation, hex_size=hex_size_for(sc), screen=size)
    view = BoardView(state, cam, painter_for(sc))
    view.fit()
    surf = pygame.Surface(size)
    view.draw(surf, state)
    return surf


class MenuArt:
    def __init__(self) -> None:
        self._pictures: dict[tuple, pygame.Surface | None] = {}
        self._rulesets: dict[str, Any] = {}
        self._captions: dict[tuple[str, int], list[pygame.Surface]] = {}
        self.sprites = FigureSprites()

    def ruleset_named(self, name: str) -> Any:
        """The ruleset the menu lists as `name` (looked up once), or None."""
        if not self._rulesets:
            from rules.engine import rulesets

            self._rulesets = {rs.name: rs for rs in rulesets()}
        return self._rulesets.get(name)

    def _picture(self, path: Any, ruleset_id: str, size: tuple[int, int]
                 ) -> pygame.Surface | None:
        key = (str(path), ruleset_id, size)
        if key not in self._pictures:
            self._pictures[key] = scenario_picture(path, ruleset_id, size)
        return self._pictures[key]

    def draw(self, surf: pygame.Surface, panel: pygame.Rect, entry: Any,
             ruleset: Any) -> None:
        """Beside the panel: the scenario's picture and the ruleset's line on the left, the
        parade of its figures on the right; nothing where the window leaves no room."""
        w, h = surf.get_size()
        room = panel.left - 40
        if room >= 200 and entry is not None and ruleset is not None:
            pw = min(room, 440)
            size = (pw, min(h - 200, pw * 3 // 4))
            pic = self._picture(entry.path, ruleset.id, size)
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
