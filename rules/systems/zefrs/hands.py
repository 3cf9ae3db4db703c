"""What a ZeFRS figure may hold at once (ZEF-32, R-ZEF-HANDS): the one check of his hands.

Why a module of its own: a figure is made in three ways -- a template of data.toml, a
scenario's overrides of one (a builder's `unit(..., weapon=...)`, a map's `set.weapon`), and
the GM's sandbox placing or editing him -- and ZEF-32 holds for all three alike.  So the check
is written once, here, on the keys of his kit; the tables' cross-check (tables.py) reads it
for the templates and `ZeFRS.unit_refusal` for every figure the core builds or a GM edits.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.systems.zefrs.catalogue import Shield, Weapon
from rules.wording import a_an

__all__ = ["hands_refusal"]


def hands_refusal(weapon: str | None, offhand: str | None, shield: str | None,
                  two_weapons: bool, weapons: Mapping[str, Weapon],
                  shields: Mapping[str, Shield]) -> tuple[str, str] | None:
    """Why a figure cannot hold this kit, as (the slot at fault, what is wrong in a player's
    words, naming the items), or None if his two hands hold it:

    * a weapon that needs both hands (R-ZEF-HANDS) leaves none for a shield or a second
      weapon (ZEF-32: two weapons are one-handed weapons only);
    * a shield and a second weapon need three hands;
    * a second weapon needs the two-weapon talent (ZEF-32).

    Keys the tables do not have are left to the callers' own checks (`None` here)."""
    main = weapons.get(weapon) if weapon else None
    second = weapons.get(offhand) if offhand else None
    guard = shields.get(shield) if shield else None
    if (offhand and second is None) or (shield and guard is None) or (weapon and main is None):
        return None
    for held, other in ((main, second), (second, main)):
        if held is not None and held.hands == 2 and (other is not None or guard is not None):
            with_ = other.name if other is not None else guard.name  # type: ignore[union-attr]
            slot = "offhand" if other is not None else "weapon"
            rule = "ZEF-32: two weapons must both be one-handed" if other is not None else \
                "R-ZEF-HANDS"
            return slot, (f"{_a(held.name)} needs both hands, so it cannot be held with "
                          f"{_a(with_)} ({rule})")
    if second is not None and guard is not None:
        return "offhand", (f"{_a(second.name)} as a second weapon and {_a(guard.name)} need "
                           "three hands")
    if second is not None and not two_weapons:
        both = f"{_a(main.name)} and {_a(second.name)}" if main is not None else \
            f"{_a(second.name)} in the off hand"
        return "offhand", (f"fighting with two weapons ({both}) needs the two-weapon talent "
                           "(ZEF-32)")
    return None


def _a(name: str) -> str:
    """"a great axe", "an arbalest": the chart's name in running text."""
    return a_an(name.lower())
