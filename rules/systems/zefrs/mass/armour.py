"""A unit's armour value (ZEF-74..76): mass combat has no hit locations, so each area's
protection is weighted by a multiplier, the shield adds its bonus, and the total over 100,
rounded down, is the value that cuts the unit's losses.

Why a module: the formula is the text's one worked calculation (EX-ZEF-12: leather jack,
leather arm protectors, steel helmet and small shield → 25 + 25 + 10 + 10 + 20 + 80 = 170 →
1), and a mixed unit averages its groups' values (ZEF-76); both are pure and tested apart.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.systems.zefrs.armour import kit as pieces_of
from rules.systems.zefrs.armour import protection_by_area
from rules.systems.zefrs.mass.tables import Kit, MassTables, load_mass
from rules.systems.zefrs.tables import ZefTables, load_tables

__all__ = ["armour_points", "group_armour", "unit_armour"]


def armour_points(armour: Iterable[str], shield: str | None, m: MassTables | None = None,
                  z: ZefTables | None = None) -> int:
    """The weighted total before dividing (ZEF-74): each area's protection times its
    multiplier, plus the shield bonus (R-ZEF-MASS-MULTIPLIERS, R-ZEF-MASS-SHIELDS)."""
    m = m or load_mass()
    z = z or load_tables()
    by_area = protection_by_area(pieces_of(armour, z.armour))
    total = sum(p * m.multipliers.get(area, 0) for area, p in by_area.items())
    return total + (m.shield_bonus.get(shield, 0) if shield else 0)


def group_armour(group: Kit, m: MassTables | None = None, z: ZefTables | None = None) -> int:
    """One group dressed alike: the total over 100, rounded down (ZEF-74)."""
    return armour_points(group.armour, group.shield, m, z) // 100


def unit_armour(kit: Iterable[Kit], m: MassTables | None = None,
                z: ZefTables | None = None) -> int:
    """The unit's value: its groups' values averaged by their shares (ZEF-76), rounded down
    (R-ZEF-MASS-MIXED); fixed at the start, whoever falls."""
    groups = list(kit)
    if not groups:
        return 0
    shares = sum(g.share for g in groups)
    return sum(group_armour(g, m, z) * g.share for g in groups) // shares
