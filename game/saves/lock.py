"""Which saves a battle is being played in right now, so that none of them is deleted (or
carried on twice) under the battle that writes it.

Two ways of knowing, both kept by `SaveWriter` while it holds its file open:

* this window: every save a writer of this process has open (`in_progress` asks first);
* another Flank: the open file carries an advisory lock (``flock``, where the system has it),
  which the system takes away when that Flank closes or dies, so a crash never leaves a save
  marked as being played.  A system without ``flock`` knows only this window's.

Headless.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: this window's battles only
    fcntl = None  # type: ignore[assignment]

_open: dict[str, int] = {}  # a save's resolved path -> writers of this process holding it


def _key(path: str | Path) -> str:
    try:
        return str(Path(path).resolve())
    except OSError:
        return str(Path(path).absolute())


def hold(path: str | Path, fd: int) -> None:
    """A writer of this window has `path` open on `fd`: note it, and lock the file so that
    another Flank sees it too (quietly without, if the system will not lock it)."""
    key = _key(path)
    _open[key] = _open.get(key, 0) + 1
    if fcntl is not None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def release(path: str | Path) -> None:
    """The writer let `path` go (its descriptor, and so the lock, closed by the writer)."""
    key = _key(path)
    left = _open.get(key, 0) - 1
    if left > 0:
        _open[key] = left
    else:
        _open.pop(key, None)


def open_here(path: str | Path) -> bool:
    """Whether a battle in this window is writing `path`."""
    return _key(path) in _open


def open_elsewhere(path: str | Path) -> bool:
    """Whether another Flank holds `path`'s lock (always False where there is no ``flock``,
    or the file cannot be opened to ask)."""
    if fcntl is None:
        return False
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # and with it the shared lock just taken
    return False


def in_progress(path: str | Path) -> bool:
    """Whether a battle is being played in `path`, in this window or another Flank."""
    return open_here(path) or open_elsewhere(path)
