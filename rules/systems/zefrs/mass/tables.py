"""The mass-combat data file (data.toml beside this module): the values of every ruling the
text's lost tables left (ZEF-65, -67, -71, -73, -74, -75, -80) and the troop types a scenario
raises units of.

Why a file of its own: the mode's numbers are rulings a GM may want to change (a harsher
casualty table, another shield bonus) without touching the skirmish tables; they are read,
checked and cross-checked against the ZeFRS armour and weapon tables here, with the same
one-line errors as every data file (rules.data).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, model_validator

from rules.data import FieldProblem, Key, TableModel, as_tuple
from rules.data import unknown_reference as _unknown
from rules.systems.zefrs.catalogue import Area
from rules.systems.zefrs.tables import ZefTables
from rules.systems.zefrs.tables import load_tables as zef_tables
from rules.tables_base import DataFile

__all__ = ["DEFAULT_MASS_PATH", "Kit", "MassRulings", "MassTables", "Troop", "load_mass"]

DEFAULT_MASS_PATH = Path(__file__).with_name("data.toml")

Colours = Literal["white", "green", "yellow", "orange", "red"]


class Outnumbered(TableModel):
    ratio: int = Field(ge=2, le=100)
    shift: int = Field(ge=-10, le=0)


class MassRulings(TableModel):
    """The values of the mode's rulings (each commented in data.toml with its clause)."""

    casualty_percent: dict[Colours, Annotated[int, Field(ge=0, le=100)]]
    casualties_of: Literal["current", "original"] = "current"
    armour_cut_per_point: int = Field(5, ge=0, le=100)
    outnumbered: Annotated[tuple[Outnumbered, ...], BeforeValidator(as_tuple)] = ()
    defend_shift: int = Field(-2, ge=-10, le=0)
    leader_down_shift: int = Field(-2, ge=-10, le=0)
    commander_present_shift: int = Field(1, ge=0, le=10)
    shoot_shift: int = Field(-1, ge=-10, le=10)
    duels: Literal["first_round", "every_round"] = "first_round"
    duel_turn: Literal["first", "later", "round"] = "first"  # ZEF-18's turn for a duel
    extreme_odds: int = Field(5, ge=0, le=100)
    start_gap: int = Field(1, ge=0, le=3)
    max_rounds: int = Field(20, ge=1, le=1000)

    @model_validator(mode="after")
    def _whole(self) -> MassRulings:
        missing = [c for c in ("white", "green", "yellow", "orange", "red")
                   if c not in self.casualty_percent]
        if missing:
            raise FieldProblem("casualty_percent", f"give every colour; missing "
                               f"{', '.join(missing)} (ZEF-73)")
        ratios = [o.ratio for o in self.outnumbered]
        if ratios != sorted(set(ratios)):
            raise FieldProblem("outnumbered", "list the ratios once each, smallest first "
                               "(ZEF-65)")
        return self


class Kit(TableModel):
    """A group of a unit's members dressed alike (ZEF-76), and its share of the unit."""

    share: int = Field(1, ge=1, le=1000)
    armour: Annotated[tuple[Key, ...], BeforeValidator(as_tuple)] = ()
    shield: Key | None = None


class Troop(TableModel):
    """A kind of unit a scenario raises (R-ZEF-MASS-TROOPS)."""

    name: str
    talent: int = Field(ge=-10, le=30)  # the members' average weapon talent (ZEF-72)
    will: int = Field(ge=-10, le=30)  # their average Will (ZEF-78)
    missile: Key | None = None  # what they shoot, if they do (ZEF-68)
    mounted: bool = False
    ranks: Key  # the ZeFRS figure a replacement leader is (ZEF-59)
    kit: Annotated[tuple[Kit, ...], BeforeValidator(as_tuple)]


class MassTables(TableModel):
    rulings: MassRulings
    multipliers: dict[Area, Annotated[int, Field(ge=0, le=1000)]]
    shield_bonus: dict[Key, Annotated[int, Field(ge=0, le=1000)]]
    troops: dict[Key, Troop]

    @model_validator(mode="after")
    def _cross(self) -> MassTables:
        z = zef_tables()
        for key in self.shield_bonus:
            if key not in z.shields:
                raise FieldProblem(f"shield_bonus.{key}", _unknown("shield", key, z.shields))
        for key, troop in self.troops.items():
            _check_troop(f"troops.{key}", troop, z, self)
        return self


def _check_troop(at: str, troop: Troop, z: ZefTables, m: MassTables) -> None:
    if not troop.kit:
        raise FieldProblem(f"{at}.kit", "give at least one group of members and their kit")
    if troop.ranks not in z.units:
        raise FieldProblem(f"{at}.ranks", _unknown("figure", troop.ranks, z.units))
    if troop.missile is not None:
        if troop.missile not in z.weapons:
            raise FieldProblem(f"{at}.missile", _unknown("weapon", troop.missile, z.weapons))
        if not z.weapons[troop.missile].ranges_ft:
            raise FieldProblem(f"{at}.missile", f'"{troop.missile}" is not shot or thrown '
                               "(ZEF-68)")
    for i, group in enumerate(troop.kit):
        for j, piece in enumerate(group.armour):
            if piece not in z.armour:
                raise FieldProblem(f"{at}.kit[{i}].armour[{j}]",
                                   _unknown("armour", piece, z.armour))
        if group.shield is not None and group.shield not in m.shield_bonus:
            raise FieldProblem(f"{at}.kit[{i}].shield",
                               _unknown("shield with a bonus", group.shield, m.shield_bonus))


DATA = DataFile(DEFAULT_MASS_PATH, MassTables)


def load_mass(path: Path | None = None) -> MassTables:
    """The shipped mass tables (loaded once) or the file at `path`; DataError if bad."""
    return DATA.load(path)
