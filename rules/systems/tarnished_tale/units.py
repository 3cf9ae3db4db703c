"""A Tarnished Tale figure: aptitudes, d% skills, kit, and what the contest has done to him.

Why this module exists: a figure is built here from its template and the scenario's
overrides (NOTES: max HP = Hardiness, Dodge and Block start at Agility x 1.5), and here are
the small readings every rule needs of him (the skill he defends with, his armour's DR, the
weapon in his hand) so that no rule reads a table row directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.ruleset_base import apply_overrides, check_items, template_of, unit_basics
from rules.setup import UnitSpec
from rules.state import Battle, Unit
from rules.systems.tarnished_tale.catalogue import Weapon
from rules.systems.tarnished_tale.tables import TTTables, load_tables

__all__ = ["DEFENCES", "OVERRIDABLE", "TTUnit", "armour_dr", "build_unit", "melee_weapon",
           "skill_for", "tt"]

DEFENCES = ("dodge", "block", "sponge", "counter_attack")
"""The four declared defences (TT-06), in the order they are offered."""

OVERRIDABLE = {"hp", "max_hp", "agility", "strength", "hardiness", "fight", "shoot", "dodge",
               "block", "sponge", "weapon", "missile", "shield", "armour", "armour_hp",
               "traits", "name", "prone", "gender"}


@dataclass(frozen=True, slots=True)
class TTUnit(Unit):
    """A figure.  `weapon` is the melee weapon in hand ("" = bare hands, after a disarm:
    `dropped` is then the weapon lying at `dropped_at`, TT-19); `armour_hp` the armour's own
    hit points left (TT-21; 0 = broken, TT-22); `defensive` holds from his attack fought
    defensively to the start of his next turn (TT-04)."""

    ROUND_RESET: ClassVar[dict[str, object]] = {"acted": False}

    agility: int = 10
    strength: int = 10
    hardiness: int = 10
    fight: int = 50
    shoot: int = 0
    dodge: int = 15
    block: int = 15
    sponge: int = 0
    weapon: str = ""
    missile: str = ""
    shield: str = ""
    armour: str = ""
    armour_hp: int = 0
    traits: tuple[str, ...] = ()
    prone: bool = False
    dropped: tuple[tuple[str, str, int, int], ...] = ()  # (slot, weapon, q, r), TT-19
    defensive: bool = False
    acted: bool = False


def tt(state: Battle, unit_id: str) -> TTUnit:
    u = state.unit(unit_id)
    assert isinstance(u, TTUnit)
    return u


def _start_skill(agility: int) -> int:
    """NOTES: Dodge and Block start at Agility x 1.5, rounded up, at most 99."""
    return min(99, (agility * 3 + 1) // 2)


def build_unit(spec: UnitSpec, t: TTTables | None = None) -> TTUnit:
    """A fresh figure from its template and the scenario's overrides (ValueError naming the
    unit and the problem)."""
    t = t or load_tables()
    tpl = template_of(t.units, spec, "Tarnished Tale")
    base = unit_basics(spec, tpl)
    base.update(agility=tpl.agility, strength=tpl.strength, hardiness=tpl.hardiness,
                fight=tpl.fight, shoot=tpl.shoot,
                dodge=tpl.dodge or _start_skill(tpl.agility),
                block=tpl.block or _start_skill(tpl.agility), sponge=tpl.sponge,
                weapon=tpl.weapon or "", missile=tpl.missile or "", shield=tpl.shield or "",
                armour=tpl.armour or "", traits=tpl.traits)
    apply_overrides(base, spec, OVERRIDABLE)
    if "hardiness" in spec.overrides and "hp" not in spec.overrides:
        base["hp"] = base["max_hp"] = base["hardiness"]  # TT-27: max HP = Hardiness
    check_items(base, {"weapon": ("weapon", t.weapons), "missile": ("weapon", t.weapons),
                       "shield": ("shield", t.shields), "armour": ("armour", t.armour)},
                "Tarnished Tale")
    if "armour_hp" not in spec.overrides:
        base["armour_hp"] = t.armour[base["armour"]].hp if base["armour"] else 0
    base["reach_ft"] = t.weapon(base["weapon"]).reach_ft
    base["traits"] = tuple(base["traits"])
    return TTUnit(**base)


def melee_weapon(u: TTUnit, t: TTTables | None = None) -> Weapon:
    """The weapon in his hand (bare hands if he has none, R-TT-DISARM)."""
    return (t or load_tables()).weapon(u.weapon or None)


def armour_dr(u: TTUnit, t: TTTables | None = None) -> int:
    """His armour's damage reduction; 0 without armour or once it is broken (TT-22)."""
    if not u.armour or u.armour_hp <= 0:
        return 0
    return (t or load_tables()).armour[u.armour].dr


def skill_for(u: TTUnit, defence: str, cap: int, t: TTTables | None = None) -> int:
    """The skill he rolls for a declared defence (TT-06): Dodge, Block (with his shield's
    help, R-TT-BLOCK), Sponge, or his melee weapon's skill for a Counter Attack; capped
    (NOTES: skills cap at 99).  Bare hands fight at half the weapon skill (R-TT-DISARM)."""
    t = t or load_tables()
    if defence == "dodge":
        s = u.dodge
    elif defence == "block":
        s = u.block + (t.shields[u.shield].skill if u.shield else 0)
    elif defence == "sponge":
        s = u.sponge
    else:
        s = u.fight if u.weapon else u.fight // 2
    return max(1, min(cap, s))
