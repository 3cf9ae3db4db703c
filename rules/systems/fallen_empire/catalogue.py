"""Fallen Empire's table rows as models: weapons, armour, shields, spells and the figures
a scenario places.

Why this module exists: these are the shapes of the rows of ``data.toml``, each checked on
its own (a missile weapon with no range, a monster without hit dice).  What needs more than
one table (a figure naming an unknown weapon, a lance on a man on foot) is checked where
the whole file is built, in tables.py.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from rules.data import Dice, FieldProblem, Glyph, Key, TableModel, as_tuple
from rules.systems.fallen_empire.config import Config
from rules.systems.fallen_empire.matrix import HitDice, UnitKind

__all__ = ["Armour", "Shield", "Spell", "UnitTemplate", "Weapon"]

_Model = TableModel


# --------------------------------------------------------------------------------------------
# Equipment and spells
# --------------------------------------------------------------------------------------------


class Weapon(_Model):
    """A weapon.  Damage is per hit before bonuses; reach and range are base values.

    ``reach_ft`` of a lance is its ordinary reach: :meth:`reach` adds the lance's extra 10 ft
    (FE-25) from :class:`Config`, so the GM changes it in one place.
    """

    name: str
    damage: Dice
    kind: Literal["melee", "missile"]
    reach_ft: int = Field(5, ge=0, le=30)  # missiles default to 0: they do not strike in melee
    range_in: int = Field(0, ge=0, le=100)  # scale inches; 0 for melee weapons
    two_handed: bool = False  # no shield with it (R-FE-TWO-HANDED)
    can_set: bool = False  # spear or pole arm, can be set against a charge (FE-19)
    lance: bool = False  # extra reach (FE-25); used only mounted (R-FE-LANCE)
    charge_ok: bool = True  # usable for a charge (FE-16); false for missiles and bites
    shortbow: bool = False  # the only missile usable from horseback (FE-26)
    can_subdue: bool = True  # flat of the blade (FE-34); false for missiles and natural weapons
    poison: Dice | None = None  # FE-36, R-FE-POISON: extra damage on a failed save vs poison

    @model_validator(mode="before")
    @classmethod
    def _missile_defaults(cls, data: Any) -> Any:
        # Defaults that depend on the kind: a bow is no charge weapon, strikes nothing in melee
        # and has no flat to hit with.  Written out here so the TOML can stay short.
        if isinstance(data, dict) and data.get("kind") == "missile":
            data = {"reach_ft": 0, "charge_ok": False, "can_subdue": False, **data}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Weapon:
        if self.kind == "melee":
            if self.range_in:
                raise FieldProblem("range_in", "a melee weapon has no range; leave it out or 0")
            if self.shortbow:
                raise FieldProblem("shortbow", "only a missile weapon can be a shortbow")
        else:
            if self.range_in < 1:
                raise FieldProblem("range_in", "a missile weapon needs a range of at least 1")
            for flag in ("can_set", "lance", "charge_ok", "can_subdue"):
                if getattr(self, flag):
                    raise FieldProblem(flag, "must be false for a missile weapon")
        return self

    def reach(self, config: Config) -> int:
        """Reach in feet, with the lance's extra reach (FE-25) from the GM options."""
        return self.reach_ft + (config.lance_extra_reach_ft if self.lance else 0)


class Armour(_Model):
    """Body armour (or a monster's hide): the descending AC it gives before shield and DEX."""

    name: str
    ac: int = Field(ge=-10, le=9)


class Shield(_Model):
    """A shield: -1 AC (FE-30); magic shields add ``magic_bonus`` while still magic (FE-32)."""

    name: str
    ac_bonus: int = Field(1, ge=0, le=5)
    magic: bool = False
    magic_bonus: int = Field(0, ge=0, le=5)
    rowan: bool = False  # may be given up to avoid one magic effect (FE-32)

    @model_validator(mode="after")
    def _consistent(self) -> Shield:
        if self.magic_bonus and not self.magic:
            raise FieldProblem("magic_bonus", "only a magic shield has a magic bonus")
        return self

    def bonus(self, magic_active: bool = True) -> int:
        """AC improvement; after a magic shield is given up once it is nonmagical for the day."""
        return self.ac_bonus + (self.magic_bonus if self.magic and magic_active else 0)


class Spell(_Model):
    """A damaging spell; cast in the spell phase (FE-09) and ruined by a hit first (FE-10)."""

    name: str
    damage: Dice
    range_in: int = Field(ge=0, le=100)
    auto_hit: bool = False  # R-FE-MAGIC-MISSILE: no to-hit roll


# --------------------------------------------------------------------------------------------
# Figures
# --------------------------------------------------------------------------------------------


class UnitTemplate(_Model):
    """A kind of figure a scenario can place: a character class or a monster, fully equipped.

    Characters have ``level`` (0 for men-at-arms and normal men); monsters have ``hit_dice``
    in OD&D notation.  ``hp`` is a fixed default (R-FE-HP); scenarios may override it.
    """

    name: str
    kind: UnitKind
    level: int | None = Field(None, ge=0, le=36)
    hit_dice: HitDice | None = None
    hp: int = Field(ge=1, le=999)
    move_in: int = Field(ge=0, le=48)  # base move, scale inches (R-FE-MOVE)
    armour: Key
    shield: Key | None = None
    weapon: Key  # melee weapon in hand
    sidearm: Key | None = None  # second melee weapon, e.g. a knight's sword after the lance
    missile: Key | None = None
    mounted: bool = False
    size: Literal["man", "large"] = "man"  # large: up to 8 may surround it (FE-27)
    str_hit: int = Field(0, ge=-5, le=5)
    str_dmg: int = Field(0, ge=-5, le=10)
    dex_ac: int = Field(0, ge=-5, le=5)  # descending: -1 is better
    con: int = Field(10, ge=3, le=18)  # for the self-help CON check (FE-43)
    morale: int = Field(7, ge=2, le=12)  # 2d6 morale score (R-FE-MORALE)
    checks_morale: bool = True  # false for player characters (FE-04)
    retainer: bool = False  # henchmen and retainers never fire into melee (FE-23)
    can_charge: bool = True  # monsters: only with skirmish weapons, horns or tusks (FE-16)
    spells: tuple[Key, ...] = ()
    bandages: int = Field(0, ge=0, le=99)
    potions: int = Field(0, ge=0, le=99)
    art: Glyph

    @model_validator(mode="before")
    @classmethod
    def _defaults(cls, data: Any) -> Any:
        # FE-16: "a monster without such weaponry doesn't have the ability to charge", so a
        # monster charges only if its entry says so; men charge with any charge-capable weapon.
        if isinstance(data, dict):
            data = dict(data)
            if data.get("kind") == "monster":
                data.setdefault("can_charge", False)
            data["spells"] = as_tuple(data.get("spells", ()))
        return data

    @model_validator(mode="after")
    def _level_or_hd(self) -> UnitTemplate:
        if self.kind == "monster":
            if self.hit_dice is None:
                raise FieldProblem("hit_dice", 'a monster needs hit_dice, e.g. "1+1"')
            if self.level is not None:
                raise FieldProblem("level", "a monster has hit_dice, not a level")
        else:
            if self.level is None:
                raise FieldProblem("level", "a character needs a level (0 for normal men)")
            if self.hit_dice is not None:
                raise FieldProblem("hit_dice", "a character has a level, not hit_dice")
        return self

    @property
    def level_or_hd(self) -> int | str:
        """What the matrix and the saves look up: the level, or the hit dice of a monster."""
        if self.hit_dice is not None:
            return self.hit_dice
        return self.level if self.level is not None else 0
