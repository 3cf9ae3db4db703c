"""The one place the saves ask which rulesets there are and how to load their data tables.

`ruleset_tables` is all `game.saves` knows of `rules.systems`: the checks of a saved set-up
(`game.saves.checks`) and ``flank validate`` of data tables (`game.saves.validate`) go
through it, so a registry of rulesets can take its place in one spot.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

TableLoader = Callable[[Path | None], Any]
"""A ruleset's ``load_tables(path)``: its data tables from `path` (None: the shipped ones)."""


def ruleset_tables(ruleset: str | None = None) -> dict[str, TableLoader | None]:
    """Ruleset id → the function that loads its data tables (None if it has none): every
    ruleset in the catalogue, in its order, or only `ruleset` (looked up by its package
    ``rules.systems.<id>``, whether or not the catalogue lists it)."""
    from rules.systems import CATALOGUE

    ids = [rid for rid, _, _ in CATALOGUE] if ruleset is None else [ruleset]
    loaders: dict[str, TableLoader | None] = {}
    for rid in ids:
        try:
            module = importlib.import_module(f"rules.systems.{rid}.tables")
        except ImportError:
            loaders[rid] = None
            continue
        fn = getattr(module, "load_tables", None)
        loaders[rid] = fn if callable(fn) else None
    return loaders
