"""Undo and redo in play (headless: never imports pygame).

The rule (mode ``"dice"``, the default): undo reaches back to the last dice roll.  A step of
play (one command and every event it led to, the automatic play after it included) may be
undone only if none of its events rolled a die, and only while every later step could be
undone too; so a player may take back a move or a facing, but never a roll he did not like.
Because the dice are a counter-based stream (seed + roll number) and undone steps rolled
nothing, the dice that come next are the same whatever is done instead.  Mode ``"free"``
(a scenario's ``undo = "free"`` property, for teaching) undoes anything, back to the opening.

Redo replays undone steps while nothing new has been done; a new command after an undo
replaces the undone steps (redo is then empty).

Undo is a move of the position on the line of play, never a deletion of what was saved: with
a `SaveWriter`, `UndoStack.undo` appends ``{"undo": 1}`` and `redo` ``{"redo": 1}``, and
`load_save` rebuilds the active line (`UndoStack.from_loaded` carries on from it, redo
included).

    stack = UndoStack.for_turn_manager(tm, mode=undo_mode(props.get("undo")), writer=writer)
    ...on Ctrl+Z:  if stack.can_undo: stack.undo(); tm = stack.apply(tm)
    ...on Ctrl+Y:  if stack.can_redo: stack.redo(); tm = stack.apply(tm)

`apply(tm)` returns a `TurnManager` at the stack's position (same seats and listeners; the
save's and the stack's own listeners follow it), because a turn manager has no way to go back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from rules.commands import Command
from rules.engine import evolve_all
from rules.events import Event
from rules.state import Battle

UndoMode = Literal["dice", "free"]
UNDO_MODES: tuple[str, ...] = ("dice", "free")

Step = tuple[Command, tuple[Event, ...]]

__all__ = ["UNDO_MODES", "UndoError", "UndoStack", "rewind_turn_manager", "rolled",
           "undo_mode"]


class UndoError(Exception):
    """Undo or redo is not allowed now; ``str()`` says why in a sentence."""


def undo_mode(value: object) -> UndoMode:
    """A scenario's ``undo`` property as a mode: ``"free"``, else ``"dice"`` (None or "" too)."""
    if value is None or value == "" or value == "dice":
        return "dice"
    if value == "free":
        return "free"
    raise ValueError(f"undo must be \"dice\" or \"free\", not {value!r}")


def rolled(events: Iterable[Event]) -> bool:
    """Did any of these events roll a die?"""
    return any(e.rolls for e in events)


