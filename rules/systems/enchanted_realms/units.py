"""An Enchanted Realms creature on the board: its modifiers, kit, skills and what this round
has spent.

Why this module exists: every rule reads the same few numbers (how many d20s he throws, his
Armor Class, his speed now), so they are worked out once, here, for the attack, the odds
panel, the path preview and the computer.  Fields are plain values, so a state hashes,
copies and replays as every other ruleset's does.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from rules.ruleset_base import apply_overrides, template_of, unit_basics
from rules.setup import UnitSpec
from rules.state import Battle, Unit
from rules.systems.enchanted_realms.catalogue import Weapon
from rules.systems.enchanted_realms.config import Config, merged
from rules.systems.enchanted_realms.tables import load_tables

__all__ = ["ErUnit", "build_unit", "cfg", "er", "held_weapon", "skill_keys", "speed_ft"]


@dataclass(frozen=True, slots=True)
class ErUnit(Unit):
    ac: int = 10
    melee: int = 0  # modifier on each melee d20
    ranged: int = 0  # modifier on each missile d20
    strength: int = 0
    agility: int = 0
    walk_ft: int = 30  # ER-14: the walking rate
    fly_ft: int = 0  # ER-15: a flying rate, if he has one
    weapon: str = "fists"  # the melee weapon he carries
    offhand: str = ""  # a second weapon (two-handed fighting, ER-06)
    missile: str = ""  # the missile weapon he carries
    in_hand: str = "weapon"  # which he holds ready: "weapon" or "missile" (ER-17)
    shield: bool = False  # he carries a shield
    shield_ready: bool = False  # ... and it is on his arm (ER-17)
    steed: str = ""  # ER-16
    mounted: bool = False
    potions: int = 0  # ER-08
    skills: tuple[str, ...] = ()
    prone: bool = False  # ER-18
    initiative: int = 0  # this round's initiative score
    reacted_round: int = 0  # the round whose one reaction he has used (ER-20)
    no_reactions_to: int = 0  # defending: no reactions up to this round (ER-10)
    defending: bool = False  # from his defend action to his next turn (ER-09)

    def has(self, skill: str) -> bool:
        return skill in self.skills

    def can_react(self, rnd: int) -> bool:
        """ER-20: one reaction a round, none while defending (ER-10)."""
        return (self.fighting and self.reacted_round != rnd and self.no_reactions_to < rnd)


def er(state: Battle, unit_id: str) -> ErUnit:
    u = state.unit(unit_id)
    assert isinstance(u, ErUnit)
    return u


def cfg(state: Battle) -> Config:
    """The rulings in force in this battle (R-FLANK-OPTIONS)."""
    return merged(load_tables().config, state.options)


def held_weapon(u: ErUnit) -> tuple[str, Weapon]:
    """The weapon in his hand now (its key and row)."""
    t = load_tables()
    key = u.missile if u.in_hand == "missile" and u.missile else u.weapon
    return key, t.weapons[key]


def speed_ft(u: ErUnit, mode: str = "walk") -> int:
    """ER-14, ER-15, ER-16: his rate in `mode` (walk or fly), his steed's if he rides."""
    if u.mounted and u.steed:
        s = load_tables().steeds[u.steed]
        return s.fly_ft if mode == "fly" else s.speed_ft
    return u.fly_ft if mode == "fly" else u.walk_ft


TURN_FIELDS = frozenset({"initiative", "reacted_round", "no_reactions_to", "defending"})


def skill_keys(given: Any, who: str) -> tuple[str, ...]:
    """The skills a template, a scenario, a map or a GM gives a figure, as the tables' keys:
    a list of keys or names, or one text of them separated by commas ("martial arts,
    dodge").  ValueError, one line naming `who` and the skill, for one the tables lack."""
    t = load_tables()
    if isinstance(given, str):
        given = [part for part in given.split(",") if part.strip()]
    if not isinstance(given, (list, tuple)) or not all(isinstance(s, str) for s in given):
        raise ValueError(f"{who}: skills are a list of skill names, not {given!r}")
    out: list[str] = []
    for s in given:
        key = t.skill_key(s)
        if key is None:
            raise ValueError(f"{who}: unknown skill {s.strip()!r} (the Enchanted Realms "
                             f"skills are: {t.skill_names()})")
        if key not in out:
            out.append(key)
    return tuple(out)


def build_unit(spec: UnitSpec) -> ErUnit:
    """A fresh creature from its template, with the scenario's overrides."""
    t = load_tables()
    tpl = template_of(t.units, spec, "Enchanted Realms")
    base: dict[str, Any] = {
        **unit_basics(spec, tpl), "ac": tpl.ac, "melee": tpl.melee, "ranged": tpl.ranged,
        "strength": tpl.strength, "agility": tpl.agility, "walk_ft": tpl.speed_ft,
        "fly_ft": tpl.fly_ft, "weapon": tpl.weapon, "offhand": tpl.offhand or "",
        "missile": tpl.missile or "", "in_hand": tpl.in_hand, "shield": tpl.shield,
        "shield_ready": tpl.shield, "steed": tpl.steed or "", "mounted": tpl.mounted,
        "potions": tpl.potions, "skills": tuple(tpl.skills),
    }
    apply_overrides(base, spec, {f.name for f in fields(ErUnit)} - TURN_FIELDS
                    - {"id", "side", "template"})
    for slot in ("weapon", "offhand", "missile"):
        key = base[slot]
        if key and key not in t.weapons:
            raise ValueError(f"unit {spec.id!r}: unknown weapon {key!r}")
    if base["missile"] and not t.weapons[base["missile"]].ranged:
        raise ValueError(f"unit {spec.id!r}: {base['missile']!r} is not a missile weapon")
    if base["in_hand"] not in ("weapon", "missile") or (
            base["in_hand"] == "missile" and not base["missile"]):
        raise ValueError(f"unit {spec.id!r}: in_hand is \"weapon\" or \"missile\" (one he has)")
    base["skills"] = skill_keys(base["skills"], f"{base['name']} (unit {spec.id!r})")
    if base["steed"] and base["steed"] not in t.steeds:
        raise ValueError(f"unit {spec.id!r}: unknown steed {base['steed']!r}")
    if base["mounted"] and not base["steed"]:
        raise ValueError(f"unit {spec.id!r}: a rider needs a steed")
    if base["shield_ready"] and not base["shield"]:
        base["shield_ready"] = False
    base["reach_ft"] = t.weapons[base["weapon"]].reach_ft
    return ErUnit(**base)
