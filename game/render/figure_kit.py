"""What a miniature carries: the weapon drawn to its length from the hand that holds it,
the shield on its arm in the side's colours, a bow or crossbow in hand or slung, a dropped
weapon lying on the base, a shield in pieces.

Why lengths are fixed per family and not per foot of reach: the pictures must read at a
glance at every zoom, so a pike is always clearly longer than a spear, a spear than a
sword, whatever each ruleset calls its reach; a reach beyond a pike's still lengthens it.
Coordinates are figure units as in `figure_art` (front at -y, right hand at +x).
"""

from __future__ import annotations

import math

from game.render.figure_art import DARK_STEEL, INK, STEEL, WOOD, Colour, Pen, Point, shade
from game.render.figure_facts import FigureFacts

LENGTH = {"dagger": 15, "short_sword": 23, "sword": 33, "greatsword": 47, "axe": 30,
          "great_axe": 44, "mace": 28, "hammer": 30, "flail": 28, "club": 30,
          "great_club": 42, "staff": 64, "spear": 76, "polearm": 96, "pike": 126,
          "lance": 120, "javelin": 40, "knife": 12}
POLES = frozenset({"spear", "polearm", "pike", "lance", "staff"})
BOTH_HANDS = frozenset({"greatsword", "great_axe", "great_club", "polearm", "pike", "staff"})
SHORT = frozenset({"dagger", "short_sword", "sword", "none", "natural", "axe", "mace",
                   "club"})
SHIELD_R = {"small": 8.5, "medium": 13.5}


def length_of(family: str, reach_ft: int = 5) -> float:
    """How long a weapon is drawn, in figure units (a man's base is 40 across the radius)."""
    base = LENGTH.get(family, 33)
    if family == "pike" and reach_ft > 10:
        base += min(24, 2 * (reach_ft - 10))
    return base


def missile_in_hand(f: FigureFacts) -> bool:
    """A bow or crossbow is held ready when the figure has no shield and its hand weapon is
    a sidearm (the crossbowman's short sword, the archer's dirk)."""
    return f.missile in ("bow", "crossbow") and not f.shield and f.weapon in SHORT


def hands_for(f: FigureFacts) -> tuple[Point, Point]:
    """(right hand, left hand) for what the figure holds."""
    if missile_in_hand(f):
        return ((4, -8), (-6, -24)) if f.missile == "crossbow" else ((4, -10), (-8, -27))
    if f.weapon in ("pike", "polearm"):
        return (12, -12), (16, 8)
    if f.weapon == "staff":
        return (10, -12), (-8, 6)
    if f.weapon in BOTH_HANDS or (f.two_handed and f.weapon not in POLES):
        return (8, -17), (-3, -13)
    if f.weapon == "lance":
        return (16, 2), (-15, -8)
    right = (17, -15) if f.weapon not in ("none", "natural") else (15, -13)
    if f.shield:
        left = (-18, -9)
    elif f.offhand:
        left = (-16, -15)
    elif f.weapon in ("none", "natural"):
        left = (-15, -13)
    elif f.missile == "javelin":
        left = (-15, -12)
    else:
        left = (-17, -4)
    return right, left


def _unit(a: Point, b: Point) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


