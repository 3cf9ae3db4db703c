"""Empress data tables: attribute modifiers (Table II), Coverage (Table V), Protection
(Table VI), shield interception (Table VII), weapons, armours, shields, figures and the GM
options, loaded from the editable ``data.toml`` beside this module.

Why it is built this way:

* The Empress text (seed 000, core rules §3) lost the numbers of its tables.  The values
  NOTES.md recovered (Table II, light mail 4/3, the medium reinforced-wood shield 1/2/6/+1,
  the cap of 8) are quoted in data.toml; every other number is a ruling ``R-EMP-...`` of
  docs/RULINGS.md and lives here as data, so a GM changes it without touching code.
* Models are strict, closed and frozen, like Fallen Empire's: a misspelt key or a ``"3"``
  where a number belongs is one clear :class:`rules.data.DataError` naming file and place.
* Cross-table checks (a figure naming an unknown weapon, an armour naming an unknown row of
  Table V) run when :class:`EmpTables` is built, and point at the exact key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from rules.data import Dice, FieldProblem, Glyph, Key, TableModel, as_tuple, parse_dice
from rules.data import unknown_reference as _unknown
from rules.tables_base import DataFile

__all__ = [
    "ATTRIBUTES", "DEFAULT_DATA_PATH", "SIZE_CLASSES", "Armour", "Config", "EmpTables",
    "Interception", "Shield", "ShieldSize", "UnitTemplate", "Weapon", "attribute_modifier",
    "load_tables",
]

DEFAULT_DATA_PATH = Path(__file__).with_name("data.toml")

ATTRIBUTES: tuple[str, ...] = (
    "toughness", "agility", "dexterity", "intellect", "perception", "nerve", "charisma")
"""The seven Empress attributes (NOTES, Table I): Toughness → hit points, Fortitude, PM;
Agility → Reflexes, Initiative, HC; Dexterity → AM; Intellect → Mind; Perception → Wits;
Nerve → Will; Charisma → reactions."""

SAVE_ATTRIBUTE: dict[str, str] = {
    "fortitude": "toughness", "reflexes": "agility", "mind": "intellect", "wits": "perception",
    "will": "nerve"}
"""Which attribute's modifier each saving throw adds (NOTES, Table I; EMP-72)."""

SIZE_CLASSES: tuple[str, ...] = ("tiny", "small", "man", "large", "huge", "gargantuan")
"""Size classes in order, for unparryable blows (EMP-38) and giant grapplers (EMP-81/82)."""

WeaponClass = Literal["minor", "small", "medium", "great", "natural"]
SizeName = Literal["tiny", "small", "man", "large", "huge", "gargantuan"]





Keys = Annotated[tuple[Key, ...], BeforeValidator(as_tuple)]


_Model = TableModel



# --------------------------------------------------------------------------------------------
# Table II: attribute modifiers
# --------------------------------------------------------------------------------------------


class ModifierBand(_Model):
    """Scores up to ``max_score`` (inclusive) give ``modifier`` (Table II, NOTES)."""

    max_score: int = Field(ge=0, le=100)
    modifier: int = Field(ge=-10, le=10)


def attribute_modifier(bands: tuple[ModifierBand, ...], score: int) -> int:
    """Table II: the modifier of an attribute score (scores above the table use its last
    band; below it its first)."""
    for band in bands:
        if score <= band.max_score:
            return band.modifier
    return bands[-1].modifier


# --------------------------------------------------------------------------------------------
# Equipment
# --------------------------------------------------------------------------------------------


