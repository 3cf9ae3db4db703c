"""When the save folder fails, as a player at the command line sees it: a save folder that is
a file, a read-only folder, a disk full at the start or in the middle of a battle.  One line
naming the folder and the problem in words, exit status 2, no traceback; the last good save
intact and loadable; never a ``.part`` file or an empty save left behind.

Everything runs as root here, so the failures are injected where the system would report
them (`os.open`, `os.write`, `os.fsync`, `os.replace`) with the errno a real disk gives.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from game.cli import main
from game.lists import ListSession, default_roster, store
from game.saves import (
    SaveFolderError,
    SaveWriter,
    load_save,
    new_header,
    start_autosave,
    verify_save,
)
from game.turns import TurnManager
from tests.saves.helpers import duel, random_seats, saved_battle

REAL_OPEN, REAL_WRITE = os.open, os.write


def leftovers(folder: Path) -> list[str]:
    """What a failed save must never leave: ``.part`` files and empty saves."""
    return sorted(p.name for p in folder.rglob("*")
                  if p.name.endswith(".part") or (p.suffix == ".flank" and p.stat().st_size == 0))


def refuse_opening_in(monkeypatch, folder: Path, code: int) -> None:
    """Files in `folder` cannot be made or written to (a read-only folder, as the system says
    it: EACCES for a folder without write permission, EROFS on a read-only disk)."""
    def guarded(path, flags, *args, **kwargs):
        if Path(os.fsdecode(path)).parent == folder and flags & (os.O_WRONLY | os.O_RDWR):
            raise OSError(code, os.strerror(code), os.fsdecode(path))
        return REAL_OPEN(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded)


def disk_full_after(monkeypatch, writes: int) -> None:
    """The disk fills after `writes` more writes: the next lands ten bytes, then ENOSPC."""
    left = [writes]

    def write(fd, data):
        if left[0] <= 0:
            REAL_WRITE(fd, bytes(data)[:10])
            raise OSError(errno.ENOSPC, "No space left on device")
        left[0] -= 1
        return REAL_WRITE(fd, data)

    monkeypatch.setattr(os, "write", write)


def one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# --- the command line: known before the window opens -----------------------------------------


def test_play_with_the_save_folder_a_file_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    (tmp_path / "f").write_text("not a folder")
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "f"))
    assert main(["play", "duel", "--frames", "3"]) == 2
    assert one_line(capsys) == (f"flank play: cannot save the battle: {tmp_path / 'f'}: is a "
                                "file, not a folder")


def test_play_with_a_file_above_the_save_folder_names_the_file(tmp_path, monkeypatch, capsys):
    (tmp_path / "f").write_text("not a folder")
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "f" / "saves"))
    assert main(["play", "duel", "--frames", "3"]) == 2
    assert one_line(capsys).endswith(f"{tmp_path / 'f'}: is a file, not a folder")


@pytest.mark.parametrize(("code", "words"), [(errno.EACCES, "permission denied"),
                                             (errno.EROFS, "the folder is read-only")])
def test_play_with_a_read_only_save_folder_says_so_in_one_line(tmp_path, monkeypatch, capsys,
                                                                code, words):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path))
    refuse_opening_in(monkeypatch, tmp_path, code)
    assert main(["play", "duel", "--frames", "3"]) == 2
    assert one_line(capsys) == f"flank play: cannot save the battle: {tmp_path}: {words}"
    assert list(tmp_path.iterdir()) == []


def test_play_with_the_disk_full_at_the_start_says_so_and_leaves_nothing(tmp_path, monkeypatch,
                                                                         capsys):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path))
    disk_full_after(monkeypatch, 0)
    assert main(["play", "duel", "--frames", "3"]) == 2
    assert one_line(capsys) == (f"flank play: cannot save the battle: {tmp_path}: no space "
                                "left on the disk")
    assert list(tmp_path.iterdir()) == []


def test_play_load_of_a_save_that_cannot_be_written_says_so(tmp_path, monkeypatch, capsys):
    _, writer = saved_battle(tmp_path / "b.flank", duel(), steps=6)
    writer.close()
    refuse_opening_in(monkeypatch, tmp_path, errno.EROFS)
    assert main(["play", "--load", str(tmp_path / "b.flank"), "--frames", "3"]) == 2
    assert one_line(capsys) == (f"flank play: cannot save the battle: {tmp_path / 'b.flank'}: "
                                "the folder is read-only")  # the save's own file is named


def test_joust_with_the_save_folder_a_file_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    (tmp_path / "f").write_text("not a folder")
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "f"))
    assert main(["joust", "--entrants", "4", "--frames", "3"]) == 2
    assert one_line(capsys) == (f"flank joust: cannot save the joust: {tmp_path / 'f'}: is a "
                                "file, not a folder")


def simulate(save_dir: Path | str, games: int = 2) -> int:
    return main(["simulate", "duel", "--players", "random,random", "--games", str(games),
                 "--jobs", "1", "--save-dir", str(save_dir)])


def test_simulate_with_save_dir_a_file_says_so_in_one_line(tmp_path, capsys):
    (tmp_path / "f").write_text("not a folder")
    assert simulate(tmp_path / "f") == 2
    assert one_line(capsys) == f"flank simulate: --save-dir {tmp_path / 'f'}: is a file, not a " \
                               "folder"


def test_simulate_into_a_read_only_folder_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    refuse_opening_in(monkeypatch, tmp_path, errno.EACCES)
    assert simulate(tmp_path) == 2
    assert one_line(capsys) == f"flank simulate: --save-dir {tmp_path}: permission denied"


def test_simulate_when_the_disk_fills_mid_game_stops_in_one_line(tmp_path, monkeypatch,
                                                                 capsys):
    """The check before the games passes; the disk fills during the first one: one line, and
    the game's save is whole up to its last good step."""
    disk_full_after(monkeypatch, 1 + 30)  # the folder's check, then 30 lines of the game
    assert simulate(tmp_path) == 2
    line = one_line(capsys)
    save = tmp_path / "duel-0-00000.flank"
    assert line == f"flank simulate: --save-dir {tmp_path}: no space left on the disk"
    monkeypatch.undo()
    assert leftovers(tmp_path) == []
    result = verify_save(load_save(save))
    assert result.ok and result.steps == 30 - 2  # the header and the opening were lines too


