"""The rows of Tarnished Tale's tables: weapons, shields, armour and figure templates.

Why a module of its own: these are the shapes data.toml must have (pydantic, strict and
closed), apart from the cross-checks between tables (tables.py) and from the rules that read
them.  The page gives none of these numbers: each row is a ruling (R-TT-WEAPONS, R-TT-ARMOUR,
R-TT-TEMPLATES) a GM may edit.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from rules.data import Dice, Glyph, Key, TableModel, as_tuple

__all__ = ["TRAITS", "Armour", "Shield", "UnitTemplate", "Weapon"]

TRAITS = ("parry", "block_missiles")
"""The traits the rules read: Parry (TT-11) and blocking missiles (TT-06, NOTES)."""


class Weapon(TableModel):
    """A weapon's equipment entry (TT-25, TT-26): damage die, critical multiplier, what it
    blocks when a Block is won (TT-08), its reach or its ranges in feet."""

    name: str
    damage: Dice
    critical: int = Field(2, ge=1, le=6)  # TT-26 [TABLE]: the critical multiplier
    block: int = Field(0, ge=0, le=20)  # TT-08 [TABLE]: damage a won Block turns aside
    reach_ft: int = Field(5, ge=5, le=30)
    short_ft: int = Field(0, ge=0, le=1000)  # missile weapons: short range (0 = melee)
    long_ft: int = Field(0, ge=0, le=2000)

    @property
    def missile(self) -> bool:
        return self.long_ft > 0


class Shield(TableModel):
    """A shield: the Block skill it adds and the damage it turns aside (TT-08)."""

    name: str
    block: int = Field(ge=0, le=20)
    skill: int = Field(0, ge=0, le=50)


class Armour(TableModel):
    """Worn armour with damage reduction and hit points of its own (TT-21)."""

    name: str
    dr: int = Field(ge=0, le=20)
    hp: int = Field(ge=1, le=100)


class UnitTemplate(TableModel):
    """A figure: aptitudes (NOTES: max HP = Hardiness; Dodge and Block start at Agility
    x 1.5), skills (d%, capped at 99) and kit."""

    name: str
    art: Glyph
    size: Literal["small", "man", "large"] = "man"
    agility: int = Field(ge=1, le=20)
    strength: int = Field(ge=1, le=20)
    hardiness: int = Field(ge=3, le=40)
    fight: int = Field(ge=1, le=99)  # the equipped melee weapon's skill
    shoot: int = Field(0, ge=0, le=99)  # the missile weapon's skill
    dodge: int = Field(0, ge=0, le=99)  # 0: Agility x 1.5 rounded up (NOTES)
    block: int = Field(0, ge=0, le=99)  # 0: Agility x 1.5 rounded up (NOTES)
    sponge: int = Field(0, ge=0, le=99)  # the armour skill (TT-09)
    weapon: Key | None = None
    missile: Key | None = None
    shield: Key | None = None
    armour: Key | None = None
    traits: Annotated[tuple[Literal["parry", "block_missiles"], ...],
                      BeforeValidator(as_tuple)] = ()

    @property
    def hp(self) -> int:
        """Max HP = Hardiness (TT-27, NOTES)."""
        return self.hardiness