class Weapon(_Model):
    """A weapon (or a monster's natural weapon).

    ``reach_ft`` is the weapon's reach as §3.2.2 compares it (arm and weapon together, in
    feet); on the board it also gives the hexes a figure threatens (R-POS-REACH).
    ``length_ft`` is its parrying surface (EMP-37).  ``penetrating`` is how much Protection it
    ignores: 1 for "Penetrating", X for "Penetrating+X" (EMP-27, EMP-28).
    """

    name: str
    weapon_class: WeaponClass
    damage: Dice
    kind: Literal["melee", "missile"] = "melee"
    reach_ft: int = Field(3, ge=0, le=40)
    range_ft: int = Field(0, ge=0, le=2000)
    length_ft: int = Field(0, ge=0, le=40)
    parry: Literal["full", "light", "none"] = "full"  # EMP-37: light parries no cutting blow
    damage_type: Literal["cutting", "piercing", "blunt"] = "cutting"  # EMP-37, EMP-87
    thrusting: bool = False  # EMP-26
    penetrating: int = Field(0, ge=0, le=20)  # EMP-27 / EMP-28
    hands: int = Field(1, ge=1, le=2)
    longsword: bool = False  # EMP-30: thrusting or penetrating round by round, two-handed
    min_toughness: int | None = Field(None, ge=0, le=30)  # EMP-25 (None: by class)
    unparryable: bool = False  # EMP-38: a blow no weapon can turn (a frost giant's axe)
    venom: Dice | None = None  # EMP-87..89: extra damage when it touches skin
    venom_contact: Literal["skin", "any"] = "skin"

    @model_validator(mode="after")
    def _consistent(self) -> Weapon:
        if self.kind == "melee" and self.range_ft:
            raise FieldProblem("range_ft", "a melee weapon has no range; leave it out")
        if self.kind == "missile" and self.range_ft < 5:
            raise FieldProblem("range_ft", "a missile weapon needs a range of at least 5 ft")
        if self.longsword and self.hands != 2:
            raise FieldProblem("hands", "a longsword's modes need it held in two hands (2)")
        return self

    @property
    def short_stab(self) -> bool:
        """A very short stabbing weapon, usable inside a grapple or a gullet (EMP-77/81)."""
        return self.weapon_class in ("minor", "natural") and self.kind == "melee"


class Armour(_Model):
    """Body armour (or a hide): its Table V row, Coverage and Table VI material."""

    name: str
    row: Key  # the Table V row it is (coverage)
    coverage: int | None = Field(None, ge=0, le=12)  # None: the row's value
    material: Key  # the Table VI armour material (protection)
    protection: int | None = Field(None, ge=0, le=20)  # None: the material's value
    armored_hands: bool = False  # EMP-39: gauntlets or vambraces that can parry a blade
    enclosing: bool = False  # EMP-52: completely enclosing; even criticals meet it


class ShieldSize(_Model):
    """A kind of shield: its most Coverage (Table V) and what else it does (EMP-15, EMP-36)."""

    name: str
    coverage_melee: int = Field(ge=0, le=10)
    coverage_missile: int = Field(ge=0, le=10)
    hc: int = Field(ge=0, le=5)  # the HC bonus (example: medium +1)
    attack: int = Field(0, ge=-5, le=0)  # the large shield's −1 to its bearer's attacks
    reach_mitigation_ft: int = Field(ge=0, le=99)  # EMP-36: 99 = mitigates entirely


class Shield(_Model):
    name: str
    size: Key
    material: Key  # a Table VI shield material


class Interception(_Model):
    """One row of Table VII: against ``attack`` attacks, a ``size`` shield intercepts a
    protected hit while it has intercepted fewer than ``shield_hits`` this round; after that
    the armour does (R-EMP-TABLE-VII)."""

    attack: Literal["melee", "missile"]
    size: Key
    shield_hits: int = Field(ge=0, le=20)


# --------------------------------------------------------------------------------------------
# Figures
# --------------------------------------------------------------------------------------------


