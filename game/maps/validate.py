"""``flank validate`` for maps (and ``python -m game.maps``): one ``"PATH: problem"`` line per
bad map, found by loading it as the game would.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from game.maps.base import MapError
from game.maps.reader import load_map


def validate_paths(paths: Iterable[str | Path]) -> list[str]:
    """One ``"PATH: problem"`` line per bad map; folders are searched for .tmx files."""
    problems: list[str] = []
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
                load_map(file)
            except MapError as exc:
                problems.append(str(exc))
    return problems


def main(argv: list[str] | None = None) -> int:
    """`python -m game.maps PATH...`: check maps; exit status 1 if any is bad."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m game.maps MAP.tmx|FOLDER ...", file=sys.stderr)
        return 2
    problems = validate_paths(args)
    for line in problems:
        print(line)
    if not problems:
        print("all maps are good")
    return 1 if problems else 0
