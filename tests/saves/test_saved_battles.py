"""Saved battles, headless (issue 35 item 3): every save and List in the folder read from its
head and events into a player's words (scenario, ruleset, round, who plays, when), a broken
or foreign file never a crash, the menu's Continue the newest battle not over, and deleting
one never touching a battle being played."""

from __future__ import annotations

import os
import shutil
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from game.lists import ListSession, default_roster
from game.lists import store as list_store
from game.saved_battles import (
    DeleteRefused,
    continue_label,
    delete,
    read_shelf,
    sides_words,
    when_words,
)
from game.saves import SaveWriter, load_save, new_header
from game.saves.summary import summarise
from game.turns import TurnManager
from tests.saves.helpers import duel, random_seats, saved_battle

BAD = Path(__file__).resolve().parent / "bad"
DAY = 86_400


def to_round(path: Path, rnd: int, *, controllers: dict[str, str] | None = None,
             undo: str = "dice", seed: int = 1) -> tuple[TurnManager, SaveWriter]:
    """The duel played by random players, step by step, until round `rnd` has begun (and
    the battle is not over); the writer left open."""
    setup = duel(seed=seed)
    tm = TurnManager(setup, random_seats(setup, seed))
    writer = SaveWriter(path, new_header(setup, scenario_path="maps/test.tmx", undo=undo,
                                         controllers=controllers or {
                                             "men": "human:Alice", "orcs": "ai:tactician"}),
                        fsync=False)
    writer.attach(tm)
    while tm.state.round < rnd:
        assert tm.run(max_steps=1) and not tm.is_over
    return tm, writer


def aged(path: Path, seconds_ago: float) -> None:
    """The file last written `seconds_ago` (the list's order and its "when")."""
    t = datetime.now().timestamp() - seconds_ago
    os.utime(path, (t, t))


def test_a_folder_of_saves_is_listed_newest_first_in_a_players_words(tmp_path):
    _, w = to_round(tmp_path / "20261128-103403-duel.flank", 3)
    w.close()
    aged(tmp_path / "20261128-103403-duel.flank", 60)
    tm, w = saved_battle(tmp_path / "ended.flank", duel(seed=2), seed=2,
                         controllers={"men": "ai:tactician", "orcs": "random:3"})
    w.close()
    assert tm.is_over
    aged(tmp_path / "ended.flank", 2 * DAY)
    _, w = to_round(tmp_path / "hotseat.flank", 1, seed=3,
                    controllers={"men": "human:Alice", "orcs": "human:Bob"})
    w.close()
    aged(tmp_path / "hotseat.flank", 3 * DAY)
    (tmp_path / "broken.flank").write_bytes(b"\x00\xffnot a save at all\n")
    aged(tmp_path / "broken.flank", 4 * DAY)
    (tmp_path / "notes.txt").write_text("my notes")
    lst = ListSession.new(default_roster(4, ("human",)), method="swiss", seed=1,
                          folder=tmp_path)
    aged(lst.path, 10)

    shelf = read_shelf(tmp_path)
    names = [r.path.name for r in shelf.rows]
    assert names == [lst.path.name, "20261128-103403-duel.flank", "ended.flank",
                     "hotseat.flank", "broken.flank"]
    lists, duel_row, ended, hot, broken = shelf.rows
    assert duel_row.label == "Duel — Fallen Empire, round 3, you against the computer"
    assert duel_row.round == 3 and not duel_row.over and duel_row.can_continue
    assert when_words(duel_row.when).startswith(("today ", "yesterday"))
    assert ended.over and not ended.can_continue and ended.can_replay
    final = load_save(ended.path).state
    assert final.outcome.winner == "orcs"  # the side named "orcs" in tests.saves.helpers.duel
    assert ended.label == (f"Duel — Fallen Empire, ended in round {final.round}, computer "
                           "against computer")
    assert ended.status == "over: orcs won"
    assert hot.label == "Duel — Fallen Empire, round 1, hot-seat, 2 players"
    assert not broken.readable and broken.problem.startswith("not UTF-8 text")
    assert broken.label.startswith("broken.flank: unreadable: ")
    assert not broken.can_continue and not broken.can_replay and broken.can_delete
    assert lists.kind == "list" and lists.label == (
        "Sir Aldric's List — Fallen Empire, round 1 of 2, you against the computer")
    assert not lists.can_replay and lists.can_continue
    assert shelf.notes == ("1 other file in the folder is not a save and was left alone.",)
    assert shelf.to_continue() is lists  # the newest not over


