"""The joust's knights (issue 28, item 5: the joust dressed with figure art): a barded
horse and an armoured rider drawn by our own code, seen from the side, in the side's
colours, the lance lowered across the horse's head at the other rider; checked from the
pixels."""

from __future__ import annotations

import pygame
import pytest

from game.render.knight_sprite import (
    COATS,
    SHIELD,
    Pen,
    draw_horse,
    draw_lance,
    draw_rider,
    lance_points,
)

BLUE, RED = (52, 110, 220), (210, 52, 48)
SKY = (0, 0, 0)


def _knight(colour: tuple[int, int, int], facing: int) -> tuple[pygame.Surface, Pen]:
    surf = pygame.Surface((800, 400))
    surf.fill(SKY)
    pen = Pen((400, 330), 1.0, facing)
    draw_horse(surf, pen, COATS[0], colour)
    draw_rider(surf, pen, colour)
    # aimed as in the lists: at the other rider's shield, level, far ahead
    aim = (400 + facing * 300, pen.p(*SHIELD)[1])
    butt, tip = lance_points(pen, aim, 170)
    draw_lance(surf, butt, tip, colour, 1.0)
    return surf, pen


def _count(surf: pygame.Surface, colour: tuple[int, int, int]) -> int:
    return pygame.mask.from_threshold(surf, (*colour, 255), (4, 4, 4, 255)).count()


@pytest.mark.parametrize("colour", [BLUE, RED])
def test_the_knight_wears_his_sides_colours(colour):
    """Caparison, surcoat, shield and lance stripes: thousands of pixels of the colour."""
    surf, _ = _knight(colour, 1)
    other = RED if colour == BLUE else BLUE
    assert _count(surf, colour) > 3000
    assert _count(surf, other) == 0


@pytest.mark.parametrize("facing", [1, -1])
def test_the_lance_is_lowered_ahead_of_the_horse(facing):
    """What is painted furthest ahead is the lance's tip, far beyond the horse's head,
    at the height of the rider's shield: couched and level, not raised."""
    surf, pen = _knight(BLUE, facing)
    box = pygame.mask.from_threshold(surf, (*SKY, 255), (1, 1, 1, 255)).copy()
    box.invert()
    rect = box.get_bounding_rects()
    left = min(r.left for r in rect)
    right = max(r.right for r in rect)
    head_x = pen.p(90, -110)[0]  # the horse's muzzle
    front = right if facing == 1 else left
    assert facing * (front - head_x) > 60, "the lance reaches well past the horse"
    # the pixels at the very front lie at the lance's height: between the horse's back
    # and the rider's helm
    column = front - 3 if facing == 1 else front + 2
    ys = [y for y in range(surf.get_height()) if surf.get_at((column, y))[:3] != SKY]
    assert ys, "nothing at the front"
    top, bottom = pen.p(0, -170)[1], pen.p(0, -100)[1]
    assert all(top <= y <= bottom for y in ys), (ys, top, bottom)


def test_the_horse_is_seen_from_the_side_with_four_legs_to_the_ground():
    """Seen from the side: wider than tall without the lance, its legs reaching the
    ground line at the pen's point."""
    surf = pygame.Surface((400, 300))
    surf.fill(SKY)
    pen = Pen((200, 250), 1.0, 1)
    draw_horse(surf, pen, COATS[0], BLUE)
    mask = pygame.mask.from_threshold(surf, (*SKY, 255), (1, 1, 1, 255))
    mask.invert()
    box = mask.get_bounding_rects()[0].unionall(mask.get_bounding_rects())
    assert box.width > box.height
    assert abs(box.bottom - 250) <= 6
