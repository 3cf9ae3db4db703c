"""Colours: side colours readable on every terrain, and fallback terrain colours used when
a map's tiles have no art."""

from __future__ import annotations

SIDE_COLOURS = [
    (52, 110, 220),  # blue
    (210, 52, 48),  # red
    (40, 160, 80),  # green
    (228, 178, 30),  # gold
    (150, 70, 200),  # purple
    (30, 170, 180),  # teal
]

TERRAIN_COLOURS = {
    "grass": (106, 150, 72), "field": (170, 168, 90), "forest": (46, 96, 50),
    "hills": (140, 122, 80), "water": (52, 96, 168), "ford": (96, 146, 190),
    "road": (168, 146, 110), "wall": (92, 88, 84), "building": (150, 86, 60),
    "bridge": (130, 100, 70),
}
DEFAULT_TERRAIN = (120, 120, 120)

INK = (20, 20, 24)
PAPER = (240, 236, 224)
HIGHLIGHT = (255, 255, 255)
MOVE_FILL = (90, 200, 255, 70)
PATH_OK = (255, 255, 255)
PROVOKE = (255, 60, 40)  # a hex on a path where a step provokes a reaction
THREAT_FILL = (255, 80, 60, 60)
TARGET = (255, 215, 0)
REACH = (255, 140, 60)  # the outline of a hex the selected unit threatens
# The arrows of the exchange's step-through: the attacker turning to his foe as he strikes,
# the defender turning to his attacker when he strikes back.
TURN_STRIKE = (205, 165, 255)
TURN = (120, 230, 255)
ARC_COLOURS = {"front": (80, 200, 120, 70), "flank": (240, 200, 60, 70), "rear": (230, 60, 60, 80),
               # where a shield is brought to bear, and where not (ZeFRS, R-ZEF-SHIELD-ARC)
               "guarded": (90, 160, 240, 85), "unguarded": (230, 60, 60, 80)}


def side_colour(index: int) -> tuple[int, int, int]:
    return SIDE_COLOURS[index % len(SIDE_COLOURS)]


def terrain_colour(kind: str) -> tuple[int, int, int]:
    return TERRAIN_COLOURS.get(kind, DEFAULT_TERRAIN)
