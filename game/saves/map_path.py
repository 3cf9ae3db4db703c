"""Which map file a save may make Flank open (issue 34).

A save names the map its battle was set up from (``scenario.path``), and resuming or
watching it opens that map for its art.  The path is the save's word only, so a stranger's
save could name any file on the player's disk (``/etc/passwd`` was read).  A save's map is
opened only from a folder the player trusts: the bundled maps, the save's own folder, or a
folder he has played a map from himself (`game.settings.map_folders`).  Anything else is
refused, in one line naming the save and the path, before the path is touched at all: the
check is first made on the path as written (made absolute, ".." taken out), then again on
the file it really is (symbolic links followed), so a link out of a trusted folder does not
lead out either.  The save itself is never changed.

The path is also covered by the save's hash (`game.saves.format.scenario_hash`), so a path
edited after the battle was saved fails the load's check before it gets here.
"""

from __future__ import annotations

import os
from pathlib import Path

from game import settings
from game.content import MAPS
from game.saves.errors import SaveError, _q
from game.saves.loaded import LoadedSave


def trusted_map_folders(save: str | Path) -> list[Path]:
    """The folders a save's map may be opened from: the bundled maps, the save's own folder
    and the folders the player has played maps from."""
    return [MAPS, Path(os.path.abspath(save)).parent, *settings.map_folders()]


def _inside(path: Path, folders: list[Path]) -> bool:
    return any(path == f or path.is_relative_to(f) for f in folders)


def save_map(loaded: LoadedSave) -> Path | None:
    """The map file to draw the loaded save with, or None (it names none, or its map is no
    longer there).  `SaveError`, naming the save and the path, if the path leads out of
    every trusted folder."""
    where = loaded.header.scenario.path
    if not where:
        return None
    trusted = trusted_map_folders(loaded.path)
    as_written = [Path(os.path.abspath(f)) for f in trusted]
    real = [f.resolve() for f in trusted]
    given = Path(where)
    save_folder = Path(os.path.abspath(loaded.path)).parent
    # a relative path is read from the folder Flank runs in (as it always was), else from
    # the save's own folder
    candidates = [given] if given.is_absolute() else [Path.cwd() / given, save_folder / given]
    allowed = False
    for candidate in candidates:
        plain = Path(os.path.normpath(os.path.abspath(candidate)))
        if not _inside(plain, as_written + real):
            continue  # refused as written: not even looked at
        true = plain.resolve()
        if not _inside(true, real):
            continue
        allowed = True
        if true.is_file():
            return true
    if allowed:
        return None  # the map was moved or deleted: the battle is drawn without its art
    raise SaveError(loaded.path, "file", f"its map {_q(where, 200)} is outside the bundled "
                    "maps, the save's own folder and the folders you have played maps from, "
                    "so Flank will not open it (play a map from that folder once, with flank "
                    "play MAP, to let it)")


__all__ = ["save_map", "trusted_map_folders"]
