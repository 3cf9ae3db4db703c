"""What every part of the sandbox shares: its two errors, and reading the hex or the figure a
GM pointed at, so that a bad one is refused in the same sentence wherever it was given."""

from __future__ import annotations

from rules.commands import Command
from rules.hexgrid import Hex
from rules.state import Battle, Unit

HexLike = Hex | tuple[int, int]


class SandboxError(Exception):
    """Something the sandbox will not do now; `str()` (and `.reason`) says why in a sentence.
    `.command` is the refused command, when there was one.  Nothing has changed."""

    def __init__(self, reason: str, command: Command | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.command = command


class ExportError(Exception):
    """The position cannot be written as asked; `str()` says why.  Nothing was overwritten."""


def to_hex(h: HexLike) -> Hex:
    """An axial hex from a `Hex` or a (q, r) pair."""
    return h if isinstance(h, Hex) else Hex(int(h[0]), int(h[1]))


def unit_of(state: Battle, unit: str | Unit) -> Unit:
    """The figure of that id (or that figure) in `state`; SandboxError if there is none."""
    uid = unit if isinstance(unit, str) else unit.id
    if not state.has_unit(uid):
        raise SandboxError(f"there is no unit {uid!r}")
    return state.unit(uid)
