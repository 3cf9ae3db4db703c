"""Carrying a saved battle or List on from a screen (the menu's Continue, the Saved battles
screen): the scene to switch to, or why not, for the screen to say in its own way.

One place for it because both screens must treat a save alike: every command decided again
first; a save good up to a step offered to be loaded up to it; a List taken up where it
stands; any other problem one sentence, the file left as it was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.saves import SaveDiverges, SaveError


def carry_on(app: Any, path: Path, on_exit: Any) -> Any:
    """The scene that carries `path` on, a `SaveDiverges` to offer "load up to step N", or a
    sentence saying why it cannot be carried on."""
    from game.ui.launch import resume_saved

    if path.name.endswith(".tournament.json"):
        from game.lists import ListSession, TournamentError
        from game.ui.lists_scene import ListsScene

        try:
            session = ListSession.load(path)
        except TournamentError as exc:
            return f"This List cannot be continued: {exc}"
        return ListsScene(app, session, on_exit=on_exit)
    try:
        return resume_saved(app, path, on_exit=on_exit)
    except SaveDiverges as exc:  # good up to a step: the screen offers to load up to it
        return exc
    except (SaveError, OSError) as exc:
        return f"This save cannot be continued: {exc}"


def load_up_to(app: Any, problem: SaveDiverges, on_exit: Any) -> Any:
    """"Load up to step N": the good part as a new save, played on from, the file that went
    wrong left as it was; the scene, or a sentence saying why not."""
    from game.saves import write_up_to
    from game.ui.launch import resume_saved

    try:
        fresh = write_up_to(problem.good, problem.up_to)
        return resume_saved(app, fresh, on_exit=on_exit)
    except (SaveError, OSError) as exc:
        return f"The battle cannot be loaded up to step {problem.up_to}: {exc}"


def take_up(screen: Any, outcome: Any, say: Callable[[str], None]) -> Any:
    """What a screen returns from its handler for `outcome` of `carry_on` or `load_up_to`:
    the scene (the screen closed first); or None, with "load up to step N" offered in the
    screen's `save_problem` dialog, or the problem said through `say`."""
    if isinstance(outcome, SaveDiverges):
        from game.ui.save_problem import SaveProblemDialog

        screen.save_problem = SaveProblemDialog(screen.app, outcome)
        return None
    if isinstance(outcome, str):
        say(outcome)
        return None
    screen.close()
    return outcome