class UnitTemplate(_Model):
    """A kind of figure a scenario can place, fully equipped (R-EMP-TEMPLATES)."""

    name: str
    art: Glyph
    toughness: int = Field(10, ge=1, le=30)
    agility: int = Field(10, ge=1, le=30)
    dexterity: int = Field(10, ge=1, le=30)
    intellect: int = Field(10, ge=1, le=30)
    perception: int = Field(10, ge=1, le=30)
    nerve: int = Field(10, ge=1, le=30)
    charisma: int = Field(10, ge=1, le=30)
    warrior: int = Field(0, ge=0, le=20)  # Warrior levels
    initiative: int | None = Field(None, ge=-10, le=40)  # None: R-EMP-INITIATIVE-LEVEL
    hp: int = Field(ge=1, le=999)
    move_ft: int = Field(30, ge=0, le=240)
    weapon: Key | None = None  # None: unarmed (EMP-73)
    offhand: Key | None = None  # a second weapon (EMP-41..45)
    missile: Key | None = None
    armour: Key | None = None
    shield: Key | None = None
    perks: Keys = ()  # dual_weapon, sword_and_board
    specialist: Keys = ()  # weapons he has a specialization / proficiency perk in
    stealth: int = Field(1, ge=0, le=6)  # x-in-6 (R-EMP-SKILLS)
    deception: int = Field(1, ge=0, le=6)
    sneak_attack: int = Field(0, ge=0, le=6)
    size: SizeName = "man"
    alert: bool = True  # vigilant (EMP-67, Table VIII)
    important: bool = False  # rolls initiative under the hybrid option (EMP-09)
    save_bonus: int = Field(0, ge=-10, le=10)
    swallows: bool = False  # EMP-81: a failed save against its grapple means swallowed
    swallow_damage: Dice | None = None
    helpless: bool = False  # EMP-85: asleep, bound (a scenario sets it)

    @model_validator(mode="before")
    @classmethod
    def _lists(cls, data: Any) -> Any:
        if isinstance(data, dict):
            data = dict(data)
            for k in ("perks", "specialist"):
                if k in data:
                    data[k] = as_tuple(data[k])
        return data


PERKS = frozenset({"dual_weapon", "sword_and_board"})


# --------------------------------------------------------------------------------------------
# GM options
# --------------------------------------------------------------------------------------------