# --- the writer: a new save that fails leaves nothing ----------------------------------------


@pytest.mark.parametrize("where", ["write", "fsync", "replace"])
def test_a_new_save_that_cannot_be_written_leaves_no_part_file_and_no_save(tmp_path,
                                                                          monkeypatch, where):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, where, full)
    setup = duel()
    with pytest.raises(SaveFolderError) as told:
        SaveWriter(tmp_path / "new.flank", new_header(setup))
    monkeypatch.undo()
    assert str(told.value) == f"{tmp_path}: no space left on the disk"
    assert list(tmp_path.iterdir()) == []


def test_a_battle_started_where_saves_fail_can_carry_on_unsaved(tmp_path, monkeypatch):
    """The window's way: the battle starts, its writer saying why it is not saving."""
    setup = duel()
    tm = TurnManager(setup, random_seats(setup))
    refuse_opening_in(monkeypatch, tmp_path, errno.EROFS)
    writer = start_autosave(tm, setup=setup, path=tmp_path / "b.flank", carry_on=True)
    tm.run(max_steps=5)
    monkeypatch.undo()
    assert writer.failure is not None and not writer.saving
    assert writer.failure.problem == "the folder is read-only"
    assert list(tmp_path.iterdir()) == []
    writer.move_to(tmp_path / "elsewhere" / "b.flank")
    writer.close()
    result = verify_save(load_save(tmp_path / "elsewhere" / "b.flank"))
    assert result.ok and result.steps == len(tm.history) == 5


# --- the middle of a battle -------------------------------------------------------------------


