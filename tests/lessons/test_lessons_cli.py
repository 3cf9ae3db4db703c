"""`flank lessons`: each lesson played by its hints, headless, one line each; a lesson whose
hints no longer win it is a FAIL line and exit status 1; a bad name one line and status 2."""

from __future__ import annotations

from game.cli import main
from game.lessons import load_lessons
from game.lessons.book import Hint
from game.lessons.check import line, play_through


def test_flank_lessons_plays_zefrs_lessons_to_their_end(capsys):
    assert main(["lessons", "--ruleset", "zefrs"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["ok    The shield's side, under ZeFRS: 2 steps, as written",
                   "ok    Aiming points, under ZeFRS: 2 steps, as written",
                   "ok    The rush, under ZeFRS: 3 steps, as written",
                   "ok    On foot against a rider, under ZeFRS: 2 steps, as written"]


def test_a_lesson_whose_hint_misleads_is_a_fail_line():
    """The shield's side with its hint sending Conan to the legionary's shield flank (ZEF-48,
    R-ZEF-SHIELD-ARC): the step's goal, his unguarded side, is never met."""
    lesson = next(x for x in load_lessons() if x.id == "zefrs_shield_side")
    first = lesson.steps[0].model_copy(update={"hint": Hint(unit="hero", go=(4, 3))})
    wrong = lesson.model_copy(update={"steps": (first, *lesson.steps[1:])})
    played = play_through(wrong, "zefrs", max_steps=40)
    assert not played.ok and played.reached == 0
    said = line(played, "ZeFRS")
    assert said.startswith("FAIL  The shield's side, under ZeFRS: stopped at step 1 of 2")


def test_an_unknown_lesson_or_ruleset_is_one_line_and_status_2(capsys):
    assert main(["lessons", "nope"]) == 2
    assert main(["lessons", "--ruleset", "chess"]) == 2
    assert main(["lessons", "reach", "--ruleset", "zefrs"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("flank lessons: no lesson called 'nope' (known: rear_attack")
    assert err[1].startswith("flank lessons: no ruleset called 'chess'")
    assert err[2] == "flank lessons: none of the lessons named is written for ZeFRS"