def test_the_round_is_the_one_on_the_line_of_play_after_an_undo(tmp_path):
    """A round begun in a step that was then undone is not the battle's round: the round is
    read along the line of play the step, undo and redo records lay out, as loading does."""
    path = tmp_path / "undone.flank"
    tm, w = to_round(path, 2, undo="free")
    steps = [i for i, (_, evs) in enumerate(tm.history, 1)
             if any(e.type.endswith("round_began") for e in evs)]
    w.record_undo(len(tm.history) - steps[-1] + 1)  # back to before round 2 began
    w.close()
    assert summarise(path).round == load_save(path).state.round == 1
    with path.open("ab") as f:
        f.write(b'{"redo":1}\n')
    assert summarise(path).round == load_save(path).state.round == 2


def test_every_broken_or_hostile_save_is_a_row_never_a_crash(tmp_path):
    """The whole corpus of bad saves (tests/saves/bad) in one folder: each is listed, the
    unreadable ones saying why in one line, and none stops the list."""
    for p in BAD.glob("*.flank"):
        shutil.copy(p, tmp_path / p.name)
    shelf = read_shelf(tmp_path)
    assert len(shelf.rows) == len(list(BAD.glob("*.flank")))
    unreadable = [r for r in shelf.rows if not r.readable]
    assert len(unreadable) >= 15
    for r in unreadable:
        assert r.problem and "\n" not in r.problem and "Traceback" not in r.problem
    assert next(r for r in shelf.rows if r.path.name == "binary.flank").problem


def test_a_save_of_a_ruleset_flank_lacks_and_a_foreign_json_are_unreadable(tmp_path):
    _, w = to_round(tmp_path / "a.flank", 1)
    w.close()
    text = (tmp_path / "a.flank").read_text()
    (tmp_path / "other.flank").write_text(text.replace('"ruleset":"fallen_empire"',
                                                       '"ruleset":"chainmail"'))
    (tmp_path / "foreign.jsonl").write_text('{"hello": "world"}\n')
    (tmp_path / "bad.tournament.json").write_text("[1, 2]")
    rows = {r.path.name: r for r in read_shelf(tmp_path).rows}
    assert rows["other.flank"].problem == (
        "played under a ruleset this Flank does not have (chainmail)")
    assert rows["foreign.jsonl"].problem.startswith("not a Flank save")
    assert "not a tournament file" in rows["bad.tournament.json"].problem


def test_sides_in_words():
    assert sides_words(1, 1) == "you against the computer"
    assert sides_words(2, 0) == "hot-seat, 2 players"
    assert sides_words(0, 2) == "computer against computer"
    assert sides_words(3, 1) == "hot-seat, 3 players and the computer"


def test_when_in_a_players_words():
    now = datetime(2026, 11, 28, 15, 0).astimezone()
    assert when_words(now.replace(hour=10, minute=34), now) == "today 10:34"
    assert when_words(now - timedelta(days=1), now) == "yesterday"
    assert when_words(now.replace(month=11, day=3), now) == "3 Nov"
    assert when_words(now.replace(year=2025, month=12, day=31), now) == "31 Dec 2025"


def test_continue_takes_the_newest_battle_not_over_and_names_it(tmp_path):
    """The ruling of game.saved_battles: Continue is the newest battle (or List) by when it
    was last played that is not over and not being played elsewhere; a battle begun and
    left at once is the newest, so it is the one named."""
    _, w = to_round(tmp_path / "older.flank", 3)
    w.close()
    aged(tmp_path / "older.flank", 3600)
    tm, w = saved_battle(tmp_path / "ended.flank", duel(seed=2), seed=2)
    w.close()
    assert tm.is_over
    aged(tmp_path / "ended.flank", 60)
    shelf = read_shelf(tmp_path)
    assert shelf.to_continue().path.name == "older.flank"  # not the ended one, newer
    assert continue_label(shelf.to_continue()) == (
        "Continue: Duel — Fallen Empire, round 3, you against the computer")
    setup = duel(seed=9)  # begun, and left a second later: only its head and opening
    tm = TurnManager(setup, random_seats(setup, 9))
    w = SaveWriter(tmp_path / "a-second.flank", new_header(setup, controllers={
        "men": "human:Alice", "orcs": "human:Bob"}), fsync=False)
    w.attach(tm)
    rows = read_shelf(tmp_path).rows  # while it is being played: listed, not to Continue
    assert rows[0].path.name == "a-second.flank" and rows[0].playing == "in this window"
    assert read_shelf(tmp_path).to_continue().path.name == "older.flank"
    w.close()  # left: it is the newest battle not over
    assert continue_label(read_shelf(tmp_path).to_continue()) == (
        "Continue: Duel — Fallen Empire, round 1, hot-seat, 2 players")