class Config(_Model):
    """Every value a GM may change (data.toml ``[config]``; a scenario's ``options`` override
    one battle).  Defaults equal the shipped file (a test checks it)."""

    hc_base: int = Field(11, ge=0, le=30)  # R-EMP-HC
    save_target: int = Field(11, ge=1, le=30)  # R-EMP-SAVES
    critical_failure_margin: int = Field(10, ge=1, le=30)  # EMP-78
    initiative_mode: Literal["fixed", "rolled", "hybrid"] = "fixed"  # EMP-08, EMP-09
    initiative_die: Dice = parse_dice("1d6")  # EMP-08
    hybrid_default_segment: int = Field(10, ge=-20, le=60)  # EMP-09 (a)
    round_end: Literal["after_lowest", "any_two_empty"] = "after_lowest"  # EMP-06 (b)
    empty_segments_to_end: int = Field(2, ge=1, le=10)  # EMP-06
    hold_to_be_hit: int = Field(-2, ge=-10, le=10)  # EMP-03
    held_attack_bonus: int = Field(1, ge=-10, le=10)  # EMP-04
    counter_bonus: int = Field(1, ge=-10, le=10)  # EMP-05
    reach_ratio_num: int = Field(3, ge=1, le=10)  # EMP-31: 150 % → 3/2
    reach_ratio_den: int = Field(2, ge=1, le=10)
    reach_bonus: int = Field(1, ge=-10, le=10)  # EMP-31
    reach_mitigation: Literal["subtract", "whole"] = "subtract"  # EMP-36 (a)
    inside_bonus: int = Field(2, ge=-10, le=10)  # EMP-33
    inside_penalty: int = Field(-2, ge=-10, le=10)  # EMP-34
    cannot_parry_bonus: int = Field(1, ge=-10, le=10)  # EMP-40
    parry_min_length_ft: int = Field(2, ge=0, le=20)  # EMP-37
    armored_parry_margin: int = Field(2, ge=0, le=20)  # EMP-39
    unparryable_size_gap: int = Field(2, ge=1, le=6)  # EMP-38
    offhand_penalty: int = Field(-2, ge=-10, le=10)  # EMP-41
    dual_offense_bonus: int = Field(1, ge=-10, le=10)  # EMP-42
    dual_defense_hc: int = Field(1, ge=-10, le=10)  # EMP-43
    dual_reach_mitigation_ft: int = Field(1, ge=0, le=99)  # EMP-43
    dual_parry_sum: bool = True  # EMP-44 [GM]
    board_bonus: int = Field(1, ge=-10, le=10)  # EMP-46
    specialization_bonus: int = Field(1, ge=-10, le=10)  # R-EMP-SPECIALIZATION
    min_toughness_hc: int = Field(-2, ge=-10, le=10)  # EMP-25
    min_toughness_applies_to: Literal["am", "both"] = "am"  # EMP-25 (a)
    min_toughness_by_class: dict[str, int] = Field(
        default_factory=lambda: {"minor": 7, "small": 9, "medium": 11, "great": 13,
                                 "natural": 0})
    thrusting_coverage: int = Field(1, ge=0, le=10)  # EMP-26
    coverage_reduction_applies_to: Literal["armour", "total"] = "armour"  # EMP-26 (b)
    coverage_cap: int = Field(8, ge=0, le=30)  # EMP-16
    coverage_cap_reading: Literal["a", "b"] = "a"  # EMP-16 (a)
    complete_armour_criticals: Literal["bypass", "blocked"] = "bypass"  # EMP-14 (a)
    shield_arcs: Annotated[tuple[Literal["front", "flank", "rear"], ...],
                           BeforeValidator(as_tuple)] = ("front",)  # EMP-21 (a)
    shield_destroyed_by: Literal["raw", "past_protection"] = "raw"  # EMP-20 (a)
    shield_wall_min: int = Field(3, ge=2, le=20)  # EMP-22 (a)
    shield_wall_end: int = Field(1, ge=0, le=10)  # EMP-22
    shield_wall_middle: int = Field(2, ge=0, le=10)
    shield_wall_middle_attack: int = Field(-1, ge=-10, le=10)
    explosion_rounding: Literal["half_up", "half_down"] = "half_up"  # EMP-23 (a)
    critical_margin: int = Field(10, ge=1, le=30)  # EMP-50
    critical_damage: Literal["max", "second_die"] = "max"  # EMP-51 [GM]
    cleave_penalty: int = Field(-3, ge=-10, le=0)  # EMP-53
    warrior_cleave_penalty: int = Field(-2, ge=-10, le=0)  # EMP-53
    warrior_cleave_cumulative: bool = True  # EMP-53 (a); false is reading (b)
    incapacitated_at: int = Field(0, ge=-100, le=100)  # EMP-54
    critical_at: int = Field(-4, ge=-100, le=100)
    dead_at: int = Field(-8, ge=-100, le=100)
    fortitude_failures_to_die: int = Field(3, ge=1, le=10)
    oa_allotment: int = Field(1, ge=0, le=10)  # EMP-60
    warrior_oa_allotment: int = Field(2, ge=0, le=10)
    pure_defense_oa_multiplier: int = Field(2, ge=1, le=10)
    retreat_oa_spends_action: bool = True  # EMP-59 (a)
    graceful_retreat_provokes: bool = False  # EMP-56 (a); true is reading (b)
    moving_past: Literal["slide", "beyond"] = "slide"  # EMP-57 (a); "beyond" is (b)
    stance_step: int = Field(1, ge=0, le=10)  # EMP-61: +1 / −2
    stance_cost: int = Field(2, ge=0, le=10)
    warrior_stance_multiplier: int = Field(2, ge=1, le=5)
    pure_defense_min: int = Field(2, ge=0, le=10)  # EMP-62
    surprise_enabled: bool = False  # EMP-63: the scenario says whether the meeting is sudden
    stealth_modifier: int = Field(0, ge=-20, le=20)  # EMP-71 [GM]: noise, light, …
    hide_save_modifier: int = Field(-2, ge=-10, le=10)  # EMP-69 Table VIII
    hide_alert_save_modifier: int = Field(-2, ge=-10, le=10)  # EMP-69 (a)
    backstab_save_modifier: int = Field(0, ge=-10, le=10)  # EMP-70 (R-EMP-TABLE-VIII)
    maneuver_penalty: int = Field(-2, ge=-10, le=0)  # EMP-74
    combined_maneuver_penalty: int = Field(-4, ge=-10, le=0)  # EMP-75
    critical_save_penalty: int = Field(-4, ge=-10, le=0)  # EMP-74
    grapple_pin_count: int = Field(3, ge=1, le=10)  # EMP-78
    grapple_partner_bonus: int = Field(1, ge=-10, le=10)  # EMP-79
    grapple_others_penalty: int = Field(-1, ge=-10, le=10)
    grapple_coverage: int = Field(2, ge=0, le=10)  # EMP-80
    giant_grapple_size_gap: int = Field(2, ge=1, le=6)  # EMP-81 [GM]
    oversized_grapple_gap: int = Field(2, ge=1, le=6)  # EMP-82 [GM]
    hurl_damage: Dice = parse_dice("2d6")  # EMP-81
    trick_suspect_bonus: int = Field(2, ge=0, le=10)  # EMP-83
    trick_known_bonus: int = Field(4, ge=0, le=10)
    trick_oa_penalty: int = Field(-2, ge=-10, le=0)  # EMP-84
    contact_penetration: int = Field(3, ge=0, le=20)  # EMP-87
    well_armored_coverage: int = Field(6, ge=0, le=20)  # EMP-86
    careless_base_hc: int = Field(2, ge=0, le=20)  # EMP-86
    missile_while_engaged: bool = False  # R-EMP-MISSILE-ENGAGED
    max_rounds: int = Field(50, ge=1, le=10_000)


