"""ZeFRS data tables: the resolution chart, weapons, armour, shields, figures and the GM
options, loaded from the editable ``data.toml`` beside this module.

Why it is built this way: the text (seed 002) lost the numbers of its tables.  What NOTES.md
recovered is quoted in data.toml; every other number is a ruling ``R-ZEF-...`` of
docs/RULINGS.md and lives there as data, so a GM changes it without touching code.  Models are
strict, closed and frozen like the other rulesets': a misspelt key or a ``"3"`` where a
number belongs is one clear :class:`rules.data.DataError` naming file and place.
"""

from __future__ import annotations

from pathlib import Path

from rules.data import TableModel
from rules.systems.zefrs.chart import Chart
from rules.systems.zefrs.config import Config
from rules.tables_base import DataFile

__all__ = ["DEFAULT_DATA_PATH", "Config", "ZefTables", "load_tables"]

DEFAULT_DATA_PATH = Path(__file__).with_name("data.toml")


class ZefTables(TableModel):
    """Everything in data.toml, cross-checked."""

    chart: Chart
    config: Config


DATA = DataFile(DEFAULT_DATA_PATH, ZefTables)


def load_tables(path: Path | None = None) -> ZefTables:
    """Load and check the ZeFRS tables (the shipped file once, a GM's afresh); raises
    :class:`rules.data.DataError`."""
    return DATA.load(path)
