"""Empress characters: the seven attributes, Warrior levels, equipment, and everything a
character carries from one segment to the next (holds, stances, grapples, a worn shield).

A unit is built from a template in data.toml; a scenario may override any lasting field per
unit (`UnitSpec.overrides`, e.g. ``agility=13`` or ``shield=""``).  Derived values (AM, PM,
Initiative level, HC, saves) are computed from the attributes through Table II, never
stored, so an override of an attribute changes everything that depends on it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from rules import rulings
from rules.engine import UnitSpec
from rules.events import Modifier
from rules.ruleset_base import apply_overrides, check_items, template_of, unit_basics
from rules.state import Battle, Unit
from rules.systems.empress.catalogue import ATTRIBUTES, SAVE_ATTRIBUTE, SIZE_CLASSES, Weapon
from rules.systems.empress.tables import EmpTables, load_tables

RULESET = "empress"


@dataclass(frozen=True, slots=True)
class EmpUnit(Unit):
    # --- what the character is (template, overridable) --------------------------------------
    toughness: int = 10
    agility: int = 10
    dexterity: int = 10
    intellect: int = 10
    perception: int = 10
    nerve: int = 10
    charisma: int = 10
    warrior: int = 0
    initiative: int = 10  # Initiative level (R-EMP-INITIATIVE-LEVEL: the Agility score)
    weapon: str = ""  # "" = bare hands (EMP-73)
    offhand: str = ""
    missile: str = ""
    armour: str = ""
    shield: str = ""  # "" when none, or destroyed (EMP-20)
    perks: tuple[str, ...] = ()
    specialist: tuple[str, ...] = ()
    stealth: int = 1
    deception: int = 1
    sneak_attack: int = 0
    move_ft: int = 30
    alert: bool = True
    important: bool = False
    save_bonus: int = 0
    swallows: bool = False
    swallow_damage: str = ""
    helpless: bool = False
    # --- the battle so far ------------------------------------------------------------------
    shield_wear: int = 0  # Coverage the shield has lost (EMP-19)
    segment: int = 0  # this round's action segment (EMP-01 / EMP-08)
    holding: bool = False  # holding his action (EMP-02), or for counter (EMP-05)
    counter: str = ""  # hold for counter: a foe's id, or "hex:q,r" (EMP-05)
    spent: str = ""  # what this round's action went on: turn, oa, pure_defense, counter, lost
    oa_taken: int = 0  # opportunity attacks this round (EMP-60)
    stance: str = ""  # attack, attack2, guard, guard2, pure_defense (EMP-61, EMP-62)
    # R-EMP-MODES: until changed, a longsword is swung for power, two weapons are used
    # offensively and a sword-and-board bonus goes to the attack.
    longsword_mode: str = "power"  # EMP-30: "thrust" or "power"
    dual_mode: str = "offense"  # EMP-42/43
    board_mode: str = "attack"  # EMP-46: "attack" or "hc"
    reach_lost_vs: tuple[str, ...] = ()  # foes inside his reach (EMP-33/34)
    shield_blocks: int = 0  # hits the shield intercepted this round (Table VII)
    grappled_by: tuple[str, ...] = ()  # who holds him (EMP-77)
    grapple_count: int = 0  # grapples since his last escape (EMP-78)
    pinned: bool = False  # EMP-78, EMP-81
    swallowed_by: str = ""  # EMP-81
    swallow_armed: bool = False  # made the Reflexes save to use a blade inside
    surprised: str = ""  # "round": may not act this round (EMP-63, EMP-68, EMP-70);
    #                     "turn": until he would next act, and that action is lost (EMP-84)
    turn_round: int = 0  # the round of his last chance to act (stances end there)
    tricked_by: tuple[str, ...] = ()  # who has tried a dirty trick on him (EMP-83)
    hidden: bool = False  # EMP-64, EMP-66..69
    fort_failures: int = 0  # Fortitude saves failed in critical condition (EMP-54)
    falling_back: bool = False  # spent his action cautiously falling back (EMP-58)
    in_fight: bool = False  # has struck or been struck (no more sucker punches,
    #                        R-EMP-SUCKER-PUNCH)


ROUND_FIELDS = ("spent", "oa_taken", "shield_blocks", "falling_back", "turn_round")


def tables() -> EmpTables:
    return load_tables()


def cfg(state: Battle, key: str) -> Any:
    """A ruling's value: the GM's override for this battle if any, else the data file's."""
    return rulings.value(state, load_tables().config, key)


def is_emp(unit: Unit) -> EmpUnit:
    assert isinstance(unit, EmpUnit)
    return unit


def emp(state: Battle, unit_id: str) -> EmpUnit:
    return is_emp(state.unit(unit_id))


# --- building ------------------------------------------------------------------------------

_LASTING = {"id", "side"} | set(ROUND_FIELDS)


