"""A save as a replay: `verify_save` decides every recorded command again and compares
(``flank replay --verify``); `ReplayCursor` steps and scrubs through the recorded events for
the replay viewer.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.saves.divergence import Divergence, redecide, same_events
from game.saves.hashing import StateHasher
from game.saves.loaded import LoadedSave
from rules.commands import Command
from rules.engine import evolve, start
from rules.events import Event
from rules.state import Battle, state_hash

__all__ = ["Divergence", "ReplayCursor", "VerifyResult", "verify_save"]


@dataclass(frozen=True)
class VerifyResult:
    steps: int  # step records decided again (undone ones too)
    events: int  # events compared
    undone: int  # steps undone on the way
    final_hash: str
    divergence: Divergence | None = None

    @property
    def ok(self) -> bool:
        return self.divergence is None


def verify_save(loaded: LoadedSave) -> VerifyResult:
    """Decide every recorded command again from the start with the recorded seed, and check
    every event, every recorded state hash and the final state."""
    records = loaded.records
    state, opening = start(loaded.setup)
    counted = len(opening)
    if loaded.opening_recorded:
        div = same_events(loaded.opening, opening, 0, records[0].line, state)
        if div:
            return VerifyResult(0, counted, 0, "", div)
    states = [state]
    hasher = StateHasher()
    pos = steps = undone = 0
    for rec in records[1:] if loaded.opening_recorded else records:
        if rec.kind == "undo":
            pos -= rec.count
            undone += rec.count
            continue
        if rec.kind == "redo":
            pos += rec.count
            continue
        if rec.kind != "step" or rec.step is None:
            continue
        step = rec.step
        after, div = redecide(states[pos], step, hasher)
        if div is not None:  # the counts are of the steps that agreed
            return VerifyResult(steps, counted, undone, "", div)
        steps += 1
        counted += len(step.events)
        del states[pos + 1:]
        states.append(after)
        pos += 1
    final = states[pos]
    h = state_hash(final)
    if h != state_hash(loaded.state):
        last = records[-1].line if records else 1
        return VerifyResult(steps, counted, undone, h, Divergence(
            pos, last, -1, None, None, "the final state differs from the loaded one"))
    return VerifyResult(steps, counted, undone, h)


class ReplayCursor:
    """A loaded save as a replay: a position in its event log (0 = before the first event,
    ``len(cursor)`` = the end) and the state there.  States are rebuilt by folding events
    from the nearest snapshot: the states the loader rebuilt at the end of every step
    (`LoadedSave.line_states`), and one every `every` events folded here, so scrubbing
    anywhere folds at most one step's events.

        cur = ReplayCursor(load_save(path))
        cur.seek(0); cur.step_forward(); cur.state; cur.events_at(); cur.seek_step(12)
    """

    def __init__(self, loaded: LoadedSave, every: int = 64) -> None:
        self.loaded = loaded
        self.every = max(1, every)
        self.log: tuple[Event, ...] = tuple(loaded.events)
        # which step each event belongs to (0 = the opening), and where each step starts
        self.step_starts: list[int] = [0]
        self.step_of_index: list[int] = [0] * len(loaded.opening)
        for k, (_, evs) in enumerate(loaded.history, start=1):
            self.step_starts.append(len(self.step_of_index))
            self.step_of_index.extend([k] * len(evs))
        self.commands: list[Command | None] = [None] + [c for c, _ in loaded.history]
        self._snaps: dict[int, Battle] = {0: loaded.initial}
        if len(loaded.line_states) == len(self.step_starts):  # the loader folded them already
            for k, state in enumerate(loaded.line_states):
                self._snaps[self._end_of(k)] = state
        self._pos = 0
        self._state = loaded.initial

    def __len__(self) -> int:
        return len(self.log)

    @property
    def position(self) -> int:
        return self._pos

    @property
    def state(self) -> Battle:
        return self._state

    @property
    def at_start(self) -> bool:
        return self._pos == 0

    @property
    def at_end(self) -> bool:
        return self._pos == len(self.log)

    @property
    def steps(self) -> int:
        """Steps of play (commands) in the replay, not counting the opening."""
        return len(self.step_starts) - 1

    @property
    def step(self) -> int:
        """The step the last applied event belongs to (0: the opening, or nothing yet)."""
        return self.step_of_index[self._pos - 1] if self._pos else 0

    @property
    def event(self) -> Event | None:
        """The event applied last (what the viewer animates), or None at the start."""
        return self.log[self._pos - 1] if self._pos else None

    def command_at(self, step: int | None = None) -> Command | None:
        """The command of a step (default: the current one); None for the opening."""
        k = self.step if step is None else step
        return self.commands[k] if 0 <= k < len(self.commands) else None

    def events_at(self, position: int | None = None) -> tuple[Event, ...]:
        """The log as it stands at `position` (default: here): what the log panel shows."""
        n = self._pos if position is None else max(0, min(position, len(self.log)))
        return self.log[:n]

    def step_events(self, step: int | None = None) -> tuple[Event, ...]:
        """The events of one step (default: the current one)."""
        k = self.step if step is None else step
        if not 0 <= k < len(self.step_starts):
            return ()
        end = self.step_starts[k + 1] if k + 1 < len(self.step_starts) else len(self.log)
        return self.log[self.step_starts[k]:end]

    def step_forward(self) -> Event | None:
        """Apply the next event; returns it (None at the end)."""
        if self.at_end:
            return None
        e = self.log[self._pos]
        self._state = evolve(self._state, e)
        self._pos += 1
        self._remember()
        return e

    def step_back(self) -> Event | None:
        """Undo the last event; returns the event taken back (None at the start)."""
        if self.at_start:
            return None
        e = self.log[self._pos - 1]
        self.seek(self._pos - 1)
        return e

    def seek(self, position: int) -> Battle:
        """Go to an event index (clamped to 0..len) and return the state there."""
        n = max(0, min(int(position), len(self.log)))
        if n == self._pos:
            return self._state
        base = max(k for k in self._snaps if k <= n)
        if self._pos <= n and self._pos > base:
            base = self._pos  # carrying on from here is nearer
            state = self._state
        else:
            state = self._snaps[base]
        for i in range(base, n):
            state = evolve(state, self.log[i])
            if (i + 1) % self.every == 0:
                self._snaps.setdefault(i + 1, state)
        self._pos, self._state = n, state
        return state

    def seek_step(self, step: int) -> Battle:
        """Go to the end of step `step` (0: just after the opening)."""
        return self.seek(self._end_of(max(0, min(step, self.steps))))

    def _end_of(self, step: int) -> int:
        """The event index just after step `step` (0: the opening)."""
        return self.step_starts[step + 1] if step + 1 < len(self.step_starts) else len(self.log)

    def _remember(self) -> None:
        if self._pos % self.every == 0:
            self._snaps.setdefault(self._pos, self._state)