def draw_weapon(pen: Pen, family: str, grip: Point, towards: Point, length: float,
                side: Colour) -> None:
    """One weapon held at `grip`, pointing at `towards`, `length` units long."""
    ux, uy = _unit(grip, towards)
    px, py = -uy, ux  # across the blade, to its right

    def at(t: float, s: float = 0.0) -> Point:
        return (grip[0] + ux * t + px * s, grip[1] + uy * t + py * s)

    tip = at(length)
    if family in ("dagger", "short_sword", "sword", "greatsword", "knife"):
        wide = {"dagger": 2.6, "knife": 2.2, "short_sword": 3.2, "sword": 3.4}.get(family, 4.4)
        pen.line(INK, at(-4), tip, wide + 2)
        pen.line((110, 74, 40), at(-4), at(0), wide)
        pen.line(STEEL, at(2), tip, wide)
        pen.line((240, 244, 250), at(3), at(length - 2), max(0.8, wide / 3))
        guard = 5.5 if family != "greatsword" else 8
        pen.line(INK, at(1.5, -guard - 1), at(1.5, guard + 1), 4.2)
        pen.line((200, 170, 70), at(1.5, -guard), at(1.5, guard), 2.6)
        return
    shaft_w = {"pike": 2.4, "spear": 2.8, "polearm": 3.0, "staff": 3.4, "lance": 4.4,
               "great_club": 7.5, "club": 5.5}.get(family, 3.0)
    back = -14 if family in ("spear", "polearm", "pike", "staff") else -3
    if family in ("club", "great_club"):
        pen.line(INK, at(back), tip, shaft_w + 2)
        pen.line(WOOD, at(back), at(length * 0.5), shaft_w * 0.6)
        pen.line(WOOD, at(length * 0.4), tip, shaft_w)
        pen.circle(shade(WOOD, 0.7), at(length - shaft_w), shaft_w * 0.35)
        return
    if family == "lance":
        pen.line(INK, at(-18), tip, shaft_w + 2)
        pen.line(shade(side, 1.1), at(-18), tip, shaft_w)
        for t in range(10, int(length) - 8, 16):  # a barber's-pole stripe
            pen.line((246, 240, 226), at(t), at(t + 6), shaft_w)
        pen.circle(INK, at(4), 6.6)
        pen.circle(STEEL, at(4), 5.4)
        return
    pen.line(INK, at(back), tip, shaft_w + 2)
    pen.line(WOOD, at(back), tip, shaft_w)
    if family == "spear":
        pen.poly(INK, [at(length - 15, -4.6), at(length + 3), at(length - 15, 4.6)])
        pen.poly(STEEL, [at(length - 13.5, -3.4), at(length + 1), at(length - 13.5, 3.4)])
    elif family == "pike":
        pen.poly(INK, [at(length - 11, -3.6), at(length + 3), at(length - 11, 3.6)])
        pen.poly(STEEL, [at(length - 10, -2.6), at(length + 1), at(length - 10, 2.6)])
    elif family == "polearm":  # a halberd: axe blade, spike ahead, hook behind
        pen.poly(INK, [at(length - 20, 0), at(length - 22, 12), at(length - 8, 13),
                       at(length - 6, 0)])
        pen.poly(STEEL, [at(length - 19, 1), at(length - 20.5, 10.5), at(length - 9, 11.5),
                         at(length - 7.5, 1)])
        pen.poly(INK, [at(length - 18, 0), at(length - 14, -8), at(length - 11, 0)])
        pen.line(STEEL, at(length - 8), at(length + 6), 2.6)
    elif family in ("axe", "great_axe"):
        sides = (1, -1) if family == "great_axe" else (1,)
        head = 10 if family == "axe" else 14
        for s in sides:
            pen.poly(INK, [at(length - head - 2, 0), at(length - head - 4, s * (head + 1)),
                           at(length + 2, s * (head + 1)), at(length, 0)])
            pen.poly(STEEL, [at(length - head, s * 1), at(length - head - 2, s * head),
                             at(length + 0.5, s * head), at(length - 1, s * 1)])
    elif family == "mace":
        pen.circle(INK, tip, 7)
        pen.circle(DARK_STEEL, tip, 5.8)
        pen.circle(STEEL, at(length - 1.5, -1.5), 2.2)
    elif family == "hammer":
        pen.poly(INK, [at(length - 5, -9), at(length + 3, -9), at(length + 3, 9),
                       at(length - 5, 9)])
        pen.poly(DARK_STEEL, [at(length - 4, -8), at(length + 2, -8), at(length + 2, 8),
                              at(length - 4, 8)])
    elif family == "flail":
        ball = at(length + 9, 5)
        pen.line(DARK_STEEL, tip, ball, 1.4)
        pen.circle(INK, ball, 6.4)
        pen.circle(DARK_STEEL, ball, 5.2)
    elif family == "javelin":
        pen.poly(STEEL, [at(length - 6, -2), at(length + 2), at(length - 6, 2)])


def draw_shield(pen: Pen, f: FigureFacts, side: Colour) -> None:
    """The shield on its arm: a round shield's face in the side's colours with a boss; a
    large one a tall oval."""
    at = (-22, -8) if f.shield != "small" else (-20, -14)
    mirror = f.shield_side == "right"
    sp = pen.flipped(mirror)
    if f.shield == "large":
        sp.ellipse(INK, (-23, -4), 11.5, 23.5)
        sp.ellipse(shade(side, 0.85), (-23, -4), 10, 22)
        sp.line(shade(side, 1.45), (-23, -24), (-23, 16), 3)
        sp.circle(STEEL, (-23, -4), 4)
        return
    r = SHIELD_R.get(f.shield, 13.5)
    sp.circle(INK, at, r + 1.6)
    sp.circle(WOOD if f.shield == "small" else shade(side, 0.85), at, r)
    if f.shield != "small":
        sp.circle(shade(side, 1.45), at, r * 0.62, 2.2)
    sp.circle(STEEL, at, r * 0.3)


