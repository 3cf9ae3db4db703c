"""``flank validate`` for maps (and ``python -m game.maps``): one ``"PATH: problem"`` line per
bad map, found by loading it as the game would, and one ``"PATH: warning: ..."`` line per map
that loads only because something Flank needs was filled in (someone else's Tiled map: tiles
that name no terrain are open ground).  With `strict`, for scenario authors, such a map is bad.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from game.maps.base import MapError
from game.maps.reader import load_map
from rules.data import DataError


def check_paths(paths: Iterable[str | Path], strict: bool = False
                ) -> tuple[list[str], list[str]]:
    """(problems, warnings): one ``"PATH: problem"`` line per bad map and one
    ``"PATH: warning: what was filled in"`` line per map that loads leniently.  Folders are
    searched for .tmx files."""
    problems: list[str] = []
    warnings: list[str] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = sorted(path.rglob("*.tmx"))
            if not found:
                problems.append(f"{given}: no .tmx maps in this folder")
            files: list[str | Path] = list(found)
        else:
            files = [given]
        for file in files:
            try:
                scenario = load_map(file, strict=strict)
            except MapError as exc:
                problems.append(str(exc))
            except DataError as exc:  # the ruleset's own tables are broken: said once
                if str(exc) not in problems:
                    problems.append(str(exc))
            else:
                warnings += [f"{file}: warning: {w}" for w in scenario.warnings]
    return problems, warnings


def validate_paths(paths: Iterable[str | Path], strict: bool = False) -> list[str]:
    """One ``"PATH: problem"`` line per bad map; folders are searched for .tmx files."""
    return check_paths(paths, strict)[0]


def main(argv: list[str] | None = None) -> int:
    """`python -m game.maps [--strict] PATH...`: check maps; exit status 1 if any is bad."""
    args = sys.argv[1:] if argv is None else argv
    strict = "--strict" in args
    args = [a for a in args if a != "--strict"]
    if not args:
        print("usage: python -m game.maps [--strict] MAP.tmx|FOLDER ...", file=sys.stderr)
        return 2
    problems, warnings = check_paths(args, strict)
    for line in warnings + problems:
        print(line)
    if not problems:
        print("all maps are good")
    return 1 if problems else 0