def test_a_disk_full_mid_battle_keeps_the_last_good_save_and_another_folder_takes_it_all(
        tmp_path, monkeypatch):
    """The disk fills after some steps: the battle goes on (undo and redo too), the save on
    disk loads and verifies up to the step before the failure; moved to another folder, the
    whole battle is there (every step, the undo and the redo) and saving carries on."""
    from game.undo import UndoStack

    setup = duel()
    tm = TurnManager(setup, random_seats(setup))
    writer = start_autosave(tm, setup=setup, path=tmp_path / "full" / "b.flank",
                            undo="free", fsync=False)
    stack = UndoStack.for_turn_manager(tm, mode="free", writer=writer)
    tm.run(max_steps=8)
    disk_full_after(monkeypatch, 0)
    tm.run(max_steps=4)
    stack.undo()
    tm = stack.apply(tm)
    stack.redo()
    tm = stack.apply(tm)
    monkeypatch.undo()
    assert writer.failure is not None and writer.failure.problem == "no space left on the disk"
    on_disk = verify_save(load_save(tmp_path / "full" / "b.flank"))
    assert on_disk.ok and on_disk.steps == 8
    assert leftovers(tmp_path) == []

    writer.move_to(tmp_path / "other" / "b.flank")
    assert writer.saving and writer.path == tmp_path / "other" / "b.flank"
    tm.run(max_steps=3)
    writer.close()
    loaded = load_save(tmp_path / "other" / "b.flank")
    assert [c for c, _ in loaded.history] == [c for c, _ in tm.history]
    assert loaded.position == stack.position
    result = verify_save(loaded)
    assert result.ok and result.undone == 1 and result.steps == 8 + 4 + 1 + 3 - 1


def test_another_folder_that_fails_too_leaves_the_writer_as_it_was(tmp_path, monkeypatch):
    setup = duel()
    tm = TurnManager(setup, random_seats(setup))
    writer = start_autosave(tm, setup=setup, path=tmp_path / "b.flank", fsync=False)
    tm.run(max_steps=3)
    disk_full_after(monkeypatch, 0)
    tm.run(max_steps=1)
    with pytest.raises(SaveFolderError, match="no space left on the disk"):
        writer.move_to(tmp_path / "other" / "b.flank")
    monkeypatch.undo()
    assert writer.failure is not None and writer.path == tmp_path / "b.flank"
    assert not (tmp_path / "other" / "b.flank").exists() and leftovers(tmp_path) == []
    writer.move_to(tmp_path / "b.flank")  # space again: written anew in its own place
    writer.close()
    assert verify_save(load_save(tmp_path / "b.flank")).steps == 4


# --- a List's file ---------------------------------------------------------------------------


def test_a_lists_file_that_cannot_be_written_stays_as_it_was(tmp_path, monkeypatch):
    session = ListSession.new(default_roster(4, ("ai:random",) * 4), seed=3, folder=tmp_path)
    before = session.path.read_bytes()
    disk_full_after(monkeypatch, 0)
    with pytest.raises(SaveFolderError, match="no space left on the disk"):
        session.play_computer_bout()
    monkeypatch.undo()
    assert session.path.read_bytes() == before and leftovers(tmp_path) == []
    session.move_to(tmp_path / "other")
    assert store.read(session.path).rides == session.data.rides and len(session.data.rides) == 1


def test_a_lists_bout_whose_save_fails_moves_with_the_whole_list(tmp_path, monkeypatch):
    """Mid-bout the disk fills; another folder takes the List's file and the bout's save,
    and the List reopened from there carries the bout on from the same throw."""
    from game.lists.session import plain_computer
    from rules.commands import Choose

    session = ListSession.new(default_roster(4, ("human",)), seed=3, folder=tmp_path / "full")
    bout = session.begin_person_bout(computer=plain_computer)
    disk_full_after(monkeypatch, 0)
    bout.tm.offer(Choose(unit=bout.plan.a.id, option="3"))
    bout.tm.step()
    bout.tm.step()  # the computer chooses; both throw
    monkeypatch.undo()
    assert bout.writer.failure is not None and len(bout.tm.history) == 2
    session.move_to(tmp_path / "other", bout.writer)
    bout.writer.close()
    assert session.path.parent == tmp_path / "other"
    assert store.read(session.path).pending.save == str(bout.writer.path)
    assert bout.writer.path.parent == store.bout_folder(session.path)
    again = ListSession.load(session.path).begin_person_bout(computer=plain_computer)
    assert again.loaded is not None and len(again.tm.history) == 2
    again.writer.close()
    assert leftovers(tmp_path) == []
