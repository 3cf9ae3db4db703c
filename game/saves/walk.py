"""The line of play rebuilt from a save's records, step by step, undo and redo included.

Two ways, one walk.  Folding (`decide=False`) applies the events each step recorded: fast,
and enough for watching a replay, but it takes the file's word for what happened.  Deciding
(`decide=True`) submits each step's command again from the state before it, with the
battle's own dice, and compares the events and the hash: what loading to play on and
``flank validate`` do, so a save edited or damaged after a good beginning is caught at the
step where it parts from the rules.

A record the line cannot take raises `Stop`: where (the file's line), what (the message
folding has always given) and, for deciding, the same in a player's words with the step
named.  The walk keeps what it has rebuilt so far (`LineOfPlay.position`, `history`, ...),
which is the part of the save that can be trusted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.saves.divergence import Divergence, redecide, step_words
from game.saves.hashing import StateHasher
from game.saves.loaded import Step, _Record
from rules.engine import decider
from rules.events import Event
from rules.state import Battle, state_hash


class Stop(Exception):
    """A record the line of play cannot take."""

    def __init__(self, line: int, problem: str, said: str = "",
                 divergence: Divergence | None = None) -> None:
        super().__init__(problem)
        self.line = line
        self.problem = problem  # as folding says it (and always has)
        self.said = said or problem  # in a player's words, the step named
        self.divergence = divergence


Apply = Callable[[int, Battle, Sequence[Event], str], Battle]


class LineOfPlay:
    """The active line of a save as its records are taken one by one."""

    def __init__(self, opening_state: Battle, undo_mode: str, *, decide: bool,
                 apply: Apply) -> None:
        self.decide = decide
        self.undo_mode = undo_mode
        self.apply = apply  # folds a step's events (the loader's, which names the event)
        self.line_steps: list[Step] = []  # the current line (undone steps included)
        self.states: list[Battle] = [opening_state]  # the state at each position of it
        self.pos = 0
        self.steps: list[Step] = []  # every step record taken, in file order
        self.last: tuple[Step, Battle] | None = None  # the last step taken, the state after
        self.hasher = StateHasher()  # deciding checks every recorded hash: cheaply

    @property
    def state(self) -> Battle:
        return self.states[self.pos]

    @property
    def history(self) -> list[Step]:
        return self.line_steps[:self.pos]

    @property
    def redo(self) -> list[Step]:
        return self.line_steps[self.pos:]

    def after(self) -> str:
        return f"after step {self.pos}" if self.pos else "after the opening"

    def take(self, rec: _Record) -> None:
        if rec.kind == "opening":
            raise Stop(rec.line, "a second opening record",
                       f"{self.after()}: a second opening record")
        if rec.kind == "undo":
            self.undo(rec)
        elif rec.kind == "redo":
            if self.pos + rec.count > len(self.line_steps):
                problem = (f"redo {rec.count}: only {len(self.line_steps) - self.pos} step(s) "
                           "were undone")
                raise Stop(rec.line, problem, f"{self.after()}: {problem}")
            self.pos += rec.count
        else:
            assert rec.step is not None
            self.step(rec.line, rec.step)

    def undo(self, rec: _Record) -> None:
        if rec.count > self.pos:
            problem = f"undo {rec.count}: only {self.pos} step(s) can be undone here"
            raise Stop(rec.line, problem, f"{self.after()}: {problem}")
        if self.undo_mode == "dice":
            for k in range(self.pos - 1, self.pos - rec.count - 1, -1):
                if any(e.rolls for e in self.line_steps[k].events):
                    problem = (f"undo {rec.count}: step {k + 1} rolled dice, and undo reaches "
                               "back only to the last roll (undo mode 'dice')")
                    raise Stop(rec.line, problem, f"{self.after()}: {problem}")
        self.pos -= rec.count

    def step(self, line: int, step: Step) -> None:
        before = self.state
        if step.number != self.pos + 1:
            said = (f"step {self.pos + 1} is missing: the save goes on with step "
                    f"{step.number}" if step.number > self.pos + 1 else
                    f"{self.after()}: the save has a second step {step.number}")
            raise Stop(line, f"step: is {step.number}, but the next step here is "
                             f"{self.pos + 1}", said)
        if before.outcome is not None:
            raise Stop(line, "the battle was already over: no step can follow",
                       f"{step_words(step, before)}: the battle was already over")
        if decider(before) is None:
            raise Stop(line, "nobody was to decide: no step can follow",
                       f"{step_words(step, before)}: nobody was to decide")
        if self.decide:
            after, div = redecide(before, step, self.hasher)
            if div is not None:
                raise Stop(line, div.describe(), f"{step_words(step, before)}: {div.said}",
                           div)
        else:
            after = self.apply(line, before, step.events, "events")
        del self.line_steps[self.pos:]
        self.line_steps.append(step)
        del self.states[self.pos + 1:]
        self.states.append(after)
        self.pos += 1
        self.steps.append(step)
        self.last = (step, after)

    def check_hashes(self) -> None:
        """Folding: the last step's recorded hash, and the one the line stands at, must
        match the state (deciding has checked every step's already)."""
        if self.decide or self.last is None:
            return
        _check_hash(*self.last)
        if self.pos and self.line_steps[self.pos - 1] is not self.last[0]:
            _check_hash(self.line_steps[self.pos - 1], self.state)


def _check_hash(step: Step, state: Battle) -> None:
    if step.hash is not None and state_hash(state) != step.hash:
        problem = (f"hash: the state after step {step.number} does not match the hash "
                   "recorded with it")
        raise Stop(step.line, problem, problem)

