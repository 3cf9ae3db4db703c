"""Loading a save up to a step: its part the rules agree with, written as a new save.

A save edited or damaged after a good beginning is refused for play (`SaveDiverges` names
the step), but the battle up to the step before is still the battle: `save_up_to` writes
that part as a fresh file in the save folder, to play on from.  The file it came from is
only read, never changed or removed: a player who edited it by hand, or a tool that will
mend it, still has it as it was.

    try:
        loaded = load_save(path, verify=True)
    except SaveDiverges as exc:
        new = save_up_to(path, exc.up_to)      # or write_up_to(exc.good, exc.up_to)
        loaded, tm, writer = resume_battle(new)
"""

from __future__ import annotations

import os
from pathlib import Path

from game.saves.autosave import autosave_path
from game.saves.divergence import SaveDiverges
from game.saves.errors import SaveError
from game.saves.loaded import LoadedSave
from game.saves.loader import load_save
from game.saves.writer import SaveWriter
from rules.engine import evolve


def trusted_part(path: str | Path) -> tuple[LoadedSave, SaveDiverges | None]:
    """The save with every command decided again: all of it if the rules agree with all
    of it, else the part before the step where they part (and why they part).  Raises
    `SaveError` if not even its header and set-up can be trusted."""
    try:
        return load_save(path, verify=True), None
    except SaveDiverges as exc:
        return exc.good, exc


def save_up_to(path: str | Path, step: int, folder: Path | None = None) -> Path:
    """Write the battle of the save at `path` as it stood after `step` (0: its start) as a
    new save in `folder` (default: the save folder), and return the new file's path.

    Raises `SaveError` if the save cannot be trusted that far (naming how far it can),
    `OSError` if the new file cannot be written (nothing is left behind but what
    `SaveWriter` leaves: no half-written file under the new name)."""
    if step < 0:
        raise SaveError(path, "file", f"step {step}: give a step from 0 (the start) on")
    good, problem = trusted_part(path)
    if step > good.position:
        why = (f"the battle has only {good.position} steps" if problem is None else
               f"the rules agree with it only up to step {good.position}")
        raise SaveError(path, "file", f"cannot load up to step {step}: {why}")
    return write_up_to(good, step, folder)


def write_up_to(good: LoadedSave, step: int, folder: Path | None = None) -> Path:
    """Write `good` (a save checked by deciding every command again, or the good part of
    one: `SaveDiverges.good`) as it stood after `step` of its line of play, as a new save
    in `folder` (default: the save folder); its path.  Raises `OSError` if it cannot be
    written (the new file is taken away again; nothing else is touched)."""
    step = max(0, min(step, good.position))
    title = good.header.scenario.title or good.setup.title
    target = autosave_path(f"{title} to step {step}", folder)
    writer = SaveWriter(target, good.header, fsync=False)
    try:
        writer.record_opening(good.opening)
        state = good.opening_state
        for command, events in good.history[:step]:
            for e in events:
                state = evolve(state, e)
            writer.record_step(command, events, state=state)
    except BaseException:
        writer.close()
        target.unlink(missing_ok=True)  # the new file only: never the save it came from
        raise
    writer.close()
    _sync(target)
    return target


def _sync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
