"""Beasts and horses seen from above: a wolf, a boar, a giant spider, a toad, and the horse a
mounted figure rides (its caparison in the side's colours, the rider on its back).

Why apart from `figure_art`: a beast has no arms, armour or kit, so it shares only the pen
and the base with the people; its head is drawn at the front (-y) as a man's nose is, so a
beast's facing reads the same way.
"""

from __future__ import annotations

from game.render.figure_art import INK, Colour, Pen, shade

FUR: dict[str, Colour] = {"wolf": (132, 128, 122), "boar": (92, 66, 48),
                          "spider": (52, 46, 44), "toad": (104, 128, 66)}


def draw_wolf(pen: Pen, side: Colour) -> None:
    fur = FUR["wolf"]
    pen.line(INK, (0, 18), (6, 40), 9)
    pen.line(fur, (0, 18), (6, 40), 7)  # the tail
    for sx in (-1, 1):  # the legs, out under the body
        for y in (-10, 16):
            pen.line(INK, (sx * 8, y), (sx * 15, y + 5), 6)
            pen.line(shade(fur, 0.8), (sx * 8, y), (sx * 15, y + 5), 4)
    pen.ellipse(INK, (0, 4), 13.5, 25.5)
    pen.ellipse(fur, (0, 4), 12, 24)
    pen.ellipse(shade(fur, 0.75), (0, 8), 5, 16)  # the darker back
    pen.ellipse(INK, (0, -22), 10.5, 11)
    pen.ellipse(fur, (0, -22), 9, 9.5)
    pen.poly(INK, [(-6, -26), (6, -26), (2, -41), (-2, -41)])
    pen.poly(shade(fur, 1.2), [(-4.8, -26), (4.8, -26), (1.4, -39.5), (-1.4, -39.5)])
    pen.circle(INK, (0, -40), 2.4)  # the nose
    for sx in (-1, 1):
        pen.poly(INK, [(sx * 3, -26), (sx * 10, -32), (sx * 9, -22)])
        pen.circle((250, 210, 60), (sx * 4, -29), 1.3)


def draw_boar(pen: Pen, side: Colour) -> None:
    fur = FUR["boar"]
    for sx in (-1, 1):
        for y in (-12, 14):
            pen.line(INK, (sx * 10, y), (sx * 18, y + 3), 6)
    pen.ellipse(INK, (0, 4), 18, 28)
    pen.ellipse(fur, (0, 4), 16.5, 26.5)
    pen.line(shade(fur, 0.6), (0, -18), (0, 26), 4)  # the bristled ridge
    pen.poly(INK, [(-12, -18), (12, -18), (6, -38), (-6, -38)])
    pen.poly(shade(fur, 1.15), [(-10.5, -18), (10.5, -18), (5, -36.5), (-5, -36.5)])
    pen.ellipse((200, 150, 140), (0, -37), 6, 3.4)  # the snout
    for sx in (-1, 1):
        pen.poly((250, 246, 226), [(sx * 5, -30), (sx * 8, -31), (sx * 11, -43)])
        pen.poly(INK, [(sx * 8, -20), (sx * 15, -24), (sx * 13, -14)])


def draw_spider(pen: Pen, side: Colour) -> None:
    body = FUR["spider"]
    for sx in (-1, 1):
        for i, y in enumerate((-16, -8, 2, 12)):
            knee = (sx * (24 + 3 * (i % 2)), y - 10 + 4 * i)
            foot = (sx * (36 + 2 * i), y + 2 * i - 6)
            pen.line(INK, (sx * 8, y), knee, 5)
            pen.line(INK, knee, foot, 4)
    pen.circle(INK, (0, 16), 20)
    pen.circle(body, (0, 16), 18.5)
    pen.poly((200, 40, 30), [(-4, 10), (4, 10), (0, 16), (4, 22), (-4, 22), (0, 16)])
    pen.circle(INK, (0, -12), 12)
    pen.circle(shade(body, 1.3), (0, -12), 10.5)
    for sx in (-1, 1):
        pen.poly((230, 226, 210), [(sx * 2, -21), (sx * 6, -22), (sx * 3, -30)])
        pen.circle((220, 40, 30), (sx * 3.5, -17), 1.8)


def draw_toad(pen: Pen, side: Colour) -> None:
    skin = FUR["toad"]
    for sx in (-1, 1):
        pen.ellipse(INK, (sx * 26, 20), 9, 12)
        pen.ellipse(shade(skin, 0.8), (sx * 26, 20), 7.5, 10.5)
        pen.ellipse(INK, (sx * 20, -18), 6, 7)
    pen.ellipse(INK, (0, 2), 29, 27)
    pen.ellipse(skin, (0, 2), 27.5, 25.5)
    for x, y, r in ((-10, 8, 4), (8, 14, 3.5), (12, -2, 3), (-4, -6, 2.5), (0, 20, 3)):
        pen.circle(shade(skin, 0.7), (x, y), r)
    pen.arc(INK, (0, -8), 18, 12, 200, 340, 1.6)  # the wide mouth at the front
    for sx in (-1, 1):
        pen.circle(INK, (sx * 11, -18), 6)
        pen.circle((220, 180, 60), (sx * 11, -18), 4.6)
        pen.circle(INK, (sx * 11, -19), 2)


def draw_horse(pen: Pen, side: Colour) -> None:
    """A horse under its rider: body along the oval base, head and ears ahead, tail behind,
    a caparison in the side's colours."""
    coat = (120, 82, 52)
    pen.line(INK, (0, 36), (0, 56), 8)
    pen.line((52, 36, 26), (0, 36), (0, 56), 6)  # the tail
    pen.ellipse(INK, (0, 8), 17.5, 38)
    pen.ellipse(coat, (0, 8), 16, 36.5)
    pen.ellipse(INK, (0, -38), 9.5, 19)
    pen.ellipse(coat, (0, -38), 8, 17.5)  # neck and head
    pen.line((52, 36, 26), (0, -24), (0, -48), 3)  # the mane
    pen.ellipse(shade(coat, 1.25), (0, -53), 5.5, 4)  # the muzzle
    for sx in (-1, 1):
        pen.poly(INK, [(sx * 2, -46), (sx * 8, -52), (sx * 7, -42)])
    # the caparison: the side's cloth over the back and flanks, a pale hem
    pen.ellipse(INK, (0, 8), 21, 26)
    pen.ellipse(shade(side, 0.9), (0, 8), 19.5, 24.5)
    pen.ellipse(shade(side, 1.5), (0, 8), 19.5, 24.5, 1.6)
    pen.ellipse((70, 46, 30), (0, 6), 11, 13)  # the saddle


BEASTS = {"wolf": draw_wolf, "boar": draw_boar, "spider": draw_spider, "toad": draw_toad}
