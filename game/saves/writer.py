"""Writing a save as the battle is played: `SaveWriter`, the autosave's pen.

Crash safety: `SaveWriter` writes the header to a temporary file and renames it into place,
then appends each record as one ``write`` of a whole line, and fsyncs.  A crash (even a kill
-9 mid-write) can only leave a last line that was cut off; `load_save` leaves such a line out
with a notice (`LoadedSave.notices`) and keeps everything before it, and
`SaveWriter.resume` cuts it off before appending.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game.saves.format import MAX_HEADER_BYTES, MAX_LINE_BYTES, SaveHeader
from game.saves.loaded import LoadedSave
from game.saves.parsing import _dumps
from rules.commands import Command
from rules.events import Event
from rules.state import Battle, state_hash


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
    into place.  `resume(loaded)` appends to a loaded save."""

    def __init__(self, path: str | Path, header: SaveHeader, *, fsync: bool = True,
                 _append: LoadedSave | None = None) -> None:
        self.path = Path(path)
        self.header = header
        self.fsync = fsync
        self.position = 0  # steps on the active line of play
        self.line_length = 0  # steps on the current line (position + those undone)
        self.opening_recorded = False
        self.closed = False
        if _append is None:
            self._create()
        else:
            self._reopen(_append)

    def _create(self) -> None:
        if self.path.exists():
            raise FileExistsError(f"{self.path}: a save is already there")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        part = self.path.with_name(self.path.name + ".part")
        data = (_dumps(self.header.model_dump(mode="json")) + "\n").encode()
        if len(data) > MAX_HEADER_BYTES:
            raise ValueError(f"{self.path}: the set-up is too large to save")
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(part, self.path)
        _fsync_dir(self.path.parent)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        self._size = len(data)

    def _reopen(self, loaded: LoadedSave) -> None:
        self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND)
        size = os.fstat(self._fd).st_size
        if size > loaded.valid_bytes:  # a line cut off by a crash: it goes
            os.ftruncate(self._fd, loaded.valid_bytes)
        self._size = loaded.valid_bytes
        if self._size:
            last = os.pread(self._fd, 1, self._size - 1)
            if last != b"\n":  # the last good line lost only its line end
                _write_all(self._fd, b"\n")
                self._size += 1
        self._sync()
        self.position = len(loaded.history)
        self.line_length = self.position + len(loaded.redo)
        self.opening_recorded = loaded.opening_recorded

    @classmethod
    def resume(cls, loaded: LoadedSave, *, fsync: bool = True) -> SaveWriter:
        """Carry on writing a loaded save (a line a crash cut off is removed first)."""
        return cls(loaded.path, loaded.header, fsync=fsync, _append=loaded)

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
            rec["hash"] = state_hash(state)
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
        try:
            _write_all(self._fd, data)
        except OSError:
            with contextlib.suppress(OSError):  # never leave half a line: the next would join it
                os.ftruncate(self._fd, self._size)
            raise
        self._size += len(data)
        self._sync()

    def _sync(self) -> None:
        if self.fsync:
            os.fsync(self._fd)

    def close(self) -> None:
        if not self.closed:
            os.close(self._fd)
            self.closed = True

    def __enter__(self) -> SaveWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()


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
