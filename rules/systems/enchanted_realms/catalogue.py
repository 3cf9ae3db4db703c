"""Enchanted Realms' table rows as models: weapons, skills, steeds, the potion and the
creature templates.

Why this module exists: these are the shapes of the rows of ``data.toml``, each checked on
its own; checks across tables live in tables.py.  A weapon's weight is the text's (ER-04,
NOTES: light 0, medium +1, heavy +2, ranged 0); a skill may add d20s to an attack (ER-03,
R-ER-DICE).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from rules.data import Dice, Glyph, Key, TableModel, as_tuple

__all__ = ["WEIGHT_DAMAGE", "Potion", "Skill", "Steed", "UnitTemplate", "Weapon"]

Weight = Literal["light", "medium", "heavy", "ranged"]

WEIGHT_DAMAGE: dict[str, int] = {"light": 0, "medium": 1, "heavy": 2, "ranged": 0}
"""ER-04 (NOTES): what a weapon's weight adds to the damage, once per target."""


class Weapon(TableModel):
    name: str
    weight: Weight
    reach_ft: int = Field(5, ge=5, le=30)  # R-POS-REACH
    range_ft: int = Field(0, ge=0, le=600)  # R-ER-RANGE: 0 = not a missile
    two_handed: bool = False

    @property
    def ranged(self) -> bool:
        return self.range_ft > 0

    @property
    def damage(self) -> int:
        return WEIGHT_DAMAGE[self.weight]


class Skill(TableModel):
    name: str
    melee_dice: int = Field(0, ge=0, le=3)  # ER-03, R-ER-DICE
    ranged_dice: int = Field(0, ge=0, le=3)
    heal: Dice | None = None  # field medicine (ER-02)


class Potion(TableModel):
    name: str
    heal: Dice


class Steed(TableModel):
    name: str
    speed_ft: int = Field(ge=5, le=200)
    fly_ft: int = Field(0, ge=0, le=300)


class UnitTemplate(TableModel):
    """A kind of creature a scenario can place, fully equipped (R-ER-TEMPLATES)."""

    name: str
    art: Glyph
    hp: int = Field(ge=1, le=500)
    ac: int = Field(ge=1, le=30)
    melee: int = Field(0, ge=-5, le=15)  # on each melee d20
    ranged: int = Field(0, ge=-5, le=15)  # on each missile d20
    strength: int = Field(0, ge=-5, le=10)
    agility: int = Field(0, ge=-5, le=10)
    speed_ft: int = Field(30, ge=0, le=200)  # ER-14
    fly_ft: int = Field(0, ge=0, le=300)  # ER-15
    weapon: Key = "fists"
    offhand: Key | None = None
    missile: Key | None = None
    in_hand: Literal["weapon", "missile"] = "weapon"
    shield: bool = False
    steed: Key | None = None
    mounted: bool = False
    potions: int = Field(0, ge=0, le=9)
    skills: Annotated[tuple[Key, ...], BeforeValidator(as_tuple)] = ()
    size: Literal["man", "large"] = "man"
