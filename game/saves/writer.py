"""Writing a save as the battle is played: `SaveWriter`, the autosave's pen.

Crash safety: `SaveWriter` writes the header to a temporary file and renames it into place,
then appends each record as one ``write`` of a whole line, and fsyncs.  A crash (even a kill
-9 mid-write) can only leave a last line that was cut off; `load_save` leaves such a line out
with a notice (`LoadedSave.notices`) and keeps everything before it, and
`SaveWriter.resume` cuts it off before appending.

A full disk or a folder gone read-only: a new save that cannot be written raises
`SaveFolderError` (one line, in a player's words) and leaves nothing behind, no ``.part``
file and no empty save.  A write that fails mid-battle stops the writing, not the battle:
the line is cut back so the file stays the last good save, `SaveWriter.failure` says why,
and the writer keeps the whole battle in memory, so `move_to` can write it complete in
another folder and carry on there.
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game.saves.errors import SaveFolderError
from game.saves.format import MAX_HEADER_BYTES, MAX_LINE_BYTES, SaveHeader
from game.saves.hashing import StateHasher
from game.saves.loaded import LoadedSave
from game.saves.lock import hold, release
from game.saves.parsing import _dumps
from rules.commands import Command
from rules.events import Event
from rules.state import Battle


class _StepListener:
    """The turn manager listener that records each step (re-bindable after an undo)."""

    def __init__(self, writer: SaveWriter, tm: Any) -> None:
        self.writer = writer
        self.tm = tm

    def rebind(self, tm: Any) -> None:
        self.tm = tm

    def __call__(self, events: tuple[Event, ...]) -> None:
        command, evs = self.tm.history[-1]
        self.writer.record_step(command, evs, state=self.tm.state)


class SaveWriter:
    """Appends a battle to its save as it is played: each record one whole line, written,
    flushed and (with `fsync`, the default) forced to disk before the call returns.

        writer = SaveWriter(autosave_path(setup.title), new_header(setup, ...))
        writer.attach(tm)            # the opening now, then every step as it is played

    A new save never overwrites a file: the header is written to ``NAME.part`` and renamed
    into place.  `resume(loaded)` appends to a loaded save.

    Every line is also kept in memory (`journal`), written or not: after a failed write
    (`failure` set, nothing more written) `move_to` writes the battle so far, whole, to a
    new file and carries on appending there."""

    def __init__(self, path: str | Path, header: SaveHeader, *, fsync: bool = True,
                 _append: LoadedSave | None = None, _unsaved: SaveFolderError | None = None
                 ) -> None:
        self.path = Path(path)
        self.header = header
        self.fsync = fsync
        self.position = 0  # steps on the active line of play
        self.line_length = 0  # steps on the current line (position + those undone)
        self.opening_recorded = False
        self.closed = False
        self.failure: SaveFolderError | None = None  # why the battle is no longer written
        self._fd: int | None = None
        self._size = 0
        self.journal = bytearray()  # the whole save as it would be on disk
        self._hasher = StateHasher()  # state_hash's digest, redoing only what a step changed
        self.began = _unsaved is None  # whether a file of it was ever written
        if _unsaved is not None:
            self.journal += _header_line(self.path, header)
            self.failure = _unsaved
        elif _append is None:
            self._create()
        else:
            self._reopen(_append)

    @classmethod
    def unsaved(cls, path: str | Path, header: SaveHeader, failure: SaveFolderError, *,
                fsync: bool = True) -> SaveWriter:
        """A writer for a battle whose save could not even be begun: it writes nothing, but
        keeps the battle so that `move_to` can save it somewhere else."""
        return cls(path, header, fsync=fsync, _unsaved=failure)

    @property
    def saving(self) -> bool:
        """Whether each step is still being written to `path`."""
        return self.failure is None and not self.closed

    def _create(self) -> None:
        if self.path.exists():
            raise FileExistsError(f"{self.path}: a save is already there")
        data = _header_line(self.path, self.header)
        ensure_folder(self.path.parent)
        self._fd = write_whole(self.path, data, keep_open=True)
        self._held()
        self._size = len(data)
        self.journal += data

    def _reopen(self, loaded: LoadedSave) -> None:
        try:
            self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND)
            self._held()
            size = os.fstat(self._fd).st_size
            if size > loaded.valid_bytes:  # a line cut off by a crash: it goes
                os.ftruncate(self._fd, loaded.valid_bytes)
            self._size = loaded.valid_bytes
            self.journal += _read_all(self._fd, self._size)
            if self._size and not self.journal.endswith(b"\n"):  # the last line lost its end
                _write_all(self._fd, b"\n")
                self._size += 1
                self.journal += b"\n"
            self._sync()
        except OSError as exc:
            self._drop_fd()
            raise _failure(self.path, exc) from None
        self.position = len(loaded.history)
        self.line_length = self.position + len(loaded.redo)
        self.opening_recorded = loaded.opening_recorded

    @classmethod
    def resume(cls, loaded: LoadedSave, *, fsync: bool = True,
               carry_on: bool = False) -> SaveWriter:
        """Carry on writing a loaded save (a line a crash cut off is removed first).

        If the save cannot be written to (a read-only folder, a full disk): `SaveFolderError`,
        or with `carry_on` (the window, where the player is told and chooses another folder
        or to play on unsaved) a writer that writes nothing yet but holds the battle so far,
        its `failure` saying why, so that `move_to` can save it elsewhere."""
        try:
            return cls(loaded.path, loaded.header, fsync=fsync, _append=loaded)
        except SaveFolderError as exc:
            if not carry_on:
                raise
            failed = exc
        try:
            with open(loaded.path, "rb") as f:
                kept = f.read(loaded.valid_bytes)
        except OSError as exc:
            raise _failure(loaded.path, exc) from None
        writer = cls(loaded.path, loaded.header, fsync=fsync, _unsaved=failed)
        writer.journal = bytearray(kept if kept.endswith(b"\n") or not kept else kept + b"\n")
        writer.began = True  # the file is there: it is the going on that cannot be saved
        writer.position = len(loaded.history)
        writer.line_length = writer.position + len(loaded.redo)
        writer.opening_recorded = loaded.opening_recorded
        return writer

    # --- records ----------------------------------------------------------------------------

    def record_opening(self, events: Iterable[Event]) -> None:
        if self.opening_recorded:
            raise ValueError("the opening is already recorded")
        self._append({"opening": [e.model_dump(mode="json") for e in events]})
        self.opening_recorded = True

    def record_step(self, command: Command, events: Iterable[Event],
                    state: Battle | None = None) -> None:
        """A step of play at the current position; `state` (after it) adds its hash."""
        if not self.opening_recorded:
            raise ValueError("record the opening first")
        rec: dict[str, Any] = {"step": self.position + 1,
                               "command": command.model_dump(mode="json"),
                               "events": [e.model_dump(mode="json") for e in events]}
        if state is not None:
            rec["hash"] = self._hasher(state)
        self._append(rec)
        self.position += 1
        self.line_length = self.position

    def record_undo(self, n: int = 1) -> None:
        if not 1 <= n <= self.position:
            raise ValueError(f"cannot undo {n} step(s) from position {self.position}")
        self._append({"undo": n})
        self.position -= n

    def record_redo(self, n: int = 1) -> None:
        if not 1 <= n <= self.line_length - self.position:
            raise ValueError(f"cannot redo {n} step(s): {self.line_length - self.position} "
                             "undone")
        self._append({"redo": n})
        self.position += n

    def attach(self, tm: Any) -> _StepListener:
        """Record the turn manager's opening (and any steps it already has), then every step
        it plays.  Returns the listener (it is in ``tm.listeners``)."""
        if not self.opening_recorded:
            self.record_opening(tm.initial_events)
        for command, events in list(tm.history)[self.position:]:
            self.record_step(command, events)
        listener = _StepListener(self, tm)
        tm.listeners.append(listener)
        return listener

    # --- the file ---------------------------------------------------------------------------

    def _append(self, record: dict[str, Any]) -> None:
        if self.closed:
            raise ValueError(f"{self.path}: the save is closed")
        data = (_dumps(record) + "\n").encode()
        if len(data) > MAX_LINE_BYTES:
            raise ValueError(f"{self.path}: a record of {len(data)} bytes is over the "
                             f"{MAX_LINE_BYTES}-byte line limit")
        self.journal += data
        if self.failure is not None or self._fd is None:
            return  # not being written: kept for `move_to`
        try:
            _write_all(self._fd, data)
            self._sync()
        except OSError as exc:
            with contextlib.suppress(OSError):  # never leave half a line: the next would join it
                os.ftruncate(self._fd, self._size)
            self._drop_fd()
            self.failure = _failure(self.path, exc)
            return
        self._size += len(data)

    def _sync(self) -> None:
        if self.fsync and self._fd is not None:
            os.fsync(self._fd)

    def _held(self) -> None:
        """The file is open: marked as a battle in progress (`game.saves.lock`), so that it
        is not deleted, nor carried on in another window, under the battle."""
        assert self._fd is not None
        hold(self.path, self._fd)

    def _drop_fd(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
            release(self.path)

    def move_to(self, path: str | Path) -> None:
        """Write the battle so far, whole (header, opening, every step, every undo and redo),
        to `path` and carry on appending there; `failure` is cleared, and the old file (the
        start of the new one) is removed if it can be, so that no stale copy is mistaken for
        the battle.  `path` may be this save's own file (written anew in place), never
        another existing file.  Raises
        `SaveFolderError` if it cannot be written; nothing is left behind then, and the
        writer stays as it was."""
        if self.closed:
            raise ValueError(f"{self.path}: the save is closed")
        path = Path(path)
        if path != self.path and path.exists():
            raise FileExistsError(f"{path}: a save is already there")
        ensure_folder(path.parent)
        data = bytes(self.journal)
        fd = write_whole(path, data, keep_open=True)
        self._drop_fd()
        old, self._fd, self.path, self._size, self.failure = self.path, fd, path, len(data), None
        self._held()
        self.began = True
        if old != path:  # the old file is the start of the new one: it goes, if it can
            with contextlib.suppress(OSError):
                os.unlink(old)

    def close(self) -> None:
        if not self.closed:
            self._drop_fd()
            self.closed = True

    def __enter__(self) -> SaveWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()


def _header_line(path: Path, header: SaveHeader) -> bytes:
    data = (_dumps(header.model_dump(mode="json")) + "\n").encode()
    if len(data) > MAX_HEADER_BYTES:
        raise ValueError(f"{path}: the set-up is too large to save")
    return data


def ensure_folder(folder: str | Path) -> Path:
    """Make the folder (and those above it) if it is not there; `SaveFolderError` naming it
    and the problem if it cannot be, or if it, or a folder above it, is a file."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        blocker = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()),
                       None)
        if blocker is not None:
            raise SaveFolderError(blocker, "is a file, not a folder") from None
        raise SaveFolderError.of(folder, exc) from None
    if not folder.is_dir():
        raise SaveFolderError(folder, "is a file, not a folder")
    return folder


