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


# --- ZeFRS: the shield's side, the aiming point and the rush (ZEF-48, ZEF-24, ZEF-29) -------

def _zefrs(lesson_id: str) -> tuple[LessonRun, Battle]:
    lesson = next(x for x in load_lessons() if x.id == lesson_id)
    run = LessonRun(lesson, "zefrs")
    return run, initial_state(run.setup())


def _blow(aim: str = "chest", attacker: str = "hero", target: str = "legion"):
    from rules.systems.zefrs.events import ZefAttackRolled

    return ZefAttackRolled(attacker=attacker, target=target, kind="melee", weapon="broadsword",
                           aim=aim, roll=40, rating=11, subtracted=1, column=10,
                           colour="yellow", walk="column 10")


UNGUARDED = Goal(kind="stand", arc="unguarded")


def test_beside_him_on_his_shield_side_is_not_unguarded():
    run, state = _zefrs("zefrs_shield_side")
    state = state.update_unit("hero", pos=run.cell_hex((4, 3)))  # his left: the shield's flank
    assert not reached(UNGUARDED, state, (), run.pupil)
    state = state.update_unit("hero", pos=run.cell_hex((3, 2)))  # in front of him
    assert not reached(UNGUARDED, state, (), run.pupil)


def test_beside_him_on_his_sword_side_is_unguarded():
    run, state = _zefrs("zefrs_shield_side")
    state = state.update_unit("hero", pos=run.cell_hex((4, 1)))  # R-ZEF-SHIELD-ARC
    assert reached(UNGUARDED, state, (), run.pupil)


def test_a_blow_is_judged_from_where_it_came_though_he_turned_after_it():
    """A ZeFRS figure turns to face the man he strikes: the blow that came from his sword
    side counts as such, though by the end of the turn his shield faces the striker."""
    from rules.events import UnitFaced

    run, state = _zefrs("zefrs_shield_side")
    before = state.update_unit("hero", pos=run.cell_hex((4, 1)))
    events = (_blow(), UnitFaced(unit="legion", facing=1))
    after = before.update_unit("legion", facing=1)
    goal = Goal(kind="attack", arc="unguarded")
    assert reached(goal, after, events, run.pupil, before)
    assert not reached(goal, after, events, run.pupil)  # read from the end of the turn


def test_an_aim_goal_wants_a_blow_at_that_point():
    run, state = _zefrs("zefrs_aiming")
    goal = Goal(kind="attack", aim="right_leg")
    assert reached(goal, state, (_blow("right_leg", target="veteran"),), run.pupil)
    assert not reached(goal, state, (_blow("chest", target="veteran"),), run.pupil)
    assert not reached(goal, state, (), run.pupil)


def test_a_rush_goal_wants_a_rush_not_thrown_back():
    from rules.systems.zefrs.special import ManoeuvreRolled

    run, state = _zefrs("zefrs_rush")

    def rush(colour: str) -> ManoeuvreRolled:
        return ManoeuvreRolled(unit="hero", target="guard", kind="rush", rating=6,
                               subtracted=2, column=4, roll=50, colour=colour, rule="ZEF-29")

    goal = Goal(kind="rush", unit="hero")
    assert reached(goal, state, (rush("yellow"),), run.pupil)
    assert reached(goal, state, (rush("red"),), run.pupil)
    assert not reached(goal, state, (rush("white"),), run.pupil)  # ZEF-29: knocked down
    wrestle = rush("red").model_copy(update={"kind": "wrestle"})
    assert not reached(goal, state, (wrestle,), run.pupil)
