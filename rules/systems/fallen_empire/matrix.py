"""Fallen Empire's OD&D attack matrix and saving throws (FE-01, FE-41), and the hit-dice
notation monsters are read by.

Why this module exists: "All the Fighting Rules" points at the Referee's Screen for these
tables without giving them; their bands are rulings (R-FE-MATRIX, R-FE-SAVES) kept in
``data.toml``, and this is the one place that knows how a level or a monster's hit dice
finds its band.  The kinds of figure are named here because each kind picks its table.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BeforeValidator, Field, model_validator

from rules.data import FieldProblem, Key, TableModel, as_tuple
from rules.data import unknown_reference as _unknown

__all__ = [
    "MONSTER_TABLE", "UNIT_KINDS", "AttackMatrix", "HDBand", "HitDice", "MatrixBand",
    "SaveBand", "Saves", "UnitKind", "hd_level", "hd_rank", "parse_hit_dice",
]

UnitKind = Literal[
    "fighting-man", "man-at-arms", "demi-man", "magic-user", "cleric", "thief", "normal-man",
    "monster",
]
UNIT_KINDS: tuple[str, ...] = get_args(UnitKind)

MONSTER_TABLE = "monster"
"""The family name that sends a figure to the hit-dice table instead of a level table."""


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

_Model = TableModel


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
