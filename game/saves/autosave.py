"""Where saves live and how a battle is autosaved: the save folder, new file names, the
newest save, checking the folder can be written, starting an autosave and resuming a saved
battle.  (What the menu's "Continue" carries on, and the Saved battles list, is
`game.saved_battles`'.)
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.saves.errors import SaveFolderError
from game.saves.format import SAVE_SUFFIXES, new_header
from game.saves.loaded import LoadedSave
from game.saves.loader import load_save
from game.saves.writer import SaveWriter, ensure_folder
from rules.engine import BattleSetup


def save_dir() -> Path:
    """``$FLANK_SAVE_DIR``, else ``$XDG_DATA_HOME/flank/saves``, else
    ``~/.local/share/flank/saves``."""
    env = os.environ.get("FLANK_SAVE_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "flank" / "saves"


def choose_save_dir(folder: str | Path) -> None:
    """The player chose another save folder (the first had failed): new saves, and the
    menu's "Continue", use it for the rest of this run (through ``$FLANK_SAVE_DIR``)."""
    os.environ["FLANK_SAVE_DIR"] = str(Path(folder).expanduser())


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:40] or "battle"


def autosave_path(title: str = "", folder: Path | None = None) -> Path:
    """A new file name in the save folder: ``20250131-201500-duel.flank``."""
    folder = save_dir() if folder is None else Path(folder)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    base = f"{stamp}-{_slug(title)}"
    path = folder / f"{base}.flank"
    n = 2
    while path.exists() or path.with_name(path.name + ".part").exists():
        path = folder / f"{base}-{n}.flank"
        n += 1
    return path


def list_saves(folder: Path | None = None) -> list[Path]:
    """The saves in the save folder, newest first."""
    folder = save_dir() if folder is None else Path(folder)
    if not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if p.suffix in SAVE_SUFFIXES and p.is_file()]
    return sorted(found, key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)


def latest_save(folder: Path | None = None) -> Path | None:
    """The most recently written save, or None (over or not: the menu's "Continue" is the
    newest not over, `game.saved_battles.Shelf.to_continue`)."""
    saves = list_saves(folder)
    return saves[0] if saves else None


def check_save_folder(folder: Path | None = None) -> Path:
    """Make sure saves can be written in the save folder (or `folder`) before a battle
    starts: it is made if it is not there, and a small file is written in it and taken away
    again.  Returns the folder; `SaveFolderError` (one line: the folder and the problem in
    words) if it is a file, read-only, out of space or not ours to write in."""
    folder = ensure_folder(save_dir() if folder is None else folder)
    name = None
    try:
        fd, name = tempfile.mkstemp(prefix=".flank-check-", dir=folder)
        try:
            os.write(fd, b"flank\n")
        finally:
            os.close(fd)
    except OSError as exc:
        raise SaveFolderError.of(folder, exc) from None
    finally:
        if name is not None:
            with contextlib.suppress(OSError):
                os.unlink(name)
    return folder


def check_save_appendable(path: str | Path) -> None:
    """Make sure a save that is there can be carried on (appended to) before a window opens:
    it is opened for appending and closed again, nothing written.  `SaveFolderError` if it
    cannot be; a save that is not there is for the loader to refuse."""
    path = Path(path)
    if not path.is_file():
        return
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_APPEND))
    except OSError as exc:
        raise SaveFolderError.of(path, exc) from None


def start_autosave(tm: Any, *, setup: BattleSetup, scenario_path: str | Path = "",
                   controllers: Mapping[str, str] | None = None, undo: str = "dice",
                   path: Path | None = None, fsync: bool = True,
                   carry_on: bool = False) -> SaveWriter:
    """Open a new save for a battle just started and attach it to its turn manager.

    If the save cannot be begun: `SaveFolderError`, or with `carry_on` (the window, where
    the player is told and chooses another folder or to play on unsaved) a writer that
    writes nothing yet, its `failure` saying why (`SaveWriter.unsaved`)."""
    header = new_header(setup, scenario_path=scenario_path, controllers=controllers, undo=undo)
    where = path or autosave_path(setup.title)
    try:
        writer = SaveWriter(where, header, fsync=fsync)
    except SaveFolderError as exc:
        if not carry_on:
            raise
        writer = SaveWriter.unsaved(where, header, exc, fsync=fsync)
    writer.attach(tm)
    return writer


def resume_battle(path: str | Path, seats: Mapping[str, Any] | None = None, *,
                  fsync: bool = True) -> tuple[LoadedSave, Any, SaveWriter]:
    """Load a save and carry on: ``(loaded, turn_manager, writer)``, the writer attached and
    appending to the same file (a line a crash cut off is removed first).  Seats default to
    the header's controllers.  Every command is decided again first: raises `SaveError`
    (`SaveDiverges` where the rules part from the save).  For undo, add
    ``UndoStack.from_loaded(loaded, writer).attach(tm)``."""
    loaded = load_save(path, verify=True)
    tm = loaded.turn_manager(seats)
    writer = SaveWriter.resume(loaded, fsync=fsync)
    writer.attach(tm)
    return loaded, tm, writer
