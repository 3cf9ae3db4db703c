"""Fallen Empire data tables: weapons, armour, shields, spells, figures, attack matrix, saves, GM
options, loaded from the editable ``data.toml`` beside this module.

This module is the whole file (:class:`FETables`), its cross-table checks and its loading;
the models of its rows are in catalogue.py, the attack matrix and saves in matrix.py and the
GM options in config.py.

Why it is built this way:

* "All the Fighting Rules" points at the OD&D attack matrices and saving throws on the
  Referee's Screen (FE-01, FE-41) and names many values without numbers.  Every such value is a
  ruling (``R-FE-...``, see docs/RULINGS.md) and lives in ``data.toml``, so a GM can change it
  without touching code; the models only say what shape the data must have.
* The models are strict (``strict=True``: ``hp = "5"`` or ``two_handed = 1`` is an error, not
  silently converted), closed (``extra="forbid"``: a misspelt key is an error) and frozen.
  Sequences are tuples so a loaded table cannot be changed behind the cache's back.
* Checks that need more than one table (a figure naming an unknown weapon, a lance on a man
  on foot) run when :class:`FETables` is built, and report the exact place through
  :class:`rules.data.FieldProblem`, so the GM sees ``units.orc.weapon: names weapon "spaer" ...``.
* Armour class is descending, as in OD&D: 9 is unarmoured, lower is better.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import model_validator

from rules.data import FieldProblem, Key, TableModel
from rules.data import unknown_reference as _unknown
from rules.systems.fallen_empire.catalogue import Armour, Shield, Spell, UnitTemplate, Weapon
from rules.systems.fallen_empire.config import Config, move_hexes
from rules.systems.fallen_empire.matrix import (
    UNIT_KINDS,
    AttackMatrix,
    Saves,
    hd_level,
    hd_rank,
    parse_hit_dice,
)
from rules.tables_base import DataFile

# The scale and hit-dice helpers and UNIT_KINDS are named here too: the tests read them here.
__all__ = [
    "DEFAULT_DATA_PATH", "UNIT_KINDS", "Config", "FETables", "hd_level", "hd_rank",
    "load_tables", "move_hexes", "parse_hit_dice",
]

DEFAULT_DATA_PATH = Path(__file__).with_name("data.toml")

_Model = TableModel


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
