"""Each lesson played to its end by a scripted pupil, headless, through the turn manager:
the steps' goals are reached in order, under every ruleset the lesson lists."""

from __future__ import annotations

import pytest

from game.lessons import LessonRun, load_lessons
from game.lessons.check import play_through
from game.lessons.pupil import ScriptedPupil
from rules.events import AttackRolled, Event, unhx
from rules.state import Battle

CASES = [(lesson.id, rs) for lesson in load_lessons() for rs in lesson.rulesets]


def play(lesson_id: str, ruleset: str, max_steps: int = 400,
         log: list[tuple[int, Event]] | None = None) -> tuple[LessonRun, list[int], Battle]:
    """Play the lesson: the run, the steps reached batch by batch, and the battle at the
    end; `log` collects each event with the step the pupil was on once it was applied."""
    lesson = next(x for x in load_lessons() if x.id == lesson_id)
    listeners = [] if log is None else [
        lambda run, events: log.extend((run.index, e) for e in events)]
    played = play_through(lesson, ruleset, max_steps, listeners)
    assert not played.refused, played.refused
    return played.run, sorted(set(played.reached)), played.state


@pytest.mark.parametrize(("lesson_id", "ruleset"), CASES)
def test_a_scripted_pupil_plays_the_lesson_to_its_end(lesson_id, ruleset):
    run, seen, _ = play(lesson_id, ruleset)
    assert run.done, (f"{lesson_id} under {ruleset} stopped at step {run.index + 1}: "
                      f"{run.lesson.steps[run.index].say}")
    # the goals were met one after another, never skipping a step
    assert seen == sorted(seen) and seen[-1] == len(run.lesson.steps)


def test_the_five_ideas_are_taught():
    ids = [x.id for x in load_lessons()]
    assert ids[:5] == ["rear_attack", "reach", "free_attack", "charge", "shields"]


def test_enchanted_realms_and_tarnished_tale_each_teach_two_ideas_of_their_own():
    """Issue #35: the run past a foe and the ready (ER-19, ER-11), the declared defence and
    the knock-back (TT-06, TT-18), each a lesson of its ruleset."""
    rulesets = {x.id: x.rulesets for x in load_lessons()}
    assert rulesets["at_the_ready"] == rulesets["run_past"] == ("enchanted_realms",)
    assert rulesets["defences"] == rulesets["knock_back"] == ("tarnished_tale",)


def test_zefrs_has_lessons_of_its_own_ideas():
    """Issue 35: the shield's side (ZEF-48), aiming points (ZEF-24), the rush (ZEF-28) and
    what a footman reaches of a rider (ZEF-25)."""
    own = [x.id for x in load_lessons() if x.rulesets == ("zefrs",)]
    assert own == ["zefrs_shield_side", "zefrs_aiming", "zefrs_rush", "zefrs_rider"]


def test_under_zefrs_the_blow_from_the_sword_side_passes_the_shield():
    log: list[tuple[int, Event]] = []
    run, _, _ = play("zefrs_shield_side", "zefrs", log=log)
    assert run.done
    blow = next(e for _, e in log if e.type == "zef_attack_rolled" and e.attacker == "hero")
    # ZEF-48, R-ZEF-SHIELD-ARC: struck from his other flank, the shield took no share
    assert blow.aim == "chest" and blow.colour != "white" and not blow.shield_used
    assert not any(m.rule == "ZEF-48" for m in blow.damage_parts)
    assert blow.damage > 0


def test_under_zefrs_the_blow_at_the_bare_leg_is_unarmoured():
    log: list[tuple[int, Event]] = []
    run, _, _ = play("zefrs_aiming", "zefrs", log=log)
    assert run.done
    blow = next(e for _, e in log if e.type == "zef_attack_rolled" and e.attacker == "hero")
    # ZEF-24, ZEF-47: aimed at the right leg, where he wears nothing; no armour or shield part
    assert blow.aim == "right_leg" and blow.damage > 0
    assert not any(m.rule in ("ZEF-47", "ZEF-48") for m in blow.damage_parts)


def test_under_zefrs_the_rush_carries_conan_through_the_gap_to_the_archer():
    log: list[tuple[int, Event]] = []
    run, _, state = play("zefrs_rush", "zefrs", log=log)
    assert run.done
    rush = next(e for _, e in log if e.type == "zef_manoeuvre_rolled")
    assert rush.kind == "rush" and rush.colour != "white"  # ZEF-29
    hero, archer = state.unit("hero"), state.unit("archer")
    assert hero.pos == run.cell_hex((4, 2)) and hero.pos.distance(archer.pos) == 1


def test_every_lesson_but_reach_plays_under_both_rulesets_that_share_its_ideas():
    rulesets = {x.id: set(x.rulesets) for x in load_lessons()}
    for lesson_id in ("rear_attack", "free_attack", "shields"):
        assert {"fallen_empire", "empress"} <= rulesets[lesson_id], lesson_id


