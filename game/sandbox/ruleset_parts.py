"""What the sandbox reads of a ruleset beyond playing it, asked of the ruleset itself.

The sandbox shows more of a ruleset than a battle needs: its data tables (unit names,
weapon and armour keys, the `[config]` defaults), its data file's comments, its units'
once-a-round fields, the actions a figure may declare.  Each is a method of the `Ruleset`
protocol (`tables`, `data_file`, `round_fields`, `declarable`), so a ruleset installed
beside Flank is read the same way as a bundled one.
"""

from __future__ import annotations

from typing import Any

from rules.engine import Ruleset


def ruleset_tables(rs: Ruleset) -> Any:
    """The ruleset's data tables, or None when it keeps none."""
    return rs.tables()


def default_name(rs: Ruleset, template: str) -> str:
    """The name the ruleset's tables give a figure of `template` ("" when they give none)."""
    tpl = getattr(ruleset_tables(rs), "units", {}).get(template)
    return getattr(tpl, "name", "") if tpl is not None else ""
