"""The title screen's picture: the game's name on a banner over a hex mat, where two bands
of miniatures close on each other, a pikeman's head already over the first foe.

Why apart from `title_scene`: this is drawing, made once per window size and kept (a
frame of the title is then one blit and the blinking prompt); the scene only routes a key
or a click on to the menu.  The figures are the battle's own (`FigureSprites`), so the
front door shows the table the game is played on, not a drawing of something else.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pygame

from game.fonts import face_file
from game.render.figure_facts import template_facts
from game.render.figure_sprites import FigureSprites, Look, facing_angle
from game.render.palette import INK, SIDE_COLOURS
from rules.hexgrid import POINTY, Hex, Layout

NAME = "FLANK"
MOTTO = "Tactical battles under old-school rules, played by the book and explained."
PARCHMENT = (236, 224, 190)
LETTERING = (112, 28, 22)  # oxblood: the banner's lettering
GOLD = (232, 190, 80)
GRASS = (106, 150, 72)
# Who stands on the mat (archetypes each ruleset maps to its own templates), nearest the
# middle first: the blue band's front rank holds pikes, the red band is the orcs' and ogre's.
BLUE_BAND = ("pikeman", "swordsman", "knight", "crossbowman", "dwarf")
RED_BAND = ("orc", "ogre", "orc", "wolf", "goblin")


def title_font(size: int, bold: bool = True) -> pygame.font.Font:
    """Noto Sans, the face the menus are set in (bundled, `game.fonts`): bold for the name,
    italic for the motto.  Made afresh each time (the title is drawn once per window size):
    a font kept from before a `pygame.quit` could not draw in the next window."""
    return pygame.font.Font(face_file(bold=bold, italic=not bold), size)


def _shade(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return (min(255, round(c[0] * k)), min(255, round(c[1] * k)), min(255, round(c[2] * k)))


def _mat(surf: pygame.Surface, lay: Layout) -> None:
    """Grass hexes edge to edge (a pointy layout), each a shade of its own, outlined as on
    the battle's board; the same every time (a fixed seed)."""
    w, h = surf.get_size()
    rnd = random.Random(28)
    s = lay.size[0]
    ox, oy = lay.origin
    step_x, step_y = math.sqrt(3) * s, 1.5 * s
    for r in range(math.floor((-2 * s - oy) / step_y), math.ceil((h + 2 * s - oy) / step_y)):
        first = math.floor((-2 * s - ox) / step_x - r / 2)
        last = math.ceil((w + 2 * s - ox) / step_x - r / 2)
        for q in range(first, last + 1):
            pts = lay.polygon_corners(Hex(q, r))
            pygame.draw.polygon(surf, _shade(GRASS, rnd.uniform(0.86, 1.08)), pts)
            pygame.draw.polygon(surf, _shade(GRASS, 0.72), pts, 1)


def _vignette(surf: pygame.Surface) -> None:
    """Darker towards the top and bottom, as a table lit from above."""
    w, h = surf.get_size()
    band = pygame.Surface((w, 1), pygame.SRCALPHA)
    for y in range(h):
        t = abs(y / max(1, h - 1) - 0.55) / 0.55
        band.fill((10, 12, 16, round(200 * max(0.0, t - 0.25) ** 1.4)))
        surf.blit(band, (0, y))


def _bands(surf: pygame.Surface, lay: Layout, ruleset: Any) -> None:
    """Two bands of figures on rows 0 and 1, facing each other across the middle: the blue
    from the left facing east, the red from the right facing west, the front ranks in
    contact (hexes (0, 0) and (1, 0)) and the second ranks a hex apart behind them."""
    names = ruleset.archetypes() if ruleset is not None else {}
    sprites = FigureSprites()
    radius = min(lay.size) * 0.62
    east, west = facing_angle((1.0, 0.0)), facing_angle((-1.0, 0.0))
    places = []  # (hex, archetype, colour, angle), drawn back to front
    for r in (0, 1):
        blue = BLUE_BAND[r:] + BLUE_BAND[:r]
        red = RED_BAND[r:] + RED_BAND[:r]
        places += [(Hex(-i - r, r), a, SIDE_COLOURS[0], east) for i, a in enumerate(blue)]
        places += [(Hex(i + 1, r), a, SIDE_COLOURS[1], west) for i, a in enumerate(red)]
    bodies, reach = [], []
    for h, archetype, colour, angle in places:
        key = names.get(archetype)
        if key is None:
            continue
        look = Look(facts=template_facts(ruleset, key), colour=colour)
        x, y = lay.hex_to_pixel(h)
        for found, out in ((sprites.turned(look.facts, colour, "stand", radius, angle),
                            bodies), (sprites.beyond(look, radius, angle), reach)):
            if found is not None:
                pic, dx, dy = found
                out.append((pic, (round(x) - dx, round(y) - dy)))
    surf.fblits(bodies)
    surf.fblits(reach)  # as on the board: a pike's head over the foe it reaches


