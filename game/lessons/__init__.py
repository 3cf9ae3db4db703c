"""Lessons: short guided scenarios that teach one positioning idea by having the player do it.

Headless (no pygame): the lesson definitions (`book`, read from maps/lessons/lessons.toml),
the goal checks a lesson's steps wait for (`goals`), the scripted opponents (`opponents`)
and one lesson being played (`run`).  The screen parts are game/ui/lesson_*.py.
"""

from game.lessons.book import LESSONS_FILE, Goal, Lesson, LessonError, Step, load_lessons
from game.lessons.run import LessonRun

__all__ = ["LESSONS_FILE", "Goal", "Lesson", "LessonError", "LessonRun", "Step",
           "load_lessons"]
