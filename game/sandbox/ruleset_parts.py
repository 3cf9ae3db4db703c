"""Finding a ruleset's own modules and data tables from the ruleset object.

The sandbox reads more of a ruleset than the `Ruleset` protocol gives: its data tables (unit
names, weapon and armour keys, the `[config]` defaults), its data.toml comments, its units
module's once-a-round fields, its options module's declarable actions.  Every such look-up
goes through `ruleset_module` -- the one place that finds them by module name
(`rules.systems.<id>.<part>`) -- and the tables through `ruleset_tables`, so that a registry
can replace the naming convention in one spot.  `game.overlay_facts` reads the tables here too.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from rules.engine import Ruleset


def ruleset_module(rs: Ruleset, part: str = "") -> ModuleType:
    """The ruleset's package (`part` ""), or its module `part` ("tables", "units", "options")
    found by name beside the ruleset class; ImportError when it has none."""
    package = type(rs).__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.{part}" if part else package)


def ruleset_tables(rs: Ruleset) -> Any:
    """The ruleset's data tables (`rules.systems.<id>.tables.load_tables()`), or None when it
    has none."""
    try:
        return ruleset_module(rs, "tables").load_tables()
    except (ImportError, AttributeError):
        return None


def default_name(rs: Ruleset, template: str) -> str:
    """The name the ruleset's tables give a figure of `template` ("" when they give none)."""
    tpl = getattr(ruleset_tables(rs), "units", {}).get(template)
    return getattr(tpl, "name", "") if tpl is not None else ""
