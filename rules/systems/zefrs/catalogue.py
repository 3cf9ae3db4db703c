"""ZeFRS's table rows as models: weapons, armour pieces, shields and figures (talents, rank,
kit).

Why this module exists: these are the shapes of the rows of ``data.toml``, each checked on
its own (ranges, areas, hands); checks across tables live in tables.py.  Names follow the
text: a figure is a set of Talent ratings (Using Talent Pools), a PC, a Foe or an Enemy
(ZEF-01), armour is worn in pieces by body area (ZEF-47), a weapon has a Damage Bonus, an
Initiative Bonus and, if it flies, three ranges in feet (NOTES' weapon chart).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, model_validator

from rules.data import FieldProblem, Glyph, Key, TableModel, as_tuple

__all__ = ["AREAS", "Area", "ArmourPiece", "Rank", "Shield", "Talents", "UnitTemplate",
           "Weapon", "Wound", "WoundChart"]

Area = Literal["head", "chest", "gut", "right_arm", "left_arm", "right_leg", "left_leg"]
AREAS: tuple[str, ...] = ("head", "chest", "right_arm", "left_arm", "gut", "right_leg",
                          "left_leg")
"""The seven aiming points (ZEF-24), which are also the areas armour covers (ZEF-47)."""

Rank = Literal["foe", "enemy"]
"""ZEF-01: an NPC is a Foe (a major challenge) or an Enemy (a footsoldier, a guard).  A PC
is played by the rules of a Foe (PCs have no advantage over Foes); a figure of rank "foe" on
the players' side is a PC (R-ZEF-RANKS)."""


class Weapon(TableModel):
    """A row of the weapon chart (NOTES; ZEF-18, ZEF-38, ZEF-45).

    `initiative` is the bonus from the second turn on; `initiative_first`, where the chart
    says "x/y", the bonus in the first turn only (ZEF-18).  `damage_two_handed` is the
    "(+n)" a weapon gives held in both hands.  `ranges_ft` are short/medium/long for a
    weapon that leaves the hand (ZEF-38).  `reach_ft` is ruled (ZEF-02, R-ZEF-REACH)."""

    name: str
    damage: int = Field(0, ge=-5, le=5)  # Damage Bonus (ZEF-45)
    damage_two_handed: int | None = Field(None, ge=-5, le=5)
    initiative: int = Field(0, ge=-9, le=9)  # Initiative Bonus (ZEF-18)
    initiative_first: int | None = Field(None, ge=-9, le=9)
    hands: Literal[1, 2] = 1  # R-ZEF-HANDS: two for the great weapons and bows
    either_hands: bool = False  # held in one hand or two (bastard sword, fork)
    reach_ft: int = Field(5, ge=0, le=30)  # ZEF-02, R-ZEF-REACH
    ranges_ft: Annotated[tuple[int, ...], BeforeValidator(as_tuple)] = ()  # ZEF-38
    reload_turns: int = Field(0, ge=0, le=10)  # the arbalest's three turns to load
    melee: bool = True  # false for a bow, a sling: no blows with it
    mounted_only: bool = False  # the lances
    no_damage: bool = False  # the man-catcher traps, it does not wound (NOTES)
    unseat_percent: int = Field(0, ge=0, le=100)  # the fork's 10 % to unseat a rider
    brawling: bool = False  # fists and feet: −2 damage, the brawling wounds (ZEF-26)

    @model_validator(mode="after")
    def _ranges(self) -> Weapon:
        if self.ranges_ft and (len(self.ranges_ft) != 3
                               or not 0 < self.ranges_ft[0] <= self.ranges_ft[1]
                               <= self.ranges_ft[2]):
            raise FieldProblem("ranges_ft", "give short, medium and long range in feet, "
                               "rising, like [50, 110, 200]")
        if not self.melee and not self.ranges_ft:
            raise FieldProblem("melee", "a weapon that is not for melee needs ranges_ft")
        return self

    @property
    def missile(self) -> bool:
        """Whether it can leave the hand (ZEF-38)."""
        return bool(self.ranges_ft)

    def initiative_bonus(self, turn: int) -> int:
        """ZEF-18: "x/y" is x in the first turn only and y after."""
        if turn <= 1 and self.initiative_first is not None:
            return self.initiative_first
        return self.initiative

    def damage_bonus(self, two_handed: bool) -> int:
        if two_handed and self.damage_two_handed is not None:
            return self.damage_two_handed
        return self.damage


class ArmourPiece(TableModel):
    """One piece of armour (ZEF-47, ZEF-49, ZEF-50): the areas it covers, with the part of
    each it covers ("whole", or a named part such as "thigh" or "shin"), its protection and
    its movement penalty.  Pieces covering different parts of one area add up; two pieces
    over the same part, or a whole-area piece with anything, do not (ZEF-47)."""

    name: str
    covers: dict[Area, Key]
    protection: int = Field(ge=0, le=10)
    move: int = Field(0, ge=-5, le=0)  # ZEF-49: taken off Movement and General Prowess

    @model_validator(mode="after")
    def _covers(self) -> ArmourPiece:
        if not self.covers:
            raise FieldProblem("covers", "a piece of armour covers at least one area")
        return self


