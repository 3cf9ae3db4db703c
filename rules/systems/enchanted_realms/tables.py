"""Enchanted Realms' data tables: weapons, skills, steeds, the potion, creatures and the GM
options, loaded from the editable ``data.toml`` beside this module.

Why it is built this way: the text (seed 003) gives no numbers for its tables.  What NOTES.md
recovered is quoted in data.toml; every other number is a ruling ``R-ER-...`` of
docs/RULINGS.md and lives there as data, so a GM changes it without touching code.  Models
are strict, closed and frozen; checks across tables (a creature naming a weapon the file
lacks) run here and point at the exact key.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import model_validator

from rules.data import FieldProblem, Key, TableModel, carried_weapons
from rules.data import unknown_reference as _unknown
from rules.systems.enchanted_realms.catalogue import Potion, Skill, Steed, UnitTemplate, Weapon
from rules.systems.enchanted_realms.config import Config
from rules.tables_base import DataFile

__all__ = ["DEFAULT_DATA_PATH", "KNOWN_SKILLS", "ErTables", "load_tables"]

DEFAULT_DATA_PATH = Path(__file__).with_name("data.toml")

KNOWN_SKILLS = ("shield_use", "shield_blitz", "spinning_moves", "two_handed_fighting",
                "mountsmanship", "field_medicine")
"""Skills the code knows by key (ER-05, -06, -16, -17, ER-02): the file must have them."""


class ErTables(TableModel):
    config: Config
    weapons: dict[Key, Weapon]
    skills: dict[Key, Skill]
    potion: Potion
    steeds: dict[Key, Steed]
    units: dict[Key, UnitTemplate]

    @model_validator(mode="after")
    def _cross_references(self) -> ErTables:
        for key in ("fists", "shield"):
            if key not in self.weapons:
                raise FieldProblem("weapons", f'needs "{key}"')
        for key in KNOWN_SKILLS:
            if key not in self.skills:
                raise FieldProblem("skills", f'needs "{key}" (the rules use it by name)')
        if self.skills["field_medicine"].heal is None:
            raise FieldProblem("skills.field_medicine", "needs heal, the dice it restores")
        for uid, u in self.units.items():
            at = f"units.{uid}"
            for slot, key, row in carried_weapons(at, u, self.weapons):
                if (slot == "missile") != row.ranged:
                    raise FieldProblem(f"{at}.{slot}", f'"{key}" is '
                                       + ("not a missile" if slot == "missile" else
                                          "a missile: it goes in missile"))
            if u.in_hand == "missile" and u.missile is None:
                raise FieldProblem(f"{at}.in_hand", "holds a missile weapon he has not got")
            for i, s in enumerate(u.skills):
                if s not in self.skills:
                    raise FieldProblem(f"{at}.skills[{i}]", _unknown("skill", s, self.skills))
            if u.steed is not None and u.steed not in self.steeds:
                raise FieldProblem(f"{at}.steed", _unknown("steed", u.steed, self.steeds))
            if u.mounted and u.steed is None:
                raise FieldProblem(f"{at}.mounted", "a rider needs a steed")
        return self

    def skill_key(self, given: str) -> str | None:
        """The key of the skill `given` names, by its key or its name, in any case and with
        spaces, hyphens or an apostrophe as a scenario's author writes them ("Martial arts",
        "grappler's shield", "shield-blitz"); None if the tables have no such skill."""
        want = _plain(given)
        for key, skill in self.skills.items():
            if want in (_plain(key), _plain(skill.name)):
                return key
        return None

    def skill_names(self) -> str:
        """Every skill's name, for a message that lists what may be given."""
        return ", ".join(sorted(s.name.lower() for s in self.skills.values()))


def _plain(text: str) -> str:
    """A skill's key or name as one plain word: "Grappler's shield" → "grapplers_shield"."""
    t = text.strip().casefold().replace("'", "").replace("\u2019", "")
    return "_".join(t.replace("-", " ").replace("_", " ").split())


DATA = DataFile(DEFAULT_DATA_PATH, ErTables)


def load_tables(path: Path | None = None) -> ErTables:
    """Load and check the tables (the shipped file once, a GM's afresh); raises
    :class:`rules.data.DataError`."""
    return DATA.load(path)
