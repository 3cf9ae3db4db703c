"""One ruleset's data file as the ruleset reads it: the shipped file loaded once and shared,
any other file read afresh.

Why this exists: every ruleset keeps its tables in a TOML file beside its code, validated by
its pydantic models through `rules.data.load_toml_model` (one-line errors naming the file and
the place).  Each also wants the same two ways in: the shipped file, which every battle
shares (the models are frozen, so one copy is safe to share and is read once), and a path a
GM names, which is read again each time (he may be editing it).  That pair was written out in
each ruleset; it is written here once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Generic, TypeVar

from pydantic import BaseModel

from rules.data import load_toml_model

M = TypeVar("M", bound=BaseModel)


class DataFile(Generic[M]):
    """The data file at `path`, validated as `model`."""

    def __init__(self, path: Path, model: type[M]) -> None:
        self.path = path
        self.model = model
        self._shipped: M | None = None

    def load(self, path: Path | None = None) -> M:
        """The shipped tables (`path` None: loaded once, then shared) or the file at `path`
        (read afresh).  Raises :class:`rules.data.DataError`, one line naming file and place."""
        if path is not None:
            return load_toml_model(Path(path), self.model)
        if self._shipped is None:
            self._shipped = load_toml_model(self.path, self.model)
        return self._shipped


__all__ = ["DataFile"]
