"""The goal a lesson's step waits for, checked against a battle as a player would set it up:
a shield wall (EMP-22 (a)) counts only men side by side *and* facing the same way."""

from __future__ import annotations

from game.lessons import LessonRun, load_lessons
from game.lessons.book import Goal
from game.lessons.goals import reached
from rules.engine import initial_state
from rules.state import Battle


def _wall_lesson() -> tuple[LessonRun, Battle]:
    lesson = next(x for x in load_lessons() if x.id == "shields")
    run = LessonRun(lesson, "empress")
    return run, initial_state(run.setup())


RANK = Goal(kind="rank", unit="right", size=3)


def test_two_men_with_a_gap_between_are_no_rank_of_three():
    run, state = _wall_lesson()
    assert not reached(RANK, state, (), run.pupil)


def test_the_third_man_in_the_gap_facing_the_foe_makes_the_rank():
    run, state = _wall_lesson()
    state = state.update_unit("right", pos=run.cell_hex((3, 2)))
    assert reached(RANK, state, (), run.pupil)
    assert reached(Goal(kind="beside", unit="right"), state, (), run.pupil)


def test_in_the_gap_but_facing_elsewhere_he_is_beside_them_not_in_rank():
    run, state = _wall_lesson()
    state = state.update_unit("right", pos=run.cell_hex((3, 2)), facing=1)
    assert reached(Goal(kind="beside", unit="right"), state, (), run.pupil)
    assert not reached(RANK, state, (), run.pupil)
