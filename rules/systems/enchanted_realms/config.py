"""Enchanted Realms' GM options: every value of data.toml's ``[config]`` that a GM (or a
scenario's ``options``) may change.

Why this module exists: each field names beside it the clause it sets or the ruling
(``R-ER-...``, docs/RULINGS.md) that chose its value, so what a GM may change reads as one
page; the table rows are catalogue.py.  `config_of` merges a battle's overrides over the file.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, field_validator

from rules import rulings
from rules.data import TableModel, as_tuple
from rules.hexgrid import Hex

__all__ = ["Config", "placed"]

_PLACED = re.compile(r"([a-z][a-z0-9_]*)@(-?\d{1,4}),(-?\d{1,4})")


def placed(text: str) -> tuple[str, Hex]:
    """A setting object written "name@q,r" (R-ER-DEED, R-ER-PICK-UP): its name and hex."""
    m = _PLACED.fullmatch(text.strip())
    if m is None:
        raise ValueError(f'{text!r} is not "name@q,r" (a lower-case name, then its hex)')
    return m.group(1), Hex(int(m.group(2)), int(m.group(3)))


def _objects(value: tuple[str, ...]) -> tuple[str, ...]:
    names = [placed(v)[0] for v in value]
    if len(set(names)) != len(names):
        raise ValueError("two objects share a name")
    return value


Objects = Annotated[tuple[str, ...], BeforeValidator(as_tuple)]


class Config(TableModel):
    """Every value a GM may change (data.toml ``[config]``; a scenario's ``options`` override
    one battle).  Defaults equal the shipped file (a test checks it)."""

    initiative_die: Literal[6, 10, 12, 20] = 20  # R-ER-INITIATIVE
    initiative_ties: Literal["agility", "rolloff"] = "agility"  # R-ER-INITIATIVE
    base_dice: int = Field(1, ge=1, le=4)  # ER-03 [TABLE], R-ER-DICE
    max_dice: int = Field(4, ge=1, le=6)  # R-ER-DICE
    one_die_disadvantage: Literal["lower_of_two", "none"] = "lower_of_two"  # R-ER-ADVANTAGE
    advantage_damage: int = Field(0, ge=0, le=5)  # R-ER-ADVANTAGE
    minimum_damage: int = Field(1, ge=0, le=5)  # ER-04 [AMBIG], R-ER-DAMAGE
    # ER-09, R-ER-DEFEND-SEE: the arcs a defender sees attacks coming from
    defend_sees: Annotated[tuple[Literal["front", "flank", "rear"], ...],
                           BeforeValidator(as_tuple)] = ("front", "flank")
    swing_on_the_run: bool = True  # ER-19 [AMBIG], R-ER-FLEE
    give_chase: bool = True  # ER-21 [GM], R-ER-CHASE-OFFER: a flight offers chase mode
    run_ft: int = Field(15, ge=0, le=200)  # ER-19
    ready_spends_reaction: bool = False  # ER-12, R-ER-READY-REACTION
    ready_within_ft: Annotated[tuple[int, ...],
                               BeforeValidator(as_tuple)] = (10, 20, 30)  # R-ER-READY-MENU
    stand_cost_ft: int = Field(25, ge=0, le=200)  # ER-18
    draw_cost_ft: int = Field(10, ge=0, le=200)  # ER-17
    pick_up_cost_ft: int = Field(10, ge=0, le=200)  # ER-17
    shield_cost_ft: int = Field(10, ge=0, le=200)  # ER-17
    mount_cost_ft: int = Field(30, ge=0, le=200)  # ER-16
    mount_skilled_cost_ft: int = Field(15, ge=0, le=200)  # ER-16
    shield_ac: int = Field(2, ge=0, le=10)  # R-ER-SHIELD
    down_at: int = Field(0, ge=-50, le=0)  # R-ER-DOWN
    deeds: Objects = ()  # ER-02, R-ER-DEED: "name@q,r"
    items: Objects = ()  # ER-17, R-ER-PICK-UP: "potion@q,r"
    winning_deed: str = ""  # R-ER-DEED
    max_rounds: int = Field(50, ge=1, le=10_000)  # R-FLANK-MAX-ROUNDS (rules.rulings)

    @field_validator("deeds", "items")
    @classmethod
    def _check_objects(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return _objects(value)

    @field_validator("ready_within_ft")
    @classmethod
    def _check_within(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if any(v < 5 or v > 300 for v in value):
            raise ValueError("each distance is 5 to 300 feet")
        return value


def merged(base: Config, options: tuple[tuple[str, object], ...]) -> Config:
    """The rulings of one battle: the file's `[config]` with its overrides on top."""
    return rulings.merged(base, options)
