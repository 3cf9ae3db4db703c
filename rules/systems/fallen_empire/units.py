"""Fallen Empire units: what a combatant carries into a round, and the per-round flags.

A unit is built from a template in data.toml; the GM may override any field per unit in the
scenario (`UnitSpec.overrides`).  Statistics follow the text's OD&D vocabulary: descending
Armor Class, hit dice or levels, movement in scale inches.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from rules import rulings
from rules.engine import UnitSpec
from rules.ruleset_base import apply_overrides, check_items, template_of, unit_basics
from rules.state import Battle, Unit
from rules.systems.fallen_empire.config import move_hexes
from rules.systems.fallen_empire.tables import FETables, load_tables

# Classes allowed to set a spear (FE-19) and to be shieldmates (FE-33).
SPEAR_SETTERS = frozenset({"fighting-man", "man-at-arms", "demi-man"})
SHIELDMATE_KINDS = frozenset({"fighting-man", "demi-man"})


@dataclass(frozen=True, slots=True)
class FEUnit(Unit):
    kind: str = "normal-man"
    level: int = 1
    hit_dice: str = ""
    weapon: str = ""
    missile: str = ""
    armour: str = "none"
    shield: str = ""  # "" when none or splintered (FE-31)
    shield_magic: bool = False  # a magic shield still magic today (FE-32)
    move_in: int = 12
    mounted: bool = False
    str_hit: int = 0
    str_dmg: int = 0
    dex_ac: int = 0
    con: int = 10
    morale: int = 7
    checks_morale: bool = True
    retainer: bool = False
    can_charge: bool = False
    spells: tuple[str, ...] = ()
    bandages: int = 0
    potions: int = 0
    subdual_taken: int = 0
    # once-a-round flags, put back by RoundStarted (ROUND_RESET)
    declared: str = ""
    moved: int = 0
    oa_used: bool = False
    charged: bool = False
    spear_used: bool = False
    hit_by: tuple[str, ...] = ()  # "missile" / "melee" hits taken this round (FE-10)
    moved_into: tuple[str, ...] = ()  # enemies this unit moved into melee with (FE-15)
    fell_phase: str = ""  # the phase it fell in (a tied phase still lets it strike)
    melee_attackers: tuple[str, ...] = ()  # who has struck it in melee this round (FE-27)

    ROUND_RESET: ClassVar[dict[str, Any]] = {
        "declared": "", "moved": 0, "oa_used": False, "charged": False, "spear_used": False,
        "hit_by": (), "moved_into": (), "fell_phase": "", "melee_attackers": (),
    }


def tables_for(state: Battle | None = None) -> FETables:
    return load_tables()


def cfg(state: Battle, key: str) -> Any:
    """A ruling's value: the GM's override for this battle if any, else the data file's."""
    return rulings.value(state, load_tables().config, key)


def build_unit(spec: UnitSpec, feet_per_hex: int) -> FEUnit:
    """A fresh unit from its template, with the scenario's overrides applied; ValueError,
    naming the figure, for an item the tables do not have (a melee weapon in hand, a
    missile weapon to shoot, as the data file's cross-check asks of a template)."""
    t = load_tables()
    tpl = template_of(t.units, spec, "Fallen Empire")
    shield = tpl.shield or ""
    base: dict[str, Any] = {
        **unit_basics(spec, tpl), "kind": tpl.kind,
        "level": tpl.level or 0, "hit_dice": tpl.hit_dice or "", "weapon": tpl.weapon,
        "missile": tpl.missile or "", "armour": tpl.armour, "shield": shield,
        "move_in": tpl.move_in,
        "mounted": tpl.mounted, "str_hit": tpl.str_hit, "str_dmg": tpl.str_dmg,
        "dex_ac": tpl.dex_ac, "con": tpl.con, "morale": tpl.morale,
        "checks_morale": tpl.checks_morale, "retainer": tpl.retainer,
        "can_charge": tpl.can_charge, "spells": tuple(tpl.spells), "bandages": tpl.bandages,
        "potions": tpl.potions,
    }
    apply_overrides(base, spec,
                    {f.name for f in fields(FEUnit)} - set(FEUnit.ROUND_RESET) - {"id", "side"})
    melee = {k: w for k, w in t.weapons.items() if w.kind == "melee"}
    missiles = {k: w for k, w in t.weapons.items() if w.kind == "missile"}
    check_items(base, {"weapon": ("melee weapon", melee), "missile": ("missile weapon", missiles),
                       "armour": ("armour", t.armours), "shield": ("shield", t.shields),
                       "spells": ("spell", t.spells)}, "Fallen Empire")
    if "shield_magic" not in spec.overrides:
        shield = base["shield"]
        base["shield_magic"] = bool(shield and t.shields[shield].magic)
    unit = FEUnit(**base)
    return _with_reach(unit, feet_per_hex)


def _with_reach(unit: FEUnit, feet_per_hex: int) -> FEUnit:
    return replace(unit, reach_ft=melee_reach_ft(unit))


def melee_reach_ft(unit: FEUnit) -> int:
    """Reach of the unit's melee weapon; a lance adds 10 ft, and only from horseback (FE-25)."""
    t = load_tables()
    if not unit.weapon:
        return 5
    w = t.weapons[unit.weapon]
    reach = w.reach_ft
    if w.lance and unit.mounted:
        reach += t.config.lance_extra_reach_ft
    return reach


def base_move_hexes(state: Battle, unit: FEUnit) -> int:
    """The unit's full move in hexes (FE-08 scale inches → hexes, ruling R-FE-SCALE)."""
    return move_hexes(unit.move_in, cfg(state, "feet_per_inch"), state.board.feet_per_hex)


def free_move_hexes(state: Battle, unit: FEUnit) -> int:
    """FE-08: the move a unit may make and still act: 1/3 of its base move (12" → 4")."""
    num, den = cfg(state, "free_move_fraction_num"), cfg(state, "free_move_fraction_den")
    return base_move_hexes(state, unit) * num // den


def is_fe(unit: Unit) -> FEUnit:
    assert isinstance(unit, FEUnit)
    return unit
