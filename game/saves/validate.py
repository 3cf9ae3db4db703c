"""``flank validate`` for saves and rules tables: one ``"PATH: problem"`` line per bad file.

A save is checked as loading it to play on checks it (`load_save` with every command decided
again and compared), so what passes here is what ``flank play --load`` will play on from; a
save that parts from the rules after a good beginning gets the step and how to load up to
the step before.  A ruleset's TOML data tables are checked by loading them as that ruleset's
tables (`check_data_table`), so what passes here is what the game will read.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from game.saves.divergence import SaveDiverges
from game.saves.errors import SaveError
from game.saves.format import SAVE_SUFFIXES
from game.saves.loader import load_save
from game.saves.rulesets import ruleset_tables
from rules.data import DataError


def check_data_table(path: str | Path, ruleset: str | None = None) -> None:
    """Load a ruleset's TOML data tables; raises `rules.data.DataError` if they are bad.

    The ruleset is `ruleset`, else the folder's name if it is a ruleset's id
    (``rules/systems/<id>/data.toml``), else the only ruleset with tables; with several, the
    file must load as the tables of one of them."""
    path = Path(path)
    if ruleset is not None:
        candidates = ruleset_tables(ruleset)
    else:
        candidates = ruleset_tables()
        folder = path.resolve().parent.name
        if folder in candidates:
            candidates = {folder: candidates[folder]}
    loaders = [(rid, fn) for rid, fn in candidates.items() if fn is not None]
    if not loaders:
        raise DataError(path, "file", f"no ruleset reads data tables (asked: "
                                      f"{', '.join(candidates)})")
    first: DataError | None = None
    for _, fn in loaders:
        try:
            fn(path)
            return
        except DataError as exc:
            first = first or exc
    assert first is not None
    raise first


def validate_files(paths: Iterable[str | Path]) -> list[str]:
    """One ``"PATH: problem"`` line per bad save (``.flank``, ``.jsonl``: every command
    decided again) or rules table (``.toml``); folders are searched for saves and for
    ``rules/systems/<id>/*.toml``."""
    ids = set(ruleset_tables())
    problems: list[str] = []
    for given in paths:
        p = Path(given)
        if p.is_dir():
            files = sorted(f for f in p.rglob("*") if f.is_file() and (
                f.suffix in SAVE_SUFFIXES or (f.suffix == ".toml" and f.parent.name in ids)))
        else:
            files = [p]
        for f in files:
            if f.suffix == ".toml":
                try:
                    check_data_table(f)
                except DataError as exc:
                    problems.append(str(exc))
            else:
                try:
                    load_save(f, verify=True)
                except SaveDiverges as exc:
                    problems.append(f"{exc}; {exc.hint()}")
                except SaveError as exc:
                    problems.append(str(exc))
    return problems
