"""ZeFRS's GM options: every value of data.toml's ``[config]`` that a GM (or a scenario's
``options``) may change.

Why this module exists: each field names beside it the clause it sets or the ruling
(``R-ZEF-...``, docs/RULINGS.md) that chose its value; kept apart from the table rows
(catalogue.py) and the chart (chart.py) so what a GM may change reads as one page.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.data import TableModel

__all__ = ["Config"]


class Config(TableModel):
    """Every value a GM may change (data.toml ``[config]``; a scenario's ``options`` override
    one battle).  Defaults equal the shipped file (a test checks it)."""

    shift_reading: Literal["column", "band"] = "column"  # R-ZEF-CHART (ZEF-08)
    band_width: int = Field(5, ge=1, le=20)  # R-ZEF-CHART: the chart's heavy lines
    max_rounds: int = Field(50, ge=1, le=10_000)  # R-FLANK-MAX-ROUNDS (rules.rulings)

    @property
    def columns_per_point(self) -> int:
        """How far one point of column shift moves (R-ZEF-CHART)."""
        return 1 if self.shift_reading == "column" else self.band_width
