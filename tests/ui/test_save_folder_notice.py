"""When the save folder fails in the window: the battle does not crash; a notice says it is no
longer being saved and why, and offers another folder or going on unsaved.  Another folder
gets the whole battle so far and saving carries on there; going on unsaved keeps the battle
playable with a marker on the screen.  The same for a battle whose folder is unusable from
the start, for the joust and for a List.  (SDL's dummy video driver; the disk's failures are
injected where the system reports them.)"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.lists import ListSession, default_roster, store
from game.saves import load_save, save_dir, verify_save
from game.ui.lists_scene import ListsScene
from game.ui.save_notice import MARKER
from tests.ui.full_disk import disk_full
from tests.ui.test_window_play import Player
from tests.ui.window import AtTheWindow


@pytest.fixture(autouse=True)
def _window(tmp_path, monkeypatch):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    yield
    pygame.quit()


def play_until(p: Player, done, turns: int = 300) -> None:
    for _ in range(turns):
        if done():
            return
        p.turn()
    raise AssertionError("it never came")


def no_part_files(folder: Path) -> bool:
    return not any(f.name.endswith(".part") for f in folder.rglob("*"))


def text_of(notice) -> str:
    return notice.text.html_text


def test_a_disk_full_mid_battle_shows_the_notice_and_keeps_the_last_good_save(tmp_path,
                                                                              monkeypatch):
    p = Player(seed=5)
    play_until(p, lambda: len(p.scene.tm.history) >= 6)
    saved = len(p.scene.tm.history)
    save = p.scene.writer.path
    disk_full(monkeypatch)
    play_until(p, lambda: len(p.scene.tm.history) > saved)
    p.frames(2)
    monkeypatch.undo()
    notice = p.scene.saving.notice
    assert notice is not None and notice.alive()
    assert "The battle is no longer being saved" in text_of(notice)
    assert f"{save.parent}: no space left on the disk" in text_of(notice)
    assert notice.save_button.text == "Save in this folder"
    assert notice.unsaved_button.text == "Go on unsaved"
    on_disk = verify_save(load_save(save))
    assert on_disk.ok and on_disk.steps == saved
    assert no_part_files(tmp_path)


def test_choosing_another_folder_saves_the_whole_battle_there_and_carries_on(tmp_path,
                                                                            monkeypatch):
    p = Player(seed=5)
    play_until(p, lambda: len(p.scene.tm.history) >= 3)
    disk_full(monkeypatch)
    play_until(p, lambda: p.scene.saving.asking)
    monkeypatch.undo()
    other = tmp_path / "somewhere else"
    p.scene.saving.notice.entry.set_text(str(other))
    p.click(p.scene.saving.notice.save_button.get_abs_rect().center)
    assert not p.scene.saving.asking and p.scene.saving.marker is None
    assert p.scene.writer.saving and p.scene.writer.path.parent == other
    assert "Saving again" in p.scene.message
    assert list((tmp_path / "saves").glob("*.flank")) == []  # no stale copy left to Continue
    assert save_dir() == other  # the next battle, and Continue, look there
    steps = len(p.scene.tm.history)
    play_until(p, lambda: len(p.scene.tm.history) >= steps + 2)
    p.frames(30)
    live = list(p.scene.tm.history)
    p.scene.close()
    loaded = load_save(next(other.glob("*.flank")))
    assert [c for c, _ in loaded.history] == [c for c, _ in live]
    assert verify_save(loaded).ok
    assert no_part_files(tmp_path)


def test_a_folder_that_fails_too_is_said_in_the_notice(tmp_path, monkeypatch):
    p = Player(seed=5)
    play_until(p, lambda: len(p.scene.tm.history) >= 3)
    disk_full(monkeypatch)
    play_until(p, lambda: p.scene.saving.asking)
    (tmp_path / "a file").write_text("")
    p.scene.saving.notice.entry.set_text(str(tmp_path / "a file"))
    p.click(p.scene.saving.notice.save_button.get_abs_rect().center)
    assert p.scene.saving.asking
    assert p.scene.saving.notice.problem.text == (
        f"That folder will not do either: {tmp_path / 'a file'}: is a file, not a folder")


def test_going_on_unsaved_keeps_the_battle_playable_with_a_marker(tmp_path, monkeypatch):
    p = Player(seed=5)
    play_until(p, lambda: len(p.scene.tm.history) >= 3)
    disk_full(monkeypatch)
    play_until(p, lambda: p.scene.saving.asking)
    p.click(p.scene.saving.notice.unsaved_button.get_abs_rect().center)
    assert not p.scene.saving.asking
    marker = p.scene.saving.marker
    assert marker is not None and marker.visible and marker.text == MARKER
    steps = len(p.scene.tm.history)
    play_until(p, lambda: len(p.scene.tm.history) >= steps + 2)
    assert not p.scene.saving.asking  # told once
    p.key(pygame.K_ESCAPE)
    assert "It is not being saved" in p.scene.leave_dialog.confirmation_text.html_text
    p.key(pygame.K_ESCAPE)
    p.click(marker.get_abs_rect().center)  # the marker offers another folder again
    assert p.scene.saving.asking


def test_a_battle_whose_save_folder_is_a_file_starts_with_the_notice(tmp_path, monkeypatch):
    (tmp_path / "f").write_text("not a folder")
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "f"))
    p = Player(seed=5)
    p.frames(2)
    notice = p.scene.saving.notice
    assert notice is not None and "The battle cannot be saved there" in text_of(notice)
    assert f"{tmp_path / 'f'}: is a file, not a folder" in text_of(notice)
    p.click(notice.unsaved_button.get_abs_rect().center)
    play_until(p, lambda: len(p.scene.tm.history) >= 4)  # playable all the same
    p.scene.saving.show()
    p.scene.saving.notice.entry.set_text(str(tmp_path / "saves"))
    p.click(p.scene.saving.notice.save_button.get_abs_rect().center)
    assert p.scene.writer.saving
    live = list(p.scene.tm.history)
    p.scene.close()
    loaded = load_save(p.scene.writer.path)
    assert [c for c, _ in loaded.history] == [c for c, _ in live] and verify_save(loaded).ok


class AtTheLists(AtTheWindow):
    def __init__(self, session: ListSession) -> None:
        self.app = App((1280, 800))
        self.scene = ListsScene(self.app, session)
        self.app.switch(self.scene)
        self.frames(2)


def test_a_lists_file_that_cannot_be_written_gives_the_notice_and_moves(tmp_path,
                                                                       monkeypatch):
    session = ListSession.new(default_roster(4, ("ai:random",) * 4), seed=3,
                              folder=tmp_path / "saves")
    w = AtTheLists(session)
    disk_full(monkeypatch)
    w.click(w.scene.ride.get_abs_rect().center)  # "Decide the next bout"
    monkeypatch.undo()
    w.frames(2)
    notice = w.scene.saving.notice
    assert notice is not None and "The List is no longer being saved" in text_of(notice)
    assert len(session.data.rides) == 1  # decided all the same
    notice.entry.set_text(str(tmp_path / "other"))
    w.click(notice.save_button.get_abs_rect().center)
    assert not w.scene.saving.asking and session.path.parent == tmp_path / "other"
    assert len(store.read(session.path).rides) == 1
    assert no_part_files(tmp_path)


def test_a_joust_whose_save_fails_mid_bout_gives_the_same_notice(tmp_path, monkeypatch):
    from game.lists.bout import field_setup, single_bout_setup
    from game.ui.launch import open_setup

    app = App((1280, 800))
    field, path = field_setup("tournament")
    scene = open_setup(app, single_bout_setup(field, 4), ["ai:random", "ai:random"],
                       title="The joust", scenario_path=path)
    app.switch(scene)
    disk_full(monkeypatch)
    for _ in range(600):
        app.step(1 / 30)
        if scene.saving.asking:
            break
    monkeypatch.undo()
    assert scene.saving.asking and "no space left on the disk" in text_of(scene.saving.notice)
    steps = len(scene.tm.history)
    for _ in range(60):
        app.step(1 / 30)
    assert len(scene.tm.history) == steps  # the computer waits for the answer


def test_continuing_a_save_whose_folder_became_read_only_plays_on_with_the_notice(
        tmp_path, monkeypatch):
    """Continue on a battle whose save can no longer be written (its folder was made
    read-only since): the battle opens where it stopped, the notice says it is no longer
    being saved, and another folder gets the whole battle, old steps and new."""
    from game.ui.menu_scene import MenuScene

    p = Player(seed=5)
    play_until(p, lambda: len(p.scene.tm.history) >= 4)
    p.frames(30)
    played = [c for c, _ in p.scene.tm.history]
    save = p.scene.writer.path
    p.scene.close()
    real_open = os.open

    def read_only(path, flags, *args):
        if flags & (os.O_WRONLY | os.O_RDWR) and Path(path).parent == save.parent:
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args)

    def no_unlink(path, *args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(os, "open", read_only)
    monkeypatch.setattr(os, "unlink", no_unlink)
    menu = MenuScene(p.app)
    assert menu.latest == save
    p.scene = menu._continue()
    p.app.switch(p.scene)
    p.frames(3)
    notice = p.scene.saving.notice
    assert notice is not None and notice.alive()
    assert "The battle is no longer being saved" in text_of(notice)
    assert f"{save.parent}: the folder is read-only" in text_of(notice)
    assert [c for c, _ in p.scene.tm.history] == played
    other = tmp_path / "writable"
    notice.entry.set_text(str(other))
    p.click(notice.save_button.get_abs_rect().center)
    assert p.scene.writer.saving and p.scene.writer.path.parent == other
    steps = len(p.scene.tm.history)
    play_until(p, lambda: len(p.scene.tm.history) >= steps + 2)
    p.frames(30)
    live = [c for c, _ in p.scene.tm.history]
    p.scene.close()
    monkeypatch.undo()
    moved = load_save(next(other.glob("*.flank")))
    assert [c for c, _ in moved.history] == live and live[:len(played)] == played
    assert verify_save(moved).ok
    assert verify_save(load_save(save)).steps == len(played)  # the old save is as it was
