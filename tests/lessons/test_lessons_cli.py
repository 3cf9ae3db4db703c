"""`flank lessons`: every lesson played by the scripted pupil, one line each, as a GM or a
developer checks that the lessons still go as their steps say after a rules change."""

from __future__ import annotations

from game.cli import main


def test_flank_lessons_plays_the_named_lessons_and_says_each_is_won(capsys):
    assert main(["lessons", "--ruleset", "tarnished_tale"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "ok    Declared defences (Tarnished Tale): all 2 steps done as they say, in 2 rounds",
        "ok    Knock-back (Tarnished Tale): all 2 steps done as they say, in 1 round",
        "2 of 2 lessons won as their steps say"]


def test_flank_lessons_says_where_a_lesson_stops_and_fails(capsys, monkeypatch):
    """A lesson whose dice no longer go its way (here: another seed, so Shagrat's block does
    not fumble) is reported at the step it stopped on, with exit status 1."""
    import game.lessons

    real = game.lessons.load_lessons

    def reseeded(*args):
        return tuple(x.model_copy(update={"seed": {"tarnished_tale": 1}})
                     if x.id == "knock_back" else x for x in real(*args))

    monkeypatch.setattr("game.lessons.load_lessons", reseeded)
    assert main(["lessons", "knock_back"]) == 1
    out = capsys.readouterr().out
    assert "FAILED Knock-back (Tarnished Tale): stopped at step 2 of 2: Strike" in out
    assert "0 of 1 lesson won" in out


def test_an_unknown_lesson_or_ruleset_is_one_line_and_status_2(capsys):
    assert main(["lessons", "nonesuch"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("flank lessons: no lesson called 'nonesuch' (the lessons: ")
    assert err.count("\n") == 1
    assert main(["lessons", "--ruleset", "chess"]) == 2
    assert "no ruleset called 'chess'" in capsys.readouterr().err


def test_flank_lessons_plays_the_zefrs_lessons_to_their_end(capsys):
    assert main(["lessons", "--ruleset", "zefrs"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [x.split(":")[0] for x in out[:-1]] == [
        "ok    The shield's side (ZeFRS)", "ok    Aiming points (ZeFRS)",
        "ok    The rush (ZeFRS)", "ok    On foot against a rider (ZeFRS)"]
    assert out[-1] == "4 of 4 lessons won as their steps say"


def test_a_lesson_whose_hint_misleads_stops_at_that_step():
    """The shield's side with its hint sending Conan to the legionary's shield flank (ZEF-48,
    R-ZEF-SHIELD-ARC): the step's goal, his unguarded side, is never met."""
    from game.lessons import load_lessons
    from game.lessons.book import Hint
    from game.lessons.check import play_through

    lesson = next(x for x in load_lessons() if x.id == "zefrs_shield_side")
    first = lesson.steps[0].model_copy(update={"hint": Hint(unit="hero", go=(4, 3))})
    wrong = lesson.model_copy(update={"steps": (first, *lesson.steps[1:])})
    played = play_through(wrong, "zefrs", max_steps=40)
    assert not played.done and played.run.index == 0
    assert played.summary().startswith("The shield's side (ZeFRS): stopped at step 1 of 2")
