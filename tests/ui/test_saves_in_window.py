"""Saves seen from the window: a battle autosaves as it goes, "Continue" resumes it exactly,
Ctrl+Z undoes a step without dice, a broken save is one clear message in a dialog, and a
save plays back in the replay viewer."""

from __future__ import annotations

import pygame

from game.app import App
from game.saves import latest_save, load_save
from game.ui.battle_scene import BattleScene
from game.ui.menu_scene import MenuScene
from game.ui.replay_scene import ReplayScene
from rules.state import state_hash
from tests.ui.test_menu import press
from tests.ui.test_window_play import Player


def play_a_little(p: Player, turns: int) -> None:
    for _ in range(turns):
        p.turn()


def test_a_battle_autosaves_and_continue_resumes_it(tmp_path, monkeypatch):
    """Continue names the battle it carries on (issue 35 item 3), not its file."""
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path))
    p = Player(seed=5)
    play_a_little(p, 10)
    p.frames(30)
    live = p.scene.tm.state
    assert live.outcome is None and live.round == 2  # Continue takes a battle not over
    p.scene.close()  # leaving the battle closes its save
    save = latest_save()
    assert save is not None and save.parent == tmp_path
    assert state_hash(load_save(save).state) == state_hash(live)
    app = App((1280, 800))
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 30)
    assert menu.continue_b is not None
    assert menu.continue_b.text == "Continue: Duel — Fallen Empire, round 2, hot-seat, 2 players"
    press(app, menu.continue_b)
    assert isinstance(app.scene, BattleScene)
    assert state_hash(app.scene.tm.state) == state_hash(live)
    pygame.quit()


def test_undo_in_play_goes_back_a_step_without_dice(tmp_path, monkeypatch):
    """A move across open ground rolls no dice, so Ctrl+Z takes it back; the step before it
    rolled initiative, so a second Ctrl+Z is refused with the reason."""
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path))
    p = Player(seed=6)
    for _ in range(40):  # to the first movement choice
        ch = p.scene.choices()
        if any(ch.for_unit(u).moves for u in ch.actors()) and not p.scene.anim.busy:
            break
        p.turn()
    before = state_hash(p.scene.tm.state)
    uid = next(u for u in p.scene.choices().actors() if p.scene.choices().for_unit(u).moves)
    p.scene.selected = uid
    dest = sorted(p.scene.choices().for_unit(uid).moves)[0]
    p.click(tuple(int(v) for v in p.scene.camera.centre_of(dest)))
    p.frames(40)
    assert state_hash(p.scene.tm.state) != before
    p.post_ctrl(pygame.K_z)
    assert state_hash(p.scene.tm.state) == before
    assert "Undone" in p.scene.message
    p.post_ctrl(pygame.K_z)
    assert "dice" in p.scene.message
    p.post_ctrl(pygame.K_y)
    assert state_hash(p.scene.tm.state) != before and "Redone" in p.scene.message
    pygame.quit()


def test_a_broken_save_is_one_message_in_a_dialog(tmp_path, monkeypatch):
    """A save whose head reads well (so Continue offers it) but whose map path was changed
    after it was written: continuing it is one message in a dialog.  (A save whose head
    cannot be read is not offered: tests/ui/test_saved_battles_window.py.)"""
    from tests.saves.helpers import duel, saved_battle

    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path))
    _, writer = saved_battle(tmp_path / "broken.flank", duel(), steps=3)
    writer.close()
    text = (tmp_path / "broken.flank").read_text()
    (tmp_path / "broken.flank").write_text(text.replace("maps/test.tmx", "maps/else.tmx", 1))
    app = App((1280, 800))
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 30)
    press(app, menu.continue_b)
    assert isinstance(app.scene, MenuScene)
    assert "broken.flank" in menu.dialog.text_block.html_text
    pygame.quit()


def test_the_replay_viewer_steps_and_scrubs(tmp_path, monkeypatch):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path))
    p = Player(seed=5)
    play_a_little(p, 30)
    p.scene.close()
    from game.saves import ReplayCursor

    loaded = load_save(latest_save())
    app = App((1280, 800))
    scene = ReplayScene(app, ReplayCursor(loaded), "duel")
    app.switch(scene)
    app.step(1 / 30)
    scene.act("end")
    app.step(1 / 30)
    assert state_hash(scene.cur.state) == state_hash(loaded.state)
    scene.act("start")
    scene.act("forward")
    assert scene.cur.position == 1
    scene.act("play")
    for _ in range(60):
        app.step(1 / 10)
    assert scene.cur.position > 1
    pygame.quit()


def test_a_joust_replays_on_the_lists_not_on_a_hex_map(tmp_path):
    """The replay viewer draws each mode on its own board (flank.views, by board kind): a
    joust's save is watched on the lists, from the first pass to the end."""
    from game.content import find_scenario, load_setup
    from game.saves import ReplayCursor, start_autosave
    from game.turns import RandomController, Seat, TurnManager
    from game.ui.joust_picture import ListsStateView

    setup, _ = load_setup(find_scenario("tournament"), seed=4)
    seats = {s.id: Seat(s.id, RandomController(i), False, s.name)
             for i, s in enumerate(setup.sides)}
    tm = TurnManager(setup, seats)
    writer = start_autosave(tm, setup=setup, path=tmp_path / "joust.flank", fsync=False)
    tm.run()
    writer.close()
    loaded = load_save(tmp_path / "joust.flank")
    app = App((1280, 800))
    scene = ReplayScene(app, ReplayCursor(loaded), "tournament")
    app.switch(scene)
    app.step(1 / 30)
    assert isinstance(scene.view, ListsStateView)
    first = pygame.image.tobytes(app.screen, "RGB")
    scene.act("end")
    app.step(1 / 30)
    assert state_hash(scene.cur.state) == state_hash(loaded.state)
    assert pygame.image.tobytes(app.screen, "RGB") != first  # the pools and the end shown
    pygame.quit()