def build_unit(spec: UnitSpec) -> EmpUnit:
    """A fresh unit from its template, with the scenario's overrides applied."""
    t = load_tables()
    tpl = template_of(t.units, spec, "Empress")
    base: dict[str, Any] = {
        **unit_basics(spec, tpl), **{a: getattr(tpl, a) for a in ATTRIBUTES},
        "warrior": tpl.warrior, "weapon": tpl.weapon or "", "offhand": tpl.offhand or "",
        "missile": tpl.missile or "", "armour": tpl.armour or "", "shield": tpl.shield or "",
        "perks": tpl.perks, "specialist": tpl.specialist, "stealth": tpl.stealth,
        "deception": tpl.deception, "sneak_attack": tpl.sneak_attack, "move_ft": tpl.move_ft,
        "alert": tpl.alert, "important": tpl.important, "save_bonus": tpl.save_bonus,
        "swallows": tpl.swallows,
        "swallow_damage": str(tpl.swallow_damage) if tpl.swallow_damage else "",
        "helpless": tpl.helpless,
    }
    apply_overrides(base, spec, {f.name for f in fields(EmpUnit)} - _LASTING)
    if "initiative" not in spec.overrides:
        base["initiative"] = (tpl.initiative if tpl.initiative is not None
                              else base["agility"])
    check_items(base, {"weapon": ("weapon", t.weapons), "offhand": ("weapon", t.weapons),
                       "missile": ("weapon", t.weapons), "armour": ("armour", t.armours),
                       "shield": ("shield", t.shields), "specialist": ("weapon", t.weapons)},
                "Empress")
    if base["size"] not in SIZE_CLASSES:
        raise ValueError(f"unit {spec.id!r}: unknown size {base['size']!r}")
    base["reach_ft"] = t.weapon(base["weapon"]).reach_ft
    return EmpUnit(**base)


# --- derived values ------------------------------------------------------------------------


def mod(u: EmpUnit, attribute: str) -> int:
    """Table II modifier of one of the unit's attributes."""
    return load_tables().modifier(getattr(u, attribute))


def am(u: EmpUnit) -> int:
    """Attack Modifier: the Dexterity modifier (NOTES Table I; EMP-12)."""
    return mod(u, "dexterity")


def pm(u: EmpUnit) -> int:
    """Power Modifier: the Toughness modifier (NOTES Table I; EMP-12)."""
    return mod(u, "toughness")


def is_warrior(u: EmpUnit) -> bool:
    return u.warrior > 0


def weapon_of(u: EmpUnit, key: str | None = None) -> Weapon:
    return load_tables().weapon(u.weapon if key is None else key)


def min_toughness(state: Battle, weapon: str) -> int:
    """EMP-25: the weapon's own minimum Toughness, else its class's (GM-overridable)."""
    w = load_tables().weapon(weapon)
    if w.min_toughness is not None:
        return w.min_toughness
    return dict(cfg(state, "min_toughness_by_class")).get(w.weapon_class, 0)


def size_class(u: Unit) -> int:
    return SIZE_CLASSES.index(u.size) if u.size in SIZE_CLASSES else 2


def save_modifier(u: EmpUnit, save: str) -> list[Modifier]:
    """The lasting modifiers of a save: the attribute's Table II modifier and any bonus."""
    attr = SAVE_ATTRIBUTE[save]
    out = [Modifier(value=mod(u, attr), reason=f"{attr.capitalize()} {getattr(u, attr)}",
                    rule="R-EMP-SAVES")]
    if u.save_bonus:
        out.append(Modifier(value=u.save_bonus, reason="save bonus", rule="R-EMP-SAVES"))
    return out


def has_two_weapons(u: EmpUnit) -> bool:
    return bool(u.weapon and u.offhand)


def dual_perk(u: EmpUnit) -> bool:
    """EMP-42: the Dual Weapon perk for the pair he now holds."""
    return has_two_weapons(u) and "dual_weapon" in u.perks


def longsword_two_handed(u: EmpUnit) -> bool:
    """EMP-30: a longsword counts as two-handed with nothing in the other hand."""
    return bool(u.weapon) and weapon_of(u).longsword and not u.shield and not u.offhand


def move_hexes(state: Battle, u: EmpUnit) -> int:
    """R-EMP-MOVE: a round's movement in hexes (feet per round // feet per hex)."""
    return u.move_ft // state.board.feet_per_hex


def oa_allotment(state: Battle, u: EmpUnit) -> int:
    """EMP-60: opportunity attacks a round: Warriors 2, others 1; doubled in pure defense."""
    base = cfg(state, "warrior_oa_allotment") if is_warrior(u) else cfg(state, "oa_allotment")
    if u.stance == "pure_defense":
        base *= cfg(state, "pure_defense_oa_multiplier")
    return base


def held(u: EmpUnit) -> bool:
    """Held in a grapple (EMP-77) or swallowed (EMP-81)."""
    return bool(u.grappled_by) or bool(u.swallowed_by)
