"""How a save's problems are told: `SaveError`, one line naming the file, the place and what
is wrong, never a traceback; `SaveFolderError`, a save that cannot be written, in a player's
words; and the helpers that keep every message to one line with short
quotations of what the file held.
"""

from __future__ import annotations

import errno as _errno
from pathlib import Path
from typing import Any

_EXCERPT = 60


class SaveError(Exception):
    """A save that cannot be loaded.  ``str()`` is one line: ``"PATH: line N: problem"`` for a
    problem on one line, ``"PATH: problem"`` for the file as a whole (``where`` is ``"file"``)."""

    def __init__(self, path: str | Path, where: str, problem: str) -> None:
        self.path = str(path)
        self.where = where
        self.problem = _one_line(problem)
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.where == "file":
            return f"{self.path}: {self.problem}"
        return f"{self.path}: {self.where}: {self.problem}"


class _Problem(Exception):
    """A problem found inside one line; the loader adds the path and line number."""


def _one_line(text: str, limit: int = 400) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _q(value: Any, limit: int = _EXCERPT) -> str:
    """A value quoted for a message, cut short."""
    text = repr(value) if not isinstance(value, str) else "'" + value + "'"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 2] + "…'"


class SaveFolderError(OSError):
    """The save folder (or the save in it) cannot be written.  ``str()`` is one line,
    ``"PATH: problem"``, the problem in a player's words ("no space left on the disk", "the
    folder is read-only", "is a file, not a folder", "permission denied"); `strerror` is the
    problem alone.  An `OSError`, so a caller that already catches those still does."""

    def __init__(self, path: str | Path, problem: str, errno: int | None = None) -> None:
        super().__init__(errno, _one_line(problem))
        self.path = str(path)
        self.problem = self.strerror

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}"

    def __reduce__(self) -> tuple[Any, ...]:  # through a worker process's pipe and back
        return (type(self), (self.path, self.problem, self.errno))

    @classmethod
    def of(cls, path: str | Path, exc: OSError) -> SaveFolderError:
        """An `OSError` met while writing at `path`, told in a player's words."""
        if isinstance(exc, SaveFolderError):
            return exc
        return cls(path, os_problem(exc), exc.errno)


_PROBLEMS = {
    _errno.ENOSPC: "no space left on the disk",
    _errno.EDQUOT: "no space left on the disk (the quota is used up)",
    _errno.EROFS: "the folder is read-only",
    _errno.EACCES: "permission denied",
    _errno.EPERM: "permission denied",
    _errno.ENOTDIR: "is a file, not a folder",
    _errno.EEXIST: "is a file, not a folder",
    _errno.EISDIR: "is a folder, not a file",
    _errno.ENOENT: "the folder is not there",
    _errno.EFBIG: "the save has grown larger than this system lets a file be",
    _errno.EIO: "the disk reported an error",
    _errno.ENAMETOOLONG: "the name is too long",
}


def os_problem(exc: OSError) -> str:
    """What went wrong in a write, in words (the system's own words for the rare ones)."""
    known = _PROBLEMS.get(exc.errno) if exc.errno is not None else None
    return known or _one_line(exc.strerror or str(exc) or type(exc).__name__).lower()