class Shield(TableModel):
    """A shield (ZEF-48): its rating, added to the armour of a location on its side, once a
    turn; its movement penalty (ruled, R-ZEF-ARMOUR)."""

    name: str
    protection: int = Field(ge=0, le=10)
    move: int = Field(0, ge=-5, le=0)


class Talents(TableModel):
    """A figure's Talent ratings (Using Talent Pools).  `fighting` holds per-weapon Fighting
    ratings (Dirk Fighting 7 …), keyed by weapon; ZEF-05 takes the higher of that and General
    Fighting."""

    general_fighting: int = Field(0, ge=-10, le=40)
    fighting: dict[Key, int] = Field(default_factory=dict)
    movement: int = Field(0, ge=-10, le=40)
    general_prowess: int = Field(0, ge=-10, le=40)
    animal_reflexes: int = Field(0, ge=-10, le=40)
    wrestling: int | None = Field(None, ge=-10, le=40)  # None: no Wrestling talent
    two_weapons: bool = False  # the two-weapon fighting talent (ZEF-32)
    strength: int = Field(0, ge=0, le=99)
    damage: int = Field(1, ge=1, le=99)
    general_endurance: int = Field(0, ge=-10, le=40)
    will: int = Field(0, ge=-10, le=40)

    def weapon_rating(self, weapon: str | None) -> int:
        """ZEF-05: the higher of the weapon's Fighting rating and General Fighting; with no
        rating for the weapon, General Fighting."""
        own = self.fighting.get(weapon) if weapon else None
        return max(own, self.general_fighting) if own is not None else self.general_fighting

    def wrestling_rating(self) -> int:
        """ZEF-27 with ZEF-05: Wrestling, or General Fighting if that is higher or he has no
        Wrestling talent (EX-ZEF-01: Esmis wrestles on his General Fighting 2)."""
        w = self.wrestling
        return max(w, self.general_fighting) if w is not None else self.general_fighting

    def agility(self) -> int:
        """Animal Reflexes or General Prowess, whichever is higher: what surprise (ZEF-12),
        waiting (ZEF-20) and extra actions (ZEF-22) check against."""
        return max(self.animal_reflexes, self.general_prowess)

    def dodge(self) -> int:
        """Movement or General Prowess, whichever is higher: what an attacker subtracts
        (ZEF-06, R-ZEF-DODGE), before armour's penalty."""
        return max(self.movement, self.general_prowess)

    def strength_bonus(self) -> int:
        """ZEF-46: +1 damage in melee for every 10 points of Strength (25 → +2)."""
        return self.strength // 10


class Wound(TableModel):
    """A specific wound (ZEF-55, R-ZEF-WOUNDS): its name, the colour that avoids it, what it
    does (`shift`: columns on all his checks, for the "shift" effect)."""

    name: str
    avoid: Literal["green", "yellow", "orange", "red"]
    effect: Literal["unconscious", "knocked_down", "maimed", "lamed", "shift"]
    shift: int = Field(0, ge=-10, le=0)

    @model_validator(mode="after")
    def _shift(self) -> Wound:
        if (self.effect == "shift") != (self.shift != 0):
            raise FieldProblem("shift", 'a "shift" wound needs a shift below 0, and only it')
        return self


class WoundChart(TableModel):
    """ZEF-55: one wound per aiming point for armed blows, and the brawling set (ZEF-26)."""

    armed: dict[Area, Wound]
    brawling: dict[Area, Wound]

    @model_validator(mode="after")
    def _whole(self) -> WoundChart:
        for kind in ("armed", "brawling"):
            missing = [a for a in AREAS if a not in getattr(self, kind)]
            if missing:
                raise FieldProblem(kind, f"no wound for {', '.join(missing)}")
        return self


class UnitTemplate(TableModel):
    """A kind of figure a scenario can place, fully equipped (R-ZEF-TEMPLATES)."""

    name: str
    art: Glyph
    rank: Rank = "enemy"
    talents: Talents
    weapon: Key | None = None  # None: fists (brawling, ZEF-26)
    offhand: Key | None = None  # a second weapon (ZEF-32)
    missile: Key | None = None
    armour: Annotated[tuple[Key, ...], BeforeValidator(as_tuple)] = ()
    shield: Key | None = None
    mounted: bool = False
    size: Literal["man", "large"] = "man"

    @property
    def hp(self) -> int:
        """The figure's Damage rating, which is what wounds take away (ZEF-51)."""
        return self.talents.damage
