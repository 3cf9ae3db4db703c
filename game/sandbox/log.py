"""The session's log: a list of entries and a position on it.

Position 0 is the opening (the battle's automatic start); position n is the state after the
first n entries.  `undo()` / `redo()` / `goto(n)` only move the position: nothing is deleted,
so undo and redo are unlimited and instant (states are immutable; keeping them is keeping
pointers).  A new entry made while the position is not at the end replaces the entries after
the position (the undone branch is dropped; there is one line, no tree).  `timeline()` lists
the entries for a timeline widget.

`SessionLog` is only the log; `game.sandbox.session.Sandbox` adds every GM tool on top of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.sandbox.common import SandboxError
from game.sandbox.switch import SwitchReport
from rules.commands import Command
from rules.engine import BattleSetup
from rules.events import Event
from rules.state import Battle
from rules.wording import Words


@dataclass(frozen=True)
class Entry:
    """One step of the session: what was done, what happened, and the state after it."""

    position: int  # the position this entry leads to (1 for the first entry)
    label: str  # one line for the timeline ("Move f to (1, 0), facing 2")
    kind: str  # "opening", "gm", "exchange", "play" or "switch"
    command: Command | None  # None for the opening and a ruleset switch
    events: tuple[Event, ...]
    state: Battle  # the state after this entry
    subject: str = ""  # the unit it is mostly about (the placed one, the attacker ...)
    setup: BattleSetup | None = None  # opening and switch: the set-up the state starts from
    report: SwitchReport | None = None  # switch: what was mapped and what was not

    @property
    def rolled(self) -> bool:
        """Did any die roll in this entry?"""
        return any(e.rolls for e in self.events)

    def narration(self) -> list[str]:
        """The log's sentence for each event (events with nothing to say left out)."""
        words = Words.of(self.state)
        return [text for text in (words.say(e) for e in self.events) if text]


@dataclass(frozen=True)
class TimelineItem:
    """One mark on the timeline widget.  Clicking it is `goto(position)`."""

    position: int
    label: str
    kind: str
    current: bool  # the sandbox is at this position now
    active: bool  # at or before the current position (False: undone, redo-able)
    rolled: bool  # dice were rolled (mark it, e.g. with a die)


class SessionLog:
    """The entries of a session and where it stands on them.  `listeners` are called with the
    session after every change (a new entry, undo, redo, goto)."""

    def __init__(self, opening: Entry) -> None:
        self.listeners: list[Callable[[Any], None]] = []
        self._opening = opening
        self._entries: list[Entry] = []
        self._pos = 0

    # --- where we are ----------------------------------------------------------------------

    @property
    def state(self) -> Battle:
        return self._entries[self._pos - 1].state if self._pos else self._opening.state

    @property
    def position(self) -> int:
        return self._pos

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every entry, the undone ones after `position` included."""
        return tuple(self._entries)

    @property
    def opening(self) -> Entry:
        return self._opening

    def active_entries(self) -> tuple[Entry, ...]:
        """The entries up to the current position (what has happened, as of now)."""
        return tuple(self._entries[:self._pos])

    def entry(self, position: int) -> Entry:
        """The entry leading to `position` (0: the opening)."""
        if position == 0:
            return self._opening
        return self._entries[position - 1]

    def state_at(self, position: int) -> Battle:
        return self.entry(position).state

    @property
    def can_undo(self) -> bool:
        return self._pos > 0

    @property
    def can_redo(self) -> bool:
        return self._pos < len(self._entries)

    def timeline(self) -> list[TimelineItem]:
        """The opening and every entry, undone ones included, for the timeline widget."""
        out = [TimelineItem(0, self._opening.label, "opening", self._pos == 0, True, False)]
        for e in self._entries:
            out.append(TimelineItem(e.position, e.label, e.kind, e.position == self._pos,
                                    e.position <= self._pos, e.rolled))
        return out

    # --- moving on the log -------------------------------------------------------------------

    def goto(self, position: int) -> Battle:
        """Jump to `position` (0 = the opening, len(entries) = the last): nothing is lost."""
        if not 0 <= position <= len(self._entries):
            raise SandboxError(f"there is no position {position} (0 to {len(self._entries)})")
        self._pos = position
        self._changed()
        return self.state

    def undo(self) -> Battle:
        if not self.can_undo:
            raise SandboxError("nothing to undo: this is the opening")
        return self.goto(self._pos - 1)

    def redo(self) -> Battle:
        if not self.can_redo:
            raise SandboxError("nothing to redo")
        return self.goto(self._pos + 1)

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    def _push(self, label: str, kind: str, command: Command | None, events: Sequence[Event],
              state: Battle, subject: str = "", setup: BattleSetup | None = None,
              report: SwitchReport | None = None) -> Entry:
        del self._entries[self._pos:]  # a new step after an undo drops the undone branch
        entry = Entry(self._pos + 1, label, kind, command, tuple(events), state, subject,
                      setup, report)
        self._entries.append(entry)
        self._pos += 1
        self._changed()
        return entry
