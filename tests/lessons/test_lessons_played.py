"""Each lesson played to its end by a scripted pupil, headless, through the turn manager:
the steps' goals are reached in order, under every ruleset the lesson lists."""

from __future__ import annotations

import pytest

from game.lessons import LessonRun, load_lessons
from tests.lessons.pupil import ScriptedPupil

CASES = [(lesson.id, rs) for lesson in load_lessons() for rs in lesson.rulesets]


def play(lesson_id: str, ruleset: str, max_steps: int = 400) -> tuple[LessonRun, list[int]]:
    lesson = next(x for x in load_lessons() if x.id == lesson_id)
    run = LessonRun(lesson, ruleset)
    pupil = ScriptedPupil(run)
    tm = run.turn_manager(pupil)
    reached: list[int] = []
    tm.listeners.append(lambda events: reached.append(run.index))
    for _ in range(max_steps):
        if run.done or tm.is_over:
            break
        res = tm.step()
        assert res is None or res.ok, res.error
    return run, sorted(set(reached))


@pytest.mark.parametrize(("lesson_id", "ruleset"), CASES)
def test_a_scripted_pupil_plays_the_lesson_to_its_end(lesson_id, ruleset):
    run, seen = play(lesson_id, ruleset)
    assert run.done, (f"{lesson_id} under {ruleset} stopped at step {run.index + 1}: "
                      f"{run.lesson.steps[run.index].say}")
    # the goals were met one after another, never skipping a step
    assert seen == sorted(seen) and seen[-1] == len(run.lesson.steps)


def test_the_five_ideas_are_taught():
    ids = [x.id for x in load_lessons()]
    assert ids == ["rear_attack", "reach", "free_attack", "charge", "shields"]
