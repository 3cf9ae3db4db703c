"""Fallen Empire data tables: weapons, armour, shields, spells, figures, attack matrix, saves, GM
options, loaded from the editable ``data.toml`` beside this module.

Why it is built this way:

* "All the Fighting Rules" points at the OD&D attack matrices and saving throws on the
  Referee's Screen (FE-01, FE-41) and names many values without numbers.  Every such value is a
  ruling (``R-FE-...``, see docs/RULINGS.md) and lives in ``data.toml``, so a GM can change it
  without touching code; the models here only say what shape the data must have.
* The models are strict (``strict=True``: ``hp = "5"`` or ``two_handed = 1`` is an error, not
  silently converted), closed (``extra="forbid"``: a misspelt key is an error) and frozen.
  Sequences are tuples so a loaded table cannot be changed behind the cache's back.
* Checks that need more than one table (a figure naming an unknown weapon, a lance on a man
  on foot) run when :class:`FETables` is built, and report the exact place through
  :class:`rules.data.FieldProblem`, so the GM sees ``units.orc.weapon: names weapon "spaer" ...``.
* Armour class is descending, as in OD&D: 9 is unarmoured, lower is better.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BeforeValidator, Field, model_validator

from rules.data import Dice, FieldProblem, Glyph, Key, TableModel, as_tuple, parse_dice
from rules.data import unknown_reference as _unknown
from rules.tables_base import DataFile

__all__ = [
    "DEFAULT_DATA_PATH", "MONSTER_TABLE", "UNIT_KINDS", "Armour", "AttackMatrix", "Config",
    "FETables", "HDBand", "MatrixBand", "SaveBand", "Saves", "Shield", "Spell", "UnitKind",
    "UnitTemplate", "Weapon", "hd_level", "hd_rank", "load_tables", "move_hexes",
    "parse_hit_dice",
]

DEFAULT_DATA_PATH = Path(__file__).with_name("data.toml")

UnitKind = Literal[
    "fighting-man", "man-at-arms", "demi-man", "magic-user", "cleric", "thief", "normal-man",
    "monster",
]
UNIT_KINDS: tuple[str, ...] = get_args(UnitKind)

MONSTER_TABLE = "monster"
"""The family name that sends a figure to the hit-dice table instead of a level table."""


# --------------------------------------------------------------------------------------------
# Small helpers and field types
# --------------------------------------------------------------------------------------------


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


_HD_RE = re.compile(r"(\d{1,2})(?:([+-])(\d{1,2}))?")


def parse_hit_dice(text: str) -> tuple[int, int]:
    """OD&D hit dice → ``(dice, adds)``: ``"4+1"`` → (4, 1), ``"1-1"`` → (1, -1).

    ``"1/2"`` → ``(0, 0)``: half a die, which sorts below ``1-1`` as it should.
    """
    text = text.strip()
    if text == "1/2":
        return (0, 0)
    m = _HD_RE.fullmatch(text)
    if not m or int(m[1]) < 1:
        raise ValueError(f'"{text}" is not OD&D hit dice like "1", "1+1", "1-1", "4+1" or "1/2"')
    adds = int(m[3]) * (-1 if m[2] == "-" else 1) if m[3] else 0
    return (int(m[1]), adds)


def hd_rank(hit_dice: str | int) -> tuple[int, int]:
    """Comparable strength for the matrix bands: ``(dice, sign of adds)``.

    Only the sign of the adds matters (R-FE-MATRIX): "1+2" is in the "1+1" band, "3+1" is past
    "3" and so falls in "3+ to 4".
    """
    dice, adds = parse_hit_dice(str(hit_dice))
    return (dice, (adds > 0) - (adds < 0))


def hd_level(hit_dice: str | int) -> int:
    """Hit dice rounded up, at least 1: the Fighting-Man level a monster saves as (R-FE-SAVES)."""
    dice, adds = parse_hit_dice(str(hit_dice))
    return max(1, dice + (1 if adds > 0 else 0))




def _check_hd(text: str) -> str:
    parse_hit_dice(text)
    return text



HitDice = Annotated[str, AfterValidator(_check_hd)]
D6Faces = Annotated[tuple[Annotated[int, Field(ge=1, le=6)], ...], BeforeValidator(as_tuple)]


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


# --------------------------------------------------------------------------------------------
# Attack matrix and saving throws
# --------------------------------------------------------------------------------------------


class MatrixBand(_Model):
    """Levels up to ``max_level`` (inclusive; omitted = and up) need ``ac9`` to hit AC 9."""

    max_level: int | None = Field(None, ge=0, le=100)
    ac9: int = Field(ge=-30, le=40)


class HDBand(_Model):
    """Hit dice up to ``max_hd`` (inclusive, OD&D notation; omitted = and up) need ``ac9``."""

    max_hd: HitDice | None = None
    ac9: int = Field(ge=-30, le=40)


class SaveBand(_Model):
    """Levels up to ``max_level`` (inclusive; omitted = and up) save on ``death`` or more."""

    max_level: int | None = Field(None, ge=0, le=100)
    death: int = Field(ge=1, le=30)


def _check_bands(bands: tuple[Any, ...], where: str, key: Any) -> None:
    """Bands must rise strictly, and only the last one may be open-ended (and it must be)."""
    if not bands:
        raise FieldProblem(where, "needs at least one band")
    last = None
    for i, band in enumerate(bands):
        top = getattr(band, "max_level", None) if key is None else key(band)
        if i == len(bands) - 1:
            if top is not None:
                raise FieldProblem(f"{where}.{i}", "the last band must be open-ended: omit max")
        elif top is None:
            raise FieldProblem(f"{where}.{i}", "only the last band may be open-ended")
        elif last is not None and top <= last:
            raise FieldProblem(f"{where}.{i}", "bands must rise: this max is not above the last")
        last = top


def _hd_top(band: HDBand) -> tuple[int, int] | None:
    return None if band.max_hd is None else hd_rank(band.max_hd)


def _band_for(bands: tuple[Any, ...], value: Any, top: Any) -> Any:
    for band in bands:
        limit = top(band)
        if limit is None or value <= limit:
            return band
    raise AssertionError("bands end with an open-ended band")  # guaranteed by _check_bands


def _families(family: Mapping[str, str], tables: Mapping[str, Any], what: str) -> None:
    for kind in UNIT_KINDS:
        if kind not in family:
            raise FieldProblem(f"family.{kind}", f"every kind of figure needs a {what} table")
    for kind, name in family.items():
        if name != MONSTER_TABLE and name not in tables:
            raise FieldProblem(f"family.{kind}", _unknown(f"{what} table", name, tables))


def _level(kind: str, level_or_hd: int | str | None) -> int:
    if isinstance(level_or_hd, str):
        raise ValueError(f"a {kind} has a level, not hit dice {level_or_hd!r}")
    return max(1, level_or_hd or 0)  # level 0 (normal men) uses the level-1 band


class AttackMatrix(_Model):
    """OD&D attack matrices (FE-01, R-FE-MATRIX): the d20 roll needed to hit AC 9 by band.

    Needed vs AC n = needed vs AC 9 + (9 - n), continued past 20 and below 1 without the OD&D
    repeated 20s; natural 20 / natural 1 are the GM options of R-FE-NATURAL.
    """

    family: dict[UnitKind, str]  # which table each kind of figure uses ("monster" = by HD)
    men: dict[Key, Annotated[tuple[MatrixBand, ...], BeforeValidator(as_tuple)]]
    monsters: Annotated[tuple[HDBand, ...], BeforeValidator(as_tuple)]

    @model_validator(mode="after")
    def _consistent(self) -> AttackMatrix:
        for name, bands in self.men.items():
            _check_bands(bands, f"men.{name}", None)
        _check_bands(self.monsters, "monsters", _hd_top)
        _families(self.family, self.men, "matrix")
        return self

    def needed_vs_ac9(self, attacker_kind: str, level_or_hd: int | str | None) -> int:
        table = self.family.get(attacker_kind)  # type: ignore[call-overload]
        if table is None:
            raise ValueError(f"unknown kind of figure {attacker_kind!r}")
        if table == MONSTER_TABLE:
            if level_or_hd is None:
                raise ValueError("a monster's attack needs its hit dice")
            band = _band_for(self.monsters, hd_rank(level_or_hd), _hd_top)
        else:
            band = _band_for(self.men[table], _level(attacker_kind, level_or_hd),
                             lambda b: b.max_level)
        return band.ac9

    def needed(self, attacker_kind: str, level_or_hd: int | str | None, target_ac: int) -> int:
        """The d20 roll (or more) to hit ``target_ac``; may be above 20 or below 2."""
        return self.needed_vs_ac9(attacker_kind, level_or_hd) + (9 - target_ac)


class Saves(_Model):
    """OD&D "Death Ray or Poison" saving throws, used for Save or Die (FE-41, R-FE-SAVES).

    Monsters save as Fighting-Men of their hit dice rounded up (at least 1).
    """

    family: dict[UnitKind, str]  # which table each kind uses
    death_ray: dict[Key, Annotated[tuple[SaveBand, ...], BeforeValidator(as_tuple)]]

    @model_validator(mode="after")
    def _consistent(self) -> Saves:
        for name, bands in self.death_ray.items():
            _check_bands(bands, f"death_ray.{name}", None)
        for kind, name in self.family.items():
            if name == MONSTER_TABLE:
                raise FieldProblem(f"family.{kind}", "saves use level tables; monsters save "
                                   "by a level table with hit dice rounded up")
        _families(self.family, self.death_ray, "save")
        return self

    def death(self, kind: str, level_or_hd: int | str | None) -> int:
        """The d20 roll (or more) that saves against death ray or poison."""
        table = self.family.get(kind)  # type: ignore[call-overload]
        if table is None:
            raise ValueError(f"unknown kind of figure {kind!r}")
        if kind == "monster":
            if level_or_hd is None:
                raise ValueError("a monster's save needs its hit dice")
            level = hd_level(level_or_hd)
        else:
            level = _level(kind, level_or_hd)
        return _band_for(self.death_ray[table], level, lambda b: b.max_level).death


# --------------------------------------------------------------------------------------------
# GM options
# --------------------------------------------------------------------------------------------


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
    surprise_dice: Dice = parse_dice("1d6")  # FE-02
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
    subdual_wake_hp: Dice = parse_dice("1d3")  # FE-35
    subdual_wake_turns: Dice = parse_dice("1d3")  # FE-35
    cover_hits_cover_on: D6Faces = (1, 2, 3)  # FE-21
    heal_trail: Dice = parse_dice("1")  # FE-37, per night on the trail
    heal_rest: Dice = parse_dice("1d3")  # FE-37, per night of bed rest
    bandage_heal: int = Field(1, ge=0, le=100)  # FE-38
    bandage_expended_on: D6Faces = (1,)  # FE-38
    dying_floor: int = Field(-10, ge=-1000, le=-1)  # FE-40 reading (a): below it is dead
    crawl_ft: int = Field(10, ge=0, le=100)  # FE-40
    con_check_dice: Dice = parse_dice("1d20")  # R-FE-CON-CHECK: pass on <= CON
    potion_heal: Dice = parse_dice("1d6+1")  # R-FE-POTION
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


# --------------------------------------------------------------------------------------------
# The whole file
# --------------------------------------------------------------------------------------------


class FETables(_Model):
    """Everything in data.toml, cross-checked."""

    weapons: dict[Key, Weapon]
    armours: dict[Key, Armour]
    shields: dict[Key, Shield]
    spells: dict[Key, Spell]
    units: dict[Key, UnitTemplate]
    matrix: AttackMatrix
    saves: Saves
    config: Config

    @model_validator(mode="after")
    def _cross_references(self) -> FETables:
        for uid, unit in self.units.items():
            at = f"units.{uid}"
            if unit.armour not in self.armours:
                raise FieldProblem(f"{at}.armour", _unknown("armour", unit.armour, self.armours))
            if unit.shield is not None and unit.shield not in self.shields:
                raise FieldProblem(f"{at}.shield", _unknown("shield", unit.shield, self.shields))
            for slot in ("weapon", "sidearm"):
                key = getattr(unit, slot)
                if key is None:
                    continue
                weapon = self.weapons.get(key)
                if weapon is None:
                    raise FieldProblem(f"{at}.{slot}", _unknown("weapon", key, self.weapons))
                if weapon.kind != "melee":
                    raise FieldProblem(f"{at}.{slot}", f'"{key}" is not a melee weapon')
                if weapon.lance and not unit.mounted:
                    raise FieldProblem(f"{at}.{slot}", "a lance is used only mounted (R-FE-LANCE)")
                if weapon.two_handed and unit.shield is not None and slot == "weapon":
                    raise FieldProblem(f"{at}.shield", f'cannot carry a shield with the '
                                       f'two-handed "{key}" (R-FE-TWO-HANDED)')
            if unit.missile is not None:
                missile = self.weapons.get(unit.missile)
                if missile is None:
                    raise FieldProblem(f"{at}.missile",
                                       _unknown("weapon", unit.missile, self.weapons))
                if missile.kind != "missile":
                    raise FieldProblem(f"{at}.missile", f'"{unit.missile}" is not a missile weapon')
                if unit.mounted and not missile.shortbow:
                    raise FieldProblem(f"{at}.missile",
                                       "only shortbows can be used from horseback (FE-26)")
            for i, spell in enumerate(unit.spells):
                if spell not in self.spells:
                    raise FieldProblem(f"{at}.spells.{i}", _unknown("spell", spell, self.spells))
        return self

    def unit(self, unit: str | UnitTemplate) -> UnitTemplate:
        """A template by id (KeyError naming the id if unknown), or the template itself."""
        if isinstance(unit, UnitTemplate):
            return unit
        try:
            return self.units[unit]
        except KeyError:
            raise KeyError(f"no unit template {unit!r}") from None

    def armour_class(self, unit: str | UnitTemplate, *, shield: bool = True,
                     dex: bool = True) -> int:
        """Base descending AC from armour, shield (FE-30) and DEX.

        ``shield=False``/``dex=False`` for a full retreat (FE-14) or a rear attack (FE-20).
        Charge, shieldmates and a spent magic shield are situational and left to the engine.
        """
        u = self.unit(unit)
        ac = self.armours[u.armour].ac
        if shield and u.shield is not None:
            ac -= self.shields[u.shield].bonus()
        if dex:
            ac += u.dex_ac
        return ac

    def to_hit(self, attacker: str | UnitTemplate, target_ac: int) -> int:
        """The d20 roll the attacker needs against ``target_ac`` before modifiers."""
        u = self.unit(attacker)
        return self.matrix.needed(u.kind, u.level_or_hd, target_ac)

    def death_save(self, unit: str | UnitTemplate) -> int:
        """The Save or Die target (FE-41)."""
        u = self.unit(unit)
        return self.saves.death(u.kind, u.level_or_hd)


# --------------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------------


DATA = DataFile(DEFAULT_DATA_PATH, FETables)


def load_tables(path: Path | None = None) -> FETables:
    """Load and check the Fallen Empire tables (the shipped file once, a GM's afresh); raises
    :class:`rules.data.DataError`."""
    return DATA.load(path)
