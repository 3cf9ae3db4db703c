"""Armour by body area, the shield's side and armour's weight (ZEF-47, ZEF-48, ZEF-49).

Why this module exists: a ZeFRS blow lands on one of seven areas, and what stops it is the
armour on that area (pieces on different parts of one area adding up, EX-ZEF-08) plus a
shield if the area is on the shield's side and the shield is still free this turn.  The
sums are worked out once from a figure's kit, here, so the odds and the blow read the same
numbers; the facing question (can the shield be brought across to a flank or rear blow) is
the ruleset's ruling and comes in as an argument.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.systems.zefrs.catalogue import AREAS, ArmourPiece, Shield

__all__ = ["SHIELD_SIDE", "armour_move_penalty", "kit", "protection_by_area", "shield_covers"]

SHIELD_SIDE: dict[str, frozenset[str]] = {
    "left": frozenset({"head", "left_arm", "chest", "gut", "left_leg"}),
    "right": frozenset({"head", "right_arm", "chest", "gut", "right_leg"}),
}
"""ZEF-48: a shield on the left arm protects the head, left arm, chest, gut and left leg, not
the right arm or leg; on the right arm, the mirror image."""


def protection_by_area(pieces: Iterable[ArmourPiece]) -> dict[str, int]:
    """The damage each of the seven areas' armour stops (ZEF-47).  ValueError if two pieces
    sit on one part of an area, or a piece covering a whole area is worn with another there
    (normally one piece an area; parts of an area add up)."""
    worn: dict[str, list[tuple[str, str, int]]] = {a: [] for a in AREAS}
    for piece in pieces:
        for area, part in piece.covers.items():
            for other, other_part, _ in worn[area]:
                if "whole" in (part, other_part) or part == other_part:
                    raise ValueError(f"{piece.name} and {other} both cover the "
                                     f"{area.replace('_', ' ')} (ZEF-47: one piece an area "
                                     "unless they cover different parts of it)")
            worn[area].append((piece.name, part, piece.protection))
    return {a: sum(p for _, _, p in worn[a]) for a in AREAS}


def shield_covers(side: str, area: str) -> bool:
    """Whether a shield carried on `side` ("left" or "right") can guard `area` (ZEF-48)."""
    return area in SHIELD_SIDE[side]


def armour_move_penalty(pieces: Iterable[ArmourPiece], shield: Shield | None) -> int:
    """The total movement penalty of everything worn (ZEF-49), a number ≤ 0, taken off
    Movement and General Prowess for the whole combat."""
    total = sum(p.move for p in pieces)
    return total + (shield.move if shield is not None else 0)


def kit(armour: Iterable[str], table: Mapping[str, ArmourPiece]) -> list[ArmourPiece]:
    """The pieces a figure names, looked up."""
    return [table[key] for key in armour]
