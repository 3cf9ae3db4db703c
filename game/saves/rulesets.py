"""The one place the saves ask which rulesets there are and how to load their data tables.

The checks of a saved set-up (`game.saves.checks`) and ``flank validate`` of data tables
(`game.saves.validate`) go through `ruleset_tables`, which asks the registry for the
rulesets and each ruleset for its own tables (`Ruleset.tables`): a ruleset installed beside
Flank is checked like a bundled one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.engine import Ruleset, ruleset_of, rulesets

TableLoader = Callable[[Path | None], Any]
"""A ruleset's ``tables(path)``: its data tables from `path` (None: the shipped ones)."""


def _loader(rs: Ruleset) -> TableLoader | None:
    try:
        keeps_tables = rs.tables() is not None
    except Exception:  # its shipped tables are broken: the loader will say how, per file
        keeps_tables = True
    return rs.tables if keeps_tables else None


def ruleset_tables(ruleset: str | None = None) -> dict[str, TableLoader | None]:
    """Ruleset id → the function that loads its data tables (None if it keeps none): every
    ruleset, in menu order, or only `ruleset` (None for it too when no ruleset has that id)."""
    if ruleset is None:
        return {rs.id: _loader(rs) for rs in rulesets()}
    try:
        return {ruleset: _loader(ruleset_of(ruleset))}
    except KeyError:
        return {ruleset: None}
