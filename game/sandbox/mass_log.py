"""The grid sandbox's log: the positions a GM session has been through, and where it is.

Position 0 is the opening; each GM change or stage of a round fought is a new position
(`MassMoment`: what led to it, its events, the state after).  Undo, redo and goto only move
the position, so they are unlimited and instant (states are immutable: keeping them is
keeping pointers); a new position made after an undo drops the ones after it.

`MassLog` is only the log; `game.sandbox.mass.MassSandbox` adds every GM tool on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.sandbox.common import SandboxError
from rules.events import Event
from rules.state import Battle
from rules.wording import Words

__all__ = ["MassLog", "MassMoment"]


@dataclass(frozen=True)
class MassMoment:
    """One position of the session: what led to it, what happened, and the state."""

    label: str
    state: Battle
    events: tuple[Event, ...] = ()
    kind: str = "gm"  # "opening", "gm" or "round"
    # The GM's declarations for the duels of the round to fight (leader, the skirmish's
    # action, ZEF-15, ZEF-70), kept with the position so that undo takes one back.
    declared: tuple[tuple[str, str], ...] = ()

    def narration(self) -> list[str]:
        w = Words.of(self.state)
        return [t for t in (w.say(e) for e in self.events) if t]


class MassLog:
    """The positions so far, the one shown, the round's stages not yet stepped to, and
    who is told of a change (`listeners`, called with the log)."""

    def __init__(self, opening: MassMoment) -> None:
        self.moments = [opening]
        self.position = 0
        self.stages_ahead: list[MassMoment] = []  # the round fought, not yet stepped to
        self.listeners: list[Any] = []

    @property
    def state(self) -> Battle:
        return self.moments[self.position].state

    @property
    def moment(self) -> MassMoment:
        return self.moments[self.position]

    @property
    def can_undo(self) -> bool:
        return self.position > 0

    @property
    def can_redo(self) -> bool:
        return self.position < len(self.moments) - 1

    def undo(self) -> None:
        if not self.can_undo:
            raise SandboxError("nothing to undo: this is the opening")
        self.position -= 1
        self._changed()

    def redo(self) -> None:
        if not self.can_redo:
            raise SandboxError("nothing to redo")
        self.position += 1
        self._changed()

    def goto(self, position: int) -> None:
        if not 0 <= position < len(self.moments):
            raise SandboxError(f"there is no position {position}")
        self.position = position
        self._changed()

    def _push(self, moment: MassMoment, keep_ahead: bool = False) -> MassMoment:
        del self.moments[self.position + 1:]
        self.moments.append(moment)
        self.position += 1
        if not keep_ahead:
            self.stages_ahead = []
        self._changed()
        return moment

    def _changed(self) -> None:
        for fn in list(self.listeners):
            fn(self)
