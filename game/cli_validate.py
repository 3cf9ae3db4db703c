"""`flank validate PATH... [--ruleset ID] [--strict]`: maps, saves and rules data tables
checked headless, one line per bad file and exit status 2 if any is bad, else one line
counting what was checked.

Why apart from `game.cli`: the checking of each kind of file and the counting of folders is
one job of its own, as `cli_lessons` and `cli_joust` are; `game.cli` only routes to it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    """Maps (.tmx), saves (.flank, .jsonl) and rules data tables (.toml): one line per bad
    file; folders are searched for maps, saves and rules/systems/<id>/*.toml tables.  A map
    made without Flank's properties is good with a warning line, or bad with --strict."""
    from game.maps import check_paths
    from game.saves import SAVE_SUFFIXES, check_data_table, validate_files

    problems: list[str] = []
    warnings: list[str] = []
    counted = {"map": 0, "save": 0, "rules table": 0}
    folders = 0

    def maps(paths: list[Path]) -> list[str]:
        bad, warned = check_paths(paths, strict=args.strict)
        warnings.extend(warned)
        return bad

    for given in args.paths:
        path = Path(given)
        if path.is_dir():
            folders += 1
            for kind, n in _checkable(path).items():
                counted[kind] += n
            has_maps = any(path.rglob("*.tmx"))
            others = validate_files([path])
            if has_maps:
                problems += maps([path])
            elif not others and not _has_checkable(path):
                problems.append(f"{given}: no maps (.tmx), saves (.flank, .jsonl) or rules "
                                "tables (.toml) in this folder")
            problems += others
        elif path.suffix in SAVE_SUFFIXES:
            counted["save"] += 1
            problems += validate_files([path])
        elif path.suffix == ".toml":
            counted["rules table"] += 1
            from rules.data import DataError

            try:
                check_data_table(path, args.ruleset)
            except DataError as exc:
                problems.append(str(exc))
        else:
            counted["map"] += 1
            problems += maps([path])
    for line in warnings + problems:
        print(line)
    if problems:
        return 2
    from rules.wording import and_list, plural

    what = and_list([plural(n, kind) for kind, n in counted.items() if n]) or "nothing"
    within = f" in {plural(folders, 'folder')}" if folders else ""
    print(f"{what} checked{within}: all valid")
    return 0


def _checkable(folder: Path) -> dict[str, int]:
    """How many of each kind `flank validate` checks in `folder`: its maps (.tmx, searched
    in every folder under it), saves and rules tables (rules/systems/<id>/*.toml)."""
    from game.saves import SAVE_SUFFIXES
    from rules.engine import catalogue

    ids = {rid for rid, _, _ in catalogue()}
    files = [f for f in folder.rglob("*") if f.is_file()]
    return {"map": sum(f.suffix == ".tmx" for f in files),
            "save": sum(f.suffix in SAVE_SUFFIXES for f in files),
            "rules table": sum(f.suffix == ".toml" and f.parent.name in ids for f in files)}


def _has_checkable(folder: Path) -> bool:
    counts = _checkable(folder)
    return bool(counts["save"] or counts["rules table"])
