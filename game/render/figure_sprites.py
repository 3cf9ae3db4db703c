"""Miniatures drawn once per look and reused, as the board needs them every frame.

Two layers of pictures, each kept until `budget` bytes are used (least recently used
dropped first):
  turned   the master picture of a figure scaled to the zoom's base radius and turned to
           the hexside it faces (key: facts, colour, pose, radius, angle);
  sprites  a turned figure with what does not turn with it: the selection or can-act ring
           under it, and over it the health bar (and under it the armour's own bar, where
           the ruleset gives armour hit points), the weapon badge and the small state
           marks (holding, at the ready, engaged, asleep), dimmed when it has acted;
  beyond   what of a standing pole-armed figure reaches past its base (a pike's or
           halberd's head, a spear's, a couched lance): the board draws these after every
           body, so a figure in the hex ahead never hides the reach that threatens it.
           Short weapons stay on their base, or nearly, and cost no second blit.
A wound or a click changes only the second key, so it costs a few small blits, never a
redraw of the figure.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import pygame

from game.render.figure_art import BASE, base_radii
from game.render.figure_facts import FigureFacts
from game.render.figure_kit import POLES
from game.render.figure_master import master, master_scale
from game.render.palette import HIGHLIGHT, INK
from game.render.tokens import glyph_image

BUDGET = 32 * 1024 * 1024  # bytes of pictures kept, both layers together
Picture = tuple[pygame.Surface, int, int]  # the picture and where the unit's centre is in it


@dataclass(frozen=True, slots=True)
class Look:
    """Everything a unit's sprite shows: one key of the sprite cache."""

    facts: FigureFacts
    colour: tuple[int, int, int]
    pose: str = "stand"  # stand / lying / dead (figure_master.POSES)
    hp: int = 0
    max_hp: int = 0
    armour_hp: int = 0  # the armour's own hit points (Ruleset.unit_armour), with
    max_armour_hp: int = 0  # its whole; 0: no armour bar
    badge: str = ""
    marks: tuple[str, ...] = ()  # "hold", "ready", "engaged", "asleep"
    selected: bool = False
    acting: bool = False
    spent: bool = False  # it has had its turn in what is under way


def facing_angle(edge: tuple[float, float]) -> float:
    """Degrees to turn an up-facing picture (counter-clockwise, as pygame turns) so that its
    front points along `edge`, the offset from a hex's centre to the hexside faced."""
    return math.degrees(math.atan2(-edge[0], -edge[1]))


def _crop(surf: pygame.Surface, cx: int, cy: int) -> Picture | None:
    box = surf.get_bounding_rect()
    if box.width == 0:
        return None
    pic = surf.subsurface(box).copy()
    if pygame.display.get_surface() is not None:
        pic = pic.convert_alpha()
    return pic, cx - box.x, cy - box.y