def _banner(surf: pygame.Surface, top: int) -> int:
    """The name on a parchment banner, the motto under it; where the banner ends."""
    w, h = surf.get_size()
    big = title_font(max(48, h // 6))
    name = big.render(NAME, True, LETTERING)
    shadow = big.render(NAME, True, GOLD)
    motto = title_font(max(14, h // 40), bold=False).render(MOTTO, True, INK)
    bw = max(name.get_width(), motto.get_width()) + 2 * max(40, w // 24)
    bh = name.get_height() + motto.get_height() + 40
    box = pygame.Rect(0, 0, bw, bh)
    box.midtop = (w // 2, top)
    fold = pygame.Rect(0, 0, bw + 60, bh - 36)
    fold.center = box.center
    for x0, sign in ((fold.left, 1), (fold.right, -1)):  # the banner's swallow-tail ends
        tail = [(x0, fold.top + 10), (x0 + sign * 42, fold.top + 10),
                (x0 + sign * 42, fold.bottom + 14), (x0, fold.bottom + 14),
                (x0 + sign * 16, (fold.top + fold.bottom) // 2 + 12)]
        pygame.draw.polygon(surf, _shade(PARCHMENT, 0.78), tail)
        pygame.draw.polygon(surf, INK, tail, 2)
    pygame.draw.rect(surf, (0, 0, 0), box.move(5, 7), border_radius=10)
    pygame.draw.rect(surf, PARCHMENT, box, border_radius=10)
    pygame.draw.rect(surf, INK, box, 3, border_radius=10)
    pygame.draw.rect(surf, _shade(PARCHMENT, 0.8), box.inflate(-14, -14), 1, border_radius=6)
    nx = box.centerx - name.get_width() // 2
    surf.blit(shadow, (nx + 3, box.top + 14 + 3))
    surf.blit(name, (nx, box.top + 14))
    surf.blit(motto, (box.centerx - motto.get_width() // 2,
                      box.top + 14 + name.get_height()))
    return box.bottom


def _rulesets_line(surf: pygame.Surface, names: list[str]) -> None:
    """The rulesets the game plays, on a dark strip along the bottom."""
    if not names:
        return
    w, h = surf.get_size()
    text = title_font(max(13, h // 52), bold=False).render(
        "Plays " + " · ".join(names), True, (214, 206, 186))
    strip = pygame.Rect(0, h - text.get_height() - 16, w, text.get_height() + 16)
    pygame.draw.rect(surf, (20, 22, 28), strip)
    surf.blit(text, (w // 2 - text.get_width() // 2, strip.top + 8))


def backdrop(size: tuple[int, int], ruleset: Any, ruleset_names: list[str]) -> pygame.Surface:
    """The whole title picture at `size`, but for the prompt (the scene blinks it)."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill((24, 28, 34))
    s = max(22.0, h / 15)
    # Hexes (0, 0) and (1, 0), where the front ranks meet, either side of the middle.
    lay = Layout(POINTY, (s, s), (w / 2 - s * 0.866, h * 0.62))
    _mat(surf, lay)
    _vignette(surf)
    _bands(surf, lay, ruleset)
    _banner(surf, max(24, h // 12))
    _rulesets_line(surf, ruleset_names)
    return surf


def prompt(text: str, height: int) -> pygame.Surface:
    """The prompt on a dark pill, drawn once; the scene fades it in and out."""
    words = title_font(max(16, height // 34)).render(text, True, PARCHMENT)
    pill = pygame.Surface((words.get_width() + 48, words.get_height() + 18), pygame.SRCALPHA)
    pygame.draw.rect(pill, (14, 16, 20, 215), pill.get_rect(), border_radius=pill.get_height())
    pygame.draw.rect(pill, GOLD, pill.get_rect(), 2, border_radius=pill.get_height())
    pill.blit(words, (24, 9))
    return pill