def test_a_battle_being_played_is_never_deleted_and_another_is(tmp_path):
    _, playing = to_round(tmp_path / "playing.flank", 1)
    _, w = to_round(tmp_path / "done-with.flank", 2)
    w.close()
    rows = {r.path.name: r for r in read_shelf(tmp_path).rows}
    assert rows["playing.flank"].playing == "in this window"
    assert not rows["playing.flank"].can_delete
    with pytest.raises(DeleteRefused, match="being played in this window"):
        delete(rows["playing.flank"])
    assert (tmp_path / "playing.flank").exists()
    delete(rows["done-with.flank"])
    assert not (tmp_path / "done-with.flank").exists()
    playing.close()  # the battle left: now it may go
    (row,) = read_shelf(tmp_path).rows
    assert row.can_delete
    delete(row)
    assert read_shelf(tmp_path).rows == ()


def test_a_save_locked_by_another_flank_is_being_played(tmp_path):
    """Another Flank's battle holds its save's lock (flock): listed as being played there,
    neither continued nor deleted."""
    fcntl = pytest.importorskip("fcntl")
    _, w = to_round(tmp_path / "theirs.flank", 1)
    w.close()
    fd = os.open(tmp_path / "theirs.flank", os.O_RDWR)  # as another process's writer holds it
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        (row,) = read_shelf(tmp_path).rows
        assert row.playing == "in another window"
        assert not row.can_continue and not row.can_delete
        assert read_shelf(tmp_path).to_continue() is None
        with pytest.raises(DeleteRefused):
            delete(row)
    finally:
        os.close(fd)
    (row,) = read_shelf(tmp_path).rows
    assert row.playing == "" and row.can_continue


def test_deleting_a_list_takes_its_bouts_saves_with_it(tmp_path):
    lst = ListSession.new(default_roster(4, ("human",)), method="single_elimination",
                          seed=4, folder=tmp_path)
    bout = lst.begin_person_bout()
    bout_save = Path(lst.data.pending.save)
    assert bout_save.parent == list_store.bout_folder(lst.path)
    (row,) = read_shelf(tmp_path).rows
    assert row.playing == "in this window"  # its bout is being ridden
    with pytest.raises(DeleteRefused):
        delete(row)
    bout.writer.close()
    (row,) = read_shelf(tmp_path).rows
    assert row.delete_question().startswith(
        "Delete the List “Sir Aldric's List” and its bouts, last played today ")
    delete(row)
    assert not lst.path.exists() and not bout_save.exists()
    assert not list_store.bout_folder(lst.path).exists()


def test_a_battle_carried_on_in_another_flank_is_seen_as_being_played_there(tmp_path):
    """Another Flank (another process) carrying a battle on holds its save's lock until it
    closes: this one lists it as being played in another window, and after it is gone, not."""
    import subprocess
    import sys

    pytest.importorskip("fcntl")
    _, w = to_round(tmp_path / "theirs.flank", 1)
    w.close()
    script = ("import sys\nfrom game.saves import SaveWriter, load_save\n"
              "w = SaveWriter.resume(load_save(sys.argv[1]), fsync=False)\n"
              "print('ready', flush=True)\nsys.stdin.read()\nw.close()\n")
    other = subprocess.Popen([sys.executable, "-c", script, str(tmp_path / "theirs.flank")],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             cwd=Path(__file__).resolve().parents[2])
    try:
        assert other.stdout.readline().strip() == "ready"
        (row,) = read_shelf(tmp_path).rows
        assert row.playing == "in another window" and not row.can_delete
    finally:
        other.communicate("", timeout=60)
    (row,) = read_shelf(tmp_path).rows
    assert row.playing == "" and row.can_delete
