"""Empress data tables: attribute modifiers (Table II), Coverage (Table V), Protection
(Table VI), shield interception (Table VII), weapons, armours, shields, figures and the GM
options, loaded from the editable ``data.toml`` beside this module.

This module is the whole file (:class:`EmpTables`), its cross-table checks and its loading;
the models of its rows are in catalogue.py and the GM options in config.py.

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
from typing import Annotated

from pydantic import BeforeValidator, model_validator

from rules.data import FieldProblem, Key, TableModel, as_tuple, carried_weapons
from rules.data import unknown_reference as _unknown
from rules.systems.empress.catalogue import (
    PERKS,
    SIZE_CLASSES,
    Armour,
    Interception,
    ModifierBand,
    Shield,
    ShieldSize,
    UnitTemplate,
    Weapon,
    attribute_modifier,
)
from rules.systems.empress.config import Config
from rules.tables_base import DataFile

# SIZE_CLASSES and Config are named here too because the tests read them from here.
__all__ = ["DEFAULT_DATA_PATH", "SIZE_CLASSES", "Config", "EmpTables", "load_tables"]

DEFAULT_DATA_PATH = Path(__file__).with_name("data.toml")

_Model = TableModel


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
            for slot, key, row in carried_weapons(at, u, self.weapons):
                kind = row.kind
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