class FigureSprites:
    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.built = 0  # sprites made (tests, bench)
        self.turned_built = 0  # figures scaled and turned
        self._bytes = 0
        self._cache: OrderedDict[tuple, Picture | None] = OrderedDict()

    def _keep(self, key: tuple, found: Picture | None) -> None:
        self._cache[key] = found
        if found is not None:
            self._bytes += found[0].get_width() * found[0].get_height() * 4
        while self._bytes > self.budget and len(self._cache) > 1:
            _, old = self._cache.popitem(last=False)
            if old is not None:
                self._bytes -= old[0].get_width() * old[0].get_height() * 4

    def turned(self, facts: FigureFacts, colour: tuple[int, int, int], pose: str,
               radius: float, angle: float) -> Picture | None:
        """The figure at this size, turned to `angle` degrees."""
        key = ("turned", facts, colour, pose, round(radius, 2), round(angle, 2))
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        self.turned_built += 1
        pic, cx, cy = master(facts, colour, pose)
        k = master_scale(radius)
        w, h = max(1, round(pic.get_width() * k)), max(1, round(pic.get_height() * k))
        small = pygame.transform.smoothscale(pic, (w, h))
        # Turn about the figure's centre: pad so that it is the picture's centre first.
        sx, sy = cx * w / pic.get_width(), cy * h / pic.get_height()
        half = math.ceil(max(sx, w - sx, sy, h - sy)) + 1
        pad = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        pad.fill((0, 0, 0, 0))
        pad.blit(small, (round(half - sx), round(half - sy)))
        if angle % 360:
            pad = pygame.transform.rotozoom(pad, angle, 1.0)
        c = pad.get_width() // 2
        found = _crop(pad, c, pad.get_height() // 2)
        self._keep(key, found)
        return found

    def get(self, look: Look, radius: float, angle: float) -> Picture | None:
        """The unit's sprite at this zoom, turned to the hexside it faces."""
        key = ("sprite", look, round(radius, 2), round(angle, 2))
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        self.built += 1
        found = self._paint(look, radius, angle)
        self._keep(key, found)
        return found

    def beyond(self, look: Look, radius: float, angle: float) -> Picture | None:
        """What of a pole-armed figure reaches past its own base at this zoom and facing, or
        None (lying and dead figures hold nothing out; short weapons stay on the base)."""
        if look.pose != "stand" or look.facts.weapon not in POLES:
            return None
        key = ("beyond", look.facts, look.colour, round(radius, 2), round(angle, 2),
               look.spent)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        found = None
        fig = self.turned(look.facts, look.colour, look.pose, radius, angle)
        if fig is not None:
            pic, fx, fy = fig
            out = pic.copy()
            # Everything inside the base's circumscribed circle (an oval base turns with the
            # figure), and at least 1.5 radii out, stays with the body: the figure's own
            # badge, bars and marks (out to about 1.4 radii) are drawn over its shaft, as
            # ever; a neighbour's base only begins 1.8 radii away.
            keep = max(radius * max(base_radii(look.facts)) / BASE, 1.5 * radius) + 1.5
            pygame.draw.circle(out, (0, 0, 0, 0), (fx, fy), keep)
            if look.spent:
                out.fill((170, 170, 170, 255), special_flags=pygame.BLEND_RGBA_MULT)
            cut = _crop(out, fx, fy)
            # A few stray pixels of a hand or a shield's rim are not reach.
            if cut is not None and pygame.mask.from_surface(cut[0], 40).count() >= 6:
                found = cut
        self._keep(key, found)
        return found

    def _paint(self, look: Look, radius: float, angle: float) -> Picture | None:
        fig = self.turned(look.facts, look.colour, look.pose, radius, angle)
        if fig is None:
            return None
        pic, fx, fy = fig
        r = max(3.0, radius)
        below = r + (10 if look.max_armour_hp else 6)  # room for the bars under the figure
        half = math.ceil(max(fx, fy, pic.get_width() - fx, pic.get_height() - fy, below)) + 4
        canvas = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        canvas.fill((0, 0, 0, 0))
        c = (half, half)
        if look.selected:
            pygame.draw.circle(canvas, HIGHLIGHT, c, r + 3, max(2, round(r / 8)))
        elif look.acting:
            pygame.draw.circle(canvas, (255, 230, 120), c, r + 2, max(2, round(r / 10)))
        canvas.blit(pic, (half - fx, half - fy))
        if look.spent:
            dim = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
            dim.fill((170, 170, 170, 255))
            canvas.blit(dim, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        draw_marks(canvas, look, c, r)
        return _crop(canvas, half, half)


def draw_marks(surf: pygame.Surface, look: Look, centre: tuple[int, int], r: float) -> None:
    """What does not turn with the figure: health bar (and the armour's bar under it),
    weapon badge, state marks."""
    cx, cy = centre
    if look.max_hp > 0 and r >= 6 and look.pose != "dead":
        w, h = r * 1.3, max(2.0, r / 7)
        x0, y0 = cx - w / 2, cy + r + 2
        frac = max(0.0, min(1.0, look.hp / look.max_hp))
        pygame.draw.rect(surf, INK, (x0 - 1, y0 - 1, w + 2, h + 2))
        pygame.draw.rect(surf, (90, 20, 20), (x0, y0, w, h))
        bar = (70, 200, 70) if frac > 0.5 else (230, 190, 40) if frac > 0.25 else (230, 60, 40)
        pygame.draw.rect(surf, bar, (x0, y0, w * frac, h))
        if look.max_armour_hp > 0:
            draw_armour_bar(surf, look, (x0, y0 + h + 1), w)
    if look.badge and r >= 16 and look.pose == "stand":
        img = glyph_image(look.badge, max(9, int(r * 0.42)), True)
        tag = img.get_rect(center=(cx + r * 0.82, cy + r * 0.62)).inflate(3, 0)
        pygame.draw.rect(surf, INK, tag, border_radius=2)
        surf.blit(img, img.get_rect(center=tag.center))
    if r < 9:
        return
    s = max(4.0, r * 0.22)
    x = cx - r * 0.85
    for mark in look.marks:
        _mark(surf, mark, (x, cy - r * 0.8), s)
        x += 2.3 * s


ARMOUR_BAR = (150, 185, 230)  # steel blue: the armour's hit points
ARMOUR_GONE = (55, 60, 72)  # what it has lost


def draw_armour_bar(surf: pygame.Surface, look: Look, at: tuple[float, float],
                    w: float) -> None:
    """The armour's own hit points as a thin steel bar under the health bar, so a sponged
    blow shows on the board where it lands (empty once the armour is broken)."""
    x0, y0 = at
    h = max(2.0, w / 12)
    frac = max(0.0, min(1.0, look.armour_hp / look.max_armour_hp))
    pygame.draw.rect(surf, INK, (x0 - 1, y0, w + 2, h + 1))
    pygame.draw.rect(surf, ARMOUR_GONE, (x0, y0, w, h))
    pygame.draw.rect(surf, ARMOUR_BAR, (x0, y0, w * frac, h))


def _mark(surf: pygame.Surface, mark: str, at: tuple[float, float], s: float) -> None:
    x, y = at
    pygame.draw.circle(surf, INK, (x, y), s * 1.1)
    pygame.draw.circle(surf, (246, 240, 222), (x, y), s)
    w = max(1, round(s / 4))
    if mark == "hold":  # an hourglass: waiting to act
        for sign in (-1, 1):
            pygame.draw.polygon(surf, INK, [(x - s * 0.5, y + sign * s * 0.65),
                                            (x + s * 0.5, y + sign * s * 0.65), (x, y)])
    elif mark == "ready":  # a spear point up: set, at the ready
        pygame.draw.line(surf, INK, (x, y + s * 0.7), (x, y - s * 0.2), w)
        pygame.draw.polygon(surf, INK, [(x - s * 0.35, y - s * 0.1), (x, y - s * 0.75),
                                        (x + s * 0.35, y - s * 0.1)])
    elif mark == "engaged":  # crossed blades
        red = (190, 40, 30)
        pygame.draw.line(surf, red, (x - s * 0.6, y - s * 0.6), (x + s * 0.6, y + s * 0.6), w + 1)
        pygame.draw.line(surf, red, (x + s * 0.6, y - s * 0.6), (x - s * 0.6, y + s * 0.6), w + 1)
    elif mark == "asleep":  # Z: unconscious
        pts = [(x - s * 0.5, y - s * 0.5), (x + s * 0.5, y - s * 0.5),
               (x - s * 0.5, y + s * 0.5), (x + s * 0.5, y + s * 0.5)]
        pygame.draw.lines(surf, INK, False, pts, w)


def marks_of(unit: Any, engaged: bool) -> tuple[str, ...]:
    """The small marks a unit's state earns, from fields any ruleset's unit may have."""
    marks = []
    declared = str(getattr(unit, "declared", "") or "")
    if getattr(unit, "holding", False) or getattr(unit, "counter", "") or declared in (
            "wait", "hold"):
        marks.append("hold")
    if "set" in declared or "ready" in declared or getattr(unit, "ready", False):
        marks.append("ready")
    if engaged:
        marks.append("engaged")
    if unit.condition in ("unconscious", "knocked out", "asleep"):
        marks.append("asleep")
    return tuple(marks)


def pose_of(unit: Any) -> str:
    """How the figure stands: dead, lying (down, prone, knocked over), or standing."""
    if unit.status == "dead":
        return "dead"
    if (unit.status == "down" or getattr(unit, "knocked_down", False)
            or getattr(unit, "prone", False) or unit.condition in ("prone", "fallen")):
        return "lying"
    return "stand"
