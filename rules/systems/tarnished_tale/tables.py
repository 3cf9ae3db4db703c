"""Tarnished Tale's data tables, loaded from the editable ``data.toml`` beside this module.

Why it is built this way: the "Attacking" page has no numbers for weapons, armour, the
contest's criticals or its boons and banes; NOTES.md recovered a few (d%, skills cap at 99,
max HP = Hardiness), and every other value is a ruling ``R-TT-...`` of docs/RULINGS.md kept
here as data, so a GM edits it without touching code.  Cross-checks (a figure naming a
weapon the table lacks, a bow in the melee hand) point at the exact key.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import model_validator

from rules.data import FieldProblem, Key, TableModel
from rules.data import unknown_reference as _unknown
from rules.systems.tarnished_tale.catalogue import Armour, Shield, UnitTemplate, Weapon
from rules.systems.tarnished_tale.config import Config
from rules.tables_base import DataFile

__all__ = ["DEFAULT_DATA_PATH", "TTTables", "load_tables"]

DEFAULT_DATA_PATH = Path(__file__).with_name("data.toml")


class TTTables(TableModel):
    """Everything in data.toml, cross-checked."""

    config: Config
    weapons: dict[Key, Weapon]
    shields: dict[Key, Shield]
    armour: dict[Key, Armour]
    units: dict[Key, UnitTemplate]

    @model_validator(mode="after")
    def _cross_references(self) -> TTTables:
        if "fists" not in self.weapons or self.weapons["fists"].missile:
            raise FieldProblem("weapons", 'needs "fists", the bare hands of the disarmed '
                               "(R-TT-DISARM)")
        for uid, u in self.units.items():
            at = f"units.{uid}"
            for slot, table, kind in (("weapon", self.weapons, "weapon"),
                                      ("missile", self.weapons, "weapon"),
                                      ("shield", self.shields, "shield"),
                                      ("armour", self.armour, "armour")):
                key = getattr(u, slot)
                if key is not None and key not in table:
                    raise FieldProblem(f"{at}.{slot}", _unknown(kind, key, table))
            if u.weapon is not None and self.weapons[u.weapon].missile:
                raise FieldProblem(f"{at}.weapon", f'"{u.weapon}" is shot, not swung')
            if u.missile is not None and not self.weapons[u.missile].missile:
                raise FieldProblem(f"{at}.missile", f'"{u.missile}" has no range')
            if u.missile is not None and u.shoot == 0:
                raise FieldProblem(f"{at}.shoot", "a figure with a missile weapon needs "
                                   "its skill")
        return self

    def weapon(self, key: str | None) -> Weapon:
        """A weapon by key; None or "" is the bare hands."""
        return self.weapons[key or "fists"]


DATA = DataFile(DEFAULT_DATA_PATH, TTTables)


def load_tables(path: Path | None = None) -> TTTables:
    """The shipped tables (loaded once) or a GM's file (read afresh); raises
    :class:`rules.data.DataError` naming the file and the place."""
    return DATA.load(path)
