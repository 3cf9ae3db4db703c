"""The Saved battles screen in the window (issue 35 item 3): opened from the menu, it lists
every saved battle with its scenario, ruleset, round, who plays and when; Continue opens a
battle at its round, Replay the viewer `flank replay` uses, Delete asks first and removes
the file, and a battle being played cannot be deleted."""

from __future__ import annotations

import os
from datetime import date, datetime, time, timedelta

import pygame
import pytest

from game.app import App
from game.ui.battle_scene import BattleScene
from game.ui.menu_scene import MenuScene
from game.ui.replay_scene import ReplayScene
from game.ui.saved_battles_scene import SavedBattlesScene
from tests.saves.helpers import duel, saved_battle
from tests.saves.test_saved_battles import to_round
from tests.ui.test_menu import press


@pytest.fixture
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path))
    yield tmp_path
    pygame.quit()


def aged(path, seconds_ago):
    t = datetime.now().timestamp() - seconds_ago
    os.utime(path, (t, t))


def a_folder(saves):
    """A battle in round 3, one ended the day before, and a file that is not a save."""
    _, w = to_round(saves / "round3.flank", 3)
    w.close()
    tm, w = saved_battle(saves / "ended.flank", duel(seed=2), seed=2,
                         controllers={"men": "ai:tactician", "orcs": "random:3"})
    w.close()
    assert tm.is_over
    noon = datetime.combine(date.today() - timedelta(days=1), time(12)).timestamp()
    os.utime(saves / "ended.flank", (noon, noon))  # yesterday, whenever the test runs
    (saves / "broken.flank").write_text('{"format": "flank-save", "version": 99}\n')
    aged(saves / "broken.flank", 3 * 86_400)


def open_from_the_menu() -> tuple[App, SavedBattlesScene]:
    app = App((1280, 800))
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 30)
    press(app, menu.saved)
    assert isinstance(app.scene, SavedBattlesScene)
    return app, app.scene


def words(row) -> str:
    return row.text.html_text


def test_the_list_shows_scenario_ruleset_round_sides_and_when(saves):
    a_folder(saves)
    app, scene = open_from_the_menu()
    assert [r.battle.path.name for r in scene.rows] == ["round3.flank", "ended.flank",
                                                         "broken.flank"]
    first, ended, broken = scene.rows
    assert "<b>Duel</b> — Fallen Empire<br>round 3 · you against the computer · today " in (
        words(first))
    assert first.carry_on.is_enabled and first.replay.is_enabled and first.delete.is_enabled
    assert "ended in round" in words(ended) and "computer against computer · yesterday" in (
        words(ended)) and "over: orcs won" in words(ended)
    assert not ended.carry_on.is_enabled and ended.replay.is_enabled
    assert "unreadable: written by a newer Flank (save format 99)" in words(broken)
    assert not broken.carry_on.is_enabled and not broken.replay.is_enabled
    press(app, scene.back)
    assert isinstance(app.scene, MenuScene)


def test_continue_opens_the_battle_at_its_round(saves):
    a_folder(saves)
    app, scene = open_from_the_menu()
    press(app, scene.row_for("round3.flank").carry_on)
    assert isinstance(app.scene, BattleScene)
    assert app.scene.tm.state.round == 3 and not app.scene.tm.is_over
    assert app.scene.writer.path == saves / "round3.flank"
    app.scene.close()


def test_replay_opens_the_viewer_and_comes_back(saves):
    a_folder(saves)
    app, scene = open_from_the_menu()
    press(app, scene.row_for("ended.flank").replay)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene) and viewer.title == "Duel"
    viewer.act("end")
    app.step(1 / 30)
    assert viewer.cur.state.outcome is not None and viewer.cur.state.outcome.winner == "orcs"
    app.switch(viewer.on_exit())
    assert isinstance(app.scene, SavedBattlesScene)


def test_delete_asks_first_and_removes_the_file(saves):
    a_folder(saves)
    app, scene = open_from_the_menu()
    press(app, scene.row_for("round3.flank").delete)
    dialog, asked = scene.asking
    assert asked.path.name == "round3.flank"
    assert dialog.confirmation_text.html_text.startswith(
        "Delete the battle “Duel”, last played today ")
    assert dialog.confirmation_text.html_text.endswith("? This cannot be undone.")
    assert dialog.confirm_button.text == "Yes" and dialog.cancel_button.text == "No"
    press(app, dialog.cancel_button)  # No: nothing goes
    app.step(1 / 30)  # the dialog's close, posted as it went
    assert (saves / "round3.flank").exists() and scene.asking is None
    press(app, scene.row_for("round3.flank").delete)
    press(app, scene.asking[0].confirm_button)
    app.step(1 / 30)  # Yes, posted as it was pressed
    assert not (saves / "round3.flank").exists()
    assert [r.battle.path.name for r in scene.rows] == ["ended.flank", "broken.flank"]
    assert "Deleted “Duel”." in scene.note.html_text


def test_the_battle_being_played_cannot_be_deleted(saves):
    a_folder(saves)
    _, writer = to_round(saves / "playing.flank", 1)  # a battle open in this window
    app, scene = open_from_the_menu()
    row = scene.row_for("playing.flank")
    assert "being played in this window" in words(row)
    assert not row.delete.is_enabled and not row.carry_on.is_enabled
    press(app, row.delete)
    assert scene.asking is None and (saves / "playing.flank").exists()
    scene._ask_delete(row.battle)  # even asked in code, it is refused, and said why
    assert scene.asking is None and (saves / "playing.flank").exists()
    assert "cannot be deleted" in scene.note.html_text
    writer.close()


def test_the_menu_continue_names_the_newest_battle_not_over(saves):
    a_folder(saves)
    app = App((1280, 800))
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 30)
    assert menu.continue_b.text == (
        "Continue: Duel — Fallen Empire, round 3, you against the computer")
    assert menu.latest == saves / "round3.flank"
    assert menu.saved.text == "Saved battles"


def test_a_long_shelf_is_shown_a_page_at_a_time(saves):
    """Hundreds of saves are normal after a year of play: the screen shows them thirty at a
    time, the newest first, with Newer and Older."""
    import shutil

    from game.ui.saved_battles_scene import PAGE

    _, w = to_round(saves / "s00.flank", 1)
    w.close()
    for i in range(1, PAGE + 12):
        shutil.copy(saves / "s00.flank", saves / f"s{i:02}.flank")
        aged(saves / f"s{i:02}.flank", i * 60)
    app, scene = open_from_the_menu()
    assert len(scene.rows) == PAGE and scene.rows[0].battle.path.name == "s00.flank"
    assert not scene.newer.is_enabled and scene.older.is_enabled
    press(app, scene.older)
    assert [r.battle.path.name for r in scene.rows][-1] == f"s{PAGE + 11}.flank"
    assert len(scene.rows) == 12 and not scene.older.is_enabled
    press(app, scene.newer)
    assert scene.rows[0].battle.path.name == "s00.flank"