def draw_bow(pen: Pen, crossbow: bool, held: bool) -> None:
    if crossbow:
        o: Point = (0, -6) if held else (0, 14)
        k = 1.0 if held else 0.8
        cp = pen.moved(o[0], o[1], k)
        cp.line(INK, (3, 10), (3, -34), 8)
        cp.line(WOOD, (3, 10), (3, -34), 5.5)
        cp.arc(INK, (3, -14), 26, 18, 30, 150, 6.5)
        cp.arc((60, 64, 72), (3, -14), 26, 18, 32, 148, 4)
        cp.line((240, 236, 220), (-19, -22), (25, -22), 1.4)
        cp.poly(STEEL, [(1, -36), (3, -42), (5, -36)])
        return
    if held:  # the bow drawn, across the front, an arrow on the string
        pen.arc(INK, (-6, -6), 26, 22, 25, 155, 5)
        pen.arc(WOOD, (-6, -6), 26, 22, 27, 153, 3)
        pen.line((236, 232, 216), (-29, -17), (17, -17), 0.9)
        pen.line((222, 214, 190), (-6, -10), (-6, -38), 1.4)
        pen.poly(STEEL, [(-8.5, -36), (-6, -42), (-3.5, -36)])
    else:  # slung across the back, with the quiver
        pen.arc(INK, (0, 24), 22, 12, 15, 165, 4.2)
        pen.arc(WOOD, (0, 24), 22, 12, 17, 163, 2.4)
        pen.poly(INK, [(8, 4), (16, 2), (20, 24), (12, 26)])
        pen.poly((120, 80, 46), [(9, 5), (15, 3.5), (18.8, 23), (12.8, 24.5)])


def draw_kit(pen: Pen, f: FigureFacts, side: Colour, behind: bool) -> None:
    """The kit drawn under the body (`behind`: slung bow, sheathed blade, long poles) or over
    it (weapons in hand, the shield)."""
    right, left = hands_for(f)
    ready = missile_in_hand(f)
    if behind:
        if f.missile in ("bow", "crossbow") and not ready:
            draw_bow(pen, f.missile == "crossbow", held=False)
        if ready and f.weapon not in ("none", "natural"):  # the sidearm at the hip
            draw_weapon(pen, f.weapon, (-19, 4), (-24, 30), length_of(f.weapon) * 0.8,
                        side)
        if f.missile == "sling":
            pen.line((150, 120, 80), (14, 10), (20, 20), 1.2)
            pen.circle((150, 120, 80), (20, 21), 2.6)
        if f.missile == "knife":
            for dx in (-8, 0, 8):
                draw_weapon(pen, "knife", (dx, 12), (dx, 24), 10, side)
        if f.weapon in ("pike", "polearm", "staff", "lance") and not ready:
            _draw_pole(pen, f, right, left, side)
        return
    if ready:
        draw_bow(pen, f.missile == "crossbow", held=True)
    elif f.weapon not in ("none", "natural", "pike", "polearm", "staff", "lance"):
        if f.weapon in BOTH_HANDS or f.two_handed:
            grip = ((right[0] + left[0]) / 2 + 2, (right[1] + left[1]) / 2 - 2)
            draw_weapon(pen, f.weapon, grip, (grip[0] + 2, grip[1] - 40),
                        length_of(f.weapon), side)
        else:
            draw_weapon(pen, f.weapon, right, (right[0] + 1, right[1] - 40),
                        length_of(f.weapon), side)
    if f.offhand and not f.shield:
        draw_weapon(pen, f.offhand, left, (left[0] - 2, left[1] - 40),
                    length_of(f.offhand), side)
    if f.missile == "javelin" and not f.shield:
        for dx in (-2.5, 0, 2.5):
            draw_weapon(pen, "javelin", (left[0] + dx, left[1] + 14),
                        (left[0] + dx * 1.6, left[1] - 40), length_of("javelin"), side)
    if f.shield:
        draw_shield(pen, f, side)
    if f.disarmed:  # the weapon lies on the base beside him
        draw_weapon(pen, f.disarmed, (18, 30), (44, 4), min(34, length_of(f.disarmed)),
                    side)
    if f.shield_broken:
        for (x, y), r in (((-30, 18), 4.5), ((-24, 28), 3.5), ((-34, 8), 3)):
            pen.poly(INK, [(x - r - 1, y), (x, y - r - 1), (x + r + 1, y + 1), (x, y + r)])
            pen.poly(shade(side, 0.8), [(x - r, y), (x, y - r), (x + r, y + 1),
                                         (x, y + r - 1)])


def _draw_pole(pen: Pen, f: FigureFacts, right: Point, left: Point, side: Colour) -> None:
    """A pole held in both hands (pike, halberd, staff) or couched (lance): it runs through
    the hands, from behind the figure to its full length ahead."""
    length = length_of(f.weapon, f.reach_ft)
    if f.weapon == "lance":
        draw_weapon(pen, "lance", right, (right[0] - 4, right[1] - 60), length, side)
        return
    grip = right
    towards = (right[0] - (left[0] - right[0]), right[1] - (left[1] - right[1]))
    draw_weapon(pen, f.weapon, grip, towards, length, side)
