"""How a save's problems are told: `SaveError`, one line naming the file, the place and what
is wrong, never a traceback; and the helpers that keep every message to one line with short
quotations of what the file held.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

_EXCERPT = 60


class SaveError(Exception):
    """A save that cannot be loaded.  ``str()`` is one line: ``"PATH: WHERE: problem"``, where
    WHERE is ``line N`` or ``file``."""

    def __init__(self, path: str | Path, where: str, problem: str) -> None:
        self.path = str(path)
        self.where = where
        self.problem = _one_line(problem)
        super().__init__(str(self))

    def __str__(self) -> str:
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
