"""A lesson played to its end by the scripted pupil (`game.lessons.pupil`), headless,
through the turn manager: what `flank lessons` reports and the tests assert, so a lesson is
known to go as its steps say under every ruleset it lists (its seed makes the dice do so).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from game.lessons.book import Lesson
from game.lessons.pupil import ScriptedPupil
from game.lessons.run import LessonRun
from rules.events import Event
from rules.state import Battle

MAX_STEPS = 400  # engine steps; every lesson ends in far fewer


@dataclass
class Played:
    """How a play-through went: the run (its index is the step reached), the steps reached
    batch by batch, the battle at the end, and a refused command if the rules refused one."""

    run: LessonRun
    reached: list[int] = field(default_factory=list)
    state: Battle | None = None
    refused: str = ""

    @property
    def done(self) -> bool:
        return self.run.done and not self.refused

    @property
    def in_order(self) -> bool:
        """The goals were met one after another, in order, up to the last."""
        return self.reached == sorted(self.reached) and bool(self.reached) and \
            self.reached[-1] == len(self.run.lesson.steps)

    def summary(self) -> str:
        """One line: the lesson, the ruleset, and done or where it stopped."""
        from rules.engine import ruleset_of

        lesson = self.run.lesson
        head = f"{lesson.title} ({ruleset_of(self.run.ruleset).name})"
        n = len(lesson.steps)
        if self.refused:
            return f"{head}: the rules refused the scripted player at step " \
                   f"{self.run.index + 1}: {self.refused}"
        if not self.run.done:
            step = lesson.steps[self.run.index]
            return f"{head}: stopped at step {self.run.index + 1} of {n}: " \
                   f"{step.say_under(self.run.ruleset)}"
        if not self.in_order:
            return f"{head}: a step was skipped (reached {sorted(set(self.reached))})"
        rounds = self.state.round if self.state is not None else 0
        return f"{head}: all {n} steps done as they say, in {rounds} " \
               f"round{'s' if rounds != 1 else ''}"


def play_through(lesson: Lesson, ruleset: str, max_steps: int = MAX_STEPS,
                 listeners: Iterable[Callable[[LessonRun, tuple[Event, ...]], None]] = ()
                 ) -> Played:
    """Play `lesson` under `ruleset` with the scripted pupil until its last step is done,
    the battle ends, or `max_steps` engine steps pass.  Each of `listeners` is called with
    the run and every batch of events once it has been applied."""
    run = LessonRun(lesson, ruleset)
    tm = run.turn_manager(ScriptedPupil(run))
    played = Played(run)
    tm.listeners.append(lambda events: played.reached.append(run.index))
    for listen in listeners:
        tm.listeners.append(lambda events, listen=listen: listen(run, tuple(events)))
    for _ in range(max_steps):
        if run.done or tm.is_over:
            break
        res = tm.step()
        if res is not None and not res.ok:
            played.refused = str(res.error)
            break
    played.state = tm.state
    return played
