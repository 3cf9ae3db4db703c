"""Empress's table rows as models: Table II's bands, weapons, armours, shields, Table VII's
interception rows and the figures a scenario places.

Why this module exists: these are the shapes of the rows of ``data.toml``, each checked on its
own (a melee weapon with a range, a longsword held in one hand).  The GM's options are
config.py; the whole file, its cross-table checks and its loading are tables.py, which builds
on both.  The attribute and size names live here beside the figure that has them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from rules.data import Dice, FieldProblem, Glyph, Key, TableModel, as_tuple

__all__ = [
    "ATTRIBUTES", "PERKS", "SAVE_ATTRIBUTE", "SIZE_CLASSES", "Armour", "Interception",
    "ModifierBand", "Shield", "ShieldSize", "UnitTemplate", "Weapon", "attribute_modifier",
]

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
