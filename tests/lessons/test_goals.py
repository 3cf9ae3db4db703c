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


# --- the goals of the Enchanted Realms and Tarnished Tale lessons (issue #35) ---------------


def _start(lesson_id: str, ruleset: str) -> tuple[LessonRun, Battle]:
    lesson = next(x for x in load_lessons() if x.id == lesson_id)
    run = LessonRun(lesson, ruleset)
    return run, initial_state(run.setup())


PAST = Goal(kind="at", unit="edda", cell=(5, 1))


def test_at_waits_for_the_figure_on_the_marked_tile():
    run, state = _start("run_past", "enchanted_realms")
    assert not reached(PAST, state, (), run.pupil)  # Edda still west of the orc
    beside = state.update_unit("edda", pos=run.cell_hex((4, 1)))  # beside him, not past
    assert not reached(PAST, beside, (), run.pupil)
    bram_there = state.update_unit("bram", pos=run.cell_hex((5, 1)))  # the wrong figure
    assert not reached(PAST, bram_there, (), run.pupil)
    assert reached(PAST, state.update_unit("edda", pos=run.cell_hex((5, 1))), (), run.pupil)


def test_defend_waits_for_the_defence_named_by_the_pupils_figure():
    """TT-06: the declared defence is the step; another defence, or the foe's, is not."""
    from rules.systems.tarnished_tale.events import DefenceDeclared

    run, state = _start("defences", "tarnished_tale")
    block = Goal(kind="defend", unit="bram", action="block")
    assert not reached(block, state, (), run.pupil)
    assert not reached(block, state, (DefenceDeclared(defender="bram", defence="dodge"),),
                       run.pupil)
    assert not reached(block, state, (DefenceDeclared(defender="ugluk", defence="block"),),
                       run.pupil)
    assert reached(block, state, (DefenceDeclared(defender="bram", defence="block"),),
                   run.pupil)


def test_knock_back_waits_for_a_foe_thrown_onto_a_free_cell():
    """TT-18: a fumbled block that leaves the foe where he stood (his cell behind is taken or
    blocked) is no knock-back; nor is the pupil's own figure knocked back."""
    from rules.systems.tarnished_tale.events import KnockedBack

    run, state = _start("knock_back", "tarnished_tale")
    goal = Goal(kind="knock_back")
    held = KnockedBack(unit="shagrat", cell=(4, 2), moved=False)
    own = KnockedBack(unit="bram", cell=(0, 2), moved=True)
    assert not reached(goal, state, (), run.pupil)
    assert not reached(goal, state, (held,), run.pupil)
    assert not reached(goal, state, (own,), run.pupil)
    assert reached(goal, state, (KnockedBack(unit="shagrat", cell=(3, 3), moved=True),),
                   run.pupil)
