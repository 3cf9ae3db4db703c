"""``flank lessons``: check that every lesson goes as its steps say, or open one.

    flank lessons                          play every lesson under each of its rulesets
    flank lessons knock_back run_past      only these
    flank lessons --ruleset tarnished_tale only the lessons of one ruleset
    flank lessons --open knock_back --ruleset tarnished_tale    the lesson in the window

Checking is headless: the scripted pupil (game/lessons/pupil.py) follows each step's hint
against the lesson's opponent, with the lesson's seed, and one line per lesson says whether
every step was done as it says (exit status 1 if one was not).  Bad input (an unknown
lesson or ruleset, a broken lessons file) is one line and exit status 2 (`LessonsUsage`).
"""

from __future__ import annotations

import argparse
from typing import Any


class LessonsUsage(Exception):
    """Bad input: one line, exit status 2 through game.cli."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("lessons", help="check that every lesson is won as its steps say "
                                       "(headless), or open one with --open")
    p.add_argument("ids", nargs="*", metavar="LESSON",
                   help="the lessons to check (default: all), by id as lessons.toml names them")
    p.add_argument("--ruleset", default="", help="only the lessons under this ruleset")
    p.add_argument("--open", default="", metavar="LESSON",
                   help="open this lesson in the window (under --ruleset, else its first)")
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--screenshot", default=None, help=argparse.SUPPRESS)


def _chosen(args: argparse.Namespace) -> list[tuple[Any, str]]:
    """The (lesson, ruleset) pairs asked for, checked."""
    from game.lessons import LessonError, load_lessons
    from rules.engine import catalogue

    try:
        lessons = load_lessons()
    except LessonError as exc:
        raise LessonsUsage(str(exc)) from None
    known = {rid for rid, _, _ in catalogue()}
    if args.ruleset and args.ruleset not in known:
        raise LessonsUsage(f"no ruleset called '{args.ruleset}' "
                           f"(known: {', '.join(sorted(known))})")
    ids = [x.id for x in lessons]
    wanted = [args.open] if args.open else args.ids
    for name in wanted:
        if name not in ids:
            raise LessonsUsage(f"no lesson called '{name}' (the lessons: {', '.join(ids)})")
    out = []
    for lesson in lessons:
        if wanted and lesson.id not in wanted:
            continue
        for rs in lesson.rulesets:
            if not args.ruleset or rs == args.ruleset:
                out.append((lesson, rs))
    if not out:
        raise LessonsUsage(f"no lesson {'here ' if wanted else ''}is written for "
                           f"'{args.ruleset}'")
    return out


def run(args: argparse.Namespace) -> int:
    chosen = _chosen(args)
    if args.open:
        return _open(args, *chosen[0])
    from game.lessons.check import play_through

    failed = 0
    for lesson, ruleset in chosen:
        played = play_through(lesson, ruleset)
        ok = played.done and played.in_order
        failed += not ok
        print(("ok    " if ok else "FAILED ") + played.summary())
    total = len(chosen)
    print(f"{total - failed} of {total} lesson{'s' if total != 1 else ''} won as "
          "their steps say")
    return 1 if failed else 0


def _open(args: argparse.Namespace, lesson: Any, ruleset: str) -> int:
    from game.app import App
    from game.ui.lesson_list import LessonListScene
    from game.ui.lesson_scene import open_lesson

    app = App()
    app.switch(open_lesson(app, lesson, ruleset, on_exit=lambda: LessonListScene(app)))
    app.run(screenshot=args.screenshot, frames=args.frames)
    return 0
