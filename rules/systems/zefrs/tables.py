"""ZeFRS data tables: the resolution chart, weapons, armour, shields, figures and the GM
options, loaded from the editable ``data.toml`` beside this module.

Why it is built this way: the text (seed 002) lost the numbers of its tables.  What NOTES.md
recovered is quoted in data.toml; every other number is a ruling ``R-ZEF-...`` of
docs/RULINGS.md and lives there as data, so a GM changes it without touching code.  Models are
strict, closed and frozen like the other rulesets': a misspelt key or a ``"3"`` where a
number belongs is one clear :class:`rules.data.DataError` naming file and place.  Checks
across tables (a figure naming a weapon the chart lacks, two pieces on one area, a shield
with a two-handed weapon: hands.py's one check, ZEF-32) run when :class:`ZefTables` is built
and point at the exact key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import BeforeValidator, model_validator

from rules.data import FieldProblem, Key, TableModel, as_tuple, carried_weapons
from rules.data import unknown_reference as _unknown
from rules.systems.zefrs.armour import kit, protection_by_area
from rules.systems.zefrs.catalogue import (
    Area,
    ArmourPiece,
    Shield,
    UnitTemplate,
    Weapon,
    WoundChart,
)
from rules.systems.zefrs.chart import Chart
from rules.systems.zefrs.config import Config
from rules.systems.zefrs.hands import hands_refusal
from rules.tables_base import DataFile

__all__ = ["DEFAULT_DATA_PATH", "Config", "ZefTables", "load_tables"]

DEFAULT_DATA_PATH = Path(__file__).with_name("data.toml")


class ZefTables(TableModel):
    """Everything in data.toml, cross-checked."""

    config: Config
    chart: Chart
    weapons: dict[Key, Weapon]
    improvised: dict[Key, Key]
    hit_location: dict[Area, Annotated[tuple[int, ...], BeforeValidator(as_tuple)]]
    wounds: WoundChart
    armour: dict[Key, ArmourPiece]
    shields: dict[Key, Shield]
    units: dict[Key, UnitTemplate]

    @model_validator(mode="after")
    def _cross_references(self) -> ZefTables:
        if "fists" not in self.weapons or not self.weapons["fists"].brawling:
            raise FieldProblem("weapons", 'needs "fists", a brawling weapon (ZEF-26)')
        for key, like in self.improvised.items():
            if like not in self.weapons:
                raise FieldProblem(f"improvised.{key}", _unknown("weapon", like, self.weapons))
        faces = sorted(f for fs in self.hit_location.values() for f in fs)
        if faces != list(range(1, 11)):
            raise FieldProblem("hit_location", "the seven areas must share the faces of a "
                               "d10, 1 to 10, each once (ZEF-39)")
        for uid, u in self.units.items():
            self._check_unit(f"units.{uid}", u)
        return self

    def _check_unit(self, at: str, u: UnitTemplate) -> None:
        for slot, key, w in carried_weapons(at, u, self.weapons):
            if slot == "missile" and not w.missile:
                raise FieldProblem(f"{at}.missile", f'"{key}" has no ranges: it is not thrown '
                                   "or shot (ZEF-38)")
            if slot != "missile" and not w.melee:
                raise FieldProblem(f"{at}.{slot}", f'"{key}" is not a melee weapon')
            if w.mounted_only and not u.mounted:
                raise FieldProblem(f"{at}.{slot}", f'"{key}" is used from the saddle '
                                   "(R-ZEF-LANCES)")
        for key in u.talents.fighting:
            if key not in self.weapons:
                raise FieldProblem(f"{at}.talents.fighting.{key}",
                                   _unknown("weapon", key, self.weapons))
        for i, key in enumerate(u.armour):
            if key not in self.armour:
                raise FieldProblem(f"{at}.armour[{i}]", _unknown("armour", key, self.armour))
        try:
            protection_by_area(kit(u.armour, self.armour))
        except ValueError as exc:
            raise FieldProblem(f"{at}.armour", str(exc)) from None
        if u.shield is not None and u.shield not in self.shields:
            raise FieldProblem(f"{at}.shield", _unknown("shield", u.shield, self.shields))
        hands = hands_refusal(u.weapon, u.offhand, u.shield, u.talents.two_weapons,
                              self.weapons, self.shields)  # ZEF-32, R-ZEF-HANDS
        if hands is not None:
            raise FieldProblem(f"{at}.{hands[0]}", hands[1])

    # --- reading ----------------------------------------------------------------------------
    def location(self, face: int) -> str:
        """The area a missile lands on for a d10 face (ZEF-39, R-ZEF-HIT-LOCATION)."""
        return next(a for a, fs in self.hit_location.items() if face in fs)

    def weapon(self, key: str | None) -> Weapon:
        """A weapon by key; None is the bare fists (ZEF-26)."""
        return self.weapons[key or "fists"]


DATA = DataFile(DEFAULT_DATA_PATH, ZefTables)


def load_tables(path: Path | None = None) -> ZefTables:
    """Load and check the ZeFRS tables (the shipped file once, a GM's afresh); raises
    :class:`rules.data.DataError`."""
    return DATA.load(path)
