"""How an animation moves a miniature while an event plays: the attacker's lunge and the
struck figure's recoil, the shake of a hit, the fall of a figure that goes down or dies.

Why pure functions of progress: the animator asks "where is this figure now?" each frame
with the event playing and how far through it is (0 to 1), so speed and skipping need
nothing here, and tests can ask for any moment.  Turns are rounded to whole steps so a
fall makes a handful of turned pictures, not one a frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]

LUNGE = 0.34  # how far toward the target the attacker lunges, in centre-to-centre distances
RECOIL = 0.12  # how far a struck figure is knocked back
TURN_STEP = 15.0  # degrees: a fall turns in steps of this


@dataclass(frozen=True, slots=True)
class Motion:
    """An offset in world pixels, a turn in degrees on top of the facing, a pose to show
    instead of the unit's own ("" for its own), and the hexside faced meanwhile."""

    dx: float = 0.0
    dy: float = 0.0
    turn: float = 0.0
    pose: str = ""
    facing: int | None = None  # a hexside to face instead of the unit's own (a walker)


def _towards(a: Point, b: Point, share: float) -> tuple[float, float]:
    return (b[0] - a[0]) * share, (b[1] - a[1]) * share


def lunge(attacker: Point, target: Point, k: float) -> Motion:
    """Out toward the target over the first 60 % of the blow, and back."""
    if k >= 0.6:
        return Motion()
    dx, dy = _towards(attacker, target, LUNGE * math.sin(math.pi * k / 0.6))
    return Motion(dx, dy)


def recoil(attacker: Point, target: Point, k: float, hit: bool) -> Motion:
    """A struck figure jolts back as the lunge lands (a miss: it does not move)."""
    if not hit or not 0.3 <= k < 0.9:
        return Motion()
    dx, dy = _towards(attacker, target, RECOIL * math.sin(math.pi * (k - 0.3) / 0.6))
    return Motion(dx, dy)


def shake(k: float, size: float) -> Motion:
    """Side to side, fading: three shakes over the event; `size` in pixels."""
    return Motion(size * math.sin(k * 6 * math.pi) * (1 - k), 0.0)


def fall(k: float) -> Motion:
    """Toppling: the figure turns a quarter over as it goes down, lying from half way."""
    turn = round(90 * min(1.0, k) / TURN_STEP) * TURN_STEP
    return Motion(turn=turn, pose="lying" if k >= 0.5 else "")