def write_whole(path: str | Path, data: bytes, *, keep_open: bool = False) -> int | None:
    """Write a whole file crash-safely: ``NAME.part``, fsync, rename into place, fsync the
    folder.  With `keep_open`, the file's descriptor (appending) is returned, else None.
    `SaveFolderError` if anything fails; then the ``.part`` file is gone and `path` is as it
    was."""
    path = Path(path)
    part = path.with_name(path.name + ".part")
    fd: int | None = None
    try:
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o644)
        _write_all(fd, data)
        os.fsync(fd)
        os.replace(part, path)
    except OSError as exc:
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(part)
        raise _failure(path, exc) from None
    _fsync_dir(path.parent)
    if keep_open:
        return fd
    os.close(fd)
    return None


# Failures that are the folder's, not the file's: the message names the folder.
_FOLDER_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM,
                            errno.ENOENT, errno.ENOTDIR})


def _failure(path: Path, exc: OSError) -> SaveFolderError:
    """A failed write at `path`, naming the folder when the trouble is the folder's."""
    return SaveFolderError.of(path.parent if exc.errno in _FOLDER_ERRORS else path, exc)


def _read_all(fd: int, size: int) -> bytes:
    chunks, at = [], 0
    while at < size:
        chunk = os.pread(fd, size - at, at)
        if not chunk:
            break
        chunks.append(chunk)
        at += len(chunk)
    return b"".join(chunks)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