class UndoStack:
    """The line of play as a list of steps and a position on it.

    `base` is the state after the battle's opening (position 0); `history` the steps played
    since (the active line), `redo` the undone steps after it that may be redone."""

    def __init__(self, base: Battle, history: Iterable[tuple[Command, Sequence[Event]]] = (),
                 redo: Iterable[tuple[Command, Sequence[Event]]] = (), *,
                 mode: UndoMode | str = "dice", writer: Any = None) -> None:
        self.mode: UndoMode = undo_mode(mode)
        self.writer = writer
        active = [(c, tuple(e)) for c, e in history]
        self.steps: list[Step] = active + [(c, tuple(e)) for c, e in redo]
        self._pos = len(active)
        self._states: dict[int, Battle] = {0: base}

    # --- building -------------------------------------------------------------------------

    @classmethod
    def from_loaded(cls, loaded: Any, writer: Any = None) -> UndoStack:
        """Carry on from a loaded save (`game.saves.LoadedSave`): its active line, its
        undone steps and its undo mode."""
        stack = cls(loaded.opening_state, loaded.history, loaded.redo,
                    mode=loaded.header.undo, writer=writer)
        stack._states[stack._pos] = loaded.state
        return stack

    @classmethod
    def for_turn_manager(cls, tm: Any, *, mode: UndoMode | str = "dice", writer: Any = None,
                         base: Battle | None = None) -> UndoStack:
        """A stack following a turn manager's play (attached to it).  `base`, the state after
        the opening, is needed only if the turn manager has played steps already."""
        if base is None:
            if tm.history:
                raise ValueError("the turn manager has played already: give the state after "
                                 "its opening as base (LoadedSave.opening_state)")
            base = tm.state
        stack = cls(base, tm.history, mode=mode, writer=writer)
        stack._states[stack._pos] = tm.state
        stack.attach(tm)
        return stack

    # --- reading --------------------------------------------------------------------------

    @property
    def position(self) -> int:
        """Steps on the active line of play."""
        return self._pos

    @property
    def history(self) -> list[Step]:
        """The active line: what a `TurnManager` resumes with."""
        return self.steps[: self._pos]

    @property
    def redo_steps(self) -> list[Step]:
        return self.steps[self._pos:]

    @property
    def state(self) -> Battle:
        return self._state_at(self._pos)

    @property
    def can_undo(self) -> bool:
        return self.why_not_undo() is None

    @property
    def can_redo(self) -> bool:
        return self._pos < len(self.steps)

    def undoable(self) -> int:
        """How many steps undo can go back from here."""
        if self.mode == "free":
            return self._pos
        n = 0
        while n < self._pos and not rolled(self.steps[self._pos - 1 - n][1]):
            n += 1
        return n

    def why_not_undo(self) -> str | None:
        """Why undo is refused now (for the status line), or None if it is allowed."""
        if self._pos == 0:
            return "nothing to undo"
        if self.mode == "dice" and rolled(self.steps[self._pos - 1][1]):
            return "the dice have been rolled: undo reaches back only to the last roll"
        return None

    # --- moving ---------------------------------------------------------------------------

    def undo(self) -> Battle:
        """Take back the last step; returns the state before it."""
        reason = self.why_not_undo()
        if reason is not None:
            raise UndoError(reason)
        if self.writer is not None:
            self.writer.record_undo(1)
        self._pos -= 1
        return self.state

    def redo(self) -> Battle:
        """Play the next undone step again; returns the state after it."""
        if not self.can_redo:
            raise UndoError("nothing to redo")
        if self.writer is not None:
            self.writer.record_redo(1)
        self._pos += 1
        return self.state

    def push(self, command: Command, events: Sequence[Event],
             state: Battle | None = None) -> None:
        """A new step was played here (`state`: after it): the undone steps go."""
        del self.steps[self._pos:]
        for k in [k for k in self._states if k > self._pos]:
            del self._states[k]
        self.steps.append((command, tuple(events)))
        self._pos += 1
        if state is not None:
            self._states[self._pos] = state

    # --- with a turn manager --------------------------------------------------------------

    def attach(self, tm: Any) -> _UndoListener:
        """Follow the steps the turn manager plays from now on."""
        listener = _UndoListener(self, tm)
        tm.listeners.append(listener)
        return listener

    def apply(self, tm: Any) -> Any:
        """A turn manager at this stack's position (use it instead of `tm`)."""
        return rewind_turn_manager(tm, self.state, self.history)

    # --- inside ---------------------------------------------------------------------------

    def _state_at(self, k: int) -> Battle:
        if k in self._states:
            return self._states[k]
        below = max(j for j in self._states if j <= k)
        state = self._states[below]
        for j in range(below, k):
            state = evolve_all(state, self.steps[j][1])
        self._states[k] = state
        return state


class _UndoListener:
    def __init__(self, stack: UndoStack, tm: Any) -> None:
        self.stack = stack
        self.tm = tm

    def rebind(self, tm: Any) -> None:
        self.tm = tm

    def __call__(self, events: tuple[Event, ...]) -> None:
        command, evs = self.tm.history[-1]
        self.stack.push(command, evs, self.tm.state)


def rewind_turn_manager(tm: Any, state: Battle, history: Iterable[Step]) -> Any:
    """A new `TurnManager` at `state` after `history`, with `tm`'s seats, opening events and
    listeners (those with a ``rebind(tm)`` method follow it).  Commands a person had queued
    are dropped: they were meant for the state that is gone."""
    from game.turns import HumanController, TurnManager

    for seat in tm.seats.values():
        if isinstance(seat.controller, HumanController):
            seat.controller.clear()
    new = TurnManager(state, tm.seats, events=tm.initial_events, history=list(history),
                      listeners=tm.listeners)
    for listener in new.listeners:
        rebind = getattr(listener, "rebind", None)
        if callable(rebind):
            rebind(new)
    return new
