"""A save gone wrong, met in the window (issue 21, item 4): "Continue" finds that the last
battle's save is not what the rules played from some step on (here a die roll changed by
hand), and asks: what is wrong, at which step, "Load up to step N" or "Back".  Back changes
nothing; Load up to step N plays on from a new save, and the file that went wrong stays as
it was."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.app import App
from game.content import find_scenario, load_setup
from game.saves import list_saves, load_save
from game.ui.battle_scene import BattleScene
from game.ui.menu_scene import MenuScene
from game.ui.save_problem import SaveProblemDialog
from tests.saves.helpers import saved_battle
from tests.ui.window import AtTheWindow


class Player(AtTheWindow):
    """A person at the main menu."""

    def __init__(self) -> None:
        self.app = App((1280, 800))
        self.menu = MenuScene(self.app)
        self.app.switch(self.menu)
        self.frames(2)

    def press(self, button) -> None:
        self.click(button.get_abs_rect().center)
        self.frames(1)  # pygame-gui posts "pressed" for the next frame to handle

    @property
    def question(self) -> SaveProblemDialog:
        dialog = self.menu.save_problem
        assert dialog is not None and dialog.up
        return dialog


def a_save_with_a_die_changed(folder: Path) -> tuple[Path, int, list]:
    """The duel, 20 steps in, its save in the save folder with one die roll changed: the
    step it is in, and the steps before it as played."""
    setup, _ = load_setup(find_scenario("duel"), seed=9)
    path = folder / "20250101-120000-duel.flank"
    tm, writer = saved_battle(path, setup, seed=9, steps=20,
                              controllers={s.id: "random:9" for s in setup.sides})
    writer.close()
    k = next(k for k, (_, evs) in enumerate(tm.history, start=1)
             if k > 5 and any(e.rolls for e in evs))
    j = next(i for i, e in enumerate(tm.history[k - 1][1]) if e.rolls)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    rolled = rows[1 + k]["events"][j]["rolls"][0]
    rows[1 + k]["events"][j]["rolls"][0] = rolled % 6 + 1
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path, k, tm.history[:k - 1]


def test_continue_on_a_save_gone_wrong_asks_and_back_changes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path))
    path, k, _ = a_save_with_a_die_changed(tmp_path)
    damaged = path.read_bytes()
    p = Player()
    p.press(p.menu.continue_b)
    assert p.app.scene is p.menu  # not played on
    text = p.question.window.confirmation_text.html_text
    assert path.name in text
    assert f"Step {k} (" in text and "the save says the dice rolled" in text
    assert p.question.window.confirm_button.text == f"Load up to step {k - 1}"
    assert p.question.window.cancel_button.text == "Back"
    p.press(p.question.window.cancel_button)
    assert p.app.scene is p.menu and p.menu.save_problem is None
    assert list_saves(tmp_path) == [path] and path.read_bytes() == damaged
    pygame.quit()


def test_load_up_to_the_step_before_plays_on_from_a_new_save(tmp_path, monkeypatch):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path))
    path, k, before = a_save_with_a_die_changed(tmp_path)
    damaged = path.read_bytes()
    p = Player()
    p.press(p.menu.continue_b)
    p.press(p.question.window.confirm_button)
    scene = p.app.scene
    assert isinstance(scene, BattleScene)
    assert scene.tm.history[:k - 1] == before
    scene.close()
    new = [s for s in list_saves(tmp_path) if s != path]
    assert len(new) == 1 and new[0].name.endswith(f"-to-step-{k - 1}.flank")
    assert load_save(new[0], verify=True).history[:k - 1] == before
    assert path.read_bytes() == damaged  # the save that went wrong, as it was
    pygame.quit()
