"""ZeFRS's GM options: every value of data.toml's ``[config]`` that a GM (or a scenario's
``options``) may change.

Why this module exists: each field names beside it the clause it sets or the ruling
(``R-ZEF-...``, docs/RULINGS.md) that chose its value; kept apart from the table rows
(catalogue.py) and the chart (chart.py) so what a GM may change reads as one page.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from rules.data import TableModel, as_tuple

__all__ = ["Config"]


class Config(TableModel):
    """Every value a GM may change (data.toml ``[config]``; a scenario's ``options`` override
    one battle).  Defaults equal the shipped file (a test checks it)."""

    shift_reading: Literal["column", "band"] = "column"  # R-ZEF-CHART (ZEF-08)
    band_width: int = Field(5, ge=1, le=20)  # R-ZEF-CHART: the chart's heavy lines
    surprise: bool = True  # ZEF-11: check at the start of each combat
    surprise_mode: Literal["auto", "pairs", "sides"] = "auto"  # ZEF-13 [GM], R-ZEF-SURPRISE
    surprise_sides_from: int = Field(9, ge=2, le=1000)  # ZEF-13 [GM]: "a large number"
    initiative_by: Literal["figures", "sides"] = "figures"  # ZEF-19 [GM]
    failed_action_penalty: int = Field(-3, ge=-10, le=0)  # ZEF-22
    second_weapon_shift: int = Field(-2, ge=-10, le=0)  # ZEF-34 [TABLE], R-ZEF-SECOND-WEAPON
    # ZEF-35 [AMBIG], R-ZEF-KO: a knock-out short of red does nothing; true: it wounds as
    # an ordinary blow of its colour (the earlier reading, a GM's option)
    knockout_damage_on_failure: bool = False
    range_shifts: Annotated[tuple[int, int, int],
                            BeforeValidator(as_tuple)] = (0, -2, -4)  # ZEF-43, R-ZEF-RANGE
    obscured_shift: int = Field(-2, ge=-10, le=0)  # ZEF-42 [TABLE], R-ZEF-OBSCURED
    lower_position_shift: int = Field(2, ge=0, le=10)  # ZEF-41 [TABLE], R-ZEF-LOWER
    brawling_damage: int = Field(2, ge=0, le=10)  # ZEF-26: brawling damage is 2 less
    # R-ZEF-SHIELD-ARC: where the shield is brought to bear from
    shield_arcs: Annotated[tuple[Literal["front", "shield_flank", "other_flank", "rear"], ...],
                           BeforeValidator(as_tuple)] = ("front", "shield_flank")
    zero_check: Literal["already_down", "on_reaching"] = "already_down"  # ZEF-52, R-ZEF-ZERO
    move_hexes: int = Field(4, ge=1, le=30)  # R-ZEF-MOVE: on foot, a turn
    mounted_move_hexes: int = Field(8, ge=1, le=60)  # R-ZEF-MOVE: in the saddle
    max_rounds: int = Field(50, ge=1, le=10_000)  # R-FLANK-MAX-ROUNDS (rules.rulings)

    @property
    def columns_per_point(self) -> int:
        """How far one point of column shift moves (R-ZEF-CHART)."""
        return 1 if self.shift_reading == "column" else self.band_width
