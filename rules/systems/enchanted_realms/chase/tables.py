"""The chase mode's data file (chase.toml beside this module): the text's chart (ER-30) and
the values of every ruling the chase needs (R-ER-CHASE-*), checked as every data file is.

Why a file of its own: the chart and the chase's rulings are the mode's, not the skirmish's;
a GM edits them (a kinder movement DC, the other reading of ER-33) without touching the
creature tables the skirmish shares with the other helpers' work.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, field_validator

from rules.data import TableModel, as_tuple
from rules.tables_base import DataFile

__all__ = ["DEFAULT_CHASE_PATH", "ChaseRules", "ChaseSkills", "ChaseTables", "load_chase"]

DEFAULT_CHASE_PATH = Path(__file__).with_name("chase.toml")

Row = Annotated[tuple[Annotated[int, Field(ge=0, le=4)], ...], BeforeValidator(as_tuple)]
Keys = Annotated[tuple[str, ...], BeforeValidator(as_tuple)]


class ChaseRules(TableModel):
    off_chart: Literal["row_below"] = "row_below"  # R-ER-CHASE-OFF-CHART
    movement_dc: int = Field(5, ge=1, le=30)  # ER-31
    natural_20_extra: int = Field(1, ge=0, le=3)  # ER-31
    running_penalty: int = Field(-3, ge=-10, le=0)  # ER-22
    skill_relief: int = Field(1, ge=0, le=5)  # ER-23
    skill_relief_floor: int = Field(-1, ge=-10, le=0)  # ER-23
    second_list_alone: bool = False  # R-ER-CHASE-SKILLS
    evasive_point: int = Field(1, ge=0, le=5)  # ER-24
    evasive_cap: int = Field(-4, ge=-10, le=0)  # ER-24
    evasive_each: bool = False  # R-ER-CHASE-EVASIVE
    mounted_penalty: int = Field(-2, ge=-10, le=0)  # ER-25
    mounted_needs_skill: bool = False  # R-ER-CHASE-MOUNTED
    abandonment_ft: int = Field(5, ge=0, le=50)  # ER-27
    end_gap: Literal["half_speed_feet", "half_speed_hexes"] = "half_speed_feet"  # ER-33
    take_up_keeps_gap: bool = True  # R-ER-CHASE-END, R-ER-CHASE-QUARRY
    low_initiative_second: int = Field(1, ge=1, le=10)  # R-ER-CHASE-LOW
    max_rounds: int = Field(12, ge=1, le=1000)  # R-ER-CHASE-ROUNDS
    pursuit_dc_bonus: int = Field(5, ge=0, le=20)  # R-ER-CHASE-PURSUIT


class ChaseSkills(TableModel):
    relief: Keys = ()
    relief_more: Keys = ()
    evasive: Keys = ()
    mounted: Keys = ()  # ER-25: counts while he rides
    aerial: Keys = ()  # ER-25: counts while he flies
    abandonment: str = "abandonment"


class ChaseTables(TableModel):
    chart: dict[str, Row]
    rules: ChaseRules
    skills: ChaseSkills

    @field_validator("chart")
    @classmethod
    def _whole_rows(cls, chart: dict[str, tuple[int, ...]]) -> dict[str, tuple[int, ...]]:
        if not chart:
            raise ValueError("the chart needs at least one row (ER-30)")
        for speed, row in chart.items():
            if not speed.isdecimal() or int(speed) <= 0:
                raise ValueError(f"row {speed!r}: a row is named by its speed in feet")
            if len(row) != 10:
                raise ValueError(f"row {speed}: ten seconds, 10 down to 1, not {len(row)}")
        return chart

    def rows(self) -> list[tuple[int, tuple[int, ...]]]:
        """The chart's rows, fastest first: (speed, hexes in seconds 10 … 1)."""
        return sorted(((int(s), r) for s, r in self.chart.items()), reverse=True)


DATA = DataFile(DEFAULT_CHASE_PATH, ChaseTables)


def load_chase(path: Path | None = None) -> ChaseTables:
    """The shipped chase file (loaded once) or the one at `path`; raises DataError."""
    return DATA.load(path)
