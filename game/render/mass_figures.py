"""A mass unit drawn as miniatures on a movement tray (issue #28, item 5): a block of small
figures of its troop type (the pikemen with their long pikes, horse on oval bases, archers
with bows), in ranks that face the way the unit faces, thinning from the rear rank as the
unit loses men.

Why a module: the grid (game/render/mass_view.py) draws labels, facing and orders; what a
unit's men look like is the skirmish's figure art (game/render/figure_*.py) told what a
troop type carries: its ranks' weapon, its own missile weapon, the first group of its kit,
mounted or not, its name for the kind of man.  Figures are cached per look, size and
facing by `FigureSprites`, so a frame costs only blits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.render.figure_facts import FigureFacts, facts_of
from game.render.figure_sprites import FigureSprites, facing_angle
from rules.systems.zefrs.mass.tables import load_mass
from rules.systems.zefrs.tables import load_tables

__all__ = ["FACING_EDGE", "TroopFigures", "formation", "shown_figures", "troop_facts"]

FACING_EDGE = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))
"""The way each grid facing points on the screen (north is up)."""


@dataclass(frozen=True)
class _Troop:
    """What the figure art reads of a unit of a troop type (facts_of's fields)."""

    name: str
    weapon: str
    missile: str
    armour: tuple[str, ...]
    shield: str
    mounted: bool


@lru_cache(maxsize=64)
def troop_facts(troop: str) -> FigureFacts:
    """The miniature a troop type's men are: the kind from its name (tribesmen are men,
    a goblin warband goblins), the weapon its ranks carry, its own missile weapon, the
    first group of its kit, mounted or not."""
    m = load_mass()
    z = load_tables()
    t = m.troops.get(troop)
    if t is None:
        return FigureFacts()
    ranks = z.units.get(t.ranks)
    kit = t.kit[0] if t.kit else None
    man = _Troop(name=t.name, weapon=(ranks.weapon or "") if ranks else "",
                 missile=t.missile or "", armour=tuple(kit.armour) if kit else (),
                 shield=(kit.shield or "") if kit else "", mounted=t.mounted)
    return facts_of(z, man)


def shown_figures(full: int, fighters: int, start: int) -> int:
    """How many of the tray's `full` figures stand: the share of its men left, rounded up
    (a unit with one man left shows one figure; a destroyed one none)."""
    if fighters <= 0 or start <= 0:
        return 0
    return min(full, math.ceil(full * fighters / start))


def formation(mounted: bool) -> tuple[int, int]:
    """(files, ranks) of a full tray: foot four wide and three deep, horse three by two."""
    return (3, 2) if mounted else (4, 3)


def _places(rect: pygame.Rect, facing: int, files: int, ranks: int
            ) -> list[tuple[float, float]]:
    """The figures' centres, front rank first and from the middle file out, so that losses
    come off the rear rank and its ends first."""
    fx, fy = FACING_EDGE[facing % 4]
    lx, ly = -fy, fx  # along the rank
    along = rect.w if fy else rect.h  # the rank runs across the facing
    deep = rect.h if fy else rect.w
    step_l, step_d = along / files, deep / ranks
    cx, cy = rect.center
    order = sorted(range(files), key=lambda i: (abs(i - (files - 1) / 2), i))
    out = []
    for k in range(ranks):
        d = deep / 2 - (k + 0.5) * step_d  # ahead of the centre for the front rank
        for i in order:
            s = (i - (files - 1) / 2) * step_l
            out.append((cx + fx * d + lx * s, cy + fy * d + ly * s))
    return out


class TroopFigures:
    """Draws units' trays of figures; one per view (it keeps the pictures)."""

    def __init__(self) -> None:
        self.sprites = FigureSprites(budget=8 * 1024 * 1024)

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, troop: str,
             colour: tuple[int, int, int], facing: int, fighters: int, start: int) -> int:
        """The unit's standing figures in `rect`, facing `facing`; how many were drawn."""
        facts = troop_facts(troop)
        files, ranks = formation(facts.mounted)
        places = _places(rect, facing, files, ranks)
        n = shown_figures(len(places), fighters, start)
        fy = FACING_EDGE[facing % 4][1]
        step = min((rect.w if fy else rect.h) / files, (rect.h if fy else rect.w) / ranks)
        radius = max(3.0, step * (0.38 if facts.mounted else 0.5))
        angle = facing_angle(FACING_EDGE[facing % 4])
        drawn = 0
        # the rear rank first, so that the front rank's weapons lie over it
        for x, y in reversed(places[:n]):
            pic = self.sprites.turned(facts, colour, "stand", radius, angle)
            if pic is None:
                continue
            img, ox, oy = pic
            surf.blit(img, (round(x - ox), round(y - oy)))
            drawn += 1
        return drawn