def test_under_empress_running_off_provokes_and_falling_back_does_not():
    log: list[tuple[int, Event]] = []
    run, _, state = play("free_attack", "empress", log=log)
    assert run.done
    attacks = [e for _, e in log if isinstance(e, AttackRolled)]
    # EMP-55: Bram ran more than half his move from Grish, who had not acted: his blow
    assert any(a.kind == "opportunity" and (a.attacker, a.target) == ("orc1", "bram")
               for a in attacks)
    # EMP-58: Edda spent her action falling back and left with no opportunity attack on her
    assert not any(a.kind == "opportunity" and a.target == "edda" for a in attacks)
    assert any(e.type == "emp_fall_back_declared" and e.unit == "edda" for _, e in log)
    edda, lug = state.unit("edda"), state.unit("orc2")
    assert edda.fighting and edda.pos.distance(lug.pos) > 1
    assert edda.pos == run.cell_hex((2, 3))  # the marked hex


def test_under_empress_the_third_shield_closes_the_wall():
    from rules.systems.empress.armour import wall_role

    log: list[tuple[int, Event]] = []
    lesson = next(x for x in load_lessons() if x.id == "shields")
    assert lesson.map_under("empress") != lesson.map_under("fallen_empire")
    first = LessonRun(lesson, "empress")
    start = first.turn_manager(ScriptedPupil(first)).state
    assert [wall_role(start, start.unit(u)) for u in ("left", "cole", "right")] == ["", "", ""]
    run, _, state = play("shields", "empress", log=log)
    assert run.done
    # EMP-22 (a): Bram and Cole at the ends, Edda in the middle
    assert [wall_role(state, state.unit(u)) for u in ("left", "cole", "right")] == [
        "end", "end", "middle"]
    blows = [e for i, e in log if isinstance(e, AttackRolled) and e.attacker == "orc"
             and i == 2]
    assert blows and any("EMP-22" in m.rule for m in blows[-1].coverage_modifiers)


def test_at_the_ready_bram_strikes_as_the_orc_steps_into_the_doorway():
    """ER-11, ER-12: the readied blow falls while Grish stands on the doorway, mid-move,
    before Grish's own blow."""
    log: list[tuple[int, Event]] = []
    run, _, _ = play("at_the_ready", "enchanted_realms", log=log)
    assert run.done
    fired = next(e for _, e in log if e.type == "er_ready_fired")
    assert fired.unit == "bram" and unhx(fired.at) == run.cell_hex((4, 2))
    blows = [(e.attacker, e.kind) for _, e in log if e.type == "er_attack_rolled"]
    assert blows[0] == ("bram", "ready")


def test_running_past_costs_a_swing_and_walking_past_does_not():
    """ER-19: Edda's 15 feet beside Lug give him no swing; Bram's 30 feet do."""
    log: list[tuple[int, Event]] = []
    run, _, state = play("run_past", "enchanted_realms", log=log)
    assert run.done
    blows = [e for _, e in log if e.type == "er_attack_rolled"]
    assert [(e.attacker, e.target, e.kind) for e in blows] == [("lug", "bram", "opportunity")]
    assert state.unit("edda").pos == run.cell_hex((5, 1))
    # she went through the ground beside him, so it was the distance that spared her
    steps = [e for _, e in log if e.type == "unit_stepped" and e.unit == "edda"]
    assert any(state.unit("lug").pos.distance(unhx(e.to_hex)) == 1 for e in steps)


def test_the_knocked_back_orc_lands_straight_away_from_bram():
    """TT-18, R-TT-KNOCKBACK: from the marked hex the cell behind Shagrat, away from Bram,
    is open ground, and that is where he goes."""
    log: list[tuple[int, Event]] = []
    run, _, state = play("knock_back", "tarnished_tale", log=log)
    assert run.done
    back = next(e for _, e in log if e.type == "tt_knocked_back")
    assert back.moved and state.unit("shagrat").pos == run.cell_hex((4, 3))
    assert unhx(back.cell) == run.cell_hex((4, 3))


def test_under_zefrs_conan_on_foot_reaches_the_riders_leg_striking_up():
    from rules.systems.zefrs.options import declarable

    lesson = next(x for x in load_lessons() if x.id == "zefrs_rider")
    first = LessonRun(lesson, "zefrs")
    start = first.turn_manager(ScriptedPupil(first)).state
    aims = {a.split(":")[2] for a in declarable(start, "hero") if a.startswith("fight:raider:")}
    assert aims == {"chest", "gut", "right_leg", "left_leg"}  # ZEF-25: no head, no arms
    log: list[tuple[int, Event]] = []
    run, _, _ = play("zefrs_rider", "zefrs", log=log)
    assert run.done
    blow = next(e for _, e in log if e.type == "zef_attack_rolled" and e.attacker == "hero")
    assert blow.aim == "right_leg" and any(m.rule == "ZEF-41" for m in blow.shifts)
