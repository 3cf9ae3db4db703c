"""`flank lessons`: every lesson played headless by the scripted pupil, under every ruleset
it lists, to see that its hints win it as its steps say (the same play the tests make).

Why a module: a GM who edits maps/lessons/lessons.toml (a seed, a step, a hint) needs to know
the lesson still goes as written without running the test suite; one line a lesson says so,
or where it stopped.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.lessons.book import Lesson
from game.lessons.pupil import ScriptedPupil
from game.lessons.run import LessonRun


@dataclass(frozen=True)
class Played:
    """How far the scripted pupil got in one lesson under one ruleset."""

    lesson: Lesson
    ruleset: str
    reached: int  # steps done
    over: bool  # the battle ended before the lesson did

    @property
    def ok(self) -> bool:
        return self.reached >= len(self.lesson.steps)


def play_through(lesson: Lesson, ruleset: str, max_steps: int = 400) -> Played:
    """Play `lesson` under `ruleset` by its hints, through the turn manager, to its end or
    until `max_steps` commands and events have gone by without finishing it."""
    run = LessonRun(lesson, ruleset)
    tm = run.turn_manager(ScriptedPupil(run))
    for _ in range(max_steps):
        if run.done or tm.is_over:
            break
        result = tm.step()
        if result is not None and not result.ok:
            break
    return Played(lesson, ruleset, run.index, tm.is_over and not run.done)


def line(p: Played, ruleset_name: str) -> str:
    """One line in a player's words: "ok    The rush, under ZeFRS: 3 steps, as written"."""
    steps = p.lesson.steps
    head = f"{p.lesson.title}, under {ruleset_name}"
    if p.ok:
        return f"ok    {head}: {len(steps)} step{'s' if len(steps) != 1 else ''}, as written"
    why = "the battle ended" if p.over else "its goal was not met"
    return (f"FAIL  {head}: stopped at step {p.reached + 1} of {len(steps)} ({why}): "
            f"{steps[p.reached].say}")
