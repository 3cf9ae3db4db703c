"""Comparative weapon advantages (§3.2.2): reach and parrying surfaces.

Reach advantage (EMP-31) is a relation between two fighters: the longer reach, at 150 % or
more of the shorter, less whatever the shorter one's shield or defensive pair of weapons
mitigates (EMP-36, EMP-43), and unless it has been lost to a foe who got inside (EMP-33/34).
Whether a defender can parry (EMP-37..40, EMP-44) depends on his surfaces and on the blow.
"""

from __future__ import annotations

from rules.state import Battle
from rules.systems.empress.armour import shield_in_use, unparryable_size
from rules.systems.empress.catalogue import Weapon
from rules.systems.empress.units import EmpUnit, cfg, dual_perk, tables, weapon_of


def reach_of(u: EmpUnit, weapon: str | None = None) -> int:
    """The reach §3.2.2 compares, in feet (R-EMP-REACH-FT)."""
    return weapon_of(u, weapon).reach_ft


def mitigation(state: Battle, u: EmpUnit, opponent: EmpUnit) -> tuple[int, str]:
    """EMP-36 / EMP-43: feet of reach difference `u`'s shield (toward `opponent`) or
    defensive pair of weapons make up, with why."""
    best, why = 0, ""
    if u.shield and shield_in_use(state, u, opponent.pos):
        size = tables().shield_size(u.shield)
        best, why = size.reach_mitigation_ft, size.name
    if dual_perk(u) and u.dual_mode == "defense":
        ft = cfg(state, "dual_reach_mitigation_ft")
        if ft > best:
            best, why = ft, "two weapons used defensively"
    return best, why


def has_reach_advantage(state: Battle, long: EmpUnit, short: EmpUnit,
                        weapon: str | None = None, short_weapon: str | None = None) -> bool:
    """EMP-31 with EMP-36 and EMP-34: does `long` out-reach `short` now?

    R-EMP-GRAPPLE-REACH: two men locked in a grapple are inside any reach."""
    if short.id in long.reach_lost_vs:
        return False
    if short.id in long.grappled_by or long.id in short.grappled_by:
        return False
    a, b = reach_of(long, weapon), reach_of(short, short_weapon)
    if a <= b:
        return False
    num, den = cfg(state, "reach_ratio_num"), cfg(state, "reach_ratio_den")
    m, _ = mitigation(state, short, long)
    if cfg(state, "reach_mitigation") == "subtract":
        return den * (a - m) >= num * b  # EMP-36 (a): take the mitigation off, test again
    if a - b <= m:
        return False  # EMP-36 (b): a difference within the mitigation vanishes
    return den * a >= num * b


def parry_surface(state: Battle, d: EmpUnit, blow: Weapon, attacker: EmpUnit
                  ) -> tuple[bool, str, str]:
    """(can parry, why, rule): EMP-37..39, EMP-44 and R-EMP-SHIELD-PARRY."""
    t = tables()
    if blow.unparryable:
        return False, f"no one parries a {blow.name}", "EMP-38"
    if unparryable_size(state, attacker, d):
        return False, "the attacker is two or more sizes larger", "EMP-38"
    least = cfg(state, "parry_min_length_ft")
    if d.shield and shield_in_use(state, d, attacker.pos):
        return True, "his shield", "R-EMP-SHIELD-PARRY"
    weapons = [w for w in (d.weapon, d.offhand) if w]
    for key in weapons:
        w = t.weapon(key)
        if w.kind == "melee" and w.length_ft >= least and _turns(w, blow):
            return True, f"his {w.name}", "EMP-37"
    if dual_perk(d) and cfg(state, "dual_parry_sum"):
        pair = [t.weapon(k) for k in weapons]
        if all(w.kind == "melee" and _turns(w, blow) for w in pair) and sum(
                w.length_ft for w in pair) >= least:
            return True, "his two weapons together", "EMP-44"
    if d.armour and t.armours[d.armour].armored_hands:
        prot = t.armour_protection_of(d.armour) - blow.penetrating
        if prot >= blow.damage.min() + cfg(state, "armored_parry_margin"):
            return True, "his armoured hands", "EMP-39"
    if weapons:
        w = t.weapon(weapons[0])
        if w.parry == "light" and blow.damage_type == "cutting":
            return False, f"a {w.name} cannot stop a cutting blow", "EMP-37"
        if w.length_ft < least:
            return False, f"his {w.name} is too short to parry", "EMP-37"
        return False, f"his {w.name} cannot parry", "EMP-37"
    return False, "he is unarmed", "EMP-40"


def _turns(w: Weapon, blow: Weapon) -> bool:
    """EMP-37: weapons parry weapons; a light object (a broom handle) no cutting blow."""
    if w.parry == "none":
        return False
    return not (w.parry == "light" and blow.damage_type == "cutting")