# --------------------------------------------------------------------------------------------
# The whole file
# --------------------------------------------------------------------------------------------


class EmpTables(_Model):
    """Everything in data.toml, cross-checked."""

    attribute_modifiers: Annotated[tuple[ModifierBand, ...], BeforeValidator(as_tuple)]
    coverage: dict[Key, int]  # Table V rows
    armour_protection: dict[Key, int]  # Table VI, armour materials
    shield_protection: dict[Key, int]  # Table VI, shield materials (italic in the text)
    shield_sizes: dict[Key, ShieldSize]
    interception: Annotated[tuple[Interception, ...], BeforeValidator(as_tuple)]
    weapons: dict[Key, Weapon]
    armours: dict[Key, Armour]
    shields: dict[Key, Shield]
    units: dict[Key, UnitTemplate]
    config: Config

    @model_validator(mode="after")
    def _cross_references(self) -> EmpTables:
        last = -1
        for i, band in enumerate(self.attribute_modifiers):
            if band.max_score <= last:
                raise FieldProblem(f"attribute_modifiers.{i}", "bands must rise")
            last = band.max_score
        if not self.attribute_modifiers:
            raise FieldProblem("attribute_modifiers", "needs at least one band")
        for key, a in self.armours.items():
            if a.row not in self.coverage:
                raise FieldProblem(f"armours.{key}.row", _unknown("Table V row", a.row,
                                                                  self.coverage))
            if a.material not in self.armour_protection:
                raise FieldProblem(f"armours.{key}.material",
                                   _unknown("armour material", a.material,
                                            self.armour_protection))
        for key, s in self.shields.items():
            if s.size not in self.shield_sizes:
                raise FieldProblem(f"shields.{key}.size", _unknown("shield size", s.size,
                                                                   self.shield_sizes))
            if s.material not in self.shield_protection:
                raise FieldProblem(f"shields.{key}.material",
                                   _unknown("shield material", s.material,
                                            self.shield_protection))
        for i, row in enumerate(self.interception):
            if row.size not in self.shield_sizes:
                raise FieldProblem(f"interception.{i}.size",
                                   _unknown("shield size", row.size, self.shield_sizes))
        if "unarmed" not in self.weapons:
            raise FieldProblem("weapons", 'needs an "unarmed" entry: the bare hands (EMP-73)')
        for uid, u in self.units.items():
            at = f"units.{uid}"
            for slot in ("weapon", "offhand", "missile"):
                key = getattr(u, slot)
                if key is None:
                    continue
                if key not in self.weapons:
                    raise FieldProblem(f"{at}.{slot}", _unknown("weapon", key, self.weapons))
                kind = self.weapons[key].kind
                if (slot == "missile") != (kind == "missile"):
                    raise FieldProblem(f"{at}.{slot}", f'"{key}" is a {kind} weapon')
            if u.armour is not None and u.armour not in self.armours:
                raise FieldProblem(f"{at}.armour", _unknown("armour", u.armour, self.armours))
            if u.shield is not None and u.shield not in self.shields:
                raise FieldProblem(f"{at}.shield", _unknown("shield", u.shield, self.shields))
            if u.shield is not None and u.offhand is not None:
                raise FieldProblem(f"{at}.offhand", "a shield and an off-hand weapon need "
                                   "three hands")
            if u.weapon and self.weapons[u.weapon].hands == 2 and not self.weapons[
                    u.weapon].longsword and (u.shield or u.offhand):
                raise FieldProblem(f"{at}.weapon", f'"{u.weapon}" needs both hands')
            for i, p in enumerate(u.perks):
                if p not in PERKS:
                    raise FieldProblem(f"{at}.perks.{i}", f'unknown perk "{p}" (known: '
                                       f'{", ".join(sorted(PERKS))})')
            for i, w in enumerate(u.specialist):
                if w not in self.weapons:
                    raise FieldProblem(f"{at}.specialist.{i}", _unknown("weapon", w,
                                                                        self.weapons))
            if u.swallows and u.swallow_damage is None:
                raise FieldProblem(f"{at}.swallow_damage", "a swallower needs swallow_damage")
        return self

    # --- reading ----------------------------------------------------------------------------
    def modifier(self, score: int) -> int:
        return attribute_modifier(self.attribute_modifiers, score)

    def armour_coverage(self, key: str) -> int:
        a = self.armours[key]
        return a.coverage if a.coverage is not None else self.coverage[a.row]

    def armour_protection_of(self, key: str) -> int:
        a = self.armours[key]
        return a.protection if a.protection is not None else self.armour_protection[a.material]

    def armour_complete(self, key: str) -> bool:
        return self.armours[key].row == "complete"

    def shield_size(self, key: str) -> ShieldSize:
        return self.shield_sizes[self.shields[key].size]

    def shield_protection_of(self, key: str) -> int:
        return self.shield_protection[self.shields[key].material]

    def shield_hits(self, attack: str, size: str) -> int:
        """Table VII (R-EMP-TABLE-VII): hits a shield of `size` intercepts each round."""
        for row in self.interception:
            if row.attack == attack and row.size == size:
                return row.shield_hits
        return 0

    def weapon(self, key: str) -> Weapon:
        """A weapon by key; "" or None is the bare hands (EMP-73)."""
        return self.weapons[key or "unarmed"]

    def min_toughness(self, weapon: str) -> int:
        w = self.weapons[weapon]
        if w.min_toughness is not None:
            return w.min_toughness
        return self.config.min_toughness_by_class.get(w.weapon_class, 0)


DATA = DataFile(DEFAULT_DATA_PATH, EmpTables)


def load_tables(path: Path | None = None) -> EmpTables:
    """Load and check the Empress tables (the shipped file once, a GM's afresh); raises
    :class:`rules.data.DataError`."""
    return DATA.load(path)
