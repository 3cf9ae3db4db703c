"""Closing the window while a notice or dialog is up ends Flank quietly (issue 34, item 7).

`flank play --load SAVE` on a save whose folder had filled up put up the save notice; closing
the window then ended in a traceback: the battle's screen was taken down after pygame had
gone (`SaveWatch.close` -> `UIWindow.kill` -> "video system not initialized").  Now what a
screen must take down at closing runs before pygame goes (`App.at_close`).  Each test runs
the command line as typed, with SDL's dummy driver, the disk's failure injected where the
system reports it, and the window closed (a QUIT event, as the window's close button sends)
at the moment the test is about.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.cli import main
from game.saves import load_save, verify_save
from tests.ui.full_disk import REAL_WRITE, disk_full
from tests.ui.test_window_play import Player

MAX_FRAMES = 3000


@pytest.fixture(autouse=True)
def _window(tmp_path, monkeypatch):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    yield
    pygame.quit()


def saved_battle(steps: int = 4) -> tuple[Path, int]:
    """A battle of two computer players saved after `steps` commands, its window closed."""
    p = Player(seed=5, players=["ai", "ai"])
    for _ in range(MAX_FRAMES):
        if len(p.scene.tm.history) >= steps:
            break
        p.frames(1)
    save, played = p.scene.writer.path, len(p.scene.tm.history)
    p.scene.close()
    pygame.quit()
    return save, played


def close_the_window_when(monkeypatch, moment: Callable[[Any], bool],
                          before: Callable[[Any], None] = lambda scene: None) -> list[str]:
    """Every frame of the window the command line opens: at `moment(scene)`, do `before`,
    then close the window.  Returns what happened ("closed" once it was)."""
    real_step = App.step
    seen: list[str] = []

    def step(self: App, dt: float) -> None:
        real_step(self, dt)
        if not seen and moment(self.scene):
            before(self.scene)
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            seen.append("closed")
        if self.frames > MAX_FRAMES:
            self.running = False

    monkeypatch.setattr(App, "step", step)
    return seen


def asking(scene: Any) -> bool:
    return getattr(getattr(scene, "saving", None), "asking", False)


def unsaved(scene: Any) -> bool:
    saving = getattr(scene, "saving", None)
    return saving is not None and saving.marker is not None


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().err


def test_closing_the_window_under_the_notice_of_a_loaded_save_is_quiet(capsys, monkeypatch):
    """The case found: --load, the folder full, the notice up, the window closed."""
    save, played = saved_battle()
    disk_full(monkeypatch)
    closed = close_the_window_when(monkeypatch, asking)
    code, err = run(capsys, "play", "--load", str(save))
    monkeypatch.undo()
    assert closed == ["closed"]
    assert code == 0 and "Traceback" not in err
    on_disk = verify_save(load_save(save))
    assert on_disk.ok and on_disk.steps >= played  # the last good save is kept


def test_closing_it_while_going_on_unsaved_with_the_help_up_is_quiet(capsys, monkeypatch):
    """The notice answered "go on unsaved" (its marker up), the help over the board."""
    save, _ = saved_battle()
    disk_full(monkeypatch)
    asked: list[bool] = []

    def moment(scene: Any) -> bool:
        if asking(scene) and not asked:
            asked.append(True)
            scene.saving.go_on_unsaved()
            return False
        return unsaved(scene)

    closed = close_the_window_when(monkeypatch, moment, lambda scene: scene._toggle_help())
    code, err = run(capsys, "play", "--load", str(save))
    monkeypatch.undo()
    assert closed == ["closed"] and code == 0 and "Traceback" not in err
    assert verify_save(load_save(save)).ok


def test_closing_a_new_battle_under_the_notice_is_quiet(capsys, monkeypatch):
    """`flank play <map>`: the folder fills mid-battle, the notice is up, the window shut."""

    def full_once_begun(scene: Any) -> bool:
        tm = getattr(scene, "tm", None)
        if tm is not None and len(tm.history) >= 2 and os.write is REAL_WRITE:
            disk_full(monkeypatch)
        return asking(scene)

    closed = close_the_window_when(monkeypatch, full_once_begun)
    code, err = run(capsys, "play", "duel", "--sides", "ai,ai", "--seed", "5")
    monkeypatch.undo()
    assert closed == ["closed"] and code == 0 and "Traceback" not in err
