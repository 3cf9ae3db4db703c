"""The lessons' scripted foe under ZeFRS, where each figure states his whole action at the
turn's start (ZEF-15): he states it in his manner, through the actions the rules offer."""

from __future__ import annotations

from game.lessons import LessonRun, load_lessons
from game.lessons.opponents import LessonOpponent
from game.lessons.pupil import ScriptedPupil
from rules.engine import ruleset_of
from rules.hexgrid import Hex


def _offered(lesson_id: str, manner: str):
    """What the foe states at the first declaration he is asked for, the pupil having
    stated his (by the lesson's hint)."""
    lesson = next(x for x in load_lessons() if x.id == lesson_id)
    run = LessonRun(lesson, "zefrs")
    tm = run.turn_manager(ScriptedPupil(run))
    foe = next(s.id for s in tm.state.sides if s.id != run.pupil)
    for _ in range(10):
        legal = ruleset_of(tm.state).legal_commands(tm.state, foe)
        if legal:
            return LessonOpponent(manner, run.pupil).choose(tm.state, foe, legal)
        tm.step()
    raise AssertionError("the foe was never asked to state an action")


def test_a_guard_strikes_the_man_beside_him_at_the_chest():
    assert _offered("zefrs_aiming", "guard").action == "fight:hero:chest"


def test_a_guard_with_no_one_in_reach_defends_and_a_sentry_always_does():
    assert _offered("zefrs_shield_side", "guard").action == "defend"
    assert _offered("zefrs_aiming", "still").action == "defend"


def test_the_aggressive_walk_up_to_a_man_out_of_reach():
    """The legionary is an Enemy, who may not close and strike in one turn (ZEF-23, an
    extra action): he walks to a hex beside Conan, 3 hexes off."""
    lesson = next(x for x in load_lessons() if x.id == "zefrs_shield_side")
    run = LessonRun(lesson, "zefrs")
    run.setup()
    action = _offered("zefrs_shield_side", "aggressive").action
    q, _, r = action.removeprefix("move:").partition(",")
    assert action.startswith("move:")
    assert Hex(int(q), int(r)).distance(run.cell_hex((1, 2))) == 1
