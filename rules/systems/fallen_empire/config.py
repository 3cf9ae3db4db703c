"""Fallen Empire's GM options: every value of data.toml's ``[config]`` that a GM (or a
scenario's ``options``) may change, and the scale that turns the text's inches into hexes.

Why this module exists: the text names many values without numbers; each field here names
beside it the clause it sets or the ruling (``R-FE-...``, docs/RULINGS.md) that chose its
value, so the list of what a GM may change reads as one page, apart from the table rows
(catalogue.py) and the matrix (matrix.py).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, model_validator

from rules.data import Dice, DiceRule, FieldProblem, TableModel, as_tuple, dice_where, parse_dice
from rules.systems.fallen_empire.matrix import UnitKind

__all__ = ["Config", "D6Faces", "ModeOptions", "move_hexes"]


def move_hexes(inches: int, feet_per_inch: int, feet_per_hex: int) -> int:
    """Scale inches → whole hexes, rounding down (a figure never moves farther than allowed).

    With R-FE-SCALE (1" = 5 ft, 5-ft hexes) an inch is a hex; with OD&D's indoor 10 ft per
    inch a 12" man covers 24 hexes.  Integer floor division keeps results exact.
    """
    if inches < 0 or feet_per_inch < 1 or feet_per_hex < 1:
        raise ValueError(
            f"move_hexes needs inches >= 0 and positive scales, not "
            f"{inches}, {feet_per_inch}, {feet_per_hex}"
        )
    return (inches * feet_per_inch) // feet_per_hex


D6Faces = Annotated[tuple[Annotated[int, Field(ge=1, le=6)], ...], BeforeValidator(as_tuple)]

_Model = TableModel

# R-FLANK-OPTION-DICE: dice a rule needs in a particular shape, so a GM option (the data
# file, a scenario's `option.<key>`, the Rulings dialog) cannot ask for what the rule cannot
# throw.
# FE-02 reads the surprise die's faces (`surprise_on`, faces of a d6), so it is one d6.
SurpriseDie = dice_where(DiceRule("one d6, with any bonus, like 1d6 (FE-02)",
                                  sides=frozenset({6}), count=1))
# Healing restores hit points and never takes them away (FE-37, FE-38, R-FE-POTION).
Healing = dice_where(DiceRule("dice that never give less than 0, like 1d3 or 1d6+1",
                              lowest=0))
# FE-35: the knocked-out figure "will wake up with 1-3 hit points": at least 1.
WakeHP = dice_where(DiceRule("dice that give at least 1, like 1d3 (FE-35)", lowest=1))
# FE-35: "in 1-3 Turns"; none at all is the GM's to allow, fewer than none is not a time.
WakeTurns = dice_where(DiceRule("dice that never give less than 0, like 1d3 (FE-35)",
                                lowest=0))


class Config(_Model):
    """Every value a GM may change.  Defaults equal the shipped data.toml (a test checks it);
    the TOML comments name the checklist item or ruling behind each one."""

    feet_per_inch: int = Field(5, ge=1, le=100)  # R-FE-SCALE
    feet_per_hex: int = Field(5, ge=1, le=100)  # R-FE-SCALE (README: one hex is 5 ft)
    free_move_fraction_num: int = Field(1, ge=0, le=100)  # FE-08
    free_move_fraction_den: int = Field(3, ge=1, le=100)
    charge_min_fraction_num: int = Field(1, ge=0, le=100)  # FE-16
    charge_min_fraction_den: int = Field(2, ge=1, le=100)
    surprise_enabled: bool = True  # FE-02
    surprise_dice: SurpriseDie = parse_dice("1d6")  # FE-02
    surprise_on: D6Faces = (5, 6)  # FE-02
    surprise_bonus: int = Field(1, ge=-10, le=10)  # FE-03
    initiative_dice: Dice = parse_dice("1d6")  # FE-07
    morale_enabled: bool = True  # FE-04/FE-05
    morale_dice: Dice = parse_dice("2d6")  # R-FE-MORALE: pass on <= score
    charge_hit: int = Field(2, ge=-10, le=10)  # FE-17
    charge_ac_penalty: int = Field(2, ge=-10, le=10)  # FE-17 reading (a): AC 2 worse
    set_spear_double: Literal["dice", "total"] = "dice"  # FE-19 reading (a)
    rear_hit: int = Field(2, ge=-10, le=10)  # FE-20
    mounted_hit: int = Field(2, ge=-10, le=10)  # FE-24
    mounted_dmg: int = Field(2, ge=-10, le=10)  # FE-24
    lance_extra_reach_ft: int = Field(10, ge=0, le=30)  # FE-25
    horse_archery_hit: int = Field(-1, ge=-10, le=10)  # FE-26
    surround_bonus: int = Field(1, ge=-10, le=10)  # FE-29
    surround_threshold: int = Field(3, ge=1, le=8)  # FE-29 reading (a): 3 of 6 places
    man_surround_limit: int = Field(6, ge=1, le=12)  # FE-27
    large_surround_limit: int = Field(8, ge=1, le=24)  # FE-27
    subdual_hit: int = Field(-2, ge=-10, le=10)  # FE-34
    subdual_wake_hp: WakeHP = parse_dice("1d3")  # FE-35
    subdual_wake_turns: WakeTurns = parse_dice("1d3")  # FE-35
    cover_hits_cover_on: D6Faces = (1, 2, 3)  # FE-21
    heal_trail: Healing = parse_dice("1")  # FE-37, per night on the trail
    heal_rest: Healing = parse_dice("1d3")  # FE-37, per night of bed rest
    bandage_heal: int = Field(1, ge=0, le=100)  # FE-38
    bandage_expended_on: D6Faces = (1,)  # FE-38
    dying_floor: int = Field(-10, ge=-1000, le=-1)  # FE-40 reading (a): below it is dead
    crawl_ft: int = Field(10, ge=0, le=100)  # FE-40
    con_check_dice: Dice = parse_dice("1d20")  # R-FE-CON-CHECK: pass on <= CON
    potion_heal: Healing = parse_dice("1d6+1")  # R-FE-POTION
    natural_20_hits: bool = True  # R-FE-NATURAL
    natural_1_misses: bool = True  # R-FE-NATURAL
    spell_disrupted_by: Literal["missile", "missile_or_melee"] = "missile"  # FE-10 reading (a)
    shieldmates_stack: bool = False  # R-FE-SHIELDMATE-STACK

    @model_validator(mode="after")
    def _fractions(self) -> Config:
        for name in ("free_move_fraction", "charge_min_fraction"):
            if getattr(self, f"{name}_num") > getattr(self, f"{name}_den"):
                raise FieldProblem(f"{name}_num", "a fraction of the move cannot exceed 1")
        return self

    def hexes(self, inches: int) -> int:
        """Scale inches → hexes on this board (floor)."""
        return move_hexes(inches, self.feet_per_inch, self.feet_per_hex)

    def free_move_hexes(self, base_move_in: int) -> int:
        """FE-08/FE-13: the most a figure may move and still act (or withdraw), rounded down."""
        feet = base_move_in * self.feet_per_inch * self.free_move_fraction_num
        return feet // (self.free_move_fraction_den * self.feet_per_hex)

    def charge_min_hexes(self, base_move_in: int) -> int:
        """FE-16: "at least half his base full move", so the fraction is rounded up."""
        feet = base_move_in * self.feet_per_inch * self.charge_min_fraction_num
        return -(-feet // (self.charge_min_fraction_den * self.feet_per_hex))


class ModeOptions(_Model):
    """A scenario's options that choose the mode and shape the joust (FE-44..FE-54).  They are
    options of one battle, not rulings of the data file, so they are not in `[config]` or the
    Rulings dialog; joust_mode.py reads them (None: its default).  Checked like the rulings,
    by type and range, as the battle starts (R-FLANK-OPTIONS)."""

    mode: Literal["skirmish", "joust"] = "skirmish"
    joust_max_throws: int | None = Field(None, ge=1, le=1000)  # R-FE-JOUST-RIDES: None is (a)
    joust_helm_tipping: bool = False  # FE-52
    joust_stakes: Literal["none", "black_knight"] = "none"  # FE-54, R-FE-JOUST-STAKES
    joust_entrant_kinds: Annotated[tuple[UnitKind, ...], BeforeValidator(as_tuple),
                                   Field(min_length=1)] | None = None  # R-FE-JOUST-ENTRANT
