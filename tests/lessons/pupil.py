"""The scripted pupil the lesson tests play with: game/lessons/pupil.py, where `flank
lessons` uses it too."""

from game.lessons.pupil import ScriptedPupil

__all__ = ["ScriptedPupil"]
